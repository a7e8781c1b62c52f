package route

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/paulmach/orb"
)

// testWay is a way of a network made by hand: the way, its node ids
// and their points (nil for none), and its name (networkOf interns it).
type testWay struct {
	NetWay
	nodes []int64
	pts   []orb.Point
	name  string
}

// networkOf adds ways to net (AddWay) and returns it.
func networkOf(net *Network, ways ...testWay) *Network {
	for _, w := range ways {
		w.Name = net.Intern(w.name)
		net.AddWay(w.NetWay, w.nodes, w.pts)
	}
	return net
}

// TestJunctions: a node ends an edge (count ≥ 2) where ways meet, at way
// ends, barriers and restriction via nodes, and not in the middle of one
// way (a turning place there included: see Network.TurningPlaces).
func TestJunctions(t *testing.T) {
	net := networkOf(&Network{
		Barriers:      map[int64]bool{21: true, 31: true},
		TurningPlaces: map[int64]bool{41: true, 42: true},
		Restrictions:  []Restriction{{From: 1, ViaNode: 11, To: 2}},
	},
		testWay{NetWay: NetWay{ID: 1}, nodes: []int64{10, 11, 12, 13}},
		testWay{NetWay: NetWay{ID: 2}, nodes: []int64{20, 12, 21}},
		testWay{NetWay: NetWay{ID: 3}, nodes: []int64{30, 31, 32, 30}}, // closed
		testWay{NetWay: NetWay{ID: 4}, nodes: []int64{40, 41, 42}},
	)
	js := junctionsOf(net, junctionBucketRefs, nil)
	for _, tt := range []struct {
		id   int64
		want bool
	}{
		{10, true}, {11, true}, {12, true}, {13, true}, {20, true}, {21, true}, {30, true}, {31, true},
		{32, false}, {41, false}, {42, true}, {99, false},
	} {
		if got := js.has(tt.id); got != tt.want {
			t.Errorf("junction(%d) = %v, want %v", tt.id, got, tt.want)
		}
	}
}

// TestJunctionsInBuckets: the junctions of a network too large for one
// sort are found a hash bucket at a time, sorted, as in one.
func TestJunctionsInBuckets(t *testing.T) {
	var net Network
	const bucketRefs = 1000
	var ways [][]int64
	for i := range 2000 {
		id := int64(i * 7)
		ways = append(ways, []int64{id, id + 1_000_000_000, id + 3, id + 2_000_000_000})
		net.AddWay(NetWay{}, ways[i], nil)
	}
	js := junctionsOf(&net, bucketRefs, nil)
	if !slices.IsSorted(js) {
		t.Fatal("junctions not sorted")
	}

	want := 0
	seen := map[int64]int{}
	for _, nodes := range ways {
		for k, id := range nodes {
			seen[id]++
			if k == 0 || k == len(nodes)-1 {
				seen[id]++
			}
		}
	}
	for _, c := range seen {
		if c >= 2 {
			want++
		}
	}
	if len(js) != want {
		t.Errorf("%d junctions, want %d", len(js), want)
	}
	for _, id := range js {
		if seen[id] < 2 {
			t.Fatalf("%d is no junction", id)
		}
	}
}

// TestBuildTakesGeometry: Build leaves the ways' node ids and points to
// the graph (gone from the network afterwards) and the graph has every
// point.
func TestBuildTakesGeometry(t *testing.T) {
	net := &Network{Profile: Driving, Barriers: map[int64]bool{}, Signals: map[int64]bool{}}
	net.AddWay(NetWay{ID: 1, Forward: 50, Backward: 50, Class: ClassResidential},
		[]int64{1, 2, 3}, []orb.Point{{9.5, 47.1}, {9.501, 47.1}, {9.502, 47.1}})
	g, _, err := Build(context.Background(), net, nil)
	if err != nil {
		t.Fatal(err)
	}
	if net.WayNodes.Len() != 0 || net.WayNodes.Bytes() != 0 || net.points != nil {
		t.Errorf("way geometry kept after Build")
	}
	if got := len(g.pts); got != 3 {
		t.Errorf("graph has %d points, want 3", got)
	}
}

