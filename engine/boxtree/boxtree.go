// Package boxtree is a static packed R-tree over a fixed list of boxes
// ("every box that meets this rectangle"), in flat arrays that an image
// holds as they are: the spatial half of reverse geocoding at street zoom.
//
// Design choices:
//   - The tree is packed once (Hilbert order of the boxes' centres, then
//     NodeSize children per node, level by level), as Flatbush does: no
//     cell size to tune, boxes of any size (a house, a long road) cost
//     the same, and a query visits a few nodes per level whatever the
//     number of boxes. A uniform grid would list a long road in hundreds
//     of cells or in a list visited by every query.
//   - The boxes are float32, as SQLite's R*Tree keeps them: Build is given
//     them already rounded outward (RoundDown, RoundUp), so a box still
//     holds what it stands for. A node's box is the union of its
//     children's, exact in float32.
//   - The caller keeps its items in the tree's order (Build returns it),
//     so a leaf's position is the item's number and children are found
//     by arithmetic: the tree is one array of boxes and a list of where
//     each level starts.
//   - Immutable after Build; Search is safe for concurrent use and
//     allocates nothing but its small stack.
package boxtree

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"waymark/engine/flat"
)

// NodeSize is the number of children of a node.
const NodeSize = 16

// Box is [min x, min y, max x, max y].
type Box [4]float32

// Tree indexes a fixed list of boxes.
type Tree struct {
	// boxes are the leaves (the items' boxes, in tree order), then the
	// nodes of each level up to the root; level l is boxes[levels[l]:
	// levels[l+1]], level 0 being the leaves.
	boxes  []Box
	levels []uint64
}

// RoundDown and RoundUp round v to a float32 at most (at least) v, as
// SQLite's R*Tree does with its coordinates.
func RoundDown(v float64) float32 {
	f := float32(v)
	if float64(f) > v {
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return f
}

// RoundUp: see RoundDown.
func RoundUp(v float64) float32 {
	f := float32(v)
	if float64(f) < v {
		f = math.Nextafter32(f, float32(math.Inf(1)))
	}
	return f
}

// Build packs boxes into a tree. The tree's item i is boxes[order[i]]:
// the caller stores its items in that order, and Search reports them by
// their place in it.
func Build(boxes []Box) (t *Tree, order []int) {
	n := len(boxes)
	order = make([]int, n)
	t = &Tree{levels: []uint64{0}}
	if n == 0 {
		return t, order
	}
	all := union(boxes)
	w, h := float64(all[2])-float64(all[0]), float64(all[3])-float64(all[1])
	scale := func(v, lo, size float64) uint32 {
		if size <= 0 {
			return 0
		}
		return uint32(math.Min(math.Max((v-lo)/size*65535, 0), 65535))
	}
	keys := make([]uint64, n)
	for i, b := range boxes {
		cx := (float64(b[0]) + float64(b[2])) / 2
		cy := (float64(b[1]) + float64(b[3])) / 2
		keys[i] = Hilbert(scale(cx, float64(all[0]), w), scale(cy, float64(all[1]), h))
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Or(cmp.Compare(keys[a], keys[b]), cmp.Compare(a, b)) })
	size := n
	for l := n; l > 1; {
		l = (l + NodeSize - 1) / NodeSize
		size += l
	}
	t.boxes = make([]Box, 0, size)
	for _, i := range order {
		t.boxes = append(t.boxes, boxes[i])
	}
	for start, end := 0, n; end-start > 1; start, end = end, len(t.boxes) {
		t.levels = append(t.levels, uint64(end))
		for c := start; c < end; c += NodeSize {
			t.boxes = append(t.boxes, union(t.boxes[c:min(c+NodeSize, end)]))
		}
	}
	t.levels = append(t.levels, uint64(len(t.boxes)))
	return t, order
}

// union returns the box of boxes (not empty).
func union(boxes []Box) Box {
	u := boxes[0]
	for _, b := range boxes[1:] {
		u = Box{min(u[0], b[0]), min(u[1], b[1]), max(u[2], b[2]), max(u[3], b[3])}
	}
	return u
}

