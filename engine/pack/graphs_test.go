package pack_test

import (
	"testing"

	"waymark/engine/pack"
	"waymark/engine/route"
	"waymark/internal/testpacks"
)

// TestGraphsLoaded: GraphsLoaded says, without waiting, whether the
// graphs' load has ended: at once for a pack opened without graphs, and
// once WaitGraphs returns for one whose graphs load (the engine's
// geocoding asks it so as not to wait for routing).
func TestGraphsLoaded(t *testing.T) {
	path := testpacks.Path(t, "monaco")
	none, err := pack.OpenWith(path, pack.Options{NoGraphs: true})
	if err != nil {
		t.Fatal(err)
	}
	defer none.Close()
	if !none.GraphsLoaded() || none.Graph(route.Driving) != nil {
		t.Errorf("NoGraphs: GraphsLoaded = %v, Graph(driving) = %v; want true and nil", none.GraphsLoaded(), none.Graph(route.Driving))
	}
	pk, err := pack.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer pk.Close()
	if err := pk.WaitGraphs(); err != nil {
		t.Fatal(err)
	}
	if !pk.GraphsLoaded() || pk.Graph(route.Driving) == nil {
		t.Errorf("after WaitGraphs: GraphsLoaded = %v, want true with a driving graph", pk.GraphsLoaded())
	}
}
