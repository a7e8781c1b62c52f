package complete

// The stored form of an index (a region pack keeps it, so opening a pack
// does not tokenize every place's text): the vocabulary, front-coded
// (each word as the length it shares with the previous word and the rest),
// the postings of each word, the address groups of each word and the
// documents of each group, every list as its length and the deltas of its
// sorted values, all varints. The documents' importance and location are
// not stored: Load takes them (the pack has them in its places).
// The trigram, short-prefix and rank tables are derived again by Load.

import (
	"encoding/binary"
	"errors"
	"sort"
	"unicode/utf8"
)

// codecVersion is the first varint of the stored form.
const codecVersion = 1

// ErrCodec is returned by Load for bytes AppendBinary did not write.
var ErrCodec = errors.New("complete: invalid stored index")

// AppendBinary appends the stored form of the index to b.
func (ix *Index) AppendBinary(b []byte) []byte {
	b = binary.AppendUvarint(b, codecVersion)
	b = binary.AppendUvarint(b, uint64(len(ix.imp)))
	b = binary.AppendUvarint(b, uint64(len(ix.gdOff)-1))
	b = binary.AppendUvarint(b, uint64(ix.nWords()))
	prev := ""
	for i := range ix.nWords() {
		w := ix.word(i)
		n := 0
		for n < len(w) && n < len(prev) && w[n] == prev[n] {
			n++
		}
		b = binary.AppendUvarint(b, uint64(n))
		b = binary.AppendUvarint(b, uint64(len(w)-n))
		b = append(b, w[n:]...)
		prev = w
	}
	for id := range ix.nWords() {
		b = appendSorted(b, ix.post[ix.postOff[id]:ix.postOff[id+1]])
		b = appendSorted(b, ix.wg[ix.wgOff[id]:ix.wgOff[id+1]])
	}
	for g := 0; g+1 < len(ix.gdOff); g++ {
		b = appendSorted(b, ix.gd[ix.gdOff[g]:ix.gdOff[g+1]])
	}
	return b
}

// appendSorted appends an ascending list as its length and deltas.
func appendSorted(b []byte, v []uint32) []byte {
	b = binary.AppendUvarint(b, uint64(len(v)))
	prev := uint32(0)
	for _, x := range v {
		b = binary.AppendUvarint(b, uint64(x-prev))
		prev = x
	}
	return b
}

// decoder reads the varints of a stored index; lengths are checked
// against the bytes left, so corrupt input cannot allocate wildly.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) uint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = ErrCodec
		return 0
	}
	d.b = d.b[n:]
	return v
}

// count reads a length that the bytes left can hold (each element takes
// at least one byte).
func (d *decoder) count() int {
	n := d.uint()
	if n > uint64(len(d.b)) {
		d.err = ErrCodec
		return 0
	}
	return int(n)
}

// sorted appends a list appendSorted wrote to dst, checking each value
// is below limit.
func (d *decoder) sorted(dst []uint32, limit uint64) []uint32 {
	n := d.count()
	x := uint64(0)
	for i := 0; i < n && d.err == nil; i++ {
		x += d.uint()
		if x >= limit {
			d.err = ErrCodec
			return dst
		}
		dst = append(dst, uint32(x))
	}
	return dst
}

// vocabulary reads the front-coded words AppendBinary wrote, each after
// the last; ok is false for a word not after the last or cut short.
func (d *decoder) vocabulary() (vocab []string, ok bool) {
	n := d.count()
	vocab = make([]string, 0, n)
	prev := ""
	for i := 0; i < n && d.err == nil; i++ {
		shared, rest := d.uint(), d.count()
		if d.err != nil || shared > uint64(len(prev)) {
			return nil, false
		}
		w := prev[:shared] + string(d.b[:rest])
		d.b = d.b[rest:]
		if i > 0 && w <= prev {
			return nil, false
		}
		vocab = append(vocab, w)
		prev = w
	}
	return vocab, d.err == nil
}

// Load rebuilds an index from what AppendBinary wrote and, in document
// order, the documents' importance, location and Preferred marks (as
// Build takes them from the documents; preferred may be nil: none). It
// answers as the index that was stored.
func Load(b []byte, imp, lon, lat []float32, preferred []bool) (*Index, error) {
	d := &decoder{b: b}
	if d.uint() != codecVersion {
		return nil, ErrCodec
	}
	nDocs, nGroups := d.uint(), d.uint()
	if d.err != nil || nDocs != uint64(len(imp)) || len(lon) != len(imp) || len(lat) != len(imp) ||
		preferred != nil && len(preferred) != len(imp) || nGroups > uint64(len(b)) {
		return nil, ErrCodec
	}
	ix := &Index{imp: imp, lon: lon, lat: lat}
	vocab, ok := d.vocabulary()
	if !ok {
		return nil, ErrCodec
	}
	nWords := len(vocab)
	ix.postOff = make([]uint32, 1, nWords+1)
	ix.wgOff = make([]uint32, 1, nWords+1)
	for i := 0; i < nWords && d.err == nil; i++ {
		ix.post = d.sorted(ix.post, nDocs<<1)
		ix.postOff = append(ix.postOff, uint32(len(ix.post)))
		ix.wg = d.sorted(ix.wg, nGroups)
		ix.wgOff = append(ix.wgOff, uint32(len(ix.wg)))
	}
	ix.gdOff = make([]uint32, 1, nGroups+1)
	for g := uint64(0); g < nGroups && d.err == nil; g++ {
		ix.gd = d.sorted(ix.gd, nDocs)
		ix.gdOff = append(ix.gdOff, uint32(len(ix.gd)))
	}
	if d.err != nil || len(d.b) != 0 || !sort.StringsAreSorted(vocab) {
		return nil, ErrCodec
	}
	ix.setVocab(vocab)
	ix.derive(preferred)
	return ix, nil
}

// derive builds the tables that follow from the vocabulary, postings
// and the documents' preferred marks: the trigram index, word lengths,
// the short-prefix answers and the rank table.
func (ix *Index) derive(preferred []bool) {
	ix.deriveWords()
	ix.buildShort(ix.postings)
	ix.setPreferred(preferred)
	ix.buildDocWords()
	ix.buildRank()
}

// postings returns word id's postings (doc<<1 | addressOnly, by doc).
func (ix *Index) postings(id int) []uint32 { return ix.post[ix.postOff[id]:ix.postOff[id+1]] }

// deriveWords builds the tables that follow from the vocabulary alone:
// the trigram index and the words' rune lengths.
func (ix *Index) deriveWords() {
	trigrams := map[string][]int32{}
	ix.vlen = make([]uint8, ix.nWords())
	for id := range ix.nWords() {
		w := ix.word(id)
		for _, g := range trigramsOf(w) {
			trigrams[g] = append(trigrams[g], int32(id))
		}
		ix.vlen[id] = uint8(min(utf8.RuneCountInString(w), 255))
	}
	ix.triKeys, ix.triOff, ix.triIDs = flatTable(trigrams, trigramKey)
}
