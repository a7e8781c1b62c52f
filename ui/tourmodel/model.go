// Package tourmodel is the tour a planner builds in the window, without the
// window: its stops and settings, the routes computed for it, and an edit
// history with undo and redo. The tour panel (package ui) renders a Model
// and calls its operations; tests drive a Model without any display.
//
// Design choices:
//   - Every edit (add, remove, move, optimize, clear, profile, avoid,
//     return-to-start, replace, import, open, new, rename) goes through one
//     method that records the whole tour as it was before; undo and redo swap
//     whole tours. A tour of MaxStops stops is a few kilobytes, so snapshots
//     are simpler and safer than inverse operations, and HistoryLimit steps
//     cost well under a megabyte.
//   - Consecutive renames coalesce into one step (a name typed letter by
//     letter is undone at once).
//   - Naming a stop found by reverse geocoding (SetStopName) is not an edit:
//     it fills in the name in the tour and in every snapshot of the history
//     that holds the same placeholder, so undo never brings the coordinates
//     back as a name.
//   - Routes are computed elsewhere (Route, on a background goroutine) for
//     a Revision of the tour; SetResult keeps only the answer for the
//     current revision, so a slow answer for an older tour is never shown.
//     Route never routes a stop it would have to move far to reach a road:
//     it marks it (Result.Problems) and gives no totals instead.
//   - Tour.Exclude keeps the classes the planner asked to avoid, whatever
//     the profile; Avoids is the part the profile can leave out
//     (route.Profile.Excludable: ferries on foot and by bike), the one
//     every engine call of the tour is given. Switching to cycling and back
//     to driving so keeps "avoid tolls" as it was asked.
//   - Pick decides when a typed stop name clearly means one place; else
//     the planner chooses among the candidates.
package tourmodel

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine/route"
)

// MaxStops is the most stops a tour may have in the window (the /v1 API
// keeps the spec's 25).
const MaxStops = 100

// HistoryLimit is how many edits can be undone.
const HistoryLimit = 100

// Sentinel errors.
var (
	// ErrFull: the tour already has MaxStops stops.
	ErrFull = errors.New("tourmodel: the tour is full")
	// ErrIndex: a stop index out of range.
	ErrIndex = errors.New("tourmodel: no such stop")
	// ErrTooMany: a replacement tour has more than MaxStops stops.
	ErrTooMany = errors.New("tourmodel: too many stops")
)

// Stop is one stop of a tour.
type Stop struct {
	Name  string
	Point orb.Point // [lon, lat], degrees
}

// Tour is a tour as a planner keeps it: a name, the stops in visiting
// order and the settings of its route.
type Tour struct {
	// Doc is the id of the saved document this tour belongs to (see
	// package tourstore); "" for a tour never saved.
	Doc   string
	Name  string // "" untitled
	Stops []Stop
	// Profile is the travel mode of the route.
	Profile route.Profile
	// Roundtrip routes back to the first stop after the last.
	Roundtrip bool
	// Exclude is the road classes the planner asked to avoid (Avoids is
	// what the route leaves out).
	Exclude route.Exclude
}

// Avoids returns the classes the tour's routes leave out: those asked
// for that the profile can exclude.
func (t Tour) Avoids() route.Exclude { return t.Exclude & t.Profile.Excludable() }

// Clone returns a copy of t that shares no memory with it.
func (t Tour) Clone() Tour {
	t.Stops = append([]Stop(nil), t.Stops...)
	return t
}

// Equal reports whether t and u are the same tour.
func (t Tour) Equal(u Tour) bool {
	if t.Doc != u.Doc || t.Name != u.Name || t.Profile != u.Profile || t.Roundtrip != u.Roundtrip || t.Exclude != u.Exclude || len(t.Stops) != len(u.Stops) {
		return false
	}
	for i := range t.Stops {
		if t.Stops[i] != u.Stops[i] {
			return false
		}
	}
	return true
}

