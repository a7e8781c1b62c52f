package features_test

import (
	"context"
	"database/sql"
	"math"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/mapdata"
	"waymark/regions/features"
	"waymark/regions/internal/stagefixture"
	"waymark/regions/stage"
)

// mapFixture: a forest, a lake multipolygon with an island, a named bridge,
// a tunnel, a town, a restaurant, a building with a house number, an admin
// boundary and a multipolygon whose ring does not close.
const mapFixture = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
 <node id="1" lat="47.100" lon="9.500"/>
 <node id="2" lat="47.100" lon="9.520"/>
 <node id="3" lat="47.120" lon="9.520"/>
 <node id="4" lat="47.120" lon="9.500"/>
 <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/><tag k="landuse" v="forest"/></way>

 <node id="21" lat="47.130" lon="9.530"/>
 <node id="22" lat="47.130" lon="9.560"/>
 <node id="23" lat="47.150" lon="9.560"/>
 <node id="24" lat="47.150" lon="9.530"/>
 <node id="25" lat="47.135" lon="9.540"/>
 <node id="26" lat="47.135" lon="9.545"/>
 <node id="27" lat="47.140" lon="9.545"/>
 <node id="28" lat="47.140" lon="9.540"/>
 <way id="20"><nd ref="21"/><nd ref="22"/><nd ref="23"/></way>
 <way id="21"><nd ref="23"/><nd ref="24"/><nd ref="21"/></way>
 <way id="22"><nd ref="25"/><nd ref="26"/><nd ref="27"/><nd ref="28"/><nd ref="25"/></way>
 <relation id="200"><member type="way" ref="20" role="outer"/><member type="way" ref="21" role="outer"/><member type="way" ref="22" role="inner"/>
  <tag k="type" v="multipolygon"/><tag k="natural" v="water"/><tag k="name" v="Testsee"/></relation>

 <node id="31" lat="47.110" lon="9.500"/>
 <node id="32" lat="47.111" lon="9.510"/>
 <node id="33" lat="47.112" lon="9.520"/>
 <way id="30"><nd ref="31"/><nd ref="32"/><tag k="highway" v="residential"/><tag k="name" v="Brückenweg"/><tag k="bridge" v="yes"/><tag k="layer" v="1"/></way>
 <way id="31"><nd ref="32"/><nd ref="33"/><tag k="highway" v="primary"/><tag k="tunnel" v="yes"/><tag k="oneway" v="yes"/></way>

 <node id="40" lat="47.105" lon="9.505"><tag k="place" v="town"/><tag k="name" v="Testdorf"/><tag k="population" v="5000"/></node>
 <node id="41" lat="47.106" lon="9.506"><tag k="amenity" v="restaurant"/><tag k="name" v="Zum Test"/></node>

 <node id="51" lat="47.1000" lon="9.5300"/>
 <node id="52" lat="47.1000" lon="9.5302"/>
 <node id="53" lat="47.1002" lon="9.5302"/>
 <node id="54" lat="47.1002" lon="9.5300"/>
 <way id="50"><nd ref="51"/><nd ref="52"/><nd ref="53"/><nd ref="54"/><nd ref="51"/><tag k="building" v="yes"/><tag k="addr:housenumber" v="12a"/></way>

 <node id="61" lat="47.090" lon="9.490"/>
 <node id="62" lat="47.160" lon="9.490"/>
 <way id="60"><nd ref="61"/><nd ref="62"/></way>
 <relation id="600"><member type="way" ref="60" role="outer"/><tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="8"/><tag k="name" v="Testgemeinde"/></relation>

 <node id="71" lat="47.17" lon="9.50"/>
 <node id="72" lat="47.17" lon="9.51"/>
 <node id="73" lat="47.18" lon="9.51"/>
 <way id="70"><nd ref="71"/><nd ref="72"/><nd ref="73"/></way>
 <relation id="700"><member type="way" ref="70" role="outer"/><tag k="type" v="multipolygon"/><tag k="landuse" v="meadow"/></relation>
