package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/ui/tourmodel"
)

// Places of the Andorra pack: the east end is reached by car in the
// extract only through the Envalira toll tunnel.
var (
	adVella    = orb.Point{1.5218, 42.5063}
	adEncamp   = orb.Point{1.5800, 42.5360}
	adEnvalira = orb.Point{1.7398, 42.5518}
)

// TestCyclingProfileReroutes: choosing Cycling in the panel routes the
// tour with the cycling graph (its steps travel by bike, the time lies
// between the car's and the walk's), says so, and is undone like any
// setting.
func TestCyclingProfileReroutes(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	w.addStopsForTest([]string{"Vaduz", "Triesenberg"}, []orb.Point{liVaduz, liTriesenberg})
	until(t, w, "route", w.tour.routed)
	durations := map[route.Profile]float64{}
	for _, label := range []string{profileWalking, profileCycling} {
		w.locked(func() {
			r, _ := w.tour.chosenRoute()
			durations[w.tour.m.Tour().Profile] = r.Duration
			w.tour.profile.SetSelected(label)
		})
		until(t, w, label+" route", w.tour.routed)
	}
	w.locked(func() {
		r, ok := w.tour.chosenRoute()
		if !ok || w.tour.m.Tour().Profile != route.Cycling {
			t.Fatalf("profile %s, routed %v: want a cycling route", w.tour.m.Tour().Profile, ok)
		}
		durations[route.Cycling] = r.Duration
		if !(durations[route.Driving] < r.Duration && r.Duration < durations[route.Walking]) {
			t.Errorf("durations %v: want driving < cycling < walking", durations)
		}
		modes := map[string]int{}
		for _, l := range r.Legs {
			for _, s := range l.Steps {
				modes[s.Mode]++
			}
		}
		if modes["cycling"] == 0 || modes["driving"] > 0 || modes["walking"] > 0 {
			t.Errorf("step modes %v, want cycling", modes)
		}
		if s := w.tour.summary.Text; !strings.Contains(s, "cycling") {
			t.Errorf("summary %q does not say cycling", s)
		}
		if got := w.tour.profile.Selected; got != profileCycling {
			t.Errorf("profile choice shows %q", got)
		}
		for _, look := range []string{themeLight, themeDark} { // the totals follow the look
			w.setTheme(look)
			if got, want := w.tour.totals.Color, theme.Color(theme.ColorNameForeground); got != want {
				t.Errorf("in the %s look the totals are %v, want the foreground %v", look, got, want)
			}
		}
		w.tour.undo()
		if got := w.tour.m.Tour().Profile; got != route.Walking || w.tour.profile.Selected != profileWalking {
			t.Errorf("after undo the profile is %s (shown %q), want walking", got, w.tour.profile.Selected)
		}
	})
}

// TestStepModesAreShown: a cycling step that pushes the bike says so in
// the legs' steps.
func TestStepModesAreShown(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800), "monaco")
	// Monaco's old town: stairs and pedestrian streets a bike is pushed on.
	w.addStopsForTest([]string{"A", "B"}, []orb.Point{{7.4235, 43.7355}, {7.4270, 43.7370}})
	w.locked(func() { w.tour.profile.SetSelected(profileCycling) })
	until(t, w, "cycling route", w.tour.routed)
	w.locked(func() {
		if len(w.tour.legs.Objects) == 0 {
			t.Fatal("no legs listed")
		}
		row := w.tour.legs.Objects[0].(*legRow)
		row.setOpen(true)
		var texts []string
		for _, o := range row.steps.Objects {
			if s, ok := o.(*stepRow); ok {
				texts = append(texts, s.text)
			}
		}
		if !strings.Contains(strings.Join(texts, "\n"), "· pushing bike") {
			t.Errorf("steps %q: want one marked pushing bike", texts)
		}
	})
}