// Same reports whether t and u are the same tour as saved: Equal, but
// coordinates that agree to within 1e-6° (about 10 cm; files keep 7
// decimals) are the same.
func (t Tour) Same(u Tour) bool {
	if t.Doc != u.Doc || t.Name != u.Name || t.Profile != u.Profile || t.Roundtrip != u.Roundtrip || t.Exclude != u.Exclude || len(t.Stops) != len(u.Stops) {
		return false
	}
	for i, s := range t.Stops {
		v := u.Stops[i]
		if s.Name != v.Name || math.Abs(s.Point[0]-v.Point[0]) > 1e-6 || math.Abs(s.Point[1]-v.Point[1]) > 1e-6 {
			return false
		}
	}
	return true
}

// Coordinates returns the points to route through in order: the stops, and
// the first stop again at the end of a round trip of two or more stops.
func (t Tour) Coordinates() []orb.Point {
	pts := make([]orb.Point, 0, len(t.Stops)+1)
	for _, s := range t.Stops {
		pts = append(pts, s.Point)
	}
	if t.Roundtrip && len(pts) >= 2 {
		pts = append(pts, pts[0])
	}
	return pts
}

// Bound returns the bounding box of the stops (ok false without stops).
func (t Tour) Bound() (b orb.Bound, ok bool) {
	if len(t.Stops) == 0 {
		return orb.Bound{}, false
	}
	b = orb.Bound{Min: t.Stops[0].Point, Max: t.Stops[0].Point}
	for _, s := range t.Stops[1:] {
		b = b.Extend(s.Point)
	}
	return b, true
}

// Kind is the kind of an edit.
type Kind int

// Edit kinds.
const (
	Add Kind = iota
	Remove
	Move
	Optimize
	Clear
	Profile
	Roundtrip
	Replace // directions from/to here, Route from a place
	Import  // a GPX or GeoJSON file opened as a tour
	Open    // a saved tour opened
	New     // a new empty tour
	Rename
	Avoid // the classes of roads to avoid
)

var kindNames = [...]string{"add", "remove", "move", "optimize", "clear", "profile", "return to start",
	"replace", "import", "open", "new", "rename", "avoid"}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// Edit describes one step of the history.
type Edit struct {
	Kind Kind
	// Label says what the edit did, for the status line and the undo
	// buttons: "Added Vaduz", "Optimized the order".
	Label string
}

type step struct {
	edit   Edit
	before Tour // the tour before the edit (undo) or before the undo (redo)
}

// Model is a tour with its edit history and its latest route. It is not
// safe for concurrent use: the window uses it from the UI goroutine only.
type Model struct {
	tour       Tour
	undo, redo []step
	rev        uint64 // bumps on every change that alters the route
	result     Result

	// OnChange, when set, is called after every change of the tour (edits,
	// undo, redo, reset, stop names) with the edit that made it (Kind is
	// -1 for changes that are not edits).
	OnChange func(Edit)
}

// NewModel returns a model holding t, with an empty history.
func NewModel(t Tour) *Model {
	m := &Model{}
	m.tour = t.Clone()
	return m
}

// Tour returns a copy of the current tour.
func (m *Model) Tour() Tour { return m.tour.Clone() }

// Len returns the number of stops.
func (m *Model) Len() int { return len(m.tour.Stops) }

// Stop returns stop i.
func (m *Model) Stop(i int) Stop { return m.tour.Stops[i] }

// Revision identifies the tour's route inputs (stops, order, profile,
// avoided roads, round trip): it changes whenever they do.
func (m *Model) Revision() uint64 { return m.rev }

// Reset replaces the tour and forgets the history (a restored session).
func (m *Model) Reset(t Tour) {
	m.tour = t.Clone()
	m.undo, m.redo = nil, nil
	m.rev++
	m.result = Result{}
	m.changed(Edit{Kind: -1})
}

