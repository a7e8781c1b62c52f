package tourmodel

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/route"
)

func stop(name string) Stop {
	return Stop{Name: name, Point: orb.Point{9.5 + float64(len(name))/1000, 47.1 + float64(name[0])/10000}}
}

func names(t Tour) string {
	var s []string
	for _, st := range t.Stops {
		s = append(s, st.Name)
	}
	return strings.Join(s, ",")
}

func abcd() Tour {
	return Tour{Name: "T", Stops: []Stop{stop("A"), stop("B"), stop("C"), stop("D")}}
}

// TestUndoEachKind makes one edit of every kind on ABCD, checks it, undoes
// it (the tour is ABCD again) and redoes it (the edit's result again).
func TestUndoEachKind(t *testing.T) {
	tests := []struct {
		kind Kind
		edit func(m *Model) error
		want func(t Tour) bool
	}{
		{Add, func(m *Model) error { return m.Add(stop("E")) }, func(t Tour) bool { return names(t) == "A,B,C,D,E" }},
		{Add, func(m *Model) error { return m.Insert(0, stop("S")) }, func(t Tour) bool { return names(t) == "S,A,B,C,D" }},
		{Remove, func(m *Model) error { return m.Remove(1) }, func(t Tour) bool { return names(t) == "A,C,D" }},
		{Move, func(m *Model) error { return m.Move(0, 2) }, func(t Tour) bool { return names(t) == "B,C,A,D" }},
		{Move, func(m *Model) error { return m.Move(3, -5) }, func(t Tour) bool { return names(t) == "D,A,B,C" }},
		{Optimize, func(m *Model) error { return m.Reorder([]int{0, 2, 3, 1}, "Optimized") }, func(t Tour) bool { return names(t) == "A,C,D,B" }},
		{Clear, func(m *Model) error { m.Clear(); return nil }, func(t Tour) bool { return len(t.Stops) == 0 && t.Name == "T" }},
		{Profile, func(m *Model) error { m.SetProfile(route.Walking); return nil }, func(t Tour) bool { return t.Profile == route.Walking }},
		{Profile, func(m *Model) error { m.SetProfile(route.Cycling); return nil }, func(t Tour) bool { return t.Profile == route.Cycling }},
		{Avoid, func(m *Model) error { m.SetExclude(route.ExcludeToll | route.ExcludeFerry); return nil }, func(t Tour) bool {
			return t.Exclude == route.ExcludeToll|route.ExcludeFerry && t.Avoids() == t.Exclude
		}},
		{Roundtrip, func(m *Model) error { m.SetRoundtrip(true); return nil }, func(t Tour) bool { return t.Roundtrip }},
		{Replace, func(m *Model) error {
			return m.Replace(Replace, "Directions to X", Tour{Name: "T", Stops: []Stop{stop("A"), stop("X")}})
		}, func(t Tour) bool { return names(t) == "A,X" }},
		{Import, func(m *Model) error {
			return m.Replace(Import, "Imported", Tour{Name: "File", Stops: []Stop{stop("F"), stop("G")}, Roundtrip: true})
		}, func(t Tour) bool { return names(t) == "F,G" && t.Name == "File" && t.Roundtrip }},
		{Open, func(m *Model) error {
			return m.Replace(Open, "Opened", Tour{Doc: "doc-1", Name: "Saved", Stops: []Stop{stop("Q")}})
		}, func(t Tour) bool { return t.Doc == "doc-1" && names(t) == "Q" }},
		{New, func(m *Model) error { return m.Replace(New, "New tour", Tour{}) }, func(t Tour) bool { return len(t.Stops) == 0 && t.Name == "" }},
		{Rename, func(m *Model) error { m.SetName("Museums"); return nil }, func(t Tour) bool { return t.Name == "Museums" }},
	}
	for _, tt := range tests {
		t.Run(tt.kind.String(), func(t *testing.T) {
			m := NewModel(abcd())
			var seen []Edit
			m.OnChange = func(e Edit) { seen = append(seen, e) }
			rev := m.Revision()
			if err := tt.edit(m); err != nil {
				t.Fatal(err)
			}
			after := m.Tour()
			if !tt.want(after) {
				t.Fatalf("after the edit: %s %+v", names(after), after)
			}
			if len(seen) != 1 || seen[0].Kind != tt.kind || seen[0].Label == "" {
				t.Errorf("OnChange saw %+v, want one %s edit with a label", seen, tt.kind)
			}
			if tt.kind != Rename && tt.kind != Open && tt.kind != New && m.Revision() == rev {
				t.Error("the revision did not change with the route's inputs")
			}
			e, ok := m.Undo()
			if !ok || e.Kind != tt.kind {
				t.Fatalf("Undo = %+v, %v; want the %s edit", e, ok, tt.kind)
			}
			if got := m.Tour(); !got.Equal(abcd()) {
				t.Errorf("after undo: %s %+v, want A,B,C,D as before", names(got), got)
			}
			if m.CanUndo() || !m.CanRedo() {
				t.Errorf("after undo CanUndo %v CanRedo %v, want false true", m.CanUndo(), m.CanRedo())
			}
			if _, ok := m.Redo(); !ok {
				t.Fatal("Redo found nothing")
			}
			if got := m.Tour(); !got.Equal(after) {
				t.Errorf("after redo: %s, want %s", names(got), names(after))
			}
		})
	}
}

