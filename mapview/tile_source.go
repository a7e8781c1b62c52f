package mapview

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"math"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine/mapdata"
	"waymark/engine/pack"
)

// classRegistry numbers feature class names across packs.
type classRegistry struct {
	ids   map[string]int
	names []string
}

func newClassRegistry() *classRegistry { return &classRegistry{ids: map[string]int{}} }

// id returns the number of class name, adding it when new.
func (c *classRegistry) id(name string) int {
	if i, ok := c.ids[name]; ok {
		return i
	}
	c.ids[name] = len(c.names)
	c.names = append(c.names, name)
	return len(c.names) - 1
}

// packSource is a pack the renderer reads features from.
type packSource struct {
	pack     *pack.Pack
	index    int
	bound    [4]float64      // normalized Mercator minx, miny, maxx, maxy
	classMap []int           // pack class id -> registry id (-1: unknown)
	md       *mapdata.Reader // nil: the pack has no map features
}

func openPackSource(p *pack.Pack, index int, reg *classRegistry) (*packSource, error) {
	src := &packSource{pack: p, index: index}
	x0, y1 := Mercator(p.Info.Bound.Min)
	x1, y0 := Mercator(p.Info.Bound.Max)
	src.bound = [4]float64{x0, y0, x1, y1}
	md, err := p.MapData()
	if err != nil {
		return nil, fmt.Errorf("mapview: pack %s: %w", p.Info.Name, err)
	}
	if md == nil {
		return src, nil // a pack without map features draws nothing
	}
	src.md = md
	for id, name := range md.Classes() {
		src.classMap = append(src.classMap, -1)
		if name != "" {
			src.classMap[id] = reg.id(name)
		}
	}
	return src, nil
}

// meets reports whether the pack's bounds meet the normalized Mercator box.
func (s *packSource) meets(minx, miny, maxx, maxy float64) bool {
	return s.md != nil && s.bound[0] <= maxx && s.bound[2] >= minx && s.bound[1] <= maxy && s.bound[3] >= miny
}

// packsKey names the packs drawn in tile z/x/y (their build ids) for cache keys.
func packsKey(packs []*packSource, z, x, y int) string {
	minx, miny, maxx, maxy := tileBox(z, x, y, labelBuffer)
	var ids []string
	for _, p := range packs {
		if p.meets(minx, miny, maxx, maxy) {
			ids = append(ids, p.pack.Info.BuildID)
		}
	}
	if len(ids) == 0 {
		return "none"
	}
	if len(ids) == 1 {
		return ids[0]
	}
	h := sha1.Sum([]byte(strings.Join(ids, ",")))
	return hex.EncodeToString(h[:8])
}

// tileBox returns tile z/x/y grown by buf pixels (of a 256-pixel tile) in
// normalized Mercator.
func tileBox(z, x, y int, buf float64) (minx, miny, maxx, maxy float64) {
	n := math.Exp2(float64(z))
	b := buf / TileSize
	return (float64(x) - b) / n, (float64(y) - b) / n, (float64(x+1) + b) / n, (float64(y+1) + b) / n
}

// feature is a decoded feature in tile pixel coordinates.
type feature struct {
	class    int
	typ      byte
	flags    int
	layer    int
	rank     int
	pack     int
	id       int64
	name     string
	part0    int  // first part index in scratch.ends
	parts    int  // number of parts
	nearTile bool // its box meets the tile grown by geomBuffer
}

// scratch is per-render working memory, pooled.
type scratch struct {
	xy      []float64 // x, y pixel pairs of every part
	ends    []int     // per part: end index (in points) into xy
	feats   []feature
	geom    mapdata.Geom
	buckets [][]int32 // per class id: feature indexes
}

func (s *scratch) reset(classes int) {
	s.xy, s.ends, s.feats = s.xy[:0], s.ends[:0], s.feats[:0]
	if cap(s.buckets) < classes {
		s.buckets = make([][]int32, classes)
	}
	s.buckets = s.buckets[:classes]
	for i := range s.buckets {
		s.buckets[i] = s.buckets[i][:0]
	}
}

// part returns the points of part i as x, y pairs.
func (s *scratch) part(i int) []float64 {
	start := 0
	if i > 0 {
		start = s.ends[i-1]
	}
	return s.xy[2*start : 2*s.ends[i]]
}

// load reads, from every pack meeting the tile, the features drawn at zoom
// z near the tile (grown by geomBuffer) and the label features around it
// (grown by labelBuffer), decoded into s in pixel coordinates of a
// size-pixel tile.
func (s *scratch) load(ctx context.Context, packs []*packSource, z, x, y, size int) error {
	minx, miny, maxx, maxy := tileBox(z, x, y, labelBuffer)
	gx0, gy0, gx1, gy1 := tileBox(z, x, y, geomBuffer)
	for _, p := range packs {
		if !p.meets(minx, miny, maxx, maxy) {
			continue
		}
		near := mapdata.Box{MinX: gx0, MinY: gy0, MaxX: gx1, MaxY: gy1}
		if p.meets(gx0, gy0, gx1, gy1) {
			if err := p.md.Features(ctx, near, z, s.reader(p, true, z, x, y, size)); err != nil {
				return fmt.Errorf("mapview: %s: %w", p.pack.Info.Name, err)
			}
		}
		around := mapdata.Box{MinX: minx, MinY: miny, MaxX: maxx, MaxY: maxy}
		if err := p.md.Labels(ctx, around, near, z, s.reader(p, false, z, x, y, size)); err != nil {
			return fmt.Errorf("mapview: %s: %w", p.pack.Info.Name, err)
		}
	}
	return ctx.Err()
}

// reader returns the callback that appends the rows of pack p to s, in
// pixel coordinates of tile z/x/y at size pixels.
func (s *scratch) reader(p *packSource, near bool, z, x, y, size int) func(*mapdata.Row) error {
	scale := math.Exp2(float64(z)) * float64(size)
	ox, oy := float64(x*size), float64(y*size)
	return func(r *mapdata.Row) error {
		if r.Class < 0 || r.Class >= len(p.classMap) || p.classMap[r.Class] < 0 {
			return nil
		}
		cid := p.classMap[r.Class]
		if err := s.geom.Decode(r.Geom); err != nil {
			return nil
		}
		f := feature{
			class: cid, typ: s.geom.Type, flags: r.Flags, layer: r.Layer, rank: r.Rank,
			pack: p.index, id: r.ID, part0: len(s.ends), parts: s.geom.Parts(), nearTile: near,
		}
		if len(r.Name) > 0 {
			f.name = string(r.Name)
		}
		base := len(s.xy) / 2
		for i := 0; i < s.geom.Parts(); i++ {
			pt := s.geom.Part(i)
			for k := 0; k+1 < len(pt); k += 2 {
				s.xy = append(s.xy, pt[k]*scale-ox, pt[k+1]*scale-oy)
			}
			s.ends = append(s.ends, base+s.geom.Ends[i])
		}
		s.buckets[cid] = append(s.buckets[cid], int32(len(s.feats)))
		s.feats = append(s.feats, f)
		return nil
	}
}

// TileCenter returns the lon/lat centre of tile z/x/y.
func TileCenter(z, x, y int) orb.Point {
	n := math.Exp2(float64(z))
	return MercatorInverse((float64(x)+0.5)/n, (float64(y)+0.5)/n)
}
