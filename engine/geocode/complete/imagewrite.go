package complete

// imagewrite.go: an index's image written from its stored form without
// building the index. Load followed by WriteImage holds every array at
// once: the decoded postings and group members, then the derived tables
// (docWord, the documents' words, is the largest), the rank table and
// the documents' rank order. WriteStoredImage instead scans the stored
// bytes once (validating them as Load does and noting where each list
// starts and how long it is), then writes the image's arrays in their
// order (imageFields), each as it is produced: the postings and group
// members are decoded from the stored bytes as they are written, the
// rank table is written a word at a time (each word's name documents
// sorted by their place in the rank order), and docWord is transposed
// from the postings a range of documents at a time, with a cursor in
// each word's and each group's list. What it holds besides the stored
// bytes and the documents' importance is the offsets (docOff, a word a
// document) and, while the rank table is written, the rank order and its
// inverse (two words a document).

import (
	"encoding/binary"
	"slices"
	"sort"

	"waymark/engine/flat"
)

// docWordChunk is the most docWord entries WriteStoredImage transposes
// at a time (4 MB), unless one document has more.
const docWordChunk = 1 << 20

// WriteStoredImage writes to w the arrays that WriteImage writes for the
// index Load(b, imp, lon, lat, preferred) returns, byte for byte,
// without building that index: each array is written as it is produced
// and dropped once nothing later needs it (imagewrite.go). Bytes Load
// refuses are refused with ErrCodec, before anything is written, as are
// lists whose values wrap around (AppendBinary never writes them). An
// error writing is the Writer's (Close returns it).
//
// LI ×400 (3.0 M documents, 10.6 M postings, 12.4 M group members, a
// 269 MB index image, the same bytes): Load and WriteImage took the
// autocomplete image's live heap from 215 MB (its documents read) to
// 234 MB, its peak; WriteStoredImage writes the index in ~1.5 s at
// 59-84 MB (the stored bytes, 27 MB, the documents' importance and
// docOff, 23 MB, and the rank order and its inverse while the rank table
// is written), so reading the documents is now the peak
// (internal/imagerun).
func WriteStoredImage(w *flat.Writer, b []byte, imp, lon, lat []float32, preferred []bool) error {
	return writeStoredImage(w, b, imp, lon, lat, preferred, docWordChunk)
}

// writeStoredImage is WriteStoredImage transposing docWord chunk entries
// at a time (tests ask for a few, to cross many chunks).
func writeStoredImage(w *flat.Writer, b []byte, imp, lon, lat []float32, preferred []bool, chunk int) error {
	ix, sl, err := scanStored(b, imp, len(lon), len(lat), preferred)
	if err != nil {
		return err
	}
	w.U64(uint64(len(ix.imageFields())))
	flat.WriteArray(w, imp)
	flat.WriteArray(w, lon)
	flat.WriteArray(w, lat)
	lon, lat = nil, nil // the image's: the index has no more use for them
	ix.deriveWords()
	flat.WriteArray(w, ix.words)
	flat.WriteArray(w, ix.wordOff)
	flat.WriteArray(w, ix.vlen)
	flat.WriteArray(w, ix.postOff)
	sl.writeLists(w, sl.postAt, int(ix.postOff[ix.nWords()]))
	flat.WriteArray(w, ix.wgOff)
	flat.WriteArray(w, ix.wg)
	flat.WriteArray(w, ix.gdOff)
	sl.writeLists(w, sl.gdAt, int(ix.gdOff[len(ix.gdOff)-1]))
	flat.WriteArray(w, ix.triKeys)
	flat.WriteArray(w, ix.triOff)
	flat.WriteArray(w, ix.triIDs)
	var list []uint32
	ix.buildShort(func(id int) []uint32 {
		list = list[:0]
		sl.each(sl.postAt[id], func(p uint32) { list = append(list, p) })
		return list
	})
	list = nil
	flat.WriteArray(w, ix.shortKeys)
	flat.WriteArray(w, ix.shortOff)
	flat.WriteArray(w, ix.shortHits)
	ix.setPreferred(preferred)
	preferred = nil
	flat.WriteArray(w, ix.pref)
	flat.WriteArray(w, ix.rankOff)
	ix.writeRank(w, sl)
	flat.WriteArray(w, ix.docOff)
	ix.writeDocWords(w, sl, chunk)
	return nil
}