// apply records the current tour as the state before e and installs next.
func (m *Model) apply(e Edit, next Tour) {
	if e.Kind == Rename && len(m.undo) > 0 && m.undo[len(m.undo)-1].edit.Kind == Rename {
		m.undo[len(m.undo)-1].edit = e // coalesce: undo restores the name before the first rename
	} else {
		m.undo = append(m.undo, step{edit: e, before: m.tour})
		if len(m.undo) > HistoryLimit {
			m.undo = append(m.undo[:0:0], m.undo[len(m.undo)-HistoryLimit:]...)
		}
	}
	m.redo = nil
	m.install(next)
	m.changed(e)
}

// install makes t the current tour, bumping the revision when the route's
// inputs changed.
func (m *Model) install(t Tour) {
	if !sameRoute(m.tour, t) {
		m.rev++
		m.result = Result{}
	}
	m.tour = t
}

func sameRoute(a, b Tour) bool {
	if a.Profile != b.Profile || a.Roundtrip != b.Roundtrip || a.Avoids() != b.Avoids() || len(a.Stops) != len(b.Stops) {
		return false
	}
	for i := range a.Stops {
		if a.Stops[i].Point != b.Stops[i].Point {
			return false
		}
	}
	return true
}

func (m *Model) changed(e Edit) {
	if m.OnChange != nil {
		m.OnChange(e)
	}
}

// Add appends a stop.
func (m *Model) Add(s Stop) error {
	return m.Insert(len(m.tour.Stops), s)
}

// Insert puts s at position i (0 = first).
func (m *Model) Insert(i int, s Stop) error {
	if len(m.tour.Stops) >= MaxStops {
		return fmt.Errorf("%w: at most %d stops", ErrFull, MaxStops)
	}
	if i < 0 || i > len(m.tour.Stops) {
		return fmt.Errorf("%w: insert at %d of %d", ErrIndex, i, len(m.tour.Stops))
	}
	next := m.tour.Clone()
	next.Stops = append(next.Stops[:i], append([]Stop{s}, next.Stops[i:]...)...)
	label := "Added " + s.Name
	if i < len(m.tour.Stops) {
		label = fmt.Sprintf("Added %s as stop %d", s.Name, i+1)
	}
	m.apply(Edit{Kind: Add, Label: label}, next)
	return nil
}

// Remove deletes stop i.
func (m *Model) Remove(i int) error {
	if i < 0 || i >= len(m.tour.Stops) {
		return fmt.Errorf("%w: remove %d of %d", ErrIndex, i, len(m.tour.Stops))
	}
	next := m.tour.Clone()
	name := next.Stops[i].Name
	next.Stops = append(next.Stops[:i], next.Stops[i+1:]...)
	m.apply(Edit{Kind: Remove, Label: "Removed " + name}, next)
	return nil
}

// Move moves stop from to position to (clamped to the list); moving a
// stop onto itself records nothing.
func (m *Model) Move(from, to int) error {
	n := len(m.tour.Stops)
	if from < 0 || from >= n {
		return fmt.Errorf("%w: move %d of %d", ErrIndex, from, n)
	}
	to = max(0, min(n-1, to))
	if from == to {
		return nil
	}
	next := m.tour.Clone()
	s := next.Stops[from]
	next.Stops = append(next.Stops[:from], next.Stops[from+1:]...)
	next.Stops = append(next.Stops[:to], append([]Stop{s}, next.Stops[to:]...)...)
	m.apply(Edit{Kind: Move, Label: fmt.Sprintf("Moved %s to stop %d", s.Name, to+1)}, next)
	return nil
}

