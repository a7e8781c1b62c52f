package pack_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine/pack"
	"waymark/engine/route"
	"waymark/internal/testpacks"
)

func openPackWith(t *testing.T, path string, opts pack.Options) *pack.Pack {
	t.Helper()
	pk, err := pack.OpenWith(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pk.Close() })
	if err := pk.WaitGraphs(); err != nil {
		t.Fatal(err)
	}
	return pk
}

// routeAnswers routes n seeded random pairs of the pack's home area with
// each profile and returns the answers (or errors) as JSON.
func routeAnswers(t *testing.T, pk *pack.Pack, n int) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	var out []string
	for _, prof := range route.Profiles {
		g := pk.Graph(prof)
		if g == nil {
			t.Fatalf("no %s graph", prof)
		}
		out = append(out, graphAnswers(g, rng, pk.Info.Home, n)...)
	}
	return out
}

// graphAnswers routes n random pairs of b (drawn from rng) on g.
func graphAnswers(g *route.Graph, rng *rand.Rand, b orb.Bound, n int) []string {
	point := func() orb.Point {
		return orb.Point{b.Min[0] + rng.Float64()*(b.Max[0]-b.Min[0]), b.Min[1] + rng.Float64()*(b.Max[1]-b.Min[1])}
	}
	var out []string
	for i := 0; i < n; i++ {
		p, q := point(), point()
		s, err1 := g.Snap(p, route.SnapOptions{Radius: 3000})
		u, err2 := g.Snap(q, route.SnapOptions{Radius: 3000})
		if err1 != nil || err2 != nil {
			out = append(out, "snap failed")
			continue
		}
		rs, err := g.Route(context.Background(), []route.Snap{s[0], u[0]}, route.RouteOptions{Output: route.Output{Steps: true, Overview: route.OverviewFull}})
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		j, _ := json.Marshal(rs)
		out = append(out, string(j))
	}
	return out
}

func sameAnswers(t *testing.T, what string, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d answers, want %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: answer %d differs:\n got  %.300s\n want %.300s", what, i, got[i], want[i])
		}
	}
}

func imagesOf(packFile string) []string {
	var out []string
	for _, p := range route.Profiles {
		out = append(out, packFile+"."+p.String()+".graph")
	}
	return out
}

