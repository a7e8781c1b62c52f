package features

// The "features" import stage: the map features the tile renderer draws.
//
// Tables (all prefixed map_; package engine/mapdata owns their schema, the
// geometry encoding and the renderer's queries, and this stage writes
// through it):
//
//	map_classes(id INTEGER PRIMARY KEY, name TEXT UNIQUE, kind TEXT)
//	    the feature classes ("forest", "residential_area", "residential",
//	    "place_town", ...; see mapClasses) and their kind: area, line or
//	    point. Styles refer to classes by name.
//	map_runs(run INTEGER PRIMARY KEY, data BLOB)
//	    the rows of 32 consecutive buckets, compressed together
//	    (mapdata's runs.go; a bucket's rows: rows.go), one row per feature and
//	    zoom band (or per piece, see below): geom is the geometry
//	    generalised for the band (encoding: mapdata.AppendGeom); layer is
//	    OSM's layer (bridges ≥ 1, tunnels ≤ -1); flags are
//	    mapdata.FlagBridge, FlagTunnel, FlagOneway (the line runs in the
//	    direction of travel) and FlagClipped; rank orders labels (higher
//	    wins); name is the label text (the house number for class
//	    housenumber). Rows are written in a deterministic order.
//	map_buckets USING rtree(id, minx, maxx, miny, maxy, minz, maxz, +labels)
//	    the index: buckets of rows of one zoom range [minz, maxz] near each
//	    other (mapdata's writer.go), with their union box (normalized Web
//	    Mercator); minz is the first zoom its rows are drawn at. Bands have
//	    disjoint zoom ranges, so the query "box intersects tile AND minz <=
//	    z AND maxz >= z" returns each feature once, in the generalisation
//	    made for z. Rows that take part in label placement (every point, and
//	    lines with a name) have buckets of their own (labels = 1), so a
//	    renderer can look for labels in a wider area around a tile than for
//	    geometry without reading every unnamed road and polygon of that area.
//
// Zoom bands are z0–8, z9–11, z12–13 and z14–19 (MapBands). Geometry of a
// band is simplified (Douglas–Peucker) with a tolerance of half a pixel at
// the band's highest zoom (z18 for the last band), and areas smaller than
// mapMinAreaPx square pixels at a zoom are left out of that zoom: a
// feature's minzoom is the larger of its class's (mapClasses) and the first
// zoom at which it is big enough. Polygons of the last band larger than a z12
// tile are cut along the z12 tile grid (pieces flagged mapdata.FlagClipped) so that a
// z14–z19 tile reads only the pieces near it.
//
// Multipolygons are assembled by the shared assembler (RelationArea,
// package polygon) and converted in features_rings.go; outer ways of a
// multipolygon that carry the same class are not drawn again on their own.
// Administrative boundaries (admin_level ≤ 8) are drawn from the member ways
// of boundary relations, each way once at its lowest level. The sea is
// rebuilt from coastline ways (features_coast.go). Named areas get a point
// for their label: water_name for water, area_name for parks, forests,
// cemeteries and the like (mapAreaLabelled), from the zoom at which they are
// big enough to hold it. Lines continuing each other with the same tags are
// joined first (features_merge.go).

import (
	"context"
	"fmt"
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine/mapdata"
	"waymark/regions/extract"
	"waymark/regions/polygon"
	"waymark/regions/stage"
)

// MapBand is a zoom band of the map features: rows of a band are drawn at
// zooms MinZoom..MaxZoom and simplified for SimplifyZoom.
type MapBand struct{ MinZoom, MaxZoom, SimplifyZoom int }

// MapBands are the zoom bands the features stage writes.
var MapBands = []MapBand{{0, 8, 8}, {9, 11, 11}, {12, 13, 13}, {14, 19, 18}}

// mapMinAreaPx is the smallest area, in square pixels (256-pixel tiles), drawn at a zoom.
const mapMinAreaPx = 24

