package route

import (
	"context"
	"testing"

	"github.com/paulmach/orb"
)

// TestCountNodes: a node ends an edge (count ≥ 2) where ways meet, at way
// ends, barriers and restriction via nodes, and not in the middle of one
// way.
func TestCountNodes(t *testing.T) {
	net := &Network{
		Ways: []NetWay{
			{ID: 1, Nodes: []int64{10, 11, 12, 13}},
			{ID: 2, Nodes: []int64{20, 12, 21}},
			{ID: 3, Nodes: []int64{30, 31, 32, 30}}, // closed
		},
		Barriers:     map[int64]bool{21: true, 31: true},
		Restrictions: []Restriction{{From: 1, ViaNode: 11, To: 2}},
	}
	c := countNodes(net)
	for _, tt := range []struct {
		id   int64
		want int
	}{
		{10, 2}, {11, 3}, {12, 2}, {13, 2}, {20, 2}, {21, 4}, {30, 4}, {31, 3}, {32, 1}, {99, 0},
	} {
		if got := c.get(tt.id); got != tt.want {
			t.Errorf("count(%d) = %d, want %d", tt.id, got, tt.want)
		}
	}
}

// TestBuildTakesGeometry: Build leaves the ways' node and point slices to
// the graph (nil afterwards) and the graph has every point.
func TestBuildTakesGeometry(t *testing.T) {
	net := &Network{Profile: Driving, Barriers: map[int64]bool{}, Signals: map[int64]bool{}, Ways: []NetWay{{
		ID: 1, Nodes: []int64{1, 2, 3}, Points: []orb.Point{{9.5, 47.1}, {9.501, 47.1}, {9.502, 47.1}},
		Forward: 50, Backward: 50, Class: ClassResidential,
	}}}
	g, _, err := Build(context.Background(), net, nil)
	if err != nil {
		t.Fatal(err)
	}
	if net.Ways[0].Nodes != nil || net.Ways[0].Points != nil {
		t.Errorf("way geometry kept after Build")
	}
	if got := len(g.pts); got != 3 {
		t.Errorf("graph has %d points, want 3", got)
	}
}