// TestAvoidsFollowTheProfile: the tour keeps what the planner asked to
// avoid; its routes avoid what the profile can (ferries by bike), and the
// revision changes only when that does.
func TestAvoidsFollowTheProfile(t *testing.T) {
	m := NewModel(abcd())
	m.SetExclude(route.ExcludeMotorway | route.ExcludeFerry)
	if got := m.Tour().Avoids(); got != route.ExcludeMotorway|route.ExcludeFerry {
		t.Fatalf("driving avoids %s, want motorway,ferry", got)
	}
	m.SetProfile(route.Cycling)
	if got := m.Tour(); got.Avoids() != route.ExcludeFerry || got.Exclude != route.ExcludeMotorway|route.ExcludeFerry {
		t.Errorf("cycling avoids %s (asked %s), want ferry of motorway,ferry", got.Avoids(), got.Exclude)
	}
	rev := m.Revision()
	m.SetExclude(route.ExcludeFerry) // motorways: no bike route uses one
	if m.Revision() != rev {
		t.Error("dropping motorways by bike changed the route's revision")
	}
	if !m.CanUndo() || m.UndoLabel() != "Avoid ferries" {
		t.Errorf("undo label %q, want %q", m.UndoLabel(), "Avoid ferries")
	}
	m.SetExclude(0)
	if m.Revision() == rev || m.UndoLabel() != "Avoid nothing" {
		t.Errorf("avoiding nothing: revision %d (was %d), label %q", m.Revision(), rev, m.UndoLabel())
	}
	if got := AvoidText(route.ExcludeMotorway | route.ExcludeToll | route.ExcludeFerry); got != "motorways, toll roads and ferries" {
		t.Errorf("AvoidText = %q", got)
	}
}

func TestHistoryLimitAndBranching(t *testing.T) {
	m := NewModel(Tour{})
	for i := 0; i < HistoryLimit+20; i++ {
		m.SetRoundtrip(i%2 == 0)
	}
	n := 0
	for m.CanUndo() {
		m.Undo()
		n++
	}
	if n != HistoryLimit || HistoryLimit < 50 {
		t.Errorf("%d steps undone, want HistoryLimit = %d ≥ 50", n, HistoryLimit)
	}
	// A new edit after undo drops the redo branch.
	m.Redo()
	m.SetProfile(route.Walking)
	if m.CanRedo() {
		t.Error("redo still possible after a new edit")
	}
}

func TestRenamesCoalesce(t *testing.T) {
	m := NewModel(Tour{Name: "Old"})
	for _, n := range []string{"M", "Mu", "Mus", "Museums"} {
		m.SetName(n)
	}
	m.Add(stop("A"))
	m.SetName("Museums 2")
	m.Undo() // the second rename
	m.Undo() // the add
	if e, _ := m.Undo(); e.Kind != Rename || m.Tour().Name != "Old" || m.CanUndo() {
		t.Errorf("after undoing the typed name: %q (CanUndo %v), want Old in one step", m.Tour().Name, m.CanUndo())
	}
}

