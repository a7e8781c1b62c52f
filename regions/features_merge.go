package regions

import (
	"github.com/paulmach/orb"

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

type mergeKey struct {
	class, name  string
	flags, layer int
}

// mapMergeLines returns features with mergeable lines joined. Order is
// deterministic: a merged line takes the place of its first piece.
func mapMergeLines(features []mapFeature) ([]mapFeature, int) {
	groups := map[mergeKey][]int{}
	var order []mergeKey
	for i := range features {
		f := &features[i]
		if f.typ != mapdata.GeomLine || len(f.parts) != 1 || len(f.parts[0]) < 2 {
			continue
		}
		k := mergeKey{f.class, f.name, f.flags, f.layer}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	drop := make([]bool, len(features))
	merged := 0
	for _, k := range order {
		idx := groups[k]
		if len(idx) < 2 {
			continue
		}
		oneway := k.flags&mapdata.FlagOneway != 0
		// Endpoint degree within the group, and which lines end where.
		ends := map[orb.Point][]int{}
		for _, i := range idx {
			l := features[i].parts[0]
			ends[l[0]] = append(ends[l[0]], i)
			ends[l[len(l)-1]] = append(ends[l[len(l)-1]], i)
		}
		used := map[int]bool{}
		other := func(p orb.Point, self int) int {
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
			line := append(orb.LineString(nil), features[i].parts[0]...)
			// Forward from the end.
			for cur := i; len(line) < mapMergeMaxPoints; {
				end := line[len(line)-1]
				j := other(end, cur)
				if j < 0 || j == i {
					break
				}
				l := features[j].parts[0]
				switch {
				case l[0] == end:
					line = append(line, l[1:]...)
				case !oneway && l[len(l)-1] == end:
					for k := len(l) - 2; k >= 0; k-- {
						line = append(line, l[k])
					}
				default:
					j = -1
				}
				if j < 0 {
					break
				}
				used[j] = true
				drop[j] = true
				merged++
				cur = j
			}
			// Backward from the start.
			for cur := i; len(line) < mapMergeMaxPoints; {
				start := line[0]
				j := other(start, cur)
				if j < 0 || j == i {
					break
				}
				l := features[j].parts[0]
				var head orb.LineString
				switch {
				case l[len(l)-1] == start:
					head = append(head, l[:len(l)-1]...)
				case !oneway && l[0] == start:
					for k := len(l) - 1; k >= 1; k-- {
						head = append(head, l[k])
					}
				default:
					j = -1
				}
				if j < 0 {
					break
				}
				line = append(head, line...)
				used[j] = true
				drop[j] = true
				merged++
				cur = j
			}
			features[i].parts = []orb.LineString{line}
		}
	}
	out := features[:0]
	for i := range features {
		if !drop[i] {
			out = append(out, features[i])
		}
	}
	return out, merged
}
