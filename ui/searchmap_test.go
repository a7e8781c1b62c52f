package ui_test

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine"
	"waymark/engine/geocode"
	"waymark/internal/testpacks"
	"waymark/internal/testregions"
	"waymark/mapview"
	"waymark/regions"
	"waymark/ui"
)

// newWindowOn opens the window on one test pack at size, as a fresh user
// would; cfg is its config directory ("" for a new one).
func newWindowOn(t *testing.T, region string, size fyne.Size, cfg string) *ui.Window {
	t.Helper()
	pack := testpacks.Path(t, region)
	if fyne.CurrentApp() == nil {
		test.NewTempApp(t)
	}
	if cfg == "" {
		cfg = t.TempDir()
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	w, err := ui.New(fyne.CurrentApp(), ui.Options{Packs: []string{pack}, ConfigDir: cfg, PacksDir: t.TempDir()})
	if err != nil {
		t.Fatalf("ui.New: %v", err)
	}
	w.ResizeForTest(size)
	t.Cleanup(w.ShutdownForTest)
	if eng := w.Engine(); eng != nil {
		if err := eng.WarmPlaces(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// countryOutline returns the box of a pack's country: its boundary's
// geometry as the geocoder has it, or, for an extract that cuts the
// boundary (its rings do not close, so it is no place), the box of the
// relation's member ways the extract holds.
func countryOutline(t *testing.T, eng *engine.Engine, region string, relation int64) orb.Bound {
	t.Helper()
	got, err := eng.Lookup(context.Background(), []geocode.OSMRef{{Type: 'R', ID: relation}}, geocode.Output{Geometry: true})
	if err != nil {
		t.Fatalf("Lookup(R%d): %v", relation, err)
	}
	if len(got) > 0 && got[0].Geometry != nil {
		return got[0].Geometry.Bound()
	}
	d, err := regions.Load(context.Background(), testregions.Extract(t, region), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	r := d.Relation(osm.RelationID(relation))
	if r == nil {
		t.Fatalf("relation %d is not in the %s extract", relation, region)
	}
	var b orb.Bound
	first := true
	for _, m := range r.Members {
		if m.Type != osm.TypeWay {
			continue
		}
		if way := d.Way(osm.WayID(m.Ref)); way != nil {
			for _, p := range way.Line() {
				if first {
					b, first = orb.Bound{Min: p, Max: p}, false
				}
				b = b.Extend(p)
			}
		}
	}
	if first {
		t.Fatalf("relation %d has no way in the %s extract", relation, region)
	}
	return b
}

// checkCentred checks that b is drawn centred in the map (within 5% of its
// width and height) and fills it (at least 80% of its width or height).
func checkCentred(t *testing.T, w *ui.Window, b orb.Bound, what string) {
	t.Helper()
	size, at := w.MapSizeForTest(orb.Point{b.Min[0], b.Max[1]}, orb.Point{b.Max[0], b.Min[1]})
	nw, se := at[0], at[1]
	mx, my := (nw.X+se.X)/2, (nw.Y+se.Y)/2
	dx, dy := math.Abs(float64(mx-size.Width/2))/float64(size.Width), math.Abs(float64(my-size.Height/2))/float64(size.Height)
	if dx > 0.05 || dy > 0.05 {
		t.Errorf("%s: outline drawn %v–%v in a %v map: off centre by %.1f%% of the width and %.1f%% of the height, want ≤ 5%%",
			what, nw, se, size, 100*dx, 100*dy)
	}
	fillW, fillH := float64(se.X-nw.X)/float64(size.Width), float64(se.Y-nw.Y)/float64(size.Height)
	if max(fillW, fillH) < 0.8 || fillW > 1 || fillH > 1 {
		t.Errorf("%s: outline drawn %v–%v fills %.0f%% of the map's width and %.0f%% of its height, want it whole and ≥ 80%% of one",
			what, nw, se, 100*fillW, 100*fillH)
	}
}

// TestStartViewCentresThePack: a new user's first view, Home and a
// region's zoom button show the pack's country centred and filling the
// map, at both window sizes; the LI extract's Alabama county and the
// Andorra extract's Spanish valleys do not pull it aside.
func TestStartViewCentresThePack(t *testing.T) {
	packs := []struct {
		region   string
		relation int64 // the country's boundary
	}{
		{"liechtenstein", 1155955},
		{"monaco", 1124039},
		{"andorra", 9407},
	}
	for _, pk := range packs {
		for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1024, Height: 640}} {
			t.Run(pk.region+"/"+sizeName(size), func(t *testing.T) {
				w := newWindowOn(t, pk.region, size, "")
				outline := countryOutline(t, w.Engine(), pk.region, pk.relation)
				checkCentred(t, w, outline, "first view")
				w.PanForTest(300, 200)
				w.HomeForTest()
				checkCentred(t, w, outline, "Home")
				w.PanForTest(-200, 100)
				w.ShowRegionForTest()
				checkCentred(t, w, outline, "zoom to region")
			})
		}
	}
}

// TestUnmovedHomeIsNotKept: a start view the user did not move is not
// saved as a view, so the next start fits the home area to its own window;
// a moved view is kept.
func TestUnmovedHomeIsNotKept(t *testing.T) {
	cfg := t.TempDir()
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), cfg)
	outline := countryOutline(t, w.Engine(), "liechtenstein", 1155955)
	w.ShutdownForTest()
	w = newWindowOn(t, "liechtenstein", fyne.NewSize(1024, 640), cfg)
	checkCentred(t, w, outline, "second start in a smaller window")
	w.PanForTest(200, 0)
	moved := w.MapCenterForTest()
	w.ShutdownForTest()
	w = newWindowOn(t, "liechtenstein", fyne.NewSize(1024, 640), cfg)
	if c := w.MapCenterForTest(); math.Abs(c[0]-moved[0]) > 1e-6 || math.Abs(c[1]-moved[1]) > 1e-6 {
		t.Errorf("a moved view %v came back as %v", moved, c)
	}
}

func sizeName(s fyne.Size) string { return fmt.Sprintf("%.0fx%.0f", s.Width, s.Height) }

// TestThemeSwitchIsRemembered: the header's switch changes the window and
// the map between the light and dark looks, and the next start keeps it.
func TestThemeSwitchIsRemembered(t *testing.T) {
	cfg := t.TempDir()
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), cfg)
	style0, dark0 := w.ThemeForTest()
	if (style0 == mapview.ThemeDark) != dark0 {
		t.Fatalf("map style %v with a dark window %v: want them to agree", style0, dark0)
	}
	w.ToggleThemeForTest()
	style1, dark1 := w.ThemeForTest()
	if dark1 == dark0 || (style1 == mapview.ThemeDark) != dark1 {
		t.Fatalf("after the switch: map style %v, dark window %v; before %v, %v", style1, dark1, style0, dark0)
	}
	w.ShutdownForTest()

	again := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), cfg)
	if style, dark := again.ThemeForTest(); style != style1 || dark != dark1 {
		t.Errorf("next start: map style %v, dark window %v; want the chosen %v, %v", style, dark, style1, dark1)
	}
	again.ToggleThemeForTest() // back, for the tests after this one
}