func TestEditErrors(t *testing.T) {
	m := NewModel(abcd())
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"remove out of range", m.Remove(4), ErrIndex},
		{"move from out of range", m.Move(-1, 0), ErrIndex},
		{"insert past the end", m.Insert(6, stop("X")), ErrIndex},
		{"order with a repeat", m.Reorder([]int{0, 0, 1, 2}, ""), ErrIndex},
		{"order too short", m.Reorder([]int{0, 1}, ""), ErrIndex},
		{"replace by 101 stops", m.Replace(Import, "", Tour{Stops: make([]Stop, MaxStops+1)}), ErrTooMany},
	}
	for _, tt := range tests {
		if !errors.Is(tt.err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, tt.err, tt.want)
		}
	}
	if m.CanUndo() || names(m.Tour()) != "A,B,C,D" {
		t.Errorf("failed edits changed the tour: %s (CanUndo %v)", names(m.Tour()), m.CanUndo())
	}
	m.Move(2, 2)
	if m.CanUndo() {
		t.Error("moving a stop onto itself recorded an edit")
	}
	full := NewModel(Tour{Stops: make([]Stop, MaxStops)})
	if err := full.Add(stop("X")); !errors.Is(err, ErrFull) {
		t.Errorf("adding to a full tour: %v, want ErrFull", err)
	}
}

func TestStopNameFillsHistory(t *testing.T) {
	m := NewModel(Tour{})
	p := orb.Point{9.52, 47.14}
	m.Add(Stop{Name: "47.14° N", Point: p})
	m.Add(stop("B"))
	m.Remove(0)
	if m.SetStopName(p, "47.14° N", "Vaduz") {
		t.Error("SetStopName reported renaming a stop that is not in the tour")
	}
	m.Undo() // the remove: the stop comes back named
	if got := m.Tour().Stops[0].Name; got != "Vaduz" {
		t.Errorf("stop restored by undo is named %q, want Vaduz", got)
	}
	if m.SetStopName(orb.Point{1, 1}, "x", "y") {
		t.Error("SetStopName of an unknown point renamed something")
	}
}

func TestResultOfOlderRevisionIsDropped(t *testing.T) {
	m := NewModel(abcd())
	req := m.Request()
	m.Move(0, 1)
	if m.SetResult(Result{Revision: req.Revision, Routes: []route.Route{{Distance: 1}}}) {
		t.Error("a result for the tour before the move was kept")
	}
	if !m.SetResult(Result{Revision: m.Revision(), Routes: []route.Route{{Distance: 2}}}) || m.Result().Routes[0].Distance != 2 {
		t.Error("the current result was not kept")
	}
	m.SetName("Renamed")
	if !m.Result().Routed() {
		t.Error("renaming the tour dropped its route")
	}
	m.Undo() // the rename
	m.Undo() // the move: another order, another route
	if m.Result().Routed() {
		t.Error("undoing a move kept the route of the moved order")
	}
}

// TestRandomEditsUndoToStart applies random edits, then undoes them all:
// the tour is the start again, and redoing them all gives the end again.
func TestRandomEditsUndoToStart(t *testing.T) {
	seed := rand.Int63()
	rng := rand.New(rand.NewSource(seed))
	defer func() {
		if t.Failed() {
			t.Logf("seed %d", seed)
		}
	}()
	start := abcd()
	m := NewModel(start)
	for i := 0; i < HistoryLimit; i++ {
		n := m.Len()
		switch rng.Intn(7) {
		case 0:
			m.Add(stop(fmt.Sprintf("S%d", i)))
		case 1:
			if n > 0 {
				m.Remove(rng.Intn(n))
			}
		case 2:
			if n > 0 {
				m.Move(rng.Intn(n), rng.Intn(n))
			}
		case 3:
			m.Reorder(rng.Perm(n), "shuffle")
		case 4:
			m.SetProfile(route.Profiles[rng.Intn(len(route.Profiles))])
		case 5:
			m.SetRoundtrip(rng.Intn(2) == 0)
		case 6:
			m.SetExclude(route.Exclude(rng.Intn(8)))
		}
	}
	end := m.Tour()
	for m.CanUndo() {
		m.Undo()
	}
	if got := m.Tour(); !got.Equal(start) {
		t.Fatalf("after undoing everything: %s, want %s", names(got), names(start))
	}
	for m.CanRedo() {
		m.Redo()
	}
	if got := m.Tour(); !got.Equal(end) {
		t.Fatalf("after redoing everything: %s, want %s", names(got), names(end))
	}
}

func TestSameAsSaved(t *testing.T) {
	a := abcd()
	b := a.Clone()
	b.Stops[1].Point[0] += 4e-7 // a file's 7 decimals
	if !a.Same(b) || a.Equal(b) {
		t.Errorf("Same %v Equal %v for coordinates 4e-7° apart, want true false", a.Same(b), a.Equal(b))
	}
	b.Stops[1].Point[0] += 1e-5
	if a.Same(b) {
		t.Error("Same for a stop moved by a metre")
	}
	c := a.Clone()
	c.Stops[2].Name = "Other"
	if a.Same(c) {
		t.Error("Same for a renamed stop")
	}
}