</osm>
`

type mapRow struct {
	class      string
	layer      int
	flags      int
	name       string
	minz, maxz int
	geom       mapdata.Geom
	rank       int
}

func buildMapFixture(t *testing.T) (*sql.DB, *stage.Summary) {
	t.Helper()
	return stagefixture.Build(t, mapFixture, features.FeaturesStage())
}

func readMapRows(t *testing.T, db *sql.DB) []mapRow {
	t.Helper()
	md, err := mapdata.Open(context.Background(), db)
	if err != nil || md == nil {
		t.Fatalf("mapdata.Open = %v, %v", md, err)
	}
	defer md.Close()
	classes := md.Classes()
	var out []mapRow
	if err := md.All(context.Background(), func(row *mapdata.Row, minz, maxz int) error {
		r := mapRow{class: classes[row.Class], layer: row.Layer, flags: row.Flags,
			name: string(row.Name), rank: row.Rank, minz: minz, maxz: maxz}
		if err := r.geom.Decode(row.Geom); err != nil {
			t.Fatalf("decode %s: %v", r.class, err)
		}
		out = append(out, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestFeaturesStage(t *testing.T) {
	db, sum := buildMapFixture(t)
	rows := readMapRows(t, db)
	byClass := map[string][]mapRow{}
	for _, r := range rows {
		byClass[r.class] = append(byClass[r.class], r)
	}
	cases := []struct {
		name      string
		class     string
		typ       byte
		flags     int
		layer     int
		label     string
		bands     int // zoom bands drawn in
		parts     int // rings or lines of the first piece of the highest band
		firstZoom int // lowest zoom drawn
	}{
		{"forest area", "forest", mapdata.GeomPolygon, 0, 0, "", 3, 1, 9},
		{"lake with island", "water", mapdata.GeomPolygon, 0, 0, "Testsee", 4, 2, 8},
		{"lake label", "water_name", mapdata.GeomPoint, 0, 0, "Testsee", 2, 1, 12},
		{"bridge", "residential", mapdata.GeomLine, mapdata.FlagBridge, 1, "Brückenweg", 2, 1, 12},
		{"tunnel", "primary", mapdata.GeomLine, mapdata.FlagTunnel | mapdata.FlagOneway, -1, "", 4, 1, 7},
		{"town", "place_town", mapdata.GeomPoint, 0, 0, "Testdorf", 4, 1, 8},
		{"restaurant", "poi_food", mapdata.GeomPoint, 0, 0, "Zum Test", 1, 1, 16},
		{"building", "building", mapdata.GeomPolygon, 0, 0, "", 1, 1, 14},
		{"house number", "housenumber", mapdata.GeomPoint, 0, 0, "12a", 1, 1, 18},
		{"boundary", "admin8", mapdata.GeomLine, 0, 0, "", 3, 1, 11},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// One row per band, except pieces of polygons cut along the z12 grid.
			var rs []mapRow
			for _, r := range byClass[tc.class] {
				if len(rs) == 0 || rs[len(rs)-1].minz != r.minz {
					rs = append(rs, r)
				}
			}
			if len(rs) != tc.bands {
				t.Fatalf("%s: drawn in %d bands, want %d", tc.class, len(rs), tc.bands)
			}
			last := rs[len(rs)-1]
			if last.geom.Type != tc.typ || last.flags&^mapdata.FlagClipped != tc.flags || last.layer != tc.layer || last.name != tc.label {
				t.Errorf("%s: type %d flags %d layer %d name %q, want %d %d %d %q",
					tc.class, last.geom.Type, last.flags, last.layer, last.name, tc.typ, tc.flags, tc.layer, tc.label)
			}
			if last.geom.Parts() != tc.parts {
				t.Errorf("%s: %d parts, want %d", tc.class, last.geom.Parts(), tc.parts)
			}
			if rs[0].minz != tc.firstZoom || last.maxz != features.MaxMapZoom {
				t.Errorf("%s: zooms %d..%d, want %d..%d", tc.class, rs[0].minz, last.maxz, tc.firstZoom, features.MaxMapZoom)
			}
			for i := 1; i < len(rs); i++ {
				if rs[i].minz != rs[i-1].maxz+1 {
					t.Errorf("%s: band %d starts at z%d, previous ends at z%d", tc.class, i, rs[i].minz, rs[i-1].maxz)
				}
			}
		})
	}
	// Lake: the outer ring has positive, the island negative area (y down).
	var lake mapdata.Geom
	for _, r := range byClass["water"] {
		if r.minz == 12 {
			lake = r.geom // bands below z14 are not cut into pieces; z8 drops the small island
		}
	}
	if a0, a1 := geomRingArea(lake.Part(0)), geomRingArea(lake.Part(1)); a0*a1 >= 0 {
		t.Errorf("lake ring areas %g and %g, want opposite signs", a0, a1)
	}
	if len(byClass["meadow"]) != 0 {
		t.Errorf("unclosed multipolygon drew %d meadow rows, want 0", len(byClass["meadow"]))
	}
	if sum.ProblemCount == 0 {
		t.Errorf("unclosed multipolygon not reported as a problem")
	}
	// The forest's corner survives generalisation and quantization.
	want := mapdata.MercatorPoint(orb.Point{9.5, 47.1})
	forest := byClass["forest"][0].geom
	found := false
	for i := 0; i+1 < len(forest.XY); i += 2 {
		if math.Abs(forest.XY[i]-want[0]) < 1e-8 && math.Abs(forest.XY[i+1]-want[1]) < 1e-8 {
			found = true
		}
	}
	if !found {
		t.Errorf("forest corner %v not in geometry %v", want, forest.XY)
	}
}

func geomRingArea(xy []float64) float64 {
	a := 0.0
	for i := 0; i+3 < len(xy); i += 2 {
		a += xy[i]*xy[i+3] - xy[i+2]*xy[i+1]
	}
	return a / 2
}

func TestMapClassNamesUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, n := range features.MapClassNames() {
		if seen[n] {
			t.Errorf("class %q listed twice", n)
		}
		seen[n] = true
	}
}
