package ui_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geo"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/testpacks"
	"waymark/internal/testregions"
	"waymark/ui"
	"waymark/ui/state"
)

// Places of the Liechtenstein pack used by the tests.
var (
	vaduz       = orb.Point{9.5209, 47.1410}
	schaan      = orb.Point{9.5096, 47.1652}
	balzers     = orb.Point{9.4965, 47.0664}
	triesenberg = orb.Point{9.5417, 47.1180}
)

// newWindow opens the window on the LI pack with its own config and packs
// directories, as a fresh user would.
func newWindow(t *testing.T) (*ui.Window, string) {
	t.Helper()
	pack := testpacks.Path(t, "liechtenstein")
	test.NewTempApp(t)
	cfg := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	w, err := ui.New(fyne.CurrentApp(), ui.Options{Packs: []string{pack}, ConfigDir: cfg, PacksDir: t.TempDir()})
	if err != nil {
		t.Fatalf("ui.New: %v", err)
	}
	w.ResizeForTest(fyne.NewSize(1280, 800))
	t.Cleanup(w.ShutdownForTest)
	// The window builds the place indexes in the background; wait for them
	// here, so that the tests' time limits do not include building them
	// (slow under the race detector on a loaded machine).
	if eng := w.Engine(); eng != nil {
		if err := eng.WarmPlaces(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return w, cfg
}

// waitFor polls cond until it holds or the time is up.
func waitFor(t *testing.T, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", limit, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestSearchSuggestionsAndDetails(t *testing.T) {
	w, _ := newWindow(t)
	tests := []struct {
		typed     string
		wantFirst string // a suggestion that must be listed
	}{
		{"Vadu", "Vaduz"},
		{"Balz", "Balzers"},
		{"Triesenb", "Triesenberg"},
	}
	for _, tt := range tests {
		t.Run(tt.typed, func(t *testing.T) {
			w.TypeSearchForTest(tt.typed)
			waitFor(t, "suggestions", 10*time.Second, func() bool { return len(w.SuggestionsForTest()) > 0 })
			sugg := w.SuggestionsForTest()
			idx := -1
			for i, s := range sugg {
				if s == tt.wantFirst {
					idx = i
					break
				}
			}
			if idx < 0 {
				t.Fatalf("suggestions for %q = %q, want %q among them", tt.typed, sugg, tt.wantFirst)
			}
			// Arrow down to it and press Enter.
			for i := 0; i <= idx; i++ {
				w.SearchKeyForTest(fyne.KeyDown)
			}
			w.SearchKeyForTest(fyne.KeyReturn)
			title, coords, shown := w.DetailsForTest()
			if !shown || title != tt.wantFirst {
				t.Fatalf("details = %q (shown %v), want %q", title, shown, tt.wantFirst)
			}
			if !strings.Contains(coords, "° N") {
				t.Errorf("coordinates = %q, want degrees", coords)
			}
			if v := w.ViewForTest(); !v.Pad(0.01).Contains(placeOf(tt.wantFirst)) {
				t.Errorf("map view %v does not show %s", v, tt.wantFirst)
			}
			// Esc closes suggestions, then clears the field.
			w.SearchKeyForTest(fyne.KeyEscape)
			w.SearchKeyForTest(fyne.KeyEscape)
			if txt := w.SearchTextForTest(); txt != "" {
				t.Errorf("after Esc the entry holds %q, want it cleared", txt)
			}
		})
	}
}

func placeOf(name string) orb.Point {
	return map[string]orb.Point{"Vaduz": vaduz, "Balzers": balzers, "Triesenberg": triesenberg, "Schaan": schaan}[name]
}

func TestTourOptimize(t *testing.T) {
	tests := []struct {
		name      string
		roundtrip bool
		stops     []string
		wantOrder []string
	}{
		{"open tour keeps the first stop", false, []string{"Vaduz", "Balzers", "Schaan"}, []string{"Vaduz", "Schaan", "Balzers"}},
		{"round trip", true, []string{"Schaan", "Balzers", "Vaduz", "Triesenberg"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, _ := newWindow(t)
			w.SetRoundtripForTest(tt.roundtrip)
			for _, s := range tt.stops {
				w.AddStopForTest(placeOf(s), s)
			}
			var d0, t0 float64
			waitFor(t, "route", 30*time.Second, func() bool {
				var ok bool
				d0, t0, _, _, ok = w.TourForTest()
				return ok
			})
			if !w.OptimizeEnabledForTest() {
				t.Fatal("Optimize is disabled with 3+ stops")
			}
			w.OptimizeForTest()
			var d1, t1 float64
			var totals string
			var legs int
			waitFor(t, "optimized route", 30*time.Second, func() bool {
				var ok bool
				d1, t1, totals, legs, ok = w.TourForTest()
				return ok
			})
			got := w.TourStopsForTest()
			if got[0] != tt.stops[0] {
				t.Errorf("first stop after optimize = %q, want %q kept", got[0], tt.stops[0])
			}
			if tt.wantOrder != nil && strings.Join(got, ",") != strings.Join(tt.wantOrder, ",") {
				t.Errorf("order after optimize = %q, want %q", got, tt.wantOrder)
			}
			if t1 > t0+1 {
				t.Errorf("optimized duration %.0f s is longer than the given order's %.0f s", t1, t0)
			}
			wantLegs := len(tt.stops) - 1
			if tt.roundtrip {
				wantLegs++
			}
			if legs != wantLegs {
				t.Errorf("%d legs listed for stops %q, want %d", legs, got, wantLegs)
			}
			if !strings.Contains(totals, "km") || !strings.Contains(totals, "min") {
				t.Errorf("totals = %q, want distance and duration", totals)
			}
			t.Logf("%s: %.1f km %.0f s -> %.1f km %.0f s (%s)", tt.name, d0/1000, t0, d1/1000, t1, totals)
		})
	}
}

func TestServerToggle(t *testing.T) {
	w, cfg := newWindow(t)
	bound, token, err := w.StartServerForTest("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	state0, _ := w.ServerStateForTest()
	if !strings.Contains(state0, bound) {
		t.Errorf("state = %q, want it to name %s", state0, bound)
	}
	tests := []struct {
		path string
		want int
	}{
		{"/v1/status?key=" + token, http.StatusOK},
		{"/status?format=json&key=" + token, http.StatusOK},
		{"/v1/status", http.StatusUnauthorized},
	}
	for _, tt := range tests {
		resp, err := http.Get("http://" + bound + tt.path)
		if err != nil {
			t.Fatalf("GET %s: %v", tt.path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("GET %s = %d, want %d", tt.path, resp.StatusCode, tt.want)
		}
	}
	waitFor(t, "request count", 5*time.Second, func() bool {
		_, c := w.ServerStateForTest()
		return c == "3 requests"
	})
	w.StopServerForTest()
	if st, _ := w.ServerStateForTest(); st != "Stopped" {
		t.Errorf("state after stop = %q", st)
	}
	ln, err := net.Listen("tcp", bound)
	if err != nil {
		t.Fatalf("port %s still taken after stopping: %v", bound, err)
	}
	ln.Close()
	// The server settings are kept for the next run.
	w.ShutdownForTest()
	st, err := state.Load(cfg)
	if err != nil || st.Server.Token != token || st.Server.Addr != "127.0.0.1:0" {
		t.Errorf("saved server settings = %+v (%v), want token %s", st.Server, err, token)
	}
}

// TestServerOpen: "Open (no key)" is off by default; switched on, the
// server answers requests without a key (a wrong key is still refused),
// the example needs no key, and the setting is kept for the next run.
func TestServerOpen(t *testing.T) {
	w, cfg := newWindow(t)
	if on, example := w.ServerOpenForTest(); on || !strings.Contains(example, "key=") {
		t.Fatalf("open by default = %v (example %q), want off with a key in the example", on, example)
	}
	w.SetServerOpenForTest(true)
	if _, example := w.ServerOpenForTest(); strings.Contains(example, "key=") {
		t.Errorf("example when open = %q, want no key", example)
	}
	bound, token, err := w.StartServerForTest("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path string
		want int
	}{
		{"/status?format=json", http.StatusOK},
		{"/v1/status", http.StatusOK},
		{"/v1/status?key=" + token, http.StatusOK},
		{"/v1/status?key=wrong", http.StatusUnauthorized},
	} {
		resp, err := http.Get("http://" + bound + tt.path)
		if err != nil {
			t.Fatalf("GET %s: %v", tt.path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("GET %s = %d, want %d", tt.path, resp.StatusCode, tt.want)
		}
	}
	w.StopServerForTest()
	w.ShutdownForTest()
	st, err := state.Load(cfg)
	if err != nil || !st.Server.Open {
		t.Errorf("saved server settings = %+v (%v), want Open kept", st.Server, err)
	}
}

// writeTrack writes a GPX track recorded along the route from a to b:
// every few route points, shifted by up to jitter meters, 5 s apart.
func writeTrack(t *testing.T, a, b orb.Point, jitter float64, seed int64) string {
	t.Helper()
	eng, err := engine.Open(testpacks.Path(t, "liechtenstein"))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	res, err := eng.Directions(context.Background(), engine.DirectionsRequest{
		SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: []orb.Point{a, b}},
		Options:     route.RouteOptions{Output: route.Output{Overview: route.OverviewFull}},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("track seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	var sb strings.Builder
	sb.WriteString(`<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><name>Test drive</name><trkseg>`)
	start := time.Date(2024, 5, 1, 8, 0, 0, 0, time.UTC)
	n := 0
	line := res.Routes[0].Points
	for i := 0; i < len(line); i += 3 {
		p := geo.PointAtBearingAndDistance(line[i], rng.Float64()*360, rng.Float64()*jitter)
		fmt.Fprintf(&sb, `<trkpt lat="%.7f" lon="%.7f"><time>%s</time></trkpt>`, p[1], p[0], start.Add(time.Duration(n)*5*time.Second).Format(time.RFC3339))
		n++
	}
	sb.WriteString(`</trkseg></trk></gpx>`)
	path := filepath.Join(t.TempDir(), "drive.gpx")
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestGPXImportIsMatched(t *testing.T) {
	w, _ := newWindow(t)
	tests := []struct {
		name   string
		a, b   orb.Point
		jitter float64
	}{
		{"Vaduz to Schaan", vaduz, schaan, 8},
		{"Vaduz to Balzers", vaduz, balzers, 15},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeTrack(t, tt.a, tt.b, tt.jitter, int64(i+1))
			name, pts, matchings, meters, err := w.ImportTrackForTest(path)
			if err != nil {
				t.Fatal(err)
			}
			straight := geo.Distance(tt.a, tt.b)
			if name != "Test drive" || pts < 5 || matchings < 1 {
				t.Errorf("import = %q, %d points, %d matchings", name, pts, matchings)
			}
			if meters < straight*0.8 || meters > straight*3 {
				t.Errorf("matched length %.0f m, want about the road distance (straight line %.0f m)", meters, straight)
			}
			if n := w.TracesForTest(); n != 1+matchings {
				t.Errorf("map draws %d traces, want the recording and %d matched", n, matchings)
			}
		})
	}
}

func TestWhatIsHereAndNearby(t *testing.T) {
	w, _ := newWindow(t)
	w.SetViewForTest(vaduz, 16)
	w.SelectTabForTest("Search")
	w.ClickMapForTest(vaduz)
	waitFor(t, "reverse geocoding", 10*time.Second, func() bool {
		_, _, shown := w.DetailsForTest()
		return shown
	})
	title, coords, _ := w.DetailsForTest()
	if title == "" || !strings.HasPrefix(coords, "47.141") {
		t.Errorf("what is here = %q at %q, want a place at the clicked point", title, coords)
	}
	names, err := w.NearbyForTest(vaduz, "restaurant")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Error("no restaurant within 2 km of Vaduz centre")
	}
}

func TestExportTour(t *testing.T) {
	w, _ := newWindow(t)
	w.AddStopForTest(vaduz, "Vaduz")
	w.AddStopForTest(schaan, "Schaan")
	waitFor(t, "route", 30*time.Second, func() bool { _, _, _, _, ok := w.TourForTest(); return ok })
	dir := t.TempDir()
	tests := []struct {
		format string
		magic  string
	}{
		{"gpx", "<?xml"},
		{"geojson", `{"`},
		{"png", "\x89PNG"},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			path := filepath.Join(dir, "tour."+tt.format)
			if err := w.ExportForTest(path, tt.format); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(path)
			if err != nil || !strings.HasPrefix(string(b), tt.magic) || tt.format == "geojson" && !strings.Contains(string(b), `"FeatureCollection"`) {
				t.Errorf("%s starts %q (%v), want %q", path, string(b[:min(len(b), 20)]), err, tt.magic)
			}
		})
	}
}

// tinyExtract is an OSM XML extract of a few streets (regions.Load reads .osm).
const tinyExtract = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="test">
 <node id="1" lat="47.0000" lon="9.0000" version="1" timestamp="2024-01-01T00:00:00Z"/>
 <node id="2" lat="47.0010" lon="9.0000" version="1" timestamp="2024-01-01T00:00:00Z"/>
 <node id="3" lat="47.0010" lon="9.0015" version="1" timestamp="2024-01-01T00:00:00Z"/>
 <node id="4" lat="47.0005" lon="9.0008" version="1" timestamp="2024-01-01T00:00:00Z">
  <tag k="amenity" v="cafe"/><tag k="name" v="Testcafe"/>
 </node>
 <way id="10" version="1" timestamp="2024-01-01T00:00:00Z"><nd ref="1"/><nd ref="2"/><nd ref="3"/>
  <tag k="highway" v="residential"/><tag k="name" v="Teststrasse"/></way>
</osm>`

func TestImportRegion(t *testing.T) {
	w, _ := newWindow(t)
	src := filepath.Join(t.TempDir(), "testland.osm")
	if err := os.WriteFile(src, []byte(tinyExtract), 0o644); err != nil {
		t.Fatal(err)
	}
	before := w.RegionNamesForTest()
	bound, token, err := w.StartServerForTest("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.ImportRegionForTest(src); err != nil {
		t.Fatalf("import: %v", err)
	}
	// The running server now answers from both regions.
	resp, err := http.Get("http://" + bound + "/status?format=json&key=" + token)
	if err != nil {
		t.Fatalf("server after import: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `"testland"`) {
		t.Errorf("server status after import = %s, want the new region listed", body)
	}
	after := w.RegionNamesForTest()
	if len(after) != len(before)+1 || !strings.Contains(strings.Join(after, ","), "Testland") {
		t.Fatalf("regions after import = %q, want %q plus Testland", after, before)
	}
	c := w.MapCenterForTest()
	if math.Abs(c[0]-9.0008) > 0.01 || math.Abs(c[1]-47.0005) > 0.01 {
		t.Errorf("map centre after import = %v, want the new region", c)
	}
}

// TestDropTwoExtractsMakesOneRegion drops two extracts that share a node at
// their border: they become one region, and a tour crosses the border.
func TestDropTwoExtractsMakesOneRegion(t *testing.T) {
	w, _ := newWindow(t)
	dir := t.TempDir()
	node := func(id int, lat, lon float64) string {
		return fmt.Sprintf(`<node id="%d" lat="%.4f" lon="%.4f" version="1" timestamp="2024-01-01T00:00:00Z"/>`, id, lat, lon)
	}
	parts := map[string]string{
		"westland.osm": node(1, 47.0, 9.0) + node(2, 47.0, 9.004) +
			`<way id="10" version="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Weststrasse"/></way>`,
		"eastland.osm": node(2, 47.0, 9.004) + node(3, 47.0, 9.008) +
			`<way id="11" version="1"><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/><tag k="name" v="Oststrasse"/></way>`,
	}
	var paths []string
	for _, name := range []string{"westland.osm", "eastland.osm"} {
		p := filepath.Join(dir, name)
		xml := `<?xml version="1.0" encoding="UTF-8"?><osm version="0.6" generator="test">` + parts[name] + `</osm>`
		if err := os.WriteFile(p, []byte(xml), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	before := w.RegionNamesForTest()
	if err := w.DropExtractsForTest(paths); err != nil {
		t.Fatalf("DropExtractsForTest(%v) = %v", paths, err)
	}
	after := w.RegionNamesForTest()
	if len(after) != len(before)+1 || !strings.Contains(strings.ToLower(strings.Join(after, ",")), "westland-eastland") {
		t.Fatalf("regions after dropping two extracts = %q, want %q plus one westland-eastland region", after, before)
	}
	w.AddStopForTest(orb.Point{9.0, 47.0}, "west end")
	w.AddStopForTest(orb.Point{9.008, 47.0}, "east end")
	var dist float64
	waitFor(t, "route across the border", 30*time.Second, func() bool {
		var ok bool
		dist, _, _, _, ok = w.TourForTest()
		return ok
	})
	if math.Abs(dist-607) > 30 {
		t.Errorf("tour across the border = %.0f m, want ~607 m along both streets", dist)
	}
}

// BenchmarkNewWindow builds the whole window over the LI pack (what a
// start-up costs after the pack is open once).
func BenchmarkNewWindow(b *testing.B) {
	pack := testpacks.Path(b, "liechtenstein")
	test.NewTempApp(b)
	b.Setenv("XDG_CACHE_HOME", b.TempDir())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		w, err := ui.New(fyne.CurrentApp(), ui.Options{Packs: []string{pack}, ConfigDir: b.TempDir(), PacksDir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		w.ShutdownForTest()
	}
}

func TestMapMenuDirectionsNamesStops(t *testing.T) {
	w, _ := newWindow(t)
	w.SetViewForTest(vaduz, 15)
	// Without stops, "Directions to here" asks for the start (never the
	// map centre, which may be the destination itself) ...
	w.DirectionsToForTest(balzers)
	if tab := w.SelectedTabForTest(); tab != "Tour" {
		t.Errorf("tab after Directions to here = %q, want Tour", tab)
	}
	if stops := w.TourStopsForTest(); len(stops) != 1 || !strings.Contains(w.StatusForTest(), "where from?") {
		t.Fatalf("stops = %q, status %q; want Balzers alone and the start asked for", stops, w.StatusForTest())
	}
	// ... which "Directions from here" gives.
	w.DirectionsFromForTest(vaduz)
	waitFor(t, "route", 30*time.Second, func() bool { _, _, _, _, ok := w.TourForTest(); return ok })
	waitFor(t, "stop names", 10*time.Second, func() bool {
		for _, s := range w.TourStopsForTest() {
			if strings.Contains(s, "°") {
				return false
			}
		}
		return true
	})
	stops := w.TourStopsForTest()
	if len(stops) != 2 {
		t.Fatalf("stops = %q, want the clicked start and Balzers", stops)
	}
	t.Logf("stops named %q", stops)
}

func TestDroppedFiles(t *testing.T) {
	w, _ := newWindow(t)
	tests := []struct {
		name    string
		file    string
		content string
		wantTab string
	}{
		{"gpx goes to the tour", "walk.gpx", `<gpx><trk><trkseg><trkpt lat="47.141" lon="9.5209"/><trkpt lat="47.1412" lon="9.5215"/></trkseg></trk></gpx>`, "Tour"},
		{"extract goes to regions", "tiny.osm", tinyExtract, "Regions"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			os.WriteFile(path, []byte(tt.content), 0o644)
			w.OpenFileForTest(path)
			if tab := w.SelectedTabForTest(); tab != tt.wantTab {
				t.Errorf("tab after dropping %s = %q, want %q", tt.file, tab, tt.wantTab)
			}
		})
	}
	// Let the region import started by the drop finish before cleanup.
	waitFor(t, "dropped import", time.Minute, func() bool {
		return strings.Contains(strings.Join(w.RegionNamesForTest(), ","), "Tiny") || strings.Contains(w.StatusForTest(), "Import")
	})
	if names := w.RegionNamesForTest(); !strings.Contains(strings.Join(names, ","), "Tiny") {
		t.Errorf("regions after the drop = %q (status %q), want Tiny", names, w.StatusForTest())
	}
}

func TestImportCancel(t *testing.T) {
	w, _ := newWindow(t)
	src := testregions.Extract(t, "andorra")
	before := w.RegionNamesForTest()
	err := w.ImportAndCancelForTest(src)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled import returned %v, want context.Canceled", err)
	}
	if after := w.RegionNamesForTest(); strings.Join(after, ",") != strings.Join(before, ",") {
		t.Errorf("regions after a cancelled import = %q, want %q", after, before)
	}
	if st := w.StatusForTest(); st != "Import cancelled" {
		t.Errorf("status = %q, want %q", st, "Import cancelled")
	}
}
