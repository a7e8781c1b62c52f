// Package tour orders the stops of a trip on a duration table: the
// asymmetric travelling-salesman step of the optimize (OSRM "trip") service.
//
// Its one job is Order: given an n×n table of travel durations in seconds
// (+Inf where no route exists) and the trip constraints, return the order in
// which to visit the stops. It knows nothing about roads; the caller builds
// the table and the legs.
//
// Design:
//   - Constraints follow OSRM v5's trip plugin exactly. roundtrip=true works
//     with any source/destination; roundtrip=false is supported only with
//     source=first and destination=last (anything else is ErrNotImplemented).
//     Fixed start and end are handled as OSRM does, by rewriting the table so
//     that the only cheap way to close the cycle is destination→source (free)
//     and nothing may enter the source or leave the destination; the cycle
//     problem is then solved unchanged (so with roundtrip=true and both ends
//     fixed, as in OSRM, the open path first→…→last is what gets optimized
//     and the return leg is appended). The result is rotated as OSRM does:
//     to start at stop 0, except for roundtrip with only destination=last,
//     where the cycle is rotated to end at the last stop.
//   - Every stop must reach every other (OSRM's strongly-connected check);
//     otherwise ErrNoTrips.
//   - Fewer than 10 stops: exact Held-Karp dynamic programming over subsets
//     (the optimum brute force would find, in O(2ⁿ·n²)).
//   - 10 or more: farthest insertion, then local search with moves valid on
//     asymmetric tables (2-opt with the reversed segment re-evaluated in full
//     via prefix sums in both directions, Or-opt moves of 1..3 stops, plain or
//     reversed), then an iterated local search (double-bridge kicks, which
//     keep segment directions) for a fixed number of rounds within a time
//     budget. The random source is seeded from the table size, so the same
//     request gives the same answer. The result is never worse than the
//     input order.
package tour

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// Sentinel errors of Order.
var (
	// ErrNotImplemented: a roundtrip/source/destination combination OSRM
	// does not support (roundtrip=false without both source=first and
	// destination=last).
	ErrNotImplemented = errors.New("tour: unsupported combination of roundtrip, source and destination")
	// ErrNoTrips: some stop cannot reach another one.
	ErrNoTrips = errors.New("tour: not all stops are connected")
	// ErrTable: the table is empty, not square or holds negative or NaN values.
	ErrTable = errors.New("tour: invalid duration table")
)

// Options are the trip constraints. The zero value is not OSRM's default:
// use DefaultOptions (roundtrip, any source, any destination).
type Options struct {
	// Roundtrip: the trip returns to its first stop.
	Roundtrip bool
	// FixedSource: the trip starts at stop 0 (OSRM source=first).
	FixedSource bool
	// FixedDestination: the trip ends at stop n-1 (OSRM destination=last).
	FixedDestination bool
	// Budget bounds the time spent improving a heuristic tour (n >= 10);
	// 0 means DefaultBudget. The exact method ignores it.
	Budget time.Duration
}

// DefaultOptions are OSRM's defaults: roundtrip=true, source=any, destination=any.
func DefaultOptions() Options { return Options{Roundtrip: true} }

// DefaultBudget is the improvement time budget when Options.Budget is 0.
const DefaultBudget = 20 * time.Millisecond

// ExactBelow is the number of stops from which the heuristic replaces the
// exact method (the spec: brute force below 10 waypoints).
const ExactBelow = 10

// Trip is an ordering of stops.
type Trip struct {
	// Order lists stop indices in visiting order; each stop appears once.
	// For a roundtrip the trip returns from the last to the first.
	Order []int
	// Duration is the trip's total duration in seconds on the input table,
	// including the return leg of a roundtrip.
	Duration float64
}

// Supported reports whether OSRM supports the combination of constraints.
func Supported(opt Options) bool {
	return opt.Roundtrip || (opt.FixedSource && opt.FixedDestination)
}

// Order returns the visiting order of the n stops of the duration table d
// (d[i][j] seconds from stop i to stop j, +Inf if unreachable; the diagonal
// is ignored) under opt.
func Order(d [][]float64, opt Options) (Trip, error) {
	n := len(d)
	if n == 0 {
		return Trip{}, fmt.Errorf("%w: no stops", ErrTable)
	}
	for i, row := range d {
		if len(row) != n {
			return Trip{}, fmt.Errorf("%w: row %d has %d columns, want %d", ErrTable, i, len(row), n)
		}
		for j, v := range row {
			if i != j && (math.IsNaN(v) || v < 0) {
				return Trip{}, fmt.Errorf("%w: d[%d][%d] = %v", ErrTable, i, j, v)
			}
		}
	}
	if !Supported(opt) {
		return Trip{}, ErrNotImplemented
	}
	for i, row := range d {
		for j, v := range row {
			if i != j && math.IsInf(v, 1) {
				return Trip{}, fmt.Errorf("%w: no route from stop %d to stop %d", ErrNoTrips, i, j)
			}
		}
	}
	if n == 1 {
		return Trip{Order: []int{0}}, nil
	}
	c := newCostTable(d, opt)
	var cycle []int
	if n < ExactBelow {
		cycle = heldKarp(c)
	} else {
		budget := opt.Budget
		if budget <= 0 {
			budget = DefaultBudget
		}
		cycle = heuristic(c, budget)
	}
	order := rotate(cycle, n, opt)
	return Trip{Order: order, Duration: Duration(d, order, opt.Roundtrip)}, nil
}

