package route

import (
	"context"
	"testing"

	"github.com/paulmach/orb"
)

// TestSnapTiesAtCrossing: an input on two roads that cross without a node
// (a bridge) ties the two, whether or not the snap lies on a vertex; an
// input off the road ties nothing mid-segment.
func TestSnapTiesAtCrossing(t *testing.T) {
	pt := func(x, y float64) orb.Point { return orb.Point{9.5 + x*0.0001, 47.1 + y*0.0001} }
	net := networkOf(&Network{Profile: Walking},
		testWay{NetWay{ID: 1, Forward: 5, Backward: 5}, []int64{1, 2}, []orb.Point{pt(0, 0), pt(2, 0)}, ""},
		testWay{NetWay{ID: 2, Forward: 5, Backward: 5}, []int64{3, 4}, []orb.Point{pt(1, -1), pt(1, 1)}, ""},
		testWay{NetWay{ID: 3, Forward: 5, Backward: 5}, []int64{2, 4}, []orb.Point{pt(2, 0), pt(1, 1)}, ""},
	)
	g, _, err := Build(context.Background(), net, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		p    orb.Point
		ties int
	}{
		{"on the crossing", pt(1, 0), 1},
		{"beside the crossing", pt(1.02, 0.03), 0},
		{"mid-road", pt(0.5, 0), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := g.Snap(tt.p, SnapOptions{Ties: true})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(s[0].Ties); got != tt.ties {
				t.Errorf("Snap(%v) has %d ties, want %d", tt.p, got, tt.ties)
			}
		})
	}
}