// storedLists is where the lists of a stored index start in its bytes
// (at each list's length): each word's postings and each group's
// documents.
type storedLists struct {
	b            []byte
	postAt, gdAt []int
}

// scanStored reads the stored index b as Load does, refusing what Load
// refuses (and lists whose values wrap around), and returns an index
// holding what is small or known only after reading every list: the
// vocabulary, the words' groups, the offsets of the postings, of the
// groups' documents, of the rank table (each word's name postings) and
// of docWord (each document's postings and groups), and imp; and where
// each list starts.
func scanStored(b []byte, imp []float32, nLon, nLat int, preferred []bool) (*Index, *storedLists, error) {
	d := &decoder{b: b}
	if d.uint() != codecVersion {
		return nil, nil, ErrCodec
	}
	nDocs, nGroups := d.uint(), d.uint()
	if d.err != nil || nDocs != uint64(len(imp)) || nLon != len(imp) || nLat != len(imp) ||
		preferred != nil && len(preferred) != len(imp) || nGroups > uint64(len(b)) {
		return nil, nil, ErrCodec
	}
	ix := &Index{imp: imp}
	vocab, ok := d.vocabulary()
	if !ok {
		return nil, nil, ErrCodec
	}
	nWords := len(vocab)
	sl := &storedLists{b: b, postAt: make([]int, nWords), gdAt: make([]int, nGroups)}
	at := func() int { return len(b) - len(d.b) }
	ix.postOff = make([]uint32, nWords+1)
	ix.rankOff = make([]uint32, nWords+1)
	ix.wgOff = make([]uint32, 1, nWords+1)
	ix.docOff = make([]uint32, nDocs+1)
	for i := 0; i < nWords && d.err == nil; i++ {
		sl.postAt[i] = at()
		names := uint32(0)
		n := d.each(nDocs<<1, func(p uint32) {
			ix.docOff[p>>1+1]++
			names += ^p & 1
		})
		ix.postOff[i+1] = ix.postOff[i] + uint32(n)
		ix.rankOff[i+1] = ix.rankOff[i] + names
		ix.wg = d.sorted(ix.wg, nGroups)
		ix.wgOff = append(ix.wgOff, uint32(len(ix.wg)))
	}
	ix.gdOff = make([]uint32, nGroups+1)
	for g := 0; g < int(nGroups) && d.err == nil; g++ {
		sl.gdAt[g] = at()
		n := d.each(nDocs, func(doc uint32) { ix.docOff[doc+1]++ })
		ix.gdOff[g+1] = ix.gdOff[g] + uint32(n)
	}
	if d.err != nil || len(d.b) != 0 || !sort.StringsAreSorted(vocab) {
		return nil, nil, ErrCodec
	}
	for doc := range nDocs {
		ix.docOff[doc+1] += ix.docOff[doc]
	}
	ix.setVocab(vocab)
	return ix, sl, nil
}

// each reads a list appendSorted wrote, as sorted does, calling fn with
// each value rather than keeping it, and returns its length; a value
// that wraps around is an error too.
func (d *decoder) each(limit uint64, fn func(uint32)) int {
	n := d.count()
	x := uint64(0)
	for i := 0; i < n && d.err == nil; i++ {
		v := d.uint()
		if x+v < x || x+v >= limit {
			d.err = ErrCodec
			return i
		}
		x += v
		fn(uint32(x))
	}
	return n
}

