package extract

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/paulmach/osm"
)

// TestPackedMembers: a relation whose members were packed on a decoder's
// goroutine is stored as the same record, with the same string table, as
// one encoded from its members, case after case in one store (so the
// names new to the table are numbered in the same order).
func TestPackedMembers(t *testing.T) {
	direct, packed := NewData(""), NewData("")
	for _, c := range relationCases() {
		if err := direct.addRelation(c.rel, nil); err != nil {
			t.Fatal(err)
		}
		if err := packed.addRelation(&osm.Relation{ID: c.rel.ID, Tags: c.rel.Tags}, packMembers(nil, c.rel.Members)); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !bytes.Equal(packed.rawRels.mem.Bytes(), direct.rawRels.mem.Bytes()) {
			t.Fatalf("%s: packed record differs from the encoded one", c.name)
		}
	}
	if !reflect.DeepEqual(packed.rawRels.keys, direct.rawRels.keys) {
		t.Errorf("string tables differ: packed %q, encoded %q", packed.rawRels.keys, direct.rawRels.keys)
	}
}

// TestPackedMembersDamaged: packed members that do not decode end to end
// are an error naming the relation, never a panic or a short record.
func TestPackedMembersDamaged(t *testing.T) {
	good := packMembers(nil, relationCases()[3].rel.Members)
	for _, tc := range []struct {
		name   string
		packed []byte
	}{
		{"empty", []byte{}},
		{"cut", good[:len(good)-1]},
		{"bytes after the last member", append(bytes.Clone(good), 0)},
		{"a type code past 3", []byte{1, 4, 0, 2}},
		{"a role longer than the rest", []byte{1, 0, 9, 'a', 2}},
		{"more members than there are", []byte{3, 0, 0, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := NewData("")
			err := d.addRelation(&osm.Relation{ID: 7}, tc.packed)
			if !errors.Is(err, errRelationRecord) {
				t.Errorf("addRelation = %v, want %v", err, errRelationRecord)
			}
		})
	}
}

// TestRelMembers: the reader gets back the members taken from each
// relation object, and a second relation of a waiting id keeps its own,
// whichever the decoders reach first.
func TestRelMembers(t *testing.T) {
	first := &osm.Relation{ID: 9, Members: osm.Members{{Type: osm.TypeWay, Ref: 1, Role: "outer"}}}
	second := &osm.Relation{ID: 9, Members: osm.Members{{Type: osm.TypeWay, Ref: 2, Role: "inner"}}}
	empty := &osm.Relation{ID: 10}
	wantEmpty := packMembers(nil, nil)
	var p relMembers
	for _, r := range []*osm.Relation{second, first, empty} { // decoded out of order
		if !p.take(r) {
			t.Fatalf("take(%d) dropped the relation", r.ID)
		}
	}
	if second.Members != nil || len(first.Members) != 1 {
		t.Fatalf("after take: first %v, second %v; want the second's taken, the first's kept", first.Members, second.Members)
	}
	if got := p.give(first); got != nil {
		t.Errorf("give(first) = %x, want nil (it kept its members)", got)
	}
	if got := p.give(second); !bytes.Equal(got, packMembers(nil, osm.Members{{Type: osm.TypeWay, Ref: 2, Role: "inner"}})) {
		t.Errorf("give(second) = %x", got)
	}
	if got := p.give(empty); !bytes.Equal(got, wantEmpty) || got == nil {
		t.Errorf("give(empty) = %x, want %x", got, wantEmpty)
	}
	if len(p.byID) != 0 {
		t.Errorf("%d relations still waiting", len(p.byID))
	}
}

// FuzzAppendPacked: any bytes as packed members decode or fail, without
// a panic.
func FuzzAppendPacked(f *testing.F) {
	for _, c := range relationCases() {
		f.Add(packMembers(nil, c.rel.Members))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ww := stringTable(t)
		appendPacked(nil, b, ww.keyOf)
	})
}
