package regions

import (
	"cmp"
	"math"
	"slices"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"
)

// nodeStore holds node locations while an extract loads: id and E7
// coordinates, 16 bytes a node (a Go map of orb.Points took ~60), sorted by
// id before lookups. Appends within one input come in any order (the PBF
// decoder runs on several goroutines); each input is a segment, and when
// inputs overlap the earlier input's location wins.
type nodeStore struct {
	locs []nodeLoc
	segs []int // start of each input's segment
}

type nodeLoc struct {
	id       int64
	lon, lat int32
}

func (s *nodeStore) len() int { return len(s.locs) }

// reserve makes room for n more locations at once, so that a large
// extract's store is not copied as it grows (a copy briefly needs the old
// and the new array). Room not used costs address space, not memory: the
// runtime's fresh pages stay untouched until written.
func (s *nodeStore) reserve(n int) {
	if n > cap(s.locs)-len(s.locs) {
		// make, not slices.Grow: the runtime clears the new room of a
		// grown slice, which would touch every page of it.
		locs := make([]nodeLoc, len(s.locs), len(s.locs)+n)
		copy(locs, s.locs)
		s.locs = locs
	}
}

// startInput begins the segment of the next input.
func (s *nodeStore) startInput() { s.segs = append(s.segs, len(s.locs)) }

func (s *nodeStore) add(id osm.NodeID, p orb.Point) {
	s.locs = append(s.locs, nodeLoc{int64(id), int32(math.Round(p[0] * 1e7)), int32(math.Round(p[1] * 1e7))})
}

// sort orders the store by id and drops repeated ids, keeping the one of
// the earliest input.
func (s *nodeStore) sort() {
	byID := func(a, b nodeLoc) int { return cmp.Compare(a.id, b.id) }
	bounds := append(append([]int(nil), s.segs...), len(s.locs))
	if len(s.segs) == 0 {
		bounds = []int{0, len(s.locs)}
	}
	for i := 0; i+1 < len(bounds); i++ {
		seg := s.locs[bounds[i]:bounds[i+1]]
		if !slices.IsSortedFunc(seg, byID) {
			slices.SortFunc(seg, byID)
		}
	}
	merged := s.locs[:bounds[1]]
	for i := 1; i+1 < len(bounds); i++ {
		merged = mergeLocs(merged, s.locs[bounds[i]:bounds[i+1]])
	}
	out := merged[:0]
	for _, l := range merged {
		if len(out) > 0 && out[len(out)-1].id == l.id {
			continue
		}
		out = append(out, l)
	}
	s.locs = slices.Clip(out)
	s.segs = nil
}

// mergeLocs merges two sorted runs into a new slice; a before b on equal ids.
func mergeLocs(a, b []nodeLoc) []nodeLoc {
	out := make([]nodeLoc, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if b[j].id < a[i].id {
			out = append(out, b[j])
			j++
		} else {
			out = append(out, a[i])
			i++
		}
	}
	return append(append(out, a[i:]...), b[j:]...)
}

// get returns the E7 location of id.
func (s *nodeStore) get(id osm.NodeID) (lon, lat int32, ok bool) {
	i, ok := slices.BinarySearchFunc(s.locs, int64(id), func(l nodeLoc, id int64) int { return cmp.Compare(l.id, id) })
	if !ok {
		return 0, 0, false
	}
	return s.locs[i].lon, s.locs[i].lat, true
}
