package route

// minHeap is an indexed binary min-heap of graph nodes keyed by int64, with
// decrease-key. pos must be sized to the node count and hold -1 for nodes
// not in the heap; pop and reset keep it so, which lets a pooled heap be
// reused without clearing the whole array.
type minHeap struct {
	keys  []int64
	nodes []uint32
	pos   []int32
}

func newMinHeap(n int) minHeap {
	pos := make([]int32, n)
	for i := range pos {
		pos[i] = -1
	}
	return minHeap{pos: pos}
}

func (h *minHeap) len() int { return len(h.nodes) }

func (h *minHeap) minKey() int64 { return h.keys[0] }

// push inserts node or lowers its key; it returns false when the node is
// already in the heap with a key <= key.
func (h *minHeap) push(node uint32, key int64) bool {
	if p := h.pos[node]; p >= 0 {
		if h.keys[p] <= key {
			return false
		}
		h.keys[p] = key
		h.up(int(p))
		return true
	}
	h.keys = append(h.keys, key)
	h.nodes = append(h.nodes, node)
	h.pos[node] = int32(len(h.nodes) - 1)
	h.up(len(h.nodes) - 1)
	return true
}

// set inserts node or changes its key up or down.
func (h *minHeap) set(node uint32, key int64) {
	if p := h.pos[node]; p >= 0 {
		old := h.keys[p]
		h.keys[p] = key
		if key < old {
			h.up(int(p))
		} else {
			h.down(int(p))
		}
		return
	}
	h.push(node, key)
}

func (h *minHeap) pop() (uint32, int64) {
	n, k := h.nodes[0], h.keys[0]
	last := len(h.nodes) - 1
	h.swap(0, last)
	h.nodes = h.nodes[:last]
	h.keys = h.keys[:last]
	h.pos[n] = -1
	if last > 0 {
		h.down(0)
	}
	return n, k
}

func (h *minHeap) reset() {
	for _, n := range h.nodes {
		h.pos[n] = -1
	}
	h.nodes = h.nodes[:0]
	h.keys = h.keys[:0]
}

func (h *minHeap) swap(i, j int) {
	h.keys[i], h.keys[j] = h.keys[j], h.keys[i]
	h.nodes[i], h.nodes[j] = h.nodes[j], h.nodes[i]
	h.pos[h.nodes[i]] = int32(i)
	h.pos[h.nodes[j]] = int32(j)
}

func (h *minHeap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if h.keys[p] <= h.keys[i] {
			return
		}
		h.swap(i, p)
		i = p
	}
}

func (h *minHeap) down(i int) {
	n := len(h.nodes)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && h.keys[r] < h.keys[l] {
			m = r
		}
		if h.keys[i] <= h.keys[m] {
			return
		}
		h.swap(i, m)
		i = m
	}
}
