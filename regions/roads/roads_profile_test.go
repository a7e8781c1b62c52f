package roads

import (
	"strings"
	"testing"

	"github.com/paulmach/osm"
)

// TestCarRestrictedAndNoEnds: which directions of a way are open to cars
// only at a route's ends (car.lua's restricted flags), and which ways are
// no route's end (its startpoint handler).
func TestCarRestrictedAndNoEnds(t *testing.T) {
	tests := []struct {
		tags             string
		fwd, bwd, noEnds bool
	}{
		{"highway=residential", false, false, false},
		{"highway=residential access=destination", true, true, false},
		{"highway=residential motor_vehicle:forward=destination", true, false, false},
		{"highway=residential access=private", true, true, false},
		{"highway=service access=private", true, true, true},
		{"highway=service access=delivery", true, true, false},
		{"highway=service access=customers;private", true, true, false},
		{"highway=motorway hov=designated", true, true, false},
		{"highway=primary access=permit", true, true, false},
		{"highway=primary motorcar=yes access=private", false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.tags, func(t *testing.T) {
			var tags osm.Tags
			for _, kv := range strings.Fields(tt.tags) {
				k, v, _ := strings.Cut(kv, "=")
				tags = append(tags, osm.Tag{Key: k, Value: v})
			}
			fwd, bwd := carRestricted(tags)
			if fwd != tt.fwd || bwd != tt.bwd {
				t.Errorf("carRestricted = %v, %v, want %v, %v", fwd, bwd, tt.fwd, tt.bwd)
			}
			if got := carNoEnds(tags); got != tt.noEnds {
				t.Errorf("carNoEnds = %v, want %v", got, tt.noEnds)
			}
		})
	}
}