// Duration returns the duration in seconds of visiting the stops in order on
// table d, with the return leg when roundtrip.
func Duration(d [][]float64, order []int, roundtrip bool) float64 {
	var s float64
	for k := 1; k < len(order); k++ {
		s += d[order[k-1]][order[k]]
	}
	if roundtrip && len(order) > 1 {
		s += d[order[len(order)-1]][order[0]]
	}
	return s
}

// costTable is the (possibly rewritten) cycle problem, flat and row-major.
type costTable struct {
	n int
	c []float64
}

func (t *costTable) at(i, j int) float64 { return t.c[i*t.n+j] }

// cycleCost is the cost of the closed cycle.
func (t *costTable) cycleCost(cyc []int) float64 {
	s := t.at(cyc[len(cyc)-1], cyc[0])
	for k := 1; k < len(cyc); k++ {
		s += t.at(cyc[k-1], cyc[k])
	}
	return s
}

// newCostTable copies d and, for a fixed source and destination, applies
// OSRM's rewrite (ManipulateTableForFSE): nothing enters stop 0, nothing
// leaves stop n-1 except towards stop 0, which is free. Forbidden entries get
// a finite penalty larger than any tour without them, so every method stays
// in plain float arithmetic.
func newCostTable(d [][]float64, opt Options) *costTable {
	n := len(d)
	t := &costTable{n: n, c: make([]float64, n*n)}
	var sum float64
	for i := range n {
		for j := range n {
			if i != j {
				t.c[i*n+j] = d[i][j]
				sum += d[i][j]
			}
		}
	}
	if opt.FixedSource && opt.FixedDestination {
		forbidden := 2*sum + 1e6
		src, dst := 0, n-1
		for i := range n {
			if i != src {
				t.c[i*n+src] = forbidden
			}
			if i != dst {
				t.c[dst*n+i] = forbidden
			}
		}
		t.c[dst*n+src] = 0
	}
	return t
}

// rotate turns the optimal cycle into OSRM's visiting order: starting at stop
// 0, or, for a roundtrip with only the destination fixed, ending at stop n-1.
func rotate(cycle []int, n int, opt Options) []int {
	start := 0
	if opt.FixedDestination && !opt.FixedSource && opt.Roundtrip {
		for k, s := range cycle {
			if s == n-1 {
				start = (k + 1) % n
			}
		}
	} else {
		for k, s := range cycle {
			if s == 0 {
				start = k
			}
		}
	}
	out := make([]int, 0, n)
	out = append(out, cycle[start:]...)
	return append(out, cycle[:start]...)
}

// heldKarp returns an optimal cycle by dynamic programming over the subsets
// of stops 1..n-1, the cycle starting at stop 0. Ties keep the first found,
// so the result is deterministic.
func heldKarp(t *costTable) []int {
	n := t.n
	m := n - 1 // stops 1..n-1 are bits 0..m-1
	full := 1<<m - 1
	dp := make([]float64, (full+1)*m)
	parent := make([]int8, (full+1)*m)
	for i := range dp {
		dp[i] = math.Inf(1)
	}
	for j := range m {
		dp[(1<<j)*m+j] = t.at(0, j+1)
		parent[(1<<j)*m+j] = -1
	}
	for set := 1; set <= full; set++ {
		for j := range m {
			if set&(1<<j) == 0 {
				continue
			}
			cur := dp[set*m+j]
			if math.IsInf(cur, 1) {
				continue
			}
			row := t.c[(j+1)*n:]
			for k := range m {
				if set&(1<<k) != 0 {
					continue
				}
				next := set | 1<<k
				v := cur + row[k+1]
				if v < dp[next*m+k] {
					dp[next*m+k] = v
					parent[next*m+k] = int8(j)
				}
			}
		}
	}
	best, last := math.Inf(1), 0
	for j := range m {
		if v := dp[full*m+j] + t.at(j+1, 0); v < best {
			best, last = v, j
		}
	}
	cycle := make([]int, n)
	set := full
	for pos := n - 1; pos >= 1; pos-- {
		cycle[pos] = last + 1
		p := int(parent[set*m+last])
		set &^= 1 << last
		last = p
	}
	cycle[0] = 0
	return cycle
}