// TestWindowTextContrast: the window's text colours meet WCAG AA (4.5:1)
// on its background in both looks (the dim text of addresses and hints
// included).
func TestWindowTextContrast(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	for i := 0; i < 2; i++ {
		th := fyne.CurrentApp().Settings().Theme()
		v := fyne.CurrentApp().Settings().ThemeVariant()
		_, dark := w.ThemeForTest()
		if dark {
			v = theme.VariantDark
		}
		bg := nrgba(th.Color(theme.ColorNameBackground, v))
		for _, name := range []fyne.ThemeColorName{theme.ColorNameForeground, theme.ColorNameDisabled, theme.ColorNamePlaceHolder, theme.ColorNameHyperlink} {
			if c := mapview.ContrastRatio(nrgba(th.Color(name, v)), bg); c < 4.5 {
				t.Errorf("dark %v: %s text on the background: contrast %.2f, want ≥ 4.5", dark, name, c)
			}
		}
		w.ToggleThemeForTest()
	}
}

// TestTextSizes: no text of the window is below 12 px at 1280×800.
func TestTextSizes(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	sizes := w.TextSizesForTest()
	if len(sizes) < 20 {
		t.Fatalf("found %d texts, want the window's", len(sizes))
	}
	for text, size := range sizes {
		if size < 12 {
			t.Errorf("%q is drawn at %.1f px, want ≥ 12", text, size)
		}
	}
}

