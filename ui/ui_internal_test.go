package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/ui/tourmodel"
)

func TestIsLoopback(t *testing.T) {
	tests := []struct {
		host string
		want bool
	}{
		{"127.0.0.1", true}, {"127.1.2.3", true}, {"::1", true}, {"localhost", true}, {"LOCALHOST", true},
		{"0.0.0.0", false}, {"", false}, {"192.168.1.2", false}, {"example.org", false}, {"::", false},
	}
	for _, tt := range tests {
		if got := isLoopback(tt.host); got != tt.want {
			t.Errorf("isLoopback(%q) = %v, want %v", tt.host, got, tt.want)
		}
	}
}

func TestStopReorder(t *testing.T) {
	test.NewTempApp(t)
	w, err := New(fyne.CurrentApp(), Options{ConfigDir: t.TempDir(), PacksDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	// the test acts as the UI goroutine: background callbacks wait
	w.uiMu.Lock()
	defer func() { w.shutdown(); w.uiMu.Unlock() }()
	if tab := w.tabs.Selected().Text; tab != tabRegions {
		t.Errorf("without regions the window opens on %q, want %q", tab, tabRegions)
	}
	names := func() string {
		var s []string
		for _, st := range w.tour.m.Tour().Stops {
			s = append(s, st.Name)
		}
		return strings.Join(s, ",")
	}
	row := func(i int) *stopRow { return w.tour.stopBox.Objects[i].(*stopRow) }
	tests := []struct {
		name string
		act  func()
		want string
	}{
		{"add", func() {
			for i, n := range []string{"A", "B", "C", "D"} {
				w.tour.add(orb.Point{9.5 + float64(i)/100, 47.1}, n)
			}
		}, "A,B,C,D"},
		{"drag first down two rows", func() {
			r := row(0)
			r.Resize(fyne.NewSize(300, 40))
			r.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DY: 45}})
			r.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DY: 38}})
			r.DragEnd()
		}, "B,C,A,D"},
		{"drag last up past the top", func() {
			r := row(3)
			r.Resize(fyne.NewSize(300, 40))
			r.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DY: -400}})
			r.DragEnd()
		}, "D,B,C,A"},
		{"down button", func() { row(1).dn.OnTapped() }, "D,C,B,A"},
		{"up button", func() { row(3).up.OnTapped() }, "D,C,A,B"},
		{"remove", func() { row(0).remove.OnTapped() }, "C,A,B"},
	}
	for _, tt := range tests {
		tt.act()
		if got := names(); got != tt.want {
			t.Errorf("%s: stops = %s, want %s", tt.name, got, tt.want)
		}
	}
	if !row(0).up.Disabled() || !row(2).dn.Disabled() {
		t.Error("the first stop's up and the last stop's down buttons should be disabled")
	}
	// without a region the stops cannot be routed: nothing to optimize
	// (TestTourOptimize enables it from 3 stops with a region)
	if !w.tour.optimize.Disabled() || !w.tour.rows[0].problem.Visible() {
		t.Error("optimize enabled, or the stops unmarked, with no region open")
	}
	row(0).remove.OnTapped()
	if !w.tour.optimize.Disabled() {
		t.Error("optimize enabled with 2 stops")
	}
}

