package engine_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"waymark/engine"
	"waymark/engine/route"
)

// TestWriteImages: WriteImages writes every image of a pack, and the next
// open maps them all without writing any again, with the same answers as
// a pack whose first open writes them; with a heap too small for a graph's
// decoding it writes the place images and leaves the graphs, saying so.
func TestWriteImages(t *testing.T) {
	fresh := copyPack(t, "monaco")
	wantRoutes := routeAnswers(t, openPackWith(t, fresh, engine.PackOptions{}), 100)
	wantPlaces := placeAnswers(t, openEngine(t, fresh))

	pack := copyPack(t, "monaco")
	rep, err := engine.WriteImages(context.Background(), pack, 0)
	if err != nil {
		t.Fatal(err)
	}
	all := append([]string{pack + ".autocomplete", pack + ".nearby", pack + ".reverse"}, imagesOf(pack)...)
	if len(rep.Written) != len(all) || len(rep.Left) != 0 {
		t.Errorf("report %+v, want the %d images written", rep, len(all))
	}
	stamps := map[string]time.Time{}
	for _, img := range all {
		st, err := os.Stat(img)
		if err != nil {
			t.Fatal(err)
		}
		stamps[img] = st.ModTime()
	}
	time.Sleep(10 * time.Millisecond) // a rewrite would show in the time stamps
	pk := openPackWith(t, pack, engine.PackOptions{})
	for _, p := range route.Profiles {
		if !pk.Graph(p).Mapped() {
			t.Errorf("the %s graph is not mapped from its image", p)
		}
	}
	sameAnswers(t, "routes after WriteImages", routeAnswers(t, pk, 100), wantRoutes)
	sameAnswers(t, "places after WriteImages", placeAnswers(t, openEngine(t, pack)), wantPlaces)
	for img, at := range stamps {
		if st, err := os.Stat(img); err != nil || !st.ModTime().Equal(at) {
			t.Errorf("the open after WriteImages wrote %s again (%v)", img, err)
		}
	}

	small := copyPack(t, "monaco")
	rep, err = engine.WriteImages(context.Background(), small, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Written) != 3 || len(rep.Left) != len(route.Profiles) || !strings.Contains(rep.Left[0], "graph") {
		t.Errorf("with 1 MB of heap: report %+v, want the 3 place images written and the graphs left", rep)
	}
	for _, img := range imagesOf(small) {
		if _, err := os.Stat(img); !os.IsNotExist(err) {
			t.Errorf("%s written with 1 MB of heap (%v)", img, err)
		}
	}
	if !slices.Contains(rep.Written, "monaco.waymark.reverse") {
		t.Errorf("written %v, want the reverse index's image", rep.Written)
	}
}

// TestCloseStopsPlaces: Close waits for a reverse index loading in the
// background, runs once, and a warm-up or query after it (a window's
// background warm-up outliving its engine) fails with an error, not a
// panic or a read of a closed pack.
func TestCloseStopsPlaces(t *testing.T) {
	pack := copyPack(t, "monaco")
	e, err := engine.Open(pack)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Reverse(context.Background(), engine.ReverseRequest{Point: e.Packs()[0].Info.Home.Center(), Zoom: 18}); err != nil {
		t.Fatal(err) // starts the reverse index's load
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if !e.Closed() || e.Close() != nil {
		t.Error("Close is not done once")
	}
	if err := e.WarmPlaces(context.Background()); err == nil {
		t.Error("WarmPlaces after Close succeeded")
	}
	if _, err := e.Search(context.Background(), engine.SearchRequest{Query: "Monaco"}); err == nil {
		t.Error("Search after Close succeeded")
	}
}
