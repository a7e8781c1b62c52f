package features

import (
	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine/mapdata"
)

// Line merging. OSM splits a street into many ways (at every change of a tag
// and often at junctions). Drawn one by one, each piece starts its own dash
// pattern and round caps, and a street name can only be placed on a piece.
// Before writing, line features of the same class, name, flags and layer
// are joined where exactly two of them meet end to end (never through a
// junction of three or more), one-way lines only head to tail, up to
// mapMergeMaxPoints points per line so that tiles do not read long lines for
// a small part of them.

const mapMergeMaxPoints = 512

// mapLine is a line feature waiting to be merged: the way it is drawn from
// and what merging reads. Its geometry is read from the way again when it
// is written (mapWriter.lineGeom), so the stage holds ~56 bytes a line
// instead of its points (LI ×64: ~580 MB of lines).
type mapLine struct {
	way         osm.WayID
	first, last orb.Point // Mercator ends, in the stored direction
	n           int32     // points
	name        int32     // index into mapWriter.names
	class       uint16    // class id (mapWriter.classID)
	flags       uint8
	layer       int8
	rev         bool // stored against the way's node order (oneway=-1)
}

// linePiece is a line of a merged chain, walked forward or backward.
type linePiece struct {
	line     int32
	backward bool
}

type mergeKey struct {
	class, name  int32
	flags, layer int8
}

// mapMergeLines returns the chains the lines join into, in the order of
// their first piece's line (a merged line takes the place of its first
// piece), and the number of lines merged into another.
func mapMergeLines(lines []mapLine) ([][]linePiece, int) {
	groups := map[mergeKey][]int32{}
	var order []mergeKey
	for i := range lines {
		l := &lines[i]
		k := mergeKey{int32(l.class), l.name, int8(l.flags), l.layer}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], int32(i))
	}
	chainOf := make([][]linePiece, len(lines)) // by first line; nil: merged into another
	for i := range chainOf {
		chainOf[i] = []linePiece{{line: int32(i)}}
	}
	merged := 0
	for _, k := range order {
		idx := groups[k]
		if len(idx) < 2 {
			continue
		}
		oneway := k.flags&mapdata.FlagOneway != 0
		// Endpoint degree within the group, and which lines end where.
		ends := map[orb.Point][]int32{}
		for _, i := range idx {
			ends[lines[i].first] = append(ends[lines[i].first], i)
			ends[lines[i].last] = append(ends[lines[i].last], i)
		}
		used := map[int32]bool{}
		other := func(p orb.Point, self int32) int32 {
			e := ends[p]
			if len(e) != 2 {
				return -1 // a dead end or a junction
			}
			for _, j := range e {
				if j != self && !used[j] {
					return j
				}
			}
			return -1
		}
		for _, i := range idx {
			if used[i] {
				continue
			}
			used[i] = true
			chain := []linePiece{{line: i}}
			start, end, n := lines[i].first, lines[i].last, lines[i].n
			// Forward from the end.
			for cur := i; n < mapMergeMaxPoints; {
				j := other(end, cur)
				if j < 0 || j == i {
					break
				}
				l := &lines[j]
				switch {
				case l.first == end:
					chain = append(chain, linePiece{line: j})
					end = l.last
				case !oneway && l.last == end:
					chain = append(chain, linePiece{line: j, backward: true})
					end = l.first
				default:
					j = -1
				}
				if j < 0 {
					break
				}
				n += l.n - 1
				used[j] = true
				chainOf[j] = nil
				merged++
				cur = j
			}
			// Backward from the start.
			for cur := i; n < mapMergeMaxPoints; {
				j := other(start, cur)
				if j < 0 || j == i {
					break
				}
				l := &lines[j]
				switch {
				case l.last == start:
					chain = append([]linePiece{{line: j}}, chain...)
					start = l.first
				case !oneway && l.first == start:
					chain = append([]linePiece{{line: j, backward: true}}, chain...)
					start = l.last
				default:
					j = -1
				}
				if j < 0 {
					break
				}
				n += l.n - 1
				used[j] = true
				chainOf[j] = nil
				merged++
				cur = j
			}
			chainOf[i] = chain
		}
	}
	out := make([][]linePiece, 0, len(lines)-merged)
	for _, c := range chainOf {
		if c != nil {
			out = append(out, c)
		}
	}
	return out, merged
}

// joinChain returns the points of a chain; geom gives a line's points in
// its stored direction.
func joinChain(chain []linePiece, geom func(line int32) orb.LineString) orb.LineString {
	var out orb.LineString
	for k, p := range chain {
		pts := geom(p.line)
		if len(pts) == 0 {
			continue
		}
		if p.backward {
			pts = append(orb.LineString(nil), pts...)
			pts.Reverse()
		}
		if k > 0 && len(out) > 0 {
			pts = pts[1:] // the point the previous piece ends at
		}
		out = append(out, pts...)
	}
	return out
}
