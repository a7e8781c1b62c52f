package engine_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode/tagfilter"
)

// autocompleteAnswers asks n seeded random autocomplete queries (prefixes
// of the pack's words, with and without filters and viewboxes, which
// read every document attribute) and returns the answers as JSON.
func autocompleteAnswers(t *testing.T, e *engine.Engine, n int) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	texts := []string{"Vaduz", "Schaan", "Landstrasse 12", "Städtle", "Triesenberg", "Rathaus", "9490", "Kirch", "Balzres", "Hotel", "Bahnhof", "Monte", "Avenue", "Boulevard des Moulins"}
	var tags []tagfilter.Filter
	for _, s := range []string{"place:*,highway:*,amenity:restaurant", "boundary:administrative,amenity:*", "!highway:*"} {
		f, err := tagfilter.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		tags = append(tags, f)
	}
	b := e.Packs()[0].Info.Home
	var out []string
	for range n {
		r := []rune(texts[rng.IntN(len(texts))])
		q := engine.AutocompleteQuery{Text: string(r[:1+rng.IntN(len(r))]), Limit: 1 + rng.IntN(12)}
		switch rng.IntN(5) {
		case 1:
			q.Tag = tags[rng.IntN(len(tags))]
		case 2:
			q.Layers = tagfilter.ParseLayers("address,poi", false)
		case 3:
			q.CountryCodes = []string{[]string{"li", "mc", "ch"}[rng.IntN(3)]}
		case 4:
			c := orb.Point{b.Min[0] + rng.Float64()*(b.Max[0]-b.Min[0]), b.Min[1] + rng.Float64()*(b.Max[1]-b.Min[1])}
			q.Viewbox, q.HasViewbox, q.Bounded = orb.Bound{Min: orb.Point{c[0] - 0.02, c[1] - 0.02}, Max: orb.Point{c[0] + 0.02, c[1] + 0.02}}, true, rng.IntN(2) == 0
		}
		res, err := e.Autocomplete(context.Background(), q)
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		j, _ := json.Marshal(res)
		out = append(out, string(j))
	}
	return out
}

func openEngine(t *testing.T, pack string) *engine.Engine {
	t.Helper()
	e, err := engine.Open(pack)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	if err := e.WarmPlaces(context.Background()); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestCompleterImages: an autocomplete index that cannot have its image
// written is loaded from the pack (and says why); the first open that can
// writes the image, and later opens map it without writing it again; an
// image of another build or cut short is written again. Answers are the
// loaded index's in every case.
func TestCompleterImages(t *testing.T) {
	pack := copyPack(t, "liechtenstein")
	img := pack + ".autocomplete"
	if err := os.MkdirAll(filepath.Join(img, "x"), 0o755); err != nil { // a directory holds its name
		t.Fatal(err)
	}
	loaded := openEngine(t, pack)
	if loaded.ImageErr() == nil {
		t.Error("no error for an image that cannot be written")
	}
	want := autocompleteAnswers(t, loaded, 300)
	if err := os.RemoveAll(img); err != nil {
		t.Fatal(err)
	}

	first := openEngine(t, pack)
	if err := first.ImageErr(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(img)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o644 {
		t.Errorf("%s has mode %v, want 0644", img, st.Mode().Perm())
	}
	sameAnswers(t, "first open", autocompleteAnswers(t, first, 300), want)

	time.Sleep(10 * time.Millisecond) // a rewrite would show in the time stamp
	second := openEngine(t, pack)
	if st2, err := os.Stat(img); err != nil || !st2.ModTime().Equal(st.ModTime()) {
		t.Errorf("second open wrote the image again (%v)", err)
	}
	sameAnswers(t, "second open", autocompleteAnswers(t, second, 300), want)

	// An image of another pack's build, and one cut short, are written again.
	other := copyPack(t, "monaco")
	openEngine(t, other)
	copyFile(t, other+".autocomplete", img)
	third := openEngine(t, pack)
	sameAnswers(t, "image of another build", autocompleteAnswers(t, third, 300), want)
	data, err := os.ReadFile(img)
	if err != nil || len(data) != int(st.Size()) {
		t.Fatalf("the other build's image was not written again: %d bytes (%v), want %d", len(data), err, st.Size())
	}
	if err := os.WriteFile(img, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	fourth := openEngine(t, pack)
	sameAnswers(t, "cut image", autocompleteAnswers(t, fourth, 300), want)
	if again, err := os.ReadFile(img); err != nil || len(again) != len(data) {
		t.Errorf("the cut image was not written again: %d bytes (%v), want %d", len(again), err, len(data))
	}
	if leftover, _ := filepath.Glob(filepath.Join(filepath.Dir(pack), ".*tmp*")); len(leftover) > 0 {
		t.Errorf("temporary files left: %v", leftover)
	}
}