// TestGraphImages: the first open writes an image of each graph beside
// the pack and routes from it; the next open maps the images without
// writing them; answers are the decoded graphs' in every case, also when
// an image is of another build, cut short, or cannot be written.
func TestGraphImages(t *testing.T) {
	packFile := testpacks.Copy(t, "monaco")
	want := routeAnswers(t, openPackWith(t, packFile, pack.Options{DecodeGraphs: true}), 100)
	for _, img := range imagesOf(packFile) {
		if _, err := os.Stat(img); !os.IsNotExist(err) {
			t.Fatalf("decoding wrote %s (%v)", img, err)
		}
	}

	first := openPackWith(t, packFile, pack.Options{})
	if err := first.GraphImageErr(); err != nil {
		t.Fatal(err)
	}
	stamps := map[string]time.Time{}
	for _, img := range imagesOf(packFile) {
		st, err := os.Stat(img)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o644 {
			t.Errorf("%s has mode %v, want 0644", img, st.Mode().Perm())
		}
		stamps[img] = st.ModTime()
	}
	for _, p := range route.Profiles {
		if !first.Graph(p).Mapped() {
			t.Errorf("first open: the %s graph is not the mapped image", p)
		}
	}
	sameAnswers(t, "first open", routeAnswers(t, first, 100), want)

	time.Sleep(10 * time.Millisecond) // a rewrite would show in the time stamps
	second := openPackWith(t, packFile, pack.Options{})
	for _, p := range route.Profiles {
		if !second.Graph(p).Mapped() {
			t.Errorf("second open: the %s graph is not mapped", p)
		}
	}
	for img, at := range stamps {
		if st, err := os.Stat(img); err != nil || !st.ModTime().Equal(at) {
			t.Errorf("second open wrote %s again (%v)", img, err)
		}
	}
	sameAnswers(t, "second open", routeAnswers(t, second, 100), want)

	// An image of another pack's build, and one cut short, are written again.
	other := testpacks.Copy(t, "liechtenstein")
	openPackWith(t, other, pack.Options{})
	imgs, otherImgs := imagesOf(packFile), imagesOf(other)
	copyFile(t, otherImgs[0], imgs[0])
	data, err := os.ReadFile(imgs[1])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(imgs[1], data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	third := openPackWith(t, packFile, pack.Options{})
	if err := third.GraphImageErr(); err != nil {
		t.Fatal(err)
	}
	sameAnswers(t, "replaced images", routeAnswers(t, third, 100), want)
	if again, err := os.ReadFile(imgs[1]); err != nil || len(again) != len(data) {
		t.Errorf("the cut image was not written again: %d bytes (%v), want %d", len(again), err, len(data))
	}

	// An image that cannot be written (here: a directory holds its
	// name; read-only media in use) leaves the graph decoded.
	for _, img := range imgs {
		if err := os.Remove(img); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(img, "x"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	fourth := openPackWith(t, packFile, pack.Options{})
	if fourth.GraphImageErr() == nil {
		t.Error("no error for images that cannot be written")
	}
	for _, p := range route.Profiles {
		if fourth.Graph(p).Mapped() {
			t.Errorf("the %s graph is mapped from an image that cannot be there", p)
		}
	}
	sameAnswers(t, "images not written", routeAnswers(t, fourth, 100), want)
	if leftover, _ := filepath.Glob(filepath.Join(filepath.Dir(packFile), ".*tmp*")); len(leftover) > 0 {
		t.Errorf("temporary files left: %v", leftover)
	}
}

// TestGraphImageTempsLeftByKills: writing an image removes the temporary
// image files a killed process left (older than a writer in progress
// could be), not a fresh one another process may be writing.
func TestGraphImageTempsLeftByKills(t *testing.T) {
	packFile := testpacks.Copy(t, "monaco")
	dir, base := filepath.Split(packFile)
	stale := filepath.Join(dir, "."+base+".driving.graph.tmp111")
	fresh := filepath.Join(dir, "."+base+".driving.graph.tmp222")
	for _, p := range []string{stale, fresh} {
		if err := os.WriteFile(p, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	openPackWith(t, packFile, pack.Options{})
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale temporary file is still there (%v)", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("the fresh temporary file went: %v", err)
	}
}

// TestGraphImagesInWorkingDirectory: a pack named without a directory
// gets its images beside it, not in the system's temporary directory.
func TestGraphImagesInWorkingDirectory(t *testing.T) {
	packFile := testpacks.Copy(t, "monaco")
	t.Chdir(filepath.Dir(packFile))
	pk := openPackWith(t, filepath.Base(packFile), pack.Options{})
	if err := pk.GraphImageErr(); err != nil {
		t.Fatal(err)
	}
	for _, img := range imagesOf(packFile) {
		if _, err := os.Stat(img); err != nil {
			t.Errorf("no image beside the pack: %v", err)
		}
	}
}

// TestRemoveImages removes a pack's images and only them.
func TestRemoveImages(t *testing.T) {
	packFile := testpacks.Copy(t, "monaco")
	if err := openEngine(t, packFile).ImageErr(); err != nil { // all images written
		t.Fatal(err)
	}
	if err := pack.RemoveImages(packFile); err != nil {
		t.Fatal(err)
	}
	for _, img := range append(imagesOf(packFile), packFile+".autocomplete", packFile+".nearby") {
		if _, err := os.Stat(img); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v)", img, err)
		}
	}
	if _, err := os.Stat(packFile); err != nil {
		t.Errorf("the pack went too: %v", err)
	}
	if err := pack.RemoveImages(packFile); err != nil {
		t.Errorf("removing images that are not there: %v", err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGraphsReadyEach: a pack's graphs are ready one by one, so one that
// cannot be loaded (its stored encoding damaged, no image) leaves the
// other routing: the driving graph mapped from its image answers as the
// intact pack's, the walking one is absent, and WaitGraphs says why.
func TestGraphsReadyEach(t *testing.T) {
	packFile := testpacks.Copy(t, "monaco")
	want := routeAnswers(t, openPackWith(t, packFile, pack.Options{}), 50) // writes the images
	db, err := sql.Open("sqlite3", packFile)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE graph_parts SET data = x'00' WHERE profile = 'walking'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := os.Remove(packFile + ".walking.graph"); err != nil {
		t.Fatal(err)
	}
	pk, err := pack.Open(packFile)
	if err != nil {
		t.Fatal(err)
	}
	defer pk.Close()
	g := pk.Graph(route.Driving)
	if g == nil || !g.Mapped() {
		t.Fatal("the driving graph is not served from its image")
	}
	if pk.Graph(route.Walking) != nil {
		t.Error("a damaged walking graph is served")
	}
	if err := pk.WaitGraphs(); err == nil || !strings.Contains(err.Error(), "walking") {
		t.Errorf("WaitGraphs = %v, want the walking graph's error", err)
	}
	if route.Profiles[0] != route.Driving {
		t.Fatal("routeAnswers no longer starts with driving")
	}
	got := graphAnswers(g, rand.New(rand.NewPCG(3, 4)), pk.Info.Home, 50)
	sameAnswers(t, "driving beside a damaged walking graph", got, want[:len(got)])
}
