package extract

import (
	"os"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/paulmach/osm"

	"waymark/regions/internal/fixture"
)

// TestWayStoreRoundTrip: ways come back from the store as they went in,
// in id order, the first of equal ids kept, with the locations of their
// nodes (noCoord for a missing one), whether the store is a file or memory.
func TestWayStoreRoundTrip(t *testing.T) {
	in := []*Way{
		{ID: 30, Tags: osm.Tags{{Key: "highway", Value: "residential"}, {Key: "name", Value: "Städtle"}}, Nodes: []osm.NodeID{5, 1, 7}},
		{ID: 10, Tags: osm.Tags{{Key: "building", Value: "yes"}}, Nodes: []osm.NodeID{1, 2, 3, 1}, xml: true},
		{ID: 30, Tags: osm.Tags{{Key: "highway", Value: "primary"}}, Nodes: []osm.NodeID{9}}, // a later input's copy
		{ID: 20, Nodes: []osm.NodeID{}},
		{ID: 1 << 40, Tags: osm.Tags{{Key: "name", Value: ""}}, Nodes: []osm.NodeID{1 << 50, 3}},
	}
	locs := map[osm.NodeID][2]int32{1: {95_000_000, 471_000_000}, 2: {-1, -2}, 3: {1_800_000_000, -900_000_000}, 5: {0, 0}, 1 << 50: {7, 8}}
	locate := func(id osm.NodeID) (int32, int32, bool) {
		l, ok := locs[id]
		return l[0], l[1], ok
	}
	for _, dir := range []string{"", t.TempDir()} {
		raw, err := newWayWriter(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range in {
			if err := raw.add(w.ID, w.xml, w.Tags, len(w.Nodes), func(i int) osm.NodeID { return w.Nodes[i] }, nil); err != nil {
				t.Fatal(err)
			}
		}
		rs, err := raw.finish()
		if err != nil {
			t.Fatal(err)
		}
		s, missing, err := resolveWays(rs, dir, func() func(osm.NodeID) (int32, int32, bool) { return locate })
		rs.close()
		if err != nil {
			t.Fatal(err)
		}
		if missing != 1 { // node 7 of way 30
			t.Errorf("dir %q: missing = %d, want 1", dir, missing)
		}
		want := []*Way{in[1], in[3], in[0], in[4]}
		if s.len() != len(want) {
			t.Fatalf("dir %q: %d ways, want %d", dir, s.len(), len(want))
		}
		for i, w := range want {
			got := s.at(i)
			var ll []int32
			for _, id := range w.Nodes {
				l, ok := locs[id]
				if !ok {
					l = [2]int32{noCoord, noCoord}
				}
				ll = append(ll, l[0], l[1])
			}
			if ll == nil {
				ll = []int32{}
			}
			wantW := &Way{ID: w.ID, Tags: w.Tags, Nodes: w.Nodes, LL: ll, xml: w.xml}
			if !reflect.DeepEqual(got, wantW) {
				t.Errorf("dir %q: way %d = %+v, want %+v", dir, i, got, wantW)
			}
			if j, ok := s.find(w.ID); !ok || j != i {
				t.Errorf("dir %q: find(%d) = %d, %v; want %d", dir, w.ID, j, ok, i)
			}
			// Lookups by id read the file itself (a mapped store) and
			// decode the same way.
			rec, ok := s.readRecord(i)
			if ok != (dir != "") {
				t.Errorf("dir %q: readRecord ok = %v", dir, ok)
			}
			if ok {
				if got := decodeWay(rec, w.ID, s.keys); !reflect.DeepEqual(got, wantW) {
					t.Errorf("dir %q: way %d read = %+v, want %+v", dir, i, got, wantW)
				}
			}
			d := &Data{ways: *s}
			if got := d.Way(w.ID); !reflect.DeepEqual(got, wantW) {
				t.Errorf("dir %q: Way(%d) = %+v, want %+v", dir, w.ID, got, wantW)
			}
			if n := s.looked.Load(); dir != "" && n != 0 {
				t.Errorf("dir %q: Way went through the mapping (%d bytes counted)", dir, n)
			}
		}
		if _, ok := s.find(11); ok {
			t.Errorf("dir %q: find(11) found a way", dir)
		}
		s.release()
		if got := s.at(0); got.ID != 10 || got.Tags[0].Value != "yes" {
			t.Errorf("dir %q: after release, way 0 = %+v", dir, got)
		}
		if err := s.close(); err != nil {
			t.Error(err)
		}
		if dir != "" {
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("temporary files left in %s: %v", dir, left)
			}
		}
	}
}

