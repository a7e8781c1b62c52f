package places

import (
	"math/rand"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/regions/extract"
)

// TestSegmentBlocks appends more border segments than fit in the cold
// store's largest piece (coldChunk/16; LI ×400's border index held 60 MB
// of them, in the heap as one slice): they read back in order across the
// blocks, every block lies in the store, and without a store the blocks
// stay in the heap and read back the same.
func TestSegmentBlocks(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	n := 2*borderBlock + 1 + rng.Intn(borderBlock)
	if n*int(unsafe.Sizeof(borderSegment{})) <= coldChunk/16 {
		t.Fatalf("%d segments fit in one piece of the store: the test would not cross blocks", n)
	}
	want := make([]borderSegment, n)
	for i := range want {
		want[i] = borderSegment{way: rng.Int31(), a: orb.Point{rng.Float64(), rng.Float64()}, b: orb.Point{rng.Float64(), rng.Float64()}}
	}
	cold, err := newColdStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer cold.close()
	for _, tc := range []struct {
		name string
		cold *coldStore
	}{{"cold store", cold}, {"heap", &coldStore{}}} {
		x := segmentBlocks{cold: tc.cold}
		for _, s := range want {
			x.add(s)
		}
		x.flush()
		if x.len() != n {
			t.Fatalf("%s: len %d, want %d", tc.name, x.len(), n)
		}
		for k, s := range want {
			if got := x.at(int32(k)); got != s {
				t.Fatalf("%s: segment %d = %v, want %v", tc.name, k, got, s)
			}
		}
		if tc.cold.f == nil {
			continue
		}
		for i, bl := range x.blocks {
			if !inStore(tc.cold, unsafe.Pointer(&bl[0])) {
				t.Errorf("%s: block %d of %d is not in the store", tc.name, i, len(x.blocks))
			}
		}
	}
}

// TestLabelMembers: a relation's place keeps only its label nodes, and
// whether it had members (an empty, non-nil list: isLeaf tells places of
// relations with members by that).
func TestLabelMembers(t *testing.T) {
	label := extract.Member{Type: osm.TypeNode, Ref: 7, Role: "label"}
	for _, tc := range []struct {
		name    string
		members []extract.Member
		want    []extract.Member
	}{
		{"no relation", nil, nil},
		{"no label", []extract.Member{{Type: osm.TypeWay, Ref: 1, Role: "outer"}, {Type: osm.TypeNode, Ref: 2, Role: "admin_centre"}}, []extract.Member{}},
		{"labels", []extract.Member{{Type: osm.TypeWay, Ref: 1, Role: "outer"}, label, {Type: osm.TypeWay, Ref: 3, Role: "label"},
			{Type: osm.TypeNode, Ref: 9, Role: "label"}}, []extract.Member{label, {Type: osm.TypeNode, Ref: 9, Role: "label"}}},
	} {
		got := labelMembers(tc.members)
		if (got == nil) != (tc.want == nil) || len(got) != len(tc.want) || len(got) > 0 && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: labelMembers = %#v, want %#v", tc.name, got, tc.want)
		}
		p := &place{rankSearch: 30, kind: &placeKind{"building", "yes"}, later: &placeLater{member: got}}
		if isLeaf(p) != (tc.members == nil) {
			t.Errorf("%s: isLeaf = %v, want %v", tc.name, isLeaf(p), tc.members == nil)
		}
	}
}