// Reorder puts the stops in order (indices into the current stops, each
// once), as Optimize finds it.
func (m *Model) Reorder(order []int, label string) error {
	n := len(m.tour.Stops)
	if len(order) != n {
		return fmt.Errorf("%w: order of %d stops for %d", ErrIndex, len(order), n)
	}
	seen := make([]bool, n)
	next := m.tour.Clone()
	for i, k := range order {
		if k < 0 || k >= n || seen[k] {
			return fmt.Errorf("%w: order %v is not a permutation", ErrIndex, order)
		}
		seen[k] = true
		next.Stops[i] = m.tour.Stops[k]
	}
	m.apply(Edit{Kind: Optimize, Label: label}, next)
	return nil
}

// Clear removes every stop (the settings and the name stay).
func (m *Model) Clear() {
	if len(m.tour.Stops) == 0 {
		return
	}
	next := m.tour.Clone()
	next.Stops = nil
	m.apply(Edit{Kind: Clear, Label: fmt.Sprintf("Cleared %d stops", len(m.tour.Stops))}, next)
}

// SetProfile changes the travel mode.
func (m *Model) SetProfile(p route.Profile) {
	if p == m.tour.Profile {
		return
	}
	next := m.tour.Clone()
	next.Profile = p
	m.apply(Edit{Kind: Profile, Label: "Profile: " + p.String()}, next)
}

// SetExclude sets the classes of roads to avoid.
func (m *Model) SetExclude(x route.Exclude) {
	if x == m.tour.Exclude {
		return
	}
	next := m.tour.Clone()
	next.Exclude = x
	label := "Avoid nothing"
	if x != 0 {
		label = "Avoid " + AvoidText(x)
	}
	m.apply(Edit{Kind: Avoid, Label: label}, next)
}

