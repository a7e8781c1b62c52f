package places

import (
	"reflect"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/regions/extract"
)

// TestPlaceSpillRoundTrip encodes places with every field a leaf can have
// and decodes them bit for bit; every cut of a record is an error, not a
// panic.
func TestPlaceSpillRoundTrip(t *testing.T) {
	pbf := func(v int64) float64 { return 1e-9 * float64(100*v) } // the PBF reader's coordinates
	ring := orb.Ring{{pbf(95212345), pbf(471412345)}, {pbf(95213345), pbf(471412345)}, {pbf(95213345), pbf(471413345)}, {pbf(95212345), pbf(471412345)}}
	full := &place{
		osmType: 'W', osmID: 1 << 40, kind: &placeKind{"building", "yes"}, adminLevel: 15, name: "Haus",
		nameTags: &extract.TagMap{{Key: "name", Value: "Haus"}, {Key: "name:de", Value: "Haus"}}, code: toPostcode("9490"), country: toCountry("li"),
		extratags: extract.PackTags(extract.TagMap{{Key: "wikidata", Value: "Q1"}}), rankSearch: 30, rankAddress: 30, importance: 0.0123456789,
		parent: 77, flags: tagPostcode | inheritedPostcode | inherits,
		centroid: orb.Point{pbf(95212845), 47.1412845}, bound: ring.Bound(), geom: mustShape(orb.Polygon{ring}), area: 1.25e-9,
		lines: []addressLine{{distance: 12.5, parent: 76, rank: 26, isAddress: true}, {distance: 0, parent: 3, rank: 4, fromArea: true}},
		later: &placeLater{tags: osm.Tags{{Key: "addr:country", Value: "LI"}}, housenumber: "12a", street: "Städtle", addrPlace: "Vaduz"},
	}
	interpolated := &place{osmType: 'W', osmID: 5, kind: &placeKind{"place", "house"}, later: &placeLater{housenumber: "7"}, rankSearch: 30,
		rankAddress: 30, flags: interpolated, centroid: orb.Point{9.123456789012, 47.1}, geom: mustShape(orb.Point{9.123456789012, 47.1})} // WKB
	line := &place{osmType: 'N', osmID: -3, kind: &placeKind{"amenity", "bench"}, rankSearch: 30,
		geom: mustShape(orb.MultiLineString{{{pbf(1), pbf(2)}, {pbf(3), pbf(4)}}, {{pbf(5), pbf(6)}, {pbf(7), pbf(8)}}})}
	cases := []struct {
		name string
		i    int32
		p    *place
	}{{"full", 12, full}, {"interpolated", 0, interpolated}, {"lines", 1 << 30, line}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec, err := appendPlace(nil, c.i, c.p)
			if err != nil {
				t.Fatal(err)
			}
			i, got, err := decodePlace(rec)
			if err != nil {
				t.Fatal(err)
			}
			if i != c.i || !reflect.DeepEqual(got, c.p) {
				t.Errorf("decoded %d %+v\nwant %d %+v", i, got, c.i, c.p)
			}
			for n := range rec {
				if _, _, err := decodePlace(rec[:n]); err == nil {
					t.Fatalf("a record cut at %d of %d bytes decoded", n, len(rec))
				}
			}
		})
	}
	if _, err := appendPlace(nil, 1, &place{later: &placeLater{member: []extract.Member{{}}}, geom: mustShape(orb.Point{})}); err == nil {
		t.Error("a place with relation members was spilled")
	}
}

// TestPlaceSpillFileAndMemory reads back what was added, in order, from a
// spill in a file and one in memory.
func TestPlaceSpillFileAndMemory(t *testing.T) {
	for _, dir := range []string{"", t.TempDir()} {
		s, err := newPlaceSpill(dir)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 1000 {
			if err := s.add(int32(3*i), &place{osmType: 'N', osmID: int64(i), kind: &placeKind{"amenity", "bench"}, geom: mustShape(orb.Point{float64(i), 1})}); err != nil {
				t.Fatal(err)
			}
		}
		for round := range 2 {
			n := 0
			err := eachLeaf(s, func(k int, i int32, p *place) error {
				if k != n || i != int32(3*n) || p.osmID != int64(n) || p.geom.geometry().(orb.Point)[0] != float64(n) {
					t.Fatalf("dir %q round %d: leaf %d is %d %d %v", dir, round, n, k, i, p)
				}
				n++
				return nil
			})
			if err != nil || n != 1000 {
				t.Fatalf("dir %q round %d: %d leaves, %v", dir, round, n, err)
			}
		}
		s.close()
	}
}
