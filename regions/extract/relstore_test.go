package extract

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/internal/testregions"
)

// relationCases are relations as the reader gives them, with every kind
// of tag and member a record holds; they seed FuzzDecodeRelation too.
func relationCases() []struct {
	name string
	rel  *osm.Relation
} {
	many := make(osm.Members, 1000)
	for i := range many {
		typ := []osm.Type{osm.TypeNode, osm.TypeWay, osm.TypeRelation}[i%3]
		ref := int64(i*i*7919) % (1 << 42)
		if i%5 == 0 {
			ref = -ref // ids of new objects in an editor's file
		}
		many[i] = osm.Member{Type: typ, Ref: ref, Role: []string{"", "outer", "inner", "stop_entry_only"}[i%4]}
	}
	return []struct {
		name string
		rel  *osm.Relation
	}{
		{"empty", &osm.Relation{ID: 1}},
		{"tags only", &osm.Relation{ID: 2, Tags: osm.Tags{{Key: "type", Value: "multipolygon"}, {Key: "name", Value: "Städtle"}, {Key: "note", Value: ""}}}},
		{"members only", &osm.Relation{ID: 3, Members: osm.Members{{Type: osm.TypeWay, Ref: 9}}}},
		{"boundary", &osm.Relation{ID: 1 << 40,
			Tags: osm.Tags{{Key: "type", Value: "boundary"}, {Key: "boundary", Value: "administrative"}, {Key: "admin_level", Value: "2"}},
			Members: osm.Members{
				{Type: osm.TypeWay, Ref: 1 << 40, Role: "outer"},
				{Type: osm.TypeWay, Ref: 3, Role: "outer"},
				{Type: osm.TypeNode, Ref: 5, Role: "admin_centre"},
				{Type: osm.TypeRelation, Ref: 77, Role: "subarea"},
				{Type: osm.TypeRelation, Ref: 76, Role: "subarea"},
				{Type: osm.TypeNode, Ref: -4, Role: "label"},
				{Type: osm.TypeWay, Ref: 3, Role: ""},
			}}},
		{"other member type", &osm.Relation{ID: 4, Members: osm.Members{{Type: "changeset", Ref: 12, Role: "x"}, {Type: "", Ref: -1}, {Type: osm.TypeNode, Ref: 1}}}},
		{"many members", &osm.Relation{ID: 5, Tags: osm.Tags{{Key: "type", Value: "route"}}, Members: many}},
	}
}

// stringTable returns a string table as the store's writer keeps one.
func stringTable(t testing.TB) *wayWriter {
	ww, err := newWayWriter("", nil)
	if err != nil {
		t.Fatal(err)
	}
	return ww
}

// wantRelation is what decoding o gives: its tags (nil for none), its
// members' type, ref and role (an empty slice for none).
func wantRelation(o *osm.Relation) *Relation {
	r := &Relation{ID: o.ID, Members: []Member{}}
	if len(o.Tags) > 0 {
		r.Tags = o.Tags
	}
	for _, m := range o.Members {
		r.Members = append(r.Members, Member{Type: m.Type, Ref: m.Ref, Role: m.Role})
	}
	return r
}

// TestRelationRecordRoundTrip: a relation comes back from its record as it
// went in; every cut of the record, and a string index outside the table,
// is an error, not a panic.
func TestRelationRecordRoundTrip(t *testing.T) {
	st := stringTable(t)
	for _, c := range relationCases() {
		t.Run(c.name, func(t *testing.T) {
			rec := encodeRelation([]byte{0xff}, c.rel.Tags, c.rel.Members, st.key)[1:]
			got, n, err := decodeRelation(append(rec, 0xaa), c.rel.ID, st.keys)
			if err != nil {
				t.Fatal(err)
			}
			if n != len(rec) {
				t.Errorf("decodeRelation read %d bytes, want %d", n, len(rec))
			}
			if want := wantRelation(c.rel); !reflect.DeepEqual(got, want) {
				t.Errorf("decodeRelation = %+v\nwant %+v", got, want)
			}
			for n := range rec {
				if _, _, err := decodeRelation(rec[:n], c.rel.ID, st.keys); !errors.Is(err, errRelationRecord) {
					t.Fatalf("record cut at %d of %d bytes: error %v, want %v", n, len(rec), err, errRelationRecord)
				}
			}
			if len(c.rel.Tags)+len(c.rel.Members) > 0 {
				if _, _, err := decodeRelation(rec, c.rel.ID, nil); !errors.Is(err, errRelationRecord) {
					t.Errorf("record with strings not in the table: error %v, want %v", err, errRelationRecord)
				}
			}
		})
	}
	// A damaged count fails before it allocates.
	huge := []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0}
	if _, _, err := decodeRelation(huge, 1, st.keys); !errors.Is(err, errRelationRecord) {
		t.Errorf("record of 2^63 tags: error %v, want %v", err, errRelationRecord)
	}
}

