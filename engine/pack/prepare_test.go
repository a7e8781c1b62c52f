package pack_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"waymark/engine/pack"
	"waymark/engine/route"
	"waymark/internal/testpacks"
)

// TestWriteImages: WriteImages writes every image of a pack, and the next
// open maps them all without writing any again, with the same answers as
// a pack whose first open writes them; with a heap too small for a graph's
// decoding it writes the place images and leaves the graphs, saying so.
func TestWriteImages(t *testing.T) {
	fresh := testpacks.Copy(t, "monaco")
	wantRoutes := routeAnswers(t, openPackWith(t, fresh, pack.Options{}), 100)
	wantPlaces := placeAnswers(t, openEngine(t, fresh))

	packFile := testpacks.Copy(t, "monaco")
	rep, err := pack.WriteImages(context.Background(), packFile, 0)
	if err != nil {
		t.Fatal(err)
	}
	all := append([]string{packFile + ".autocomplete", packFile + ".nearby", packFile + ".reverse"}, imagesOf(packFile)...)
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
	pk := openPackWith(t, packFile, pack.Options{})
	for _, p := range route.Profiles {
		if !pk.Graph(p).Mapped() {
			t.Errorf("the %s graph is not mapped from its image", p)
		}
	}
	sameAnswers(t, "routes after WriteImages", routeAnswers(t, pk, 100), wantRoutes)
	sameAnswers(t, "places after WriteImages", placeAnswers(t, openEngine(t, packFile)), wantPlaces)
	for img, at := range stamps {
		if st, err := os.Stat(img); err != nil || !st.ModTime().Equal(at) {
			t.Errorf("the open after WriteImages wrote %s again (%v)", img, err)
		}
	}

	small := testpacks.Copy(t, "monaco")
	rep, err = pack.WriteImages(context.Background(), small, 1<<20)
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