// TestTabFollowsThePanelTopDown: in each panel, Tab visits the sidebar's
// controls from top to bottom, then the map and its buttons. (The Tour
// panel is the tour's own.)
func TestTabFollowsThePanelTopDown(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	for _, tab := range []string{"Search", "Nearby", "Regions", "Server"} {
		t.Run(tab, func(t *testing.T) {
			w.SelectTabForTest(tab)
			at, kinds := w.FocusOrderForTest(100)
			if len(at) < 4 {
				t.Fatalf("Tab reached %d controls (%v), want the sidebar's and the map's", len(at), kinds)
			}
			const sidebar = 452
			inMap := false
			for i, p := range at {
				if p.X > sidebar {
					inMap = true
					continue
				}
				if inMap {
					t.Fatalf("Tab went back to the sidebar (%s at %v) after the map: %v %v", kinds[i], p, kinds, at)
				}
				if i > 0 && p.Y < at[i-1].Y-2 {
					t.Errorf("Tab went up from %s at %v to %s at %v", kinds[i-1], at[i-1], kinds[i], p)
				}
			}
			if at[0].X > sidebar {
				t.Errorf("Tab starts in the map (%s at %v), want the sidebar's top", kinds[0], at[0])
			}
			if !inMap {
				t.Errorf("Tab never reached the map: %v", kinds)
			}
		})
	}
}

// TestFocusRingMarksTheFocusedControl: a ring is drawn around whatever
// Tab focuses.
func TestFocusRingMarksTheFocusedControl(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	for i := 1; i <= 4; i++ {
		w.FocusOrderForTest(i)
		ring, f, rs, fs, shown := w.FocusRingForTest()
		if !shown {
			t.Fatalf("Tab ×%d: no focus ring", i)
		}
		if !surrounds(ring, rs, f, fs) {
			t.Errorf("Tab ×%d: ring %v %v does not surround the focused control at %v %v", i, ring, rs, f, fs)
		}
	}
}

// surrounds reports whether the ring at ring, rs encloses the control at
// f, fs (a pixel of rounding allowed).
func surrounds(ring fyne.Position, rs fyne.Size, f fyne.Position, fs fyne.Size) bool {
	return ring.X <= f.X && ring.Y <= f.Y && ring.X+rs.Width >= f.X+fs.Width-1 && ring.Y+rs.Height >= f.Y+fs.Height-1
}

// TestFocusRingLeavesWithTheList: a result chosen from the focused list
// replaces the list by its details; the ring does not stay behind at the
// window's corner around the list's old size (seen under Xvfb).
func TestFocusRingLeavesWithTheList(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1024, 640), "")
	w.SelectTabForTest("Search")
	w.TypeSearchForTest("Landstrasse 10, Schaan")
	w.SearchKeyForTest(fyne.KeyReturn)
	waitFor(t, "results", 10*time.Second, func() bool { return len(w.ResultsForTest()) > 1 })
	w.FocusResultsForTest()
	if _, _, _, _, shown := w.FocusRingForTest(); !shown {
		t.Fatal("no ring around the focused results list")
	}
	w.ChooseResultForTest(0)
	waitFor(t, "details", 10*time.Second, func() bool { _, _, shown := w.DetailsForTest(); return shown })
	ring, f, rs, fs, shown := w.FocusRingForTest()
	if shown && (!surrounds(ring, rs, f, fs) || f.IsZero()) {
		t.Errorf("after choosing a result the ring is at %v %v around %v %v", ring, rs, f, fs)
	}
	if got := w.FocusedForTest(); shown && got == "" {
		t.Errorf("ring shown with nothing focused")
	}
	if got := w.FocusedForTest(); strings.Contains(got, "List") {
		t.Errorf("the hidden results list keeps the focus (%s)", got)
	}
}