// TestTurningPlaceUTurns: a car may turn round where the road goes on only
// at a turning place (OSRM's turning_circle, turning_loop,
// mini_roundabout) that is a junction, in both directions; at the dead
// ends always.
func TestTurningPlaceUTurns(t *testing.T) {
	for _, tt := range []struct {
		name    string
		turning map[int64]bool
		want    int // u-turn transitions
	}{
		{"no turning place: the dead ends only", nil, 2},
		{"a turning place where the ways meet", map[int64]bool{2: true}, 4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			net := networkOf(&Network{Profile: Driving, TurningPlaces: tt.turning},
				testWay{NetWay{ID: 1, Forward: 50, Backward: 50, Class: ClassPrimary}, []int64{1, 2}, []orb.Point{{9.5, 47.1}, {9.501, 47.1}}, ""},
				testWay{NetWay{ID: 2, Forward: 50, Backward: 50, Class: ClassPrimary}, []int64{2, 3}, []orb.Point{{9.501, 47.1}, {9.502, 47.1}}, ""},
			)
			g, _, err := Build(context.Background(), net, nil)
			if err != nil {
				t.Fatal(err)
			}
			uturns := 0
			for a := uint32(0); a < uint32(len(g.aW)); a++ {
				ea, ba := arcEdge(g, a)
				for k := g.tOff[a]; k < g.tOff[a+1]; k++ {
					if eo, bo := arcEdge(g, g.origArc(g.tTo[k])); eo == ea && bo != ba {
						uturns++
					}
				}
			}
			if uturns != tt.want {
				t.Errorf("u-turn transitions = %d, want %d", uturns, tt.want)
			}
		})
	}
}

// TestDuplicateSegments: of ways sharing a segment in the same node order,
// each direction stays on one (OSRM's: the fastest, then the name sorting
// first, named before unnamed); a segment shared in opposite orders stays
// on both.
func TestDuplicateSegments(t *testing.T) {
	way := func(id int64, name string, fwd, bwd float64, nodes ...int64) testWay {
		pts := make([]orb.Point, len(nodes))
		for i := range pts {
			pts[i] = orb.Point{9.5 + float64(nodes[i])*0.001, 47.1}
		}
		return testWay{NetWay{ID: id, Forward: fwd, Backward: bwd}, nodes, pts, name}
	}
	tests := []struct {
		name string
		ways []testWay
		want map[[2]int32]uint8
	}{
		{"the name sorting first keeps both directions",
			[]testWay{way(1, "icde", 50, 50, 9, 3, 4, 5), way(2, "cde", 50, 50, 3, 4, 5)},
			map[[2]int32]uint8{{0, 2}: 3, {0, 3}: 3}},
		{"a named way before an unnamed one",
			[]testWay{way(1, "", 50, 50, 1, 2), way(2, "Main", 50, 50, 1, 2)},
			map[[2]int32]uint8{{0, 1}: 3}},
		{"the fastest per direction",
			[]testWay{way(1, "A", 50, 30, 1, 2), way(2, "B", 40, 40, 1, 2)},
			map[[2]int32]uint8{{0, 1}: 2, {1, 1}: 1}},
		{"a closed direction keeps nothing",
			[]testWay{way(1, "A", 50, 0, 1, 2), way(2, "B", 50, 50, 1, 2)},
			map[[2]int32]uint8{{0, 1}: 2, {1, 1}: 1}},
		{"opposite node orders stay apart",
			[]testWay{way(1, "A", 50, 50, 1, 2), way(2, "B", 50, 50, 2, 1)},
			map[[2]int32]uint8{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			net := networkOf(&Network{}, tt.ways...)
			if got := duplicateSegments(net, junctionsOf(net, junctionBucketRefs, nil)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("duplicateSegments = %v, want %v", got, tt.want)
			}
		})
	}
}