func TestStepTapShowsManeuver(t *testing.T) {
	test.NewTempApp(t)
	w, err := New(fyne.CurrentApp(), Options{ConfigDir: t.TempDir(), PacksDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	// the test acts as the UI goroutine: background callbacks wait
	w.uiMu.Lock()
	defer func() { w.shutdown(); w.uiMu.Unlock() }()
	turn := orb.Point{9.515, 47.15}
	showFakeRoutes(w, []route.Route{{Distance: 3000, Duration: 300, Points: orb.LineString{{9.52, 47.14}, turn, {9.51, 47.16}},
		Legs: []route.Leg{{Distance: 3000, Duration: 300, Steps: []route.Step{
			{Name: "Landstrasse", Distance: 1500, Maneuver: route.Maneuver{Type: route.Depart, BearingAfter: 0, Location: [2]float64{9.52, 47.14}}},
			{Name: "Zollstrasse", Distance: 1500, Maneuver: route.Maneuver{Type: route.Turn, Modifier: route.Left, Location: [2]float64{turn[0], turn[1]}}},
			{Maneuver: route.Maneuver{Type: route.Arrive, Location: [2]float64{9.51, 47.16}}},
		}}}}})
	if got := w.tour.totalsText(); got != "3.0 km · 5 min" {
		t.Errorf("totals = %q, want %q", got, "3.0 km · 5 min")
	}
	leg := w.tour.legs.Objects[0].(*legRow)
	leg.head.Tapped(&fyne.PointEvent{})
	steps := leg.steps.Objects
	var rows []*stepRow
	for _, o := range steps {
		if r, ok := o.(*stepRow); ok {
			rows = append(rows, r)
		}
	}
	if len(rows) != 3 || rows[1].text != "Turn left onto Zollstrasse" {
		t.Fatalf("step rows = %d (second %q), want 3 with the turn", len(rows), rows[1].text)
	}
	rows[1].Tapped(&fyne.PointEvent{})
	if c := w.mapw.Center(); c != turn {
		t.Errorf("map centre after tapping the turn = %v, want %v", c, turn)
	}
}

func TestAlternatives(t *testing.T) {
	test.NewTempApp(t)
	w, err := New(fyne.CurrentApp(), Options{ConfigDir: t.TempDir(), PacksDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	// the test acts as the UI goroutine: background callbacks wait
	w.uiMu.Lock()
	defer func() { w.shutdown(); w.uiMu.Unlock() }()
	line := orb.LineString{{9.52, 47.14}, {9.51, 47.16}}
	showFakeRoutes(w, []route.Route{
		{Distance: 3000, Duration: 300, Points: line, Legs: []route.Leg{{Distance: 3000, Duration: 300}}},
		{Distance: 2500, Duration: 420, Points: line, Legs: []route.Leg{{Distance: 2500, Duration: 420}}},
	})
	tests := []struct {
		choose     int
		wantTotals string
	}{
		{0, "3.0 km · 5 min"},
		{1, "2.5 km · 7 min"},
		{0, "3.0 km · 5 min"},
	}
	if w.tour.alts.Hidden || len(w.tour.alts.Options) != 2 {
		t.Fatalf("alternatives shown %v with %q, want 2 choices", !w.tour.alts.Hidden, w.tour.alts.Options)
	}
	for _, tt := range tests {
		w.tour.alts.SetSelected(w.tour.alts.Options[tt.choose])
		if got := w.tour.totalsText(); got != tt.wantTotals {
			t.Errorf("choice %d: totals = %q, want %q", tt.choose, got, tt.wantTotals)
		}
	}
}

// TestRegionSummaryDiskUse: a region's summary gives what it takes on
// disk, its caches included.
func TestRegionSummaryDiskUse(t *testing.T) {
	r := packRow{Disk: 1370 << 20}
	r.Info.Size = 580 << 20
	if size, _ := regionSummary(r); !strings.Contains(size, formatBytes(1370<<20)+" on disk") {
		t.Errorf("regionSummary = %q, want %s on disk", size, formatBytes(1370<<20))
	}
}

// showFakeRoutes makes the tour A → B and shows rs as its routes.
func showFakeRoutes(w *Window, rs []route.Route) {
	w.tour.m.Reset(tourmodel.Tour{Stops: []tourmodel.Stop{{Name: "A", Point: orb.Point{9.52, 47.14}}, {Name: "B", Point: orb.Point{9.51, 47.16}}}})
	w.tour.pending = false
	w.tour.m.SetResult(tourmodel.Result{Revision: w.tour.m.Revision(), Routes: rs})
	w.tour.render()
}

// TestWindowSizeFitsTheScreen: the window opens at 1280×800, or smaller
// to fit the screen, never below its content's minimum size.
func TestWindowSizeFitsTheScreen(t *testing.T) {
	least := fyne.NewSize(700, 500)
	tests := []struct {
		w, h  int
		scale float32
		want  fyne.Size
	}{
		{1920, 1080, 1, fyne.NewSize(1280, 800)},
		{1280, 800, 1, fyne.NewSize(1280, 800)},
		{1024, 640, 1, fyne.NewSize(1024, 640)},
		{1366, 768, 1, fyne.NewSize(1280, 768)},
		{2048, 1280, 2, fyne.NewSize(1024, 640)}, // HiDPI: logical pixels
		{640, 480, 1, fyne.NewSize(700, 500)},    // never below the minimum
		{0, 0, 1, fyne.NewSize(1280, 800)},       // no screen known
	}
	for _, tt := range tests {
		if got := windowSize(tt.w, tt.h, tt.scale, least); got != tt.want {
			t.Errorf("windowSize(%d×%d at %.0f×) = %v, want %v", tt.w, tt.h, tt.scale, got, tt.want)
		}
	}
}
