package geocode

import (
	"testing"

	"github.com/paulmach/orb"
)

// nominatimRing is the ring of building W297699572 as Nominatim's API test
// (reverse/geometry.feature) prints it.
var nominatimRing = orb.Ring{{9.5225302, 47.138066}, {9.5225348, 47.1379282}, {9.5226142, 47.1379294}, {9.5226143, 47.1379257},
	{9.522615, 47.137917}, {9.5226225, 47.1379098}, {9.5226334, 47.1379052}, {9.5226461, 47.1379037}, {9.5226588, 47.1379056},
	{9.5226693, 47.1379107}, {9.5226762, 47.1379181}, {9.5226762, 47.1379268}, {9.5226761, 47.1379308}, {9.5227366, 47.1379317},
	{9.5227352, 47.1379753}, {9.5227608, 47.1379757}, {9.5227595, 47.1380148}, {9.5227355, 47.1380145}, {9.5227337, 47.1380692},
	{9.5225302, 47.138066}}

func TestSimplifyCollapsedRingKeepsTriangle(t *testing.T) {
	got := Simplify(orb.Polygon{nominatimRing}, 0.9).(orb.Polygon)
	if len(got) != 1 || len(got[0]) != 4 || got[0][0] != got[0][3] {
		t.Fatalf("Simplify(ring, 0.9) = %v, want a closed 4-point ring", got)
	}
	if got[0][0] != nominatimRing[0] {
		t.Errorf("first vertex %v, want the ring's first %v", got[0][0], nominatimRing[0])
	}
}