// TestShortcutsWorkEverywhere: Ctrl+F focuses the search field from the
// map; Ctrl+Q quits from inside the search field (a text field takes
// every Ctrl shortcut it is given).
func TestShortcutsWorkEverywhere(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	w.FocusMapForTest()
	w.ShortcutForTest(fyne.KeyF)
	if got := w.FocusedForTest(); got != "search" {
		t.Fatalf("Ctrl+F on the map focused %q, want the search field", got)
	}
	w.TypeSearchForTest("Vad")
	w.ShortcutForTest(fyne.KeyM)
	if got := w.FocusedForTest(); got != "map" {
		t.Errorf("Ctrl+M in the search field focused %q, want the map", got)
	}
	w.FocusSearchEntryForTest()
	w.ShortcutForTest(fyne.KeyQ)
	if !w.ClosedForTest() {
		t.Error("Ctrl+Q in the search field did not quit")
	}
}

// TestKeyboardReachesMapActionsAndEscCloses: Enter on the focused map opens
// its menu at the centre, Esc closes it; Esc closes a dialog too.
func TestKeyboardReachesMapActionsAndEscCloses(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	w.FocusMapForTest()
	w.KeyForTest(fyne.KeyReturn)
	if n := w.PopUpsForTest(); n != 1 {
		t.Fatalf("Enter on the map shows %d pop-ups, want its menu", n)
	}
	w.KeyForTest(fyne.KeyEscape)
	if n := w.PopUpsForTest(); n != 0 {
		t.Errorf("Esc left %d pop-ups open", n)
	}
	w.ShowKeysForTest()
	if n := w.PopUpsForTest(); n != 1 {
		t.Fatalf("the keyboard help shows %d pop-ups, want 1", n)
	}
	w.KeyForTest(fyne.KeyEscape)
	if n := w.PopUpsForTest(); n != 0 {
		t.Errorf("Esc left the dialog open (%d pop-ups)", n)
	}
}

// TestStatusNeverCutOff: a long status message is drawn whole, wrapped.
func TestStatusNeverCutOff(t *testing.T) {
	msg := "Matched 3 of 4 parts of the track “Morning round, 2024-05-03” to the roads: 18.4 km, confidence 0.93; the gap at Schaan (no road within 100 m) is left unmatched"
	for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1024, Height: 640}} {
		w := newWindowOn(t, "liechtenstein", size, "")
		w.SetStatusForTest(msg)
		shown := strings.Join(w.StatusShownForTest(), " ")
		if strings.Join(strings.Fields(shown), " ") != msg {
			t.Errorf("%v: status drawn as %q, want all of %q", size, shown, msg)
		}
		w.ShutdownForTest() // one window at a time: they share Fyne's caches
	}
}