// Hilbert is the position of (x, y) on the Hilbert curve over a
// 65536×65536 grid (x and y below 65536): points near each other on the
// curve are near each other on the grid.
func Hilbert(x, y uint32) uint64 {
	const n = 1 << 16
	var d uint64
	for s := uint32(n / 2); s > 0; s /= 2 {
		var rx, ry uint32
		if x&s != 0 {
			rx = 1
		}
		if y&s != 0 {
			ry = 1
		}
		d += uint64(s) * uint64(s) * uint64((3*rx)^ry)
		if ry == 0 {
			if rx == 1 {
				x, y = n-1-x, n-1-y
			}
			x, y = y, x
		}
	}
	return d
}

// Len returns the number of items.
func (t *Tree) Len() int {
	if len(t.levels) < 2 {
		return 0
	}
	return int(t.levels[1])
}

// Box returns item i's box.
func (t *Tree) Box(i int) Box { return t.boxes[i] }

// Search calls visit with every item whose box meets the rectangle
// [minX, maxX] × [minY, maxY] (edges included), once each, in no
// particular order; it stops when visit returns false.
func (t *Tree) Search(minX, minY, maxX, maxY float64, visit func(i int) bool) {
	top := len(t.levels) - 2
	if top < 0 {
		return
	}
	meets := func(b *Box) bool {
		return float64(b[0]) <= maxX && float64(b[2]) >= minX && float64(b[1]) <= maxY && float64(b[3]) >= minY
	}
	// stack holds (level, position) of nodes whose box meets the
	// rectangle and whose children are still to be looked at.
	type node struct{ level, pos int }
	var stackBuf [64]node
	stack := stackBuf[:0]
	for p := int(t.levels[top]); p < int(t.levels[top+1]); p++ {
		if meets(&t.boxes[p]) {
			stack = append(stack, node{top, p})
		}
	}
	for len(stack) > 0 {
		nd := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if nd.level == 0 {
			if !visit(nd.pos) {
				return
			}
			continue
		}
		below := nd.level - 1
		first := int(t.levels[below]) + (nd.pos-int(t.levels[nd.level]))*NodeSize
		end := min(first+NodeSize, int(t.levels[below+1]))
		for c := first; c < end; c++ {
			if !meets(&t.boxes[c]) {
				continue
			}
			if below == 0 {
				if !visit(c) {
					return
				}
				continue
			}
			stack = append(stack, node{below, c})
		}
	}
}

// imageFields lists the tree's arrays in an image's order.
func (t *Tree) imageFields() []flat.Field {
	return []flat.Field{flat.F(&t.boxes), flat.F(&t.levels)}
}

// WriteImage writes the tree's arrays to an image (package flat).
func (t *Tree) WriteImage(w *flat.Writer) { w.WriteFields(t.imageFields()) }

// ReadImage returns the tree whose arrays WriteImage wrote at r's
// position, as views of r's bytes. The levels are checked to fit the
// boxes (so Search stays within the arrays); the boxes' values are not.
func ReadImage(r *flat.Reader) (*Tree, error) {
	t := &Tree{}
	r.ReadFields(t.imageFields())
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("boxtree: read image: %w", err)
	}
	if err := t.check(); err != nil {
		return nil, fmt.Errorf("boxtree: read image: %w: %v", flat.ErrImage, err)
	}
	return t, nil
}

// check reports whether the levels are those Build makes for its number
// of items.
func (t *Tree) check() error {
	if len(t.levels) == 0 || t.levels[0] != 0 {
		return fmt.Errorf("no levels")
	}
	if len(t.levels) == 1 {
		if len(t.boxes) != 0 {
			return fmt.Errorf("%d boxes in an empty tree", len(t.boxes))
		}
		return nil
	}
	n := t.levels[1]
	for l := 1; l+1 < len(t.levels); l++ {
		width := t.levels[l] - t.levels[l-1]
		if want := (width + NodeSize - 1) / NodeSize; t.levels[l+1]-t.levels[l] != want || width <= 1 {
			return fmt.Errorf("level %d of %d nodes under %d", l, t.levels[l+1]-t.levels[l], width)
		}
	}
	if top := len(t.levels) - 1; t.levels[top] != uint64(len(t.boxes)) || (n > 1) != (top > 1) || top > 1 && t.levels[top]-t.levels[top-1] != 1 {
		return fmt.Errorf("levels %v for %d boxes", t.levels, len(t.boxes))
	}
	return nil
}
