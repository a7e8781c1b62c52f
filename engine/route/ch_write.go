package route

import "fmt"

// writeTo writes the hierarchy as Graph.writeTail writes a built graph's
// (graphMagic: per direction the offsets, the targets relative to their
// node, the middle arcs, whether the original edges' values are left
// out; then whether the shortcuts' are), reading each direction's edges
// from its spool a range of at most limit edges at a time, so that only
// the edge counts (4 bytes a node) stay in memory: the arrays of the
// whole hierarchy were the roads stage's peak (LI ×16: 29 MB of 54).
// The middle arcs wait in a spool in dir while the targets are written.
//
// Where Graph.writeTail checks the values it leaves out against the
// transitions and the shortcuts' halves, writeTo knows them from how the
// hierarchy was made (hierarchy's wrapped flags): the two agree, and
// Write's bytes are Build's (TestWriteStreams).
func (h *hierarchy) writeTo(w *varWriter, dir string, limit int) error {
	if err := h.writeEdges(w, dir, limit); err != nil {
		return err
	}
	for _, f := range []*finalEdges{h.up, h.down} {
		if err := f.writeMasks(limit, w); err != nil {
			return err
		}
	}
	return w.err
}

// writeMasks writes the edges' classes as writeMasks does (V7), from the
// spool: a pass to count the edges with classes, one to write them.
func (f *finalEdges) writeMasks(limit int, w *varWriter) error {
	if !f.masked {
		w.uint(0)
		return w.err
	}
	n := 0
	err := f.chunks(limit, func(a *chAdj, _ int) error {
		for _, m := range a.mask {
			if m != 0 {
				n++
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.uint(uint64(n))
	base, last := 0, 0
	err = f.chunks(limit, func(a *chAdj, _ int) error {
		for k, m := range a.mask {
			if m != 0 {
				w.uint(uint64(base + k - last))
				w.uint(uint64(m))
				last = base + k
			}
		}
		base += len(a.to)
		return w.err
	})
	return err
}

// writeEdges writes the hierarchy's edges without their classes.
func (h *hierarchy) writeEdges(w *varWriter, dir string, limit int) error {
	if w.v2 || w.v3 || w.v4 || w.v5 {
		return fmt.Errorf("route: hierarchy: only the current encoding is written from spools")
	}
	var shortcuts [2]int
	for i, f := range []*finalEdges{h.up, h.down} {
		// Offsets, as u32s with deltas: the counts.
		w.uint(uint64(f.count.len() + 1))
		w.int(0)
		for v := range f.count.len() {
			w.int(int64(f.count.at(v)))
		}
		mids, err := newSpool(dir, "hierarchy-middle")
		if err != nil {
			return err
		}
		defer mids.close()
		mw := newVarWriter(mids)
		w.uint(uint64(f.n))
		err = f.chunks(limit, func(a *chAdj, lo int) error {
			for v := range len(a.off) - 1 {
				for k := a.off[v]; k < a.off[v+1]; k++ {
					w.int(int64(a.to[k]) - int64(lo+v))
					if m := a.mid[k]; m < 0 {
						mw.uint(0)
					} else {
						x := int64(m) - int64(a.to[k])
						mw.uint(uint64(x<<1^x>>63) + 1)
						shortcuts[i]++
					}
				}
			}
			return w.err
		})
		if err != nil {
			return err
		}
		w.uint(uint64(f.n))
		if err := (&spillFile{s: mids, w: mw}).copyTo(w); err != nil {
			return err
		}
		mids.close()
		if !h.originalWrapped {
			w.uint(1)
			continue
		}
		w.uint(0)
		for _, value := range []func(a *chAdj, k uint32) uint32{edgeWeight, edgeDistance} {
			w.uint(uint64(f.n))
			if err := f.values(limit, w, false, value); err != nil {
				return err
			}
		}
	}
	if h.originalWrapped {
		return w.err // no direction's shortcuts pending
	}
	if !h.shortcutWrapped {
		w.uint(1)
		return w.err
	}
	w.uint(0)
	for i, f := range []*finalEdges{h.up, h.down} {
		for _, value := range []func(a *chAdj, k uint32) uint32{edgeWeight, edgeDistance} {
			w.uint(uint64(shortcuts[i]))
			if err := f.values(limit, w, true, value); err != nil {
				return err
			}
		}
	}
	return w.err
}

func edgeWeight(a *chAdj, k uint32) uint32   { return a.w[k] }
func edgeDistance(a *chAdj, k uint32) uint32 { return a.d[k] }

// values writes value of every edge (only shortcuts: of the shortcuts)
// in CSR order, as varints.
func (f *finalEdges) values(limit int, w *varWriter, shortcuts bool, value func(a *chAdj, k uint32) uint32) error {
	return f.chunks(limit, func(a *chAdj, _ int) error {
		for k := range uint32(len(a.to)) {
			if !shortcuts || a.mid[k] >= 0 {
				w.uint(uint64(value(a, k)))
			}
		}
		return w.err
	})
}
