package route

import (
	"fmt"
	"math/bits"
	"strings"
)

// Exclude is a set of road classes a route must not use (OSRM's exclude
// parameter): motorways (highway=motorway and motorway_link), toll roads
// (toll=yes, toll:forward/backward=yes) and ferries (route=ferry).
//
// One hierarchy serves every combination. OSRM contracts a hierarchy per
// excludable combination (car.lua lists three single classes: four
// hierarchies, and a combination it did not list is refused); here every
// edge of the contraction hierarchy carries the set of excludable
// classes its path uses, and a search with an exclusion skips the edges
// that use one (Geisberger et al.'s edge restrictions):
//   - contraction keeps, per pair of arcs, every edge no other is both
//     lighter and free of more classes (a route over the motorway and one
//     round it: both stay), and a witness path spares a shortcut only
//     when it uses no class the shortcut does not;
//   - a shortcut stands for the lightest of its middle arc's edges whose
//     classes are among its own, so its weight, distance and unpacking
//     follow from the edges below it as before (graphv4.go);
//   - searches, stalls, snaps and the plain Dijkstra of map matching leave
//     out what the exclusion names.
//
// The cost, measured on LI (see the package README's figures): a few
// percent more hierarchy edges for driving (the motorways' surroundings
// need both kinds of shortcut), nothing for profiles without excludable
// roads, one byte a hierarchy edge in memory where any edge has a class
// (none otherwise), and queries with or without an exclusion as fast as
// before; against OSRM's way, no hierarchy per combination (eight for
// three classes: eight times the memory and the contraction time), and
// every combination is served.
type Exclude uint8

// Excludable classes.
const (
	ExcludeMotorway Exclude = 1 << iota
	ExcludeToll
	ExcludeFerry
)

var excludeNames = []struct {
	x    Exclude
	name string
}{{ExcludeMotorway, "motorway"}, {ExcludeToll, "toll"}, {ExcludeFerry, "ferry"}}

// Excludable returns the classes a route of profile p may exclude: every
// class when driving, ferries on foot and by bike (no foot or bike route
// uses a motorway, and tolls are for vehicles).
func (p Profile) Excludable() Exclude {
	if p == Driving {
		return ExcludeMotorway | ExcludeToll | ExcludeFerry
	}
	return ExcludeFerry
}

// ParseExclude reads a comma-separated list of class names ("motorway",
// "toll", "ferry"; "" is none). An unknown or repeated name is an error
// wrapping ErrInvalidValue.
func ParseExclude(s string) (Exclude, error) {
	var x Exclude
	if s == "" {
		return 0, nil
	}
	for _, name := range strings.Split(s, ",") {
		var c Exclude
		for _, n := range excludeNames {
			if n.name == name {
				c = n.x
			}
		}
		if c == 0 {
			return 0, fmt.Errorf("%w: unknown exclude class %q", ErrInvalidValue, name)
		}
		if x&c != 0 {
			return 0, fmt.Errorf("%w: exclude class %q given twice", ErrInvalidValue, name)
		}
		x |= c
	}
	return x, nil
}

// String returns the classes as ParseExclude reads them.
func (x Exclude) String() string {
	var names []string
	for _, n := range excludeNames {
		if x&n.x != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, ",")
}

// ErrExcludeUnsupported: the graph cannot leave out the classes asked
// for: it was decoded from a pack written before the hierarchy carried
// its edges' classes (graph V5 and older; rebuild the pack). It wraps
// ErrInvalidValue: the request cannot be served as asked.
var ErrExcludeUnsupported = fmt.Errorf("%w: exclude needs a pack rebuilt with this version", ErrInvalidValue)

// ErrExcludeAcross: an exclusion asked of a route or table between
// stops in different packs of an Atlas. The Atlas's crossings keep the
// search spaces of unrestricted routes only; within one pack the
// exclusion is served as by the pack alone.
var ErrExcludeAcross = fmt.Errorf("%w: exclude is not served across packs", ErrInvalidValue)

// CheckExclude returns nil when routes of g can leave out the classes of
// x: an error wrapping ErrInvalidValue for a class the profile cannot
// exclude (Excludable; OSRM answers "Exclude flag combination is not
// supported"), ErrExcludeUnsupported for a graph whose hierarchy does not
// carry its edges' classes though some of its roads have one.
func (g *Graph) CheckExclude(x Exclude) error {
	if x == 0 {
		return nil
	}
	if bad := x &^ g.profile.Excludable(); bad != 0 {
		return fmt.Errorf("%w: exclude=%s: %s routes cannot exclude %s", ErrInvalidValue, x, g.profile, bad)
	}
	if g.up.mask != nil || g.down.mask != nil {
		return nil
	}
	g.classedOnce.Do(func() {
		for a := range g.aEdge {
			if g.arcMask(uint32(a)) != 0 {
				g.classed = true
				return
			}
		}
	})
	if g.classed {
		return fmt.Errorf("%w (%s graph)", ErrExcludeUnsupported, g.profile)
	}
	return nil
}

// within reports whether the classes of m are all in allow.
func within(m, allow uint8) bool { return m&^allow == 0 }

// lighter orders two edges of a pair for contraction and unpacking: the
// lighter first, of equal weight the one with fewer classes, then the
// smaller class set.
func lighter(w1 uint32, m1 uint8, w2 uint32, m2 uint8) bool {
	if w1 != w2 {
		return w1 < w2
	}
	if c1, c2 := bits.OnesCount8(m1), bits.OnesCount8(m2); c1 != c2 {
		return c1 < c2
	}
	return m1 < m2
}

// edgeMask returns the excludable classes of road edge e.
func (g *Graph) edgeMask(e uint32) uint8 {
	var m Exclude
	switch Class(g.eClass[e]) {
	case ClassMotorway, ClassMotorwayLink:
		m |= ExcludeMotorway
	}
	f := g.eFlags[e]
	if f&flagToll != 0 {
		m |= ExcludeToll
	}
	if f&flagFerry != 0 && Class(g.eClass[e]) != ClassTrain {
		m |= ExcludeFerry
	}
	return uint8(m)
}

// arcMask returns the excludable classes of arc a (its edge's).
func (g *Graph) arcMask(a uint32) uint8 { return g.edgeMask(g.aEdge[a] >> 1) }

// arcMasks returns every arc's classes, or nil when no arc has any.
func (g *Graph) arcMasks() []uint8 {
	var out []uint8
	for a := range g.aEdge {
		if m := g.arcMask(uint32(a)); m != 0 {
			if out == nil {
				out = make([]uint8, len(g.aEdge))
			}
			out[a] = m
		}
	}
	return out
}