// listCursor walks a stored list (scanned already: no checks): val is
// its current value while has.
type listCursor struct {
	at   int    // byte offset of the next delta
	left uint64 // values not yet read
	val  uint32
	has  bool
}

// cursor returns a cursor on the list starting at byte at, on its first
// value.
func (sl *storedLists) cursor(at int) listCursor {
	n, k := binary.Uvarint(sl.b[at:])
	c := listCursor{at: at + k, left: n}
	sl.advance(&c)
	return c
}

// advance moves c to its list's next value.
func (sl *storedLists) advance(c *listCursor) {
	if c.left == 0 {
		c.has = false
		return
	}
	v, k := binary.Uvarint(sl.b[c.at:])
	c.at += k
	c.left--
	c.val += uint32(v)
	c.has = true
}

// writeLists writes the lists starting at ats, in order, as one array of
// n values (the postings, or the groups' documents).
func (sl *storedLists) writeLists(w *flat.Writer, ats []int, n int) {
	arr := flat.StartArray[uint32](w, n)
	for _, at := range ats {
		sl.each(at, arr.Put)
	}
	arr.End()
}

// each calls fn with each value of the list starting at byte at.
func (sl *storedLists) each(at int, fn func(uint32)) {
	for c := sl.cursor(at); c.has; sl.advance(&c) {
		fn(c.val)
	}
}

// writeRank writes the rank table (buildRank's) a word at a time: each
// word's name documents sorted by their place in the rank order, which
// is the order buildRank deals them to the word in.
func (ix *Index) writeRank(w *flat.Writer, sl *storedLists) {
	order := ix.rankOrder()
	place := make([]uint32, len(order))
	for i, d := range order {
		place[d] = uint32(i)
	}
	a := flat.StartArray[uint32](w, int(ix.rankOff[ix.nWords()]))
	var list []uint32
	for _, at := range sl.postAt {
		list = list[:0]
		sl.each(at, func(p uint32) {
			if p&1 == 0 {
				list = append(list, place[p>>1])
			}
		})
		slices.Sort(list)
		for i, k := range list {
			list[i] = order[k]
		}
		a.PutSlice(list)
	}
	a.End()
}

// writeDocWords writes docWord (buildDocWords's) for the documents a
// range at a time, of at most chunk entries (or one document), moving a
// cursor in every word's postings and every group's documents past the
// range: the lists are sorted by document, so each is read once in all.
func (ix *Index) writeDocWords(w *flat.Writer, sl *storedLists, chunk int) {
	nWords, nDocs := ix.nWords(), len(ix.docOff)-1
	cur := make([]listCursor, 0, nWords+len(sl.gdAt))
	for _, at := range sl.postAt {
		cur = append(cur, sl.cursor(at))
	}
	for _, at := range sl.gdAt {
		cur = append(cur, sl.cursor(at))
	}
	a := flat.StartArray[uint32](w, int(ix.docOff[nDocs]))
	var buf, next []uint32
	for d0 := 0; d0 < nDocs; {
		d1 := d0 + 1
		for d1 < nDocs && d1-d0 < chunk && int(ix.docOff[d1+1]-ix.docOff[d0]) <= chunk {
			d1++
		}
		base := ix.docOff[d0]
		buf = slices.Grow(buf[:0], int(ix.docOff[d1]-base))[:ix.docOff[d1]-base]
		next = append(next[:0], ix.docOff[d0:d1]...)
		for i := range cur {
			c := &cur[i]
			for c.has {
				// A group's document is (nWords+g)<<1 | 1: cursor i's.
				doc, v := c.val, uint32(i)<<1|1
				if i < nWords { // a word's posting
					doc, v = c.val>>1, uint32(i)<<1|c.val&1
				}
				if doc >= uint32(d1) {
					break
				}
				buf[next[doc-uint32(d0)]-base] = v
				next[doc-uint32(d0)]++
				sl.advance(c)
			}
		}
		a.PutSlice(buf)
		d0 = d1
	}
	a.End()
}