// mapSplitZoom is the tile grid along which big last-band polygons are cut.
const mapSplitZoom = 12

// FeaturesStage returns the "features" import stage.
func FeaturesStage() stage.Stage {
	// Report counts the ways twice (classify, then write).
	return stage.Stage{Name: "features", Run: runMapFeatures, Total: func(d *extract.Data) int64 { return 2 * int64(d.WayCount()) }}
}

// mapFeature is a feature before generalisation: geometry in Mercator.
type mapFeature struct {
	class   string
	minzoom int
	layer   int
	flags   int
	rank    int
	name    string
	typ     byte
	parts   []orb.LineString
	area    float64 // Mercator units² for areas
}

// mapWriter runs the features stage: areas and points are written as
// they are collected, lines once all are there (mapMergeLines joins them),
// so the stage holds the lines of the extract and no other geometry.
type mapWriter struct {
	ctx     context.Context
	im      *stage.Import
	out     *mapdata.Writer
	classID map[string]int
	minzoom map[string]int
	lines   *lineMerger
	names   []string         // line names, by mapLine.name
	nameIdx map[string]int32 // index of a name in names
	buf     []byte           // geometry encoding scratch
	err     error            // the first error writing a row

	features, rows, buildings int // counts for the summary
}

func runMapFeatures(ctx context.Context, im *stage.Import) error {
	out, err := mapdata.NewWriter(ctx, im.Tx)
	if err != nil {
		return err
	}
	fw := &mapWriter{ctx: ctx, im: im, out: out, classID: map[string]int{}, minzoom: map[string]int{}, nameIdx: map[string]int32{}, lines: newLineMerger(im.Data.TmpDir)}
	defer fw.lines.close() // the sort's file, when link did not run
	for i, c := range mapClasses {
		fw.classID[c.name] = i + 1
		fw.minzoom[c.name] = c.minzoom
		if _, err := im.Tx.ExecContext(ctx, mapdata.InsertClass, i+1, c.name, c.kind); err != nil {
			return fmt.Errorf("write map classes: %w", err)
		}
	}
	fw.collect()
	if err := ctx.Err(); err != nil {
		return err
	}
	if fw.err != nil {
		return fw.err
	}
	return fw.writeLines()
}

// collect gathers every feature of the extract (mapWriter.add).
func (fw *mapWriter) collect() {
	d := fw.im.Data
	consumed := map[osm.WayID]bool{} // outer ways drawn through their multipolygon
	adminLevel := map[osm.WayID]string{}
	for r := range d.Relations() {
		switch r.Tags.Find("type") {
		case "multipolygon":
			fw.collectMultipolygon(r, consumed)
		case "boundary":
			if r.Tags.Find("boundary") != "administrative" {
				continue
			}
			c := mapAdminClass(r.Tags.Find("admin_level"))
			if c == "" {
				continue
			}
			for _, m := range r.Members {
				if m.Type != osm.TypeWay {
					continue
				}
				id := osm.WayID(m.Ref)
				if old, ok := adminLevel[id]; !ok || fw.minzoom[c] < fw.minzoom[old] {
					adminLevel[id] = c
				}
			}
		}
	}
	sea, bad := mapSea(d)
	if bad > 0 {
		fw.im.Problem("map features: %d coastline chains could not be closed into sea", bad)
	}
	if len(sea.rings) > 0 {
		fw.addArea("water", nil, sea, 0)
	}
	for i, w := range d.Ways() {
		if i%5000 == 0 {
			fw.im.Report(int64(i))
		}
		if c, ok := adminLevel[w.ID]; ok {
			fw.addLine(w, c, 0, 0)
		} else if w.Tags.Find("boundary") == "administrative" {
			if c := mapAdminClass(w.Tags.Find("admin_level")); c != "" {
				fw.addLine(w, c, 0, 0)
			}
		}
		if len(w.Tags) == 0 {
			continue
		}
		closed := len(w.Nodes) >= 4 && w.Nodes[0] == w.Nodes[len(w.Nodes)-1]
		if c := mapLineClass(w.Tags); c != "" {
			flags, layer := mapLineFlags(w.Tags)
			fw.addLine(w, c, flags, layer)
			continue
		}
		if !closed {
			continue
		}
		var pg mapPolygon
		ring := func() mapPolygon {
			if pg.rings == nil {
				pg = mapWayPolygon(d, w)
			}
			return pg
		}
		if c := mapAreaClass(w.Tags); c != "" && !consumed[w.ID] {
			fw.addArea(c, w.Tags, ring(), 0)
		}
		if c := mapBuildingClass(w.Tags); c != "" {
			_, layer := mapLineFlags(w.Tags)
			fw.addArea(c, w.Tags, ring(), layer)
		}
		fw.addAreaPoints(w.Tags, ring())
	}
	for n := range d.TaggedNodes() {
		p := mapdata.MercatorPoint(orb.Point{n.Lon, n.Lat})
		if c := mapPointClass(n.Tags); c != "" {
			fw.addPoint(c, n.Tags, p, mapLabelText(c, n.Tags))
		}
		if hn := n.Tags.Find("addr:housenumber"); hn != "" {
			fw.addPoint("housenumber", n.Tags, p, hn)
		}
	}
}