// FuzzDecodeRelation: any bytes decode or fail, never panic, and a record
// read is within them.
func FuzzDecodeRelation(f *testing.F) {
	st := stringTable(f)
	for _, c := range relationCases() {
		f.Add(encodeRelation(nil, c.rel.Tags, c.rel.Members, st.key))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r, n, err := decodeRelation(b, 1, st.keys)
		if err == nil && (r == nil || n > len(b)) {
			t.Errorf("decodeRelation(%x) = %v, %d bytes", b, r, n)
		}
	})
}

// TestRelationStore: relations read in any order, from a file or memory,
// are iterated in id order with the first of equal ids kept (objects of
// earlier inputs win), found by id, and their member nodes located.
func TestRelationStore(t *testing.T) {
	var in []*osm.Relation
	for _, c := range relationCases() {
		in = append(in, c.rel)
	}
	later := &osm.Relation{ID: 2, Tags: osm.Tags{{Key: "type", Value: "later copy"}}}
	in = append([]*osm.Relation{in[3], later}, in...) // 1<<40 first; relation 2 twice
	in[1], in[3] = in[3], in[1]                       // the first read of relation 2 is the case's
	want := []*osm.Relation{in[2], in[1], in[4], in[6], in[7], in[0]}
	locs := map[osm.NodeID][2]int32{5: {95_000_000, 471_000_000}, 1: {-1, -2}}
	locate := func(id osm.NodeID) (int32, int32, bool) {
		l, ok := locs[id]
		return l[0], l[1], ok
	}
	for _, dir := range []string{"", t.TempDir()} {
		d := NewData(dir)
		d.memberAt = map[osm.NodeID]orb.Point{}
		for _, o := range in {
			if err := d.addRelation(o, nil); err != nil {
				t.Fatal(err)
			}
		}
		if err := d.finishRelations(locate); err != nil {
			t.Fatal(err)
		}
		if d.RelationCount() != len(want) {
			t.Errorf("dir %q: RelationCount() = %d, want %d", dir, d.RelationCount(), len(want))
		}
		i := 0
		for r := range d.Relations() {
			if i < len(want) && !reflect.DeepEqual(r, wantRelation(want[i])) {
				t.Errorf("dir %q: relation %d = %+v, want %+v", dir, i, r, wantRelation(want[i]))
			}
			i++
		}
		if i != len(want) {
			t.Errorf("dir %q: Relations() gave %d, want %d", dir, i, len(want))
		}
		for _, o := range want {
			if r := d.Relation(o.ID); !reflect.DeepEqual(r, wantRelation(o)) {
				t.Errorf("dir %q: Relation(%d) = %+v, want %+v", dir, o.ID, r, wantRelation(o))
			}
		}
		if r := d.Relation(6); r != nil {
			t.Errorf("dir %q: Relation(6) = %+v, want nil", dir, r)
		}
		wantAt := map[osm.NodeID]orb.Point{5: e7Point(95_000_000, 471_000_000, false), 1: e7Point(-1, -2, false)}
		if !reflect.DeepEqual(d.memberAt, wantAt) {
			t.Errorf("dir %q: member nodes located = %v, want %v", dir, d.memberAt, wantAt)
		}
		d.rels.release()
		if r := d.Relation(1 << 40); r == nil || r.Tags.Find("boundary") != "administrative" {
			t.Errorf("dir %q: after release, Relation(1<<40) = %+v", dir, r)
		}
		if err := d.Close(); err != nil {
			t.Error(err)
		}
		if dir != "" {
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("temporary files left in %s: %v", dir, left)
			}
		}
	}
}

// TestRelationStoreDamaged: a store whose records do not decode end to
// end is an error when the load finishes, not a panic in a later stage.
func TestRelationStoreDamaged(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(b *bytes.Buffer)
	}{
		{"last record cut", func(b *bytes.Buffer) { b.Truncate(b.Len() - 1) }},
		{"bytes after the last record", func(b *bytes.Buffer) { b.WriteByte(0) }},
		{"a role not in the table", func(b *bytes.Buffer) { b.Bytes()[b.Len()-2] = 0x7c }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := NewData("")
			d.memberAt = map[osm.NodeID]orb.Point{}
			for _, c := range relationCases()[:5] {
				if err := d.addRelation(c.rel, nil); err != nil {
					t.Fatal(err)
				}
			}
			tc.damage(&d.rawRels.mem)
			err := d.finishRelations(func(osm.NodeID) (int32, int32, bool) { return 0, 0, false })
			if !errors.Is(err, errRelationRecord) {
				t.Errorf("finishRelations = %v, want %v", err, errRelationRecord)
			}
			d.Close()
		})
	}
}

// BenchmarkRelations decodes every relation of the LI extract (loaded
// once) per iteration: the cost of one pass of a stage over them.
func BenchmarkRelations(b *testing.B) {
	d, err := Load(b.Context(), testregions.Extract(b, "liechtenstein"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	members := 0
	b.ReportAllocs()
	for b.Loop() {
		for r := range d.Relations() {
			members += len(r.Members)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*d.RelationCount()), "ns/relation")
}