// TestCleanMap: a new search or selection replaces the pins and outline of
// the one before; "clear map" removes all.
func TestCleanMap(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	w.SelectTabForTest("Search")
	search := func(q string) {
		t.Helper()
		w.TypeSearchForTest(q)
		w.SearchKeyForTest(fyne.KeyReturn)
		waitFor(t, "results for "+q, 10*time.Second, func() bool {
			_, _, shown := w.DetailsForTest()
			return len(w.ResultsForTest()) > 0 || shown
		})
	}
	search("restaurants in Vaduz")
	n := len(w.ResultsForTest())
	if o := w.OverlaysForTest(); o.Pins != n || o.Here || o.Outline {
		t.Fatalf("after a search with %d results the map shows %+v, want %d pins only", n, o, n)
	}
	w.ChooseResultForTest(0)
	if o := w.OverlaysForTest(); o.Pins != n || o.Selected != 0 {
		t.Errorf("after choosing a result the map shows %+v, want the %d pins, the first selected", o, n)
	}
	w.ClickMapForTest(schaan) // what is here: a selection of its own
	if o := w.OverlaysForTest(); o.Pins != 0 || o.Outline || !o.Here {
		t.Errorf("after a click on the map it shows %+v, want its dot only", o)
	}
	waitFor(t, "what is here", 10*time.Second, func() bool { _, _, shown := w.DetailsForTest(); return shown })
	search("Balzers")
	waitFor(t, "the outline", 10*time.Second, func() bool { return w.OverlaysForTest().Outline })
	if o := w.OverlaysForTest(); o.Here || o.Pins > 1 {
		t.Errorf("after searching Balzers the map shows %+v, want its pin and outline only", o)
	}
	w.ClearMapForTest()
	if o := w.OverlaysForTest(); o.Pins != 0 || o.Outline || o.Here || o.Traces != 0 {
		t.Errorf("after clear map it shows %+v, want nothing", o)
	}
}

// TestWhatIsHereSameEverywhere: a click on the map, a tour stop and the
// nearby centre at one point all say the same: the address of the nearest
// building at street level, with the settlement.
func TestWhatIsHereSameEverywhere(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	res, err := w.Engine().Search(context.Background(), engine.SearchRequest{Query: "Städtle 39, Vaduz", Limit: 1})
	if err != nil || len(res) == 0 {
		t.Fatalf("Search(Städtle 39, Vaduz) = %v, %v", res, err)
	}
	at := res[0].Centroid
	w.SetViewForTest(at, 12) // zoomed out: the answer must not depend on the map's zoom
	w.SelectTabForTest("Search")
	w.ClickMapForTest(at)
	waitFor(t, "what is here", 10*time.Second, func() bool { _, _, shown := w.DetailsForTest(); return shown })
	title, kind, settlement := w.HereForTest()
	t.Logf("what is here at Städtle 39: %q / %q / %q", title, kind, settlement)
	if !strings.HasPrefix(title, "Städtle 39") || !strings.Contains(title, "Vaduz") {
		t.Errorf("what is here at Städtle 39 says %q, want its address", title)
	}
	if !strings.Contains(settlement, "Vaduz") {
		t.Errorf("what is here at Städtle 39: settlement %q, want Vaduz", settlement)
	}

	w.AddStopForTest(at, "")
	waitFor(t, "the stop's name", 10*time.Second, func() bool {
		stops := w.TourStopsForTest()
		return len(stops) > 0 && !strings.Contains(stops[len(stops)-1], "°")
	})
	stops := w.TourStopsForTest()
	if got := stops[len(stops)-1]; !strings.HasSuffix(got, title) {
		t.Errorf("the tour names the stop %q, what is here said %q", got, title)
	}

	w.NearbyAroundPointForTest(at)
	waitFor(t, "the nearby centre's name", 10*time.Second, func() bool { return !strings.Contains(w.NearbyAroundForTest(), "°") })
	if got := w.NearbyAroundForTest(); !strings.HasSuffix(got, title) {
		t.Errorf("Nearby says %q, what is here said %q", got, title)
	}
}