func (fw *mapWriter) collectMultipolygon(r *extract.Relation, consumed map[osm.WayID]bool) {
	d := fw.im.Data
	tags := r.Tags
	class, building := mapAreaClass(tags), mapBuildingClass(tags)
	if class == "" && building == "" && mapPointClass(tags) == "" {
		// Old-style multipolygon: the tags sit on the outer way(s).
		for _, m := range r.Members {
			if m.Type == osm.TypeWay && m.Role != "inner" {
				if w := d.Way(osm.WayID(m.Ref)); w != nil && mapAreaClass(w.Tags) != "" {
					tags = w.Tags
					class = mapAreaClass(tags)
					break
				}
			}
		}
		if class == "" {
			return
		}
	}
	mp, problems := polygon.RelationArea(d, r)
	if len(problems) > 0 {
		fw.im.Problem("map features: multipolygon r%d: %s", r.ID, problems[0])
		fw.im.Count("map broken rings", len(problems))
	}
	pg := mapPolygonOf(mp)
	if len(pg.rings) == 0 {
		return
	}
	if class != "" {
		for _, m := range r.Members {
			if m.Type == osm.TypeWay && m.Role != "inner" {
				if w := d.Way(osm.WayID(m.Ref)); w != nil && mapAreaClass(w.Tags) == class {
					consumed[w.ID] = true
				}
			}
		}
		fw.addArea(class, tags, pg, 0)
	}
	if building != "" {
		fw.addArea(building, tags, pg, 0)
	}
	fw.addAreaPoints(tags, pg)
}

// mapLabelText returns the label of a point feature.
func mapLabelText(class string, t osm.Tags) string {
	name := t.Find("name")
	if class == "peak" {
		if ele := t.Find("ele"); ele != "" {
			if name == "" {
				return ele
			}
			return name + " " + ele
		}
	}
	return name
}

func (fw *mapWriter) addLine(w *extract.Way, class string, flags, layer int) {
	pts := mercWay(fw.im.Data, w)
	if len(pts) < 2 {
		return
	}
	if flags&mapdata.FlagOneway != 0 && w.Tags.Find("oneway") == "-1" {
		// Store one-way roads in their direction of travel.
		pts.Reverse()
	}
	name := w.Tags.Find("name")
	ni, ok := fw.nameIdx[name]
	if !ok {
		ni = int32(len(fw.names))
		fw.names = append(fw.names, name)
		fw.nameIdx[name] = ni
	}
	l := mapLine{
		way: w.ID, n: int32(len(pts)), name: ni,
		class: uint16(fw.classID[class]), flags: uint8(flags), layer: int8(layer),
		rev: flags&mapdata.FlagOneway != 0 && w.Tags.Find("oneway") == "-1",
	}
	if err := fw.lines.add(l, pts[0], pts[len(pts)-1]); err != nil && fw.err == nil {
		fw.err = err
	}
}

