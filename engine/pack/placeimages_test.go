package pack_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode/tagfilter"
	"waymark/internal/testpacks"
)

// tagFilters parses tag filters with parse.
func tagFilters(t *testing.T, parse func(string) (tagfilter.Filter, error), specs ...string) []tagfilter.Filter {
	t.Helper()
	var out []tagfilter.Filter
	for _, s := range specs {
		f, err := parse(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

// autocompleteAnswers asks n seeded random autocomplete queries (prefixes
// of the pack's words, with and without filters and viewboxes, which
// read every document attribute) and returns the answers as JSON.
func autocompleteAnswers(t *testing.T, e *engine.Engine, n int) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	texts := []string{"Vaduz", "Schaan", "Landstrasse 12", "Städtle", "Triesenberg", "Rathaus", "9490", "Kirch", "Balzres", "Hotel", "Bahnhof", "Monte", "Avenue", "Boulevard des Moulins"}
	tags := tagFilters(t, tagfilter.Parse, "place:*,highway:*,amenity:restaurant", "boundary:administrative,amenity:*", "!highway:*")
	b := orb.Bound{Min: orb.Point{9.49, 47.06}, Max: orb.Point{9.57, 47.24}} // LI's valley, for viewboxes
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
		out = append(out, answerJSON(e.Autocomplete(context.Background(), q)))
	}
	return out
}

// nearbyAnswers asks n seeded random nearby queries (with and without tag
// filters, which read every kind) and returns the answers as JSON.
func nearbyAnswers(t *testing.T, e *engine.Engine, n int) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	tags := tagFilters(t, tagfilter.ParseNearby, "amenity:*", "!highway:*", "place:town,boundary:administrative")
	b := orb.Bound{Min: orb.Point{9.49, 47.06}, Max: orb.Point{9.57, 47.24}} // LI's valley
	var out []string
	for range n {
		q := engine.NearbyQuery{
			Point:  orb.Point{b.Min[0] + rng.Float64()*(b.Max[0]-b.Min[0]), b.Min[1] + rng.Float64()*(b.Max[1]-b.Min[1])},
			Radius: []float64{100, 1000, 5000}[rng.IntN(3)], Limit: 1 + rng.IntN(20),
		}
		if rng.IntN(2) == 0 {
			q.Tag = tags[rng.IntN(len(tags))]
		}
		out = append(out, answerJSON(e.Nearby(context.Background(), q)))
	}
	return out
}

// reverseAnswers asks n seeded random reverse queries at street zooms
// (which read the reverse index) and returns the answers as JSON.
func reverseAnswers(e *engine.Engine, n int) []string {
	rng := rand.New(rand.NewPCG(9, 10))
	b := orb.Bound{Min: orb.Point{9.49, 47.06}, Max: orb.Point{9.57, 47.24}} // LI's valley
	var out []string
	for range n {
		q := engine.ReverseRequest{
			Point: orb.Point{b.Min[0] + rng.Float64()*(b.Max[0]-b.Min[0]), b.Min[1] + rng.Float64()*(b.Max[1]-b.Min[1])},
			Zoom:  16 + rng.IntN(3),
		}
		out = append(out, answerJSON(e.Reverse(context.Background(), q)))
	}
	return out
}

// answerJSON is an answer as JSON, or its error.
func answerJSON(res any, err error) string {
	if err != nil {
		return err.Error()
	}
	j, _ := json.Marshal(res)
	return string(j)
}

// placeAnswers are the autocomplete, nearby and reverse answers of e.
func placeAnswers(t *testing.T, e *engine.Engine) []string {
	return append(append(autocompleteAnswers(t, e, 300), nearbyAnswers(t, e, 300)...), reverseAnswers(e, 300)...)
}

func openEngine(t *testing.T, packFile string) *engine.Engine {
	t.Helper()
	e, err := engine.Open(packFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	if err := e.WarmPlaces(context.Background()); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestPlaceImages: autocomplete, nearby and reverse indexes that cannot
// have their images written are loaded from the pack (and say why); the first open
// that can writes the images, and later opens map them without writing
// them again; an image of another build or cut short is written again.
// Answers are the loaded indexes' in every case.
func TestPlaceImages(t *testing.T) {
	packFile := testpacks.Copy(t, "liechtenstein")
	imgs := []string{packFile + ".autocomplete", packFile + ".nearby", packFile + ".reverse"}
	for _, img := range imgs {
		if err := os.MkdirAll(filepath.Join(img, "x"), 0o755); err != nil { // a directory holds its name
			t.Fatal(err)
		}
	}
	loaded := openEngine(t, packFile)
	if err := loaded.ImageErr(); err == nil || !strings.Contains(err.Error(), "autocomplete") || !strings.Contains(err.Error(), "nearby") || !strings.Contains(err.Error(), "reverse") {
		t.Errorf("ImageErr = %v, want the three images named", err)
	}
	want := placeAnswers(t, loaded)
	for _, img := range imgs {
		if err := os.RemoveAll(img); err != nil {
			t.Fatal(err)
		}
	}

	first := openEngine(t, packFile)
	if err := first.ImageErr(); err != nil {
		t.Fatal(err)
	}
	stats := map[string]os.FileInfo{}
	for _, img := range imgs {
		st, err := os.Stat(img)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o644 {
			t.Errorf("%s has mode %v, want 0644", img, st.Mode().Perm())
		}
		stats[img] = st
	}
	sameAnswers(t, "first open", placeAnswers(t, first), want)

	time.Sleep(10 * time.Millisecond) // a rewrite would show in the time stamps
	second := openEngine(t, packFile)
	for img, st := range stats {
		if st2, err := os.Stat(img); err != nil || !st2.ModTime().Equal(st.ModTime()) {
			t.Errorf("second open wrote %s again (%v)", img, err)
		}
	}
	sameAnswers(t, "second open", placeAnswers(t, second), want)

	// An image of another pack's build, and one cut short, are written again.
	other := testpacks.Copy(t, "monaco")
	openEngine(t, other)
	for _, img := range imgs {
		copyFile(t, other+filepath.Ext(img), img)
	}
	third := openEngine(t, packFile)
	sameAnswers(t, "images of another build", placeAnswers(t, third), want)
	for img, st := range stats {
		data, err := os.ReadFile(img)
		if err != nil || len(data) != int(st.Size()) {
			t.Fatalf("the other build's %s was not written again: %d bytes (%v), want %d", img, len(data), err, st.Size())
		}
		if err := os.WriteFile(img, data[:len(data)/2], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fourth := openEngine(t, packFile)
	sameAnswers(t, "cut images", placeAnswers(t, fourth), want)
	for img, st := range stats {
		if again, err := os.ReadFile(img); err != nil || len(again) != int(st.Size()) {
			t.Errorf("the cut %s was not written again: %d bytes (%v), want %d", img, len(again), err, st.Size())
		}
	}
	if leftover, _ := filepath.Glob(filepath.Join(filepath.Dir(packFile), ".*tmp*")); len(leftover) > 0 {
		t.Errorf("temporary files left: %v", leftover)
	}
}