// TestEnterNeverContradictsSuggestions: a misspelled name that the
// suggestions correct is found by Enter too, typed slowly or fast.
func TestEnterNeverContradictsSuggestions(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	w.SelectTabForTest("Search")
	for _, q := range []string{"Vadutz", "Schan", "Balzres"} {
		t.Run(q, func(t *testing.T) {
			// Slowly: the suggestions show first.
			w.TypeSearchForTest(q)
			waitFor(t, "suggestions", 10*time.Second, func() bool { return len(w.SuggestionsForTest()) > 0 })
			sugg := w.SuggestionsForTest()
			w.SearchKeyForTest(fyne.KeyReturn)
			waitFor(t, "the search", 10*time.Second, func() bool { return !strings.HasPrefix(w.StatusForTest(), "Searching") })
			if st := w.StatusForTest(); strings.HasPrefix(st, "No place") {
				t.Errorf("Enter on %q says %q while the suggestions showed %q", q, st, sugg)
			} else if want := "No exact match for “" + q + "”"; !strings.HasPrefix(st, want) {
				t.Errorf("Enter on %q says %q, want %q…: a corrected search says so, never a silent guess", q, st, want)
			}
			_, _, shown := w.DetailsForTest()
			if !shown && len(w.ResultsForTest()) == 0 {
				t.Errorf("Enter on %q shows neither results nor a place", q)
			}
			// Fast: Enter before the suggestions arrive.
			w.TypeSearchForTest(q)
			w.SearchKeyForTest(fyne.KeyReturn)
			waitFor(t, "the search", 10*time.Second, func() bool { return !strings.HasPrefix(w.StatusForTest(), "Searching") })
			if st := w.StatusForTest(); strings.HasPrefix(st, "No place") {
				t.Errorf("Enter at once on %q says %q", q, st)
			}
		})
	}
}

// TestExactSearchSaysNothingOfSpelling: a name found as typed is not
// announced as a close spelling.
func TestExactSearchSaysNothingOfSpelling(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	w.SelectTabForTest("Search")
	w.TypeSearchForTest("Vaduz")
	w.SearchKeyForTest(fyne.KeyReturn)
	waitFor(t, "the search", 10*time.Second, func() bool { return !strings.HasPrefix(w.StatusForTest(), "Searching") })
	if st := w.StatusForTest(); strings.Contains(st, "exact") || strings.HasPrefix(st, "No place") {
		t.Errorf("Enter on Vaduz says %q", st)
	}
}

// TestOneRowPerThing: suggestions and results list each thing once, and a
// settlement comes before a POI named after it — as the window shows them.
func TestOneRowPerThing(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	w.SelectTabForTest("Search")
	w.SetViewForTest(vaduz, 12)
	noTwins := func(what string, rows [][3]string) {
		t.Helper()
		seen := map[[3]string]bool{}
		for _, r := range rows {
			if seen[r] {
				t.Errorf("%s: the row %q is listed twice in %q", what, r, rows)
			}
			seen[r] = true
		}
	}
	for _, q := range []string{"Vaduz", "Landstrasse", "Schaan"} {
		w.TypeSearchForTest(q)
		waitFor(t, "suggestions for "+q, 10*time.Second, func() bool { return len(w.SuggestionsForTest()) > 0 })
		noTwins("suggestions for "+q, w.RowsForTest())
		castles := 0 // the castle, mapped as an area, a node and an information board
		for _, r := range w.RowsForTest() {
			if strings.Contains(r[0], "Schloss Vaduz") || strings.Contains(r[0], "Vaduz Castle") {
				castles++
			}
		}
		if castles > 1 {
			t.Errorf("suggestions for %q list the castle %d times: %q", q, castles, w.RowsForTest())
		}
		w.SearchKeyForTest(fyne.KeyReturn)
		waitFor(t, "results for "+q, 10*time.Second, func() bool { return !strings.HasPrefix(w.StatusForTest(), "Searching") })
		if res := w.ResultsForTest(); len(res) > 1 {
			noTwins("results for "+q, w.RowsForTest())
		}
	}
	w.TypeSearchForTest("Schaan")
	waitFor(t, "suggestions", 10*time.Second, func() bool { return len(w.SuggestionsForTest()) > 0 })
	rows := w.RowsForTest()
	if rows[0][0] != "Schaan" || !isSettlement(rows[0][1]) {
		t.Errorf("first suggestion for Schaan is %q, want the town", rows[0])
	}
	w.SearchKeyForTest(fyne.KeyReturn)
	waitFor(t, "results", 10*time.Second, func() bool { return !strings.HasPrefix(w.StatusForTest(), "Searching") })
	if res := w.ResultsForTest(); len(res) > 0 && (res[0][0] != "Schaan" || !isSettlement(res[0][1])) {
		t.Errorf("first result for Schaan is %q, want the town", res[0])
	}
}