// TestAvoidChecksDriveTheRoute: the avoid checkboxes follow the profile
// (walking and cycling: ferries only), change the route request, say
// plainly which leg has no route avoiding the roads, and are undone.
func TestAvoidChecksDriveTheRoute(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800), "andorra")
	a := w.tour.avoid
	w.locked(func() {
		for _, x := range []route.Exclude{route.ExcludeMotorway, route.ExcludeToll, route.ExcludeFerry} {
			if a.check(x).Disabled() {
				t.Errorf("driving: Avoid %s is disabled", x)
			}
		}
	})
	w.addStopsForTest([]string{"Andorra la Vella", "Encamp", "Envalira"}, []orb.Point{adVella, adEncamp, adEnvalira})
	until(t, w, "route", w.tour.routed)
	var rev uint64
	w.locked(func() {
		if _, ok := w.tour.chosenRoute(); !ok {
			t.Fatalf("no route without avoiding: %s", w.tour.summary.Text)
		}
		rev = w.tour.m.Revision()
		test.Tap(a.check(route.ExcludeToll))
		if got := w.tour.m.Request().Tour.Avoids(); got != route.ExcludeToll {
			t.Errorf("the route request avoids %q, want toll", got)
		}
		if w.tour.m.Revision() == rev {
			t.Error("ticking Avoid tolls did not ask for a new route")
		}
	})
	until(t, w, "route avoiding tolls", w.tour.routed)
	w.locked(func() {
		want := "No route avoids toll roads between stops 2 and 3"
		if got := w.tour.summary.Text; !strings.Contains(got, want) || w.tour.totalsText() != "No route" {
			t.Errorf("summary %q, totals %q: want %q and No route", got, w.tour.totalsText(), want)
		}
		if ov := w.mapw.Overlays(); ov.Routes != 0 {
			t.Errorf("the map still draws %d route lines", ov.Routes)
		}
		if got := w.tour.undoBt.text; !strings.Contains(got, "Avoid toll roads") {
			t.Errorf("undo button says %q", got)
		}
	})
	shortcut(w, ctrlZ)
	w.locked(func() {
		if got := w.tour.m.Tour().Exclude; got != 0 || a.check(route.ExcludeToll).Checked {
			t.Errorf("after undo the tour avoids %q (box checked %v), want nothing", got, a.check(route.ExcludeToll).Checked)
		}
	})
	until(t, w, "route again", w.tour.routed)
	w.locked(func() {
		if _, ok := w.tour.chosenRoute(); !ok {
			t.Errorf("after undo no route: %s", w.tour.summary.Text)
		}
		test.Tap(a.check(route.ExcludeMotorway))
		w.tour.profile.SetSelected(profileCycling)
		for x, want := range map[route.Exclude]bool{route.ExcludeMotorway: false, route.ExcludeToll: false, route.ExcludeFerry: true} {
			if on := !a.check(x).Disabled(); on != want {
				t.Errorf("cycling: Avoid %s enabled %v, want %v", x, on, want)
			}
		}
		if a.check(route.ExcludeMotorway).Checked {
			t.Error("cycling: Avoid motorways shown checked though bikes never use one")
		}
		if got := w.tour.m.Request().Tour.Avoids(); got != 0 {
			t.Errorf("cycling request avoids %q, want nothing", got)
		}
		w.tour.profile.SetSelected(profileDriving)
		if !a.check(route.ExcludeMotorway).Checked {
			t.Error("back to driving: Avoid motorways was forgotten")
		}
	})
}

// TestTourKeepsProfileAndAvoid: a cycling tour avoiding ferries, saved and
// reopened (and restored after a restart), keeps both.
func TestTourKeepsProfileAndAvoid(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	w.addStopsForTest([]string{"Vaduz", "Schaan"}, []orb.Point{liVaduz, liSchaan})
	var saved tourmodel.Tour
	w.locked(func() {
		w.tour.profile.SetSelected(profileCycling)
		test.Tap(w.tour.avoid.check(route.ExcludeFerry))
		test.Tap(w.tour.saveBt)
		saved = w.tour.m.Tour()
		if saved.Doc == "" || saved.Profile != route.Cycling || saved.Exclude != route.ExcludeFerry {
			t.Fatalf("saved %+v, want a cycling tour avoiding ferries", saved)
		}
		test.Tap(w.tour.newBt)
		if got := w.tour.m.Tour(); got.Exclude != route.ExcludeFerry || got.Profile != route.Cycling {
			t.Errorf("a new tour is %s avoiding %q: want the settings kept", got.Profile, got.Exclude)
		}
		w.tour.profile.SetSelected(profileDriving)
		w.tour.openDoc(saved.Doc)
		got := w.tour.m.Tour()
		if !got.Equal(saved) || w.tour.profile.Selected != profileCycling || !w.tour.avoid.check(route.ExcludeFerry).Checked {
			t.Errorf("reopened %+v (shown %q, ferries %v), want %+v", got, w.tour.profile.Selected, w.tour.avoid.check(route.ExcludeFerry).Checked, saved)
		}
		w.shutdown()
	})
	w2, err := New(fyne.CurrentApp(), Options{Packs: w.opts.Packs, ConfigDir: w.configDir, PacksDir: w.catalog.Dir})
	if err != nil {
		t.Fatal(err)
	}
	defer w2.locked(w2.shutdown)
	w2.locked(func() {
		if got := w2.tour.m.Tour(); got.Profile != route.Cycling || got.Exclude != route.ExcludeFerry {
			t.Errorf("after a restart the tour is %s avoiding %q, want cycling avoiding ferry", got.Profile, got.Exclude)
		}
	})
}
