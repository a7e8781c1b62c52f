package extract

import (
	"cmp"
	"encoding/binary"
	"errors"
	"runtime"
	"slices"
	"sync"

	"github.com/paulmach/osm"
)

// wayOrder lists positions of a store's records: those in idx, or when
// idx is nil, all n in the order written (no array of a position a
// record for the ways of an extract in id order, as a PBF's are).
type wayOrder struct {
	idx []int32
	n   int
}

func (o wayOrder) len() int {
	if o.idx == nil {
		return o.n
	}
	return len(o.idx)
}

// at returns the k-th position.
func (o wayOrder) at(k int) int {
	if o.idx == nil {
		return k
	}
	return int(o.idx[k])
}

// identity reports whether the order is every record as written.
func (o wayOrder) identity() bool { return o.idx == nil }

// sortedUnique returns the positions of the store's ways ordered by id,
// keeping the first written of equal ids (objects of earlier inputs win).
func (s *wayStore) sortedUnique() wayOrder {
	sorted := true
	for i := 1; i < s.len(); i++ {
		if s.id(i-1) >= s.id(i) {
			sorted = false
			break
		}
	}
	if sorted {
		return wayOrder{n: s.len()}
	}
	order := make([]int32, s.len())
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return cmp.Compare(s.id(int(a)), s.id(int(b))) })
	out := order[:0]
	for _, i := range order {
		if len(out) > 0 && s.id(int(out[len(out)-1])) == s.id(int(i)) {
			continue
		}
		out = append(out, i)
	}
	return wayOrder{idx: slices.Clip(out)}
}

// sortIndex orders the store's index by id, keeping the first written of
// equal ids (objects of earlier inputs win); the records stay where they
// are.
func (s *wayStore) sortIndex() error {
	order := s.sortedUnique()
	if order.identity() {
		return nil // in id order already, as PBF files are
	}
	var ids, offs packedInts
	if s.dir != "" { // in files, as the index sorted (wayWriter)
		if err := errors.Join(ids.toFile(s.dir), offs.toFile(s.dir)); err != nil {
			ids.close()
			offs.close()
			return err
		}
	}
	for k := range order.len() {
		i := order.at(k)
		ids.append(s.ids.get(i))
		offs.append(s.offs.get(i))
	}
	if err := errors.Join(ids.finish(), offs.finish()); err != nil {
		ids.close()
		offs.close()
		return err
	}
	s.closeIndex()
	s.ids, s.offs = ids, offs
	s.fileOrder = false // a record no longer ends where the next in the index starts
	return nil
}

// appendLocated appends to dst the record rec (written without
// locations) with the locations of its nodes: its tags and node ids are
// copied as they are, not decoded. It returns the node count and how
// many of them locate did not know.
func appendLocated(dst, rec []byte, locate func(osm.NodeID) (int32, int32, bool)) ([]byte, int, int) {
	head, k := binary.Uvarint(rec)
	p := k
	for range head >> 2 {
		_, k1 := binary.Uvarint(rec[p:])
		n, k2 := binary.Uvarint(rec[p+k1:])
		p += k1 + k2 + int(n)
	}
	tags := rec[k:p]
	n, k := binary.Uvarint(rec[p:])
	idsStart := p + k
	p = idsStart
	dst = binary.AppendUvarint(dst, head|2)
	dst = append(dst, tags...)
	dst = binary.AppendUvarint(dst, n)
	// Ids first (copied), then the locations, as encode writes them.
	for range n {
		_, k := binary.Varint(rec[p:])
		p += k
	}
	dst = append(dst, rec[idsStart:p]...)
	missing := 0
	var id, plon, plat int64
	p = idsStart
	for range n {
		d, k := binary.Varint(rec[p:])
		p += k
		id += d
		lon, lat, ok := locate(osm.NodeID(id))
		if !ok {
			missing++
			lon, lat = noCoord, noCoord
		}
		dst = binary.AppendVarint(dst, int64(lon)-plon)
		dst = binary.AppendVarint(dst, int64(lat)-plat)
		plon, plat = int64(lon), int64(lat)
	}
	return dst, int(n), missing
}

// resolveWays rewrites the ways of raw (node ids only) in id order, one
// per id, with the locations of their nodes from a locate function that
// locator makes for each worker, into a new store in dir; missing counts
// references locate does not know.
func resolveWays(raw *wayStore, dir string, locator func() func(osm.NodeID) (int32, int32, bool)) (*wayStore, int, error) {
	order := raw.sortedUnique()
	ww, err := newWayWriter(dir, raw.keys)
	if err != nil {
		return nil, 0, err
	}
	// Blocks of ways are located by the workers; the writer appends
	// them in order.
	const block = 2048
	nblocks := (order.len() + block - 1) / block
	type result struct {
		recs    []byte
		ends    []int
		missing int
		refs    int64
	}
	results := make([]chan result, nblocks)
	for i := range results {
		results[i] = make(chan result, 1)
	}
	workers := runtime.GOMAXPROCS(0)
	next := make(chan int, nblocks)
	for i := range nblocks {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	// At most 2×workers blocks wait for the writer.
	slots := make(chan struct{}, 2*workers)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			locate := locator()
			for bi := range next {
				slots <- struct{}{}
				var r result
				for k := bi * block; k < min((bi+1)*block, order.len()); k++ {
					var refs, missing int
					r.recs, refs, missing = appendLocated(r.recs, raw.record(order.at(k)), locate)
					r.refs += int64(refs)
					r.missing += missing
					r.ends = append(r.ends, len(r.recs))
				}
				results[bi] <- r
			}
		}()
	}
	missing, refs := 0, int64(0)
	var werr error
	dropped := 0
	for bi := range nblocks {
		r := <-results[bi]
		<-slots
		missing += r.missing
		refs += r.refs
		start := 0
		for k, end := range r.ends {
			if werr == nil {
				werr = ww.addEncoded(raw.id(order.at(bi*block+k)), r.recs[start:end])
			}
			start = end
		}
		// The workers take the blocks in order, so the raw records before
		// the next block's first are read (when the raw file is in id
		// order, as a PBF's ways are): their pages go back as Ways' do,
		// instead of the whole raw file staying resident to the end of
		// the pass (LI ×200: ~250 MB at the read stage's end). Out of
		// order, a page given back too early is read again.
		if next := (bi + 1) * block; raw.file.Drop != nil && next < order.len() {
			if off := int(raw.offs.get(order.at(next))); off-dropped >= WaysDropStep {
				raw.file.Drop(dropped, off)
				dropped = off
			}
		}
	}
	wg.Wait()
	if werr != nil {
		ww.abort()
		return nil, 0, werr
	}
	s, err := ww.finish()
	if err != nil {
		return nil, 0, err
	}
	s.refs = refs
	return s, missing, nil
}