// AvoidText names classes of roads in words: "motorways, tolls and
// ferries" ("" for none).
func AvoidText(x route.Exclude) string {
	var names []string
	for _, c := range []struct {
		x    route.Exclude
		name string
	}{{route.ExcludeMotorway, "motorways"}, {route.ExcludeToll, "toll roads"}, {route.ExcludeFerry, "ferries"}} {
		if x&c.x != 0 {
			names = append(names, c.name)
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// SetRoundtrip turns "return to start" on or off.
func (m *Model) SetRoundtrip(on bool) {
	if on == m.tour.Roundtrip {
		return
	}
	next := m.tour.Clone()
	next.Roundtrip = on
	label := "Return to start off"
	if on {
		label = "Return to start on"
	}
	m.apply(Edit{Kind: Roundtrip, Label: label}, next)
}

// SetName renames the tour (consecutive renames are one step).
func (m *Model) SetName(name string) {
	if name == m.tour.Name {
		return
	}
	next := m.tour.Clone()
	next.Name = name
	m.apply(Edit{Kind: Rename, Label: "Renamed the tour"}, next)
}

// Replace installs t as the tour in one step of kind k (Replace, Import,
// Open, New) with label. It refuses tours of more than MaxStops stops.
func (m *Model) Replace(k Kind, label string, t Tour) error {
	if len(t.Stops) > MaxStops {
		return fmt.Errorf("%w: %d stops, at most %d", ErrTooMany, len(t.Stops), MaxStops)
	}
	m.apply(Edit{Kind: k, Label: label}, t.Clone())
	return nil
}

// SetDoc records that the tour is saved as document id under name (not
// an edit: saving changes nothing the planner would undo). The states of
// the history that lead to the current one without opening another tour
// or starting a new one get the id too, so an undo after saving stays in
// the document.
func (m *Model) SetDoc(id, name string) {
	old := m.tour.Doc
	m.tour.Doc, m.tour.Name = id, name
	// undo[i].before leads to the state after step i unless step i
	// opened a tour or started a new one
	for i := len(m.undo) - 1; i >= 0 && !switchesDoc(m.undo[i].edit.Kind); i-- {
		if m.undo[i].before.Doc == old {
			m.undo[i].before.Doc = id
		}
	}
	// redo[j].before follows the current state through step redo[j]
	for j := len(m.redo) - 1; j >= 0 && !switchesDoc(m.redo[j].edit.Kind); j-- {
		if m.redo[j].before.Doc == old {
			m.redo[j].before.Doc = id
		}
	}
	m.changed(Edit{Kind: -1})
}

// switchesDoc reports whether an edit of kind k moves to another document.
func switchesDoc(k Kind) bool { return k == Open || k == New || k == Import }

// SetStopName names the stops at pt that are still called placeholder
// (typically their coordinates), here and in the history; it reports
// whether a current stop was renamed.
func (m *Model) SetStopName(pt orb.Point, placeholder, name string) bool {
	fill := func(stops []Stop) bool {
		done := false
		for i := range stops {
			if stops[i].Point == pt && stops[i].Name == placeholder {
				stops[i].Name = name
				done = true
			}
		}
		return done
	}
	for _, h := range [][]step{m.undo, m.redo} {
		for i := range h {
			// snapshots may share their array with other snapshots:
			// copy before writing
			if hasStop(h[i].before.Stops, pt, placeholder) {
				h[i].before = h[i].before.Clone()
				fill(h[i].before.Stops)
			}
		}
	}
	if !hasStop(m.tour.Stops, pt, placeholder) {
		return false
	}
	m.tour = m.tour.Clone()
	fill(m.tour.Stops)
	m.changed(Edit{Kind: -1})
	return true
}

func hasStop(stops []Stop, pt orb.Point, name string) bool {
	for _, s := range stops {
		if s.Point == pt && s.Name == name {
			return true
		}
	}
	return false
}

// CanUndo and CanRedo report whether there is an edit to undo or redo.
func (m *Model) CanUndo() bool { return len(m.undo) > 0 }

// CanRedo reports whether there is an undone edit to redo.
func (m *Model) CanRedo() bool { return len(m.redo) > 0 }

// UndoLabel returns the label of the edit Undo would revert ("" if none).
func (m *Model) UndoLabel() string {
	if len(m.undo) == 0 {
		return ""
	}
	return m.undo[len(m.undo)-1].edit.Label
}

// RedoLabel returns the label of the edit Redo would repeat ("" if none).
func (m *Model) RedoLabel() string {
	if len(m.redo) == 0 {
		return ""
	}
	return m.redo[len(m.redo)-1].edit.Label
}

// Undo reverts the last edit and returns it (ok false when there is none).
func (m *Model) Undo() (e Edit, ok bool) {
	if len(m.undo) == 0 {
		return Edit{}, false
	}
	s := m.undo[len(m.undo)-1]
	m.undo = m.undo[:len(m.undo)-1]
	m.redo = append(m.redo, step{edit: s.edit, before: m.tour})
	m.install(s.before)
	m.changed(s.edit)
	return s.edit, true
}

// Redo repeats the last undone edit and returns it (ok false when none).
func (m *Model) Redo() (e Edit, ok bool) {
	if len(m.redo) == 0 {
		return Edit{}, false
	}
	s := m.redo[len(m.redo)-1]
	m.redo = m.redo[:len(m.redo)-1]
	m.undo = append(m.undo, step{edit: s.edit, before: m.tour})
	m.install(s.before)
	m.changed(s.edit)
	return s.edit, true
}

// Result returns the latest route result of the current revision (its
// Revision is 0 when none has arrived yet).
func (m *Model) Result() Result { return m.result }

// SetResult keeps r if it was computed for the current revision and
// reports whether it did.
func (m *Model) SetResult(r Result) bool {
	if r.Revision != m.rev {
		return false
	}
	m.result = r
	return true
}

// Near reports whether a and b are within meters of each other.
func Near(a, b orb.Point, meters float64) bool {
	// equirectangular: exact enough below a few kilometres
	const r = 6371008.8
	lat := (a[1] + b[1]) / 2 * math.Pi / 180
	dx := (b[0] - a[0]) * math.Pi / 180 * math.Cos(lat) * r
	dy := (b[1] - a[1]) * math.Pi / 180 * r
	return dx*dx+dy*dy <= meters*meters
}