// addArea adds polygon pg of class on OSM layer layer.
func (fw *mapWriter) addArea(class string, t osm.Tags, pg mapPolygon, layer int) {
	if len(pg.rings) == 0 || pg.area <= 0 {
		return
	}
	mz := fw.minzoom[class]
	if z := mapAreaMinZoom(pg.area); z > mz && class != "building" {
		mz = z
	}
	if mz > MaxMapZoom {
		return
	}
	fw.add(mapFeature{
		class: class, minzoom: mz, layer: layer, rank: int(math.Min(1e9, pg.area*1e12)),
		name: t.Find("name"), typ: mapdata.GeomPolygon, parts: pg.rings, area: pg.area,
	})
}

// addAreaPoints adds the symbols and labels of an area: its POI, its house
// number and, for named water, a water label.
func (fw *mapWriter) addAreaPoints(t osm.Tags, pg mapPolygon) {
	if len(pg.rings) == 0 {
		return
	}
	var c orb.Point
	centre := func() orb.Point {
		if c == (orb.Point{}) {
			c = pg.centroid()
		}
		return c
	}
	pc := mapPointClass(t)
	if pc != "" {
		fw.addPoint(pc, t, centre(), mapLabelText(pc, t))
	}
	if name := t.Find("name"); name != "" && pc == "" && mapAreaLabelled[mapAreaClass(t)] {
		// Label big enough named areas (parks, forests, ...) from the zoom
		// at which they cover ~100× the minimum area.
		mz := max(mapAreaMinZoom(pg.area/100), fw.minzoom["area_name"])
		if mz <= MaxMapZoom {
			fw.add(mapFeature{
				class: "area_name", minzoom: mz, rank: int(math.Min(9999, pg.area*1e11)),
				name: name, typ: mapdata.GeomPoint, parts: []orb.LineString{{centre()}},
			})
		}
	}
	if hn := t.Find("addr:housenumber"); hn != "" {
		fw.addPoint("housenumber", t, centre(), hn)
	}
	if name := t.Find("name"); name != "" && mapAreaClass(t) == "water" {
		mz := mapAreaMinZoom(pg.area / 40) // label once the lake is ~40× the minimum area
		if mz < fw.minzoom["water_name"] {
			mz = fw.minzoom["water_name"]
		}
		if mz <= MaxMapZoom {
			fw.add(mapFeature{
				class: "water_name", minzoom: mz, rank: mapLabelRank("water_name", t) + int(math.Min(99, pg.area*1e9)),
				name: name, typ: mapdata.GeomPoint, parts: []orb.LineString{{centre()}},
			})
		}
	}
}

func (fw *mapWriter) addPoint(class string, t osm.Tags, p orb.Point, label string) {
	fw.add(mapFeature{
		class: class, minzoom: fw.minzoom[class], rank: mapLabelRank(class, t),
		name: label, typ: mapdata.GeomPoint, parts: []orb.LineString{{p}},
	})
}

// mapAreaLabelled lists the area classes whose names are drawn.
var mapAreaLabelled = map[string]bool{
	"park": true, "forest": true, "cemetery": true, "golf": true, "sports": true, "glacier": true,
	"military": true, "aerodrome": true, "allotments": true, "school": true, "hospital": true,
	"wetland": true, "quarry": true,
}

// MaxMapZoom is the highest zoom the map features are made for.
const MaxMapZoom = 19

// mapAreaMinZoom returns the first zoom at which an area of a Mercator units²
// covers mapMinAreaPx square pixels.
func mapAreaMinZoom(a float64) int {
	if a <= 0 {
		return MaxMapZoom + 1
	}
	z := math.Log2(math.Sqrt(mapMinAreaPx/a) / 256)
	return int(math.Max(0, math.Ceil(z)))
}