// TestFoldedObjectsReachableFromDetails: the objects folded into a row
// (the segments of a street in one town) are listed in its details, and
// each opens in its place, the row's own object then listed instead.
func TestFoldedObjectsReachableFromDetails(t *testing.T) {
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1280, 800), "")
	w.SelectTabForTest("Search")
	w.TypeSearchForTest("Landstrasse")
	w.SearchKeyForTest(fyne.KeyReturn)
	waitFor(t, "results", 10*time.Second, func() bool { return len(w.ResultsForTest()) > 0 })
	w.ChooseResultForTest(0)
	refs, own := w.MergedForTest()
	if len(refs) == 0 || own == "" {
		t.Fatalf("details of %q list no folded objects (%v, own %q)", w.ResultsForTest()[0], refs, own)
	}
	first := refs[0]
	w.OpenMergedForTest(0)
	waitFor(t, "the folded object", 10*time.Second, func() bool { _, o := w.MergedForTest(); return o == first })
	refs2, _ := w.MergedForTest()
	listed := false
	for _, r := range refs2 {
		listed = listed || r == own
	}
	if !listed {
		t.Errorf("details of %s list %v, want the row's own %s among them", first, refs2, own)
	}
}

func isSettlement(category string) bool {
	switch strings.ToLower(category) {
	case "town", "city", "village", "municipality", "hamlet", "suburb":
		return true
	}
	return false
}

// TestFileDialogFitsAndStartsInDocuments: the file dialog opens in the
// user's documents folder (then the folder used last) and fits a 1024×640
// window, its buttons inside.
func TestFileDialogFitsAndStartsInDocuments(t *testing.T) {
	home := t.TempDir()
	docs := filepath.Join(home, "Dokumente")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	os.MkdirAll(filepath.Join(home, ".config"), 0o755)
	if err := os.WriteFile(filepath.Join(home, ".config", "user-dirs.dirs"), []byte("# xdg-user-dirs\nXDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_DOCUMENTS_DIR", "")
	for _, size := range []fyne.Size{{Width: 1024, Height: 640}, {Width: 1280, Height: 800}} {
		w := newWindowOn(t, "liechtenstein", size, "")
		pos, dsize, win, buttons, dir := w.FileDialogForTest(ui.FileRequestForTest())
		if dir != docs {
			t.Errorf("%v: the dialog opens in %q, want the documents folder %q", size, dir, docs)
		}
		if pos.X < 0 || pos.Y < 0 || pos.X+dsize.Width > win.Width || pos.Y+dsize.Height > win.Height {
			t.Errorf("%v: dialog at %v size %v does not fit the %v window", size, pos, dsize, win)
		}
		if len(buttons) < 4 {
			t.Fatalf("%v: found %d button corners, want the dialog's buttons", size, len(buttons))
		}
		for _, b := range buttons {
			if b.X < 0 || b.Y < 0 || b.X > win.Width || b.Y > win.Height {
				t.Errorf("%v: a button corner at %v lies outside the %v window", size, b, win)
			}
		}
		w.CloseDialogsForTest()
		if n := w.PopUpsForTest(); n != 0 {
			t.Errorf("%d pop-ups left after closing the dialog", n)
		}
		w.ShutdownForTest() // one window at a time: they share Fyne's caches
	}
	// A file chosen in a folder makes the next dialog open there.
	w := newWindowOn(t, "liechtenstein", fyne.NewSize(1024, 640), "")
	path, err := w.SaveInDialogForTest("round.gpx")
	if err != nil || path != filepath.Join(docs, "round.gpx") {
		t.Fatalf("Save in the dialog gave %q, %v; want %s", path, err, filepath.Join(docs, "round.gpx"))
	}
	if got := w.FileDirForTest(); got != docs {
		t.Errorf("next dialog opens in %q, want the last folder %q", got, docs)
	}
}

// nrgba converts an opaque colour.
func nrgba(c color.Color) color.NRGBA {
	return color.NRGBAModel.Convert(c).(color.NRGBA)
}