// TestLoadLeavesNoFile: the ways' file is unlinked as soon as it is made,
// so a load leaves nothing in the temporary directory, even before Close.
func TestLoadLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	tr := NewTracker(nil, nil)
	d, err := LoadWith(t.Context(), []string{fixture.Write(t, fixture.OSM)}, dir, tr)
	if err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("files in the temporary directory while loaded: %v", left)
	}
	if d.WayCount() == 0 || d.Way(d.ways.id(0)) == nil {
		t.Errorf("no ways loaded")
	}
	d.Close()
}

// TestLookedUpCountsPages checks that lookups by id through the mapping
// give its pages back every lookupDropBytes counting lookupResident a
// lookup, whatever the records' size: a lookup of a 100-byte record can
// make a whole folio resident.
func TestLookedUpCountsPages(t *testing.T) {
	page := os.Getpagesize()
	for _, tc := range []struct {
		name       string
		records    int
		recordSize int
	}{
		{"small records", 1000, 100},
		{"records over a page", 100, 3 * page},
	} {
		t.Run(tc.name, func(t *testing.T) {
			drops := 0
			s := &wayStore{
				file:   FileData{Data: make([]byte, tc.records*tc.recordSize), Drop: func(int, int) { drops++ }},
				looked: new(atomic.Int64),
			}
			for i := range tc.records {
				s.ids.append(int64(i))
			}
			s.ids.finish()
			perDrop := lookupDropBytes / lookupResident
			for range 3 * perDrop {
				s.lookedUp()
			}
			if drops != 3 {
				t.Errorf("%d lookups of %d-byte records: %d releases, want 3", 3*perDrop, tc.recordSize, drops)
			}
		})
	}
}

// TestResolveWaysGivesPagesBack: locating the ways of a raw file in id
// order gives the pages it has read back as it goes, in increasing
// ranges each at least waysDropStep long and behind the records still to
// be read, and the ways come out the same.
func TestResolveWaysGivesPagesBack(t *testing.T) {
	raw, err := newWayWriter("", nil)
	if err != nil {
		t.Fatal(err)
	}
	const ways = 3 * WaysDropStep / 100 // ~100-byte records: three steps' worth
	nodes := make([]osm.NodeID, 90)
	for i := range ways {
		for k := range nodes {
			nodes[k] = osm.NodeID(1_000_000*i + 7*k)
		}
		if err := raw.add(osm.WayID(i+1), false, nil, len(nodes), func(k int) osm.NodeID { return nodes[k] }, nil); err != nil {
			t.Fatal(err)
		}
	}
	rs, err := raw.finish()
	if err != nil {
		t.Fatal(err)
	}
	var drops [][2]int
	rs.file.Drop = func(from, to int) { drops = append(drops, [2]int{from, to}) }
	locate := func(id osm.NodeID) (int32, int32, bool) { return int32(id % 1000), int32(id / 1000), true }
	s, missing, err := resolveWays(rs, "", func() func(osm.NodeID) (int32, int32, bool) { return locate })
	if err != nil || missing != 0 {
		t.Fatalf("resolveWays: %v, %d missing", err, missing)
	}
	if len(drops) < 2 {
		t.Fatalf("%d ranges given back of a %d-byte raw file: %v", len(drops), len(rs.file.Data), drops)
	}
	prev := 0
	for _, d := range drops {
		if d[0] != prev || d[1]-d[0] < WaysDropStep || d[1] > len(rs.file.Data) {
			t.Fatalf("ranges given back %v", drops)
		}
		prev = d[1]
	}
	if s.len() != ways || s.at(ways-1).ID != ways {
		t.Fatalf("%d ways, the last %d", s.len(), s.at(s.len()-1).ID)
	}
}

// TestSortedUnique: ways written in id order keep no array of positions
// (a PBF's ways are in id order: 4 bytes a way, 44 MB at LI ×400);
// others are ordered by id, keeping the first written of equal ids.
func TestSortedUnique(t *testing.T) {
	for _, tc := range []struct {
		name string
		ids  []osm.WayID
		want []int // positions in id order
	}{
		{"sorted", []osm.WayID{3, 5, 9}, []int{0, 1, 2}},
		{"empty", nil, nil},
		{"unsorted", []osm.WayID{9, 3, 5}, []int{1, 2, 0}},
		{"duplicate", []osm.WayID{3, 5, 3, 9}, []int{0, 1, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ww, _ := newWayWriter("", nil)
			for _, id := range tc.ids {
				ww.add(id, false, nil, 0, nil, nil)
			}
			s, err := ww.finish()
			if err != nil {
				t.Fatal(err)
			}
			o := s.sortedUnique()
			var got []int
			for k := range o.len() {
				got = append(got, o.at(k))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("order %v, want %v", got, tc.want)
			}
			if inOrder := tc.name == "sorted" || tc.name == "empty"; o.identity() != inOrder || inOrder && o.idx != nil {
				t.Errorf("identity %v (idx %v), want %v", o.identity(), o.idx, inOrder)
			}
		})
	}
}
