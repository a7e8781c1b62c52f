package complete

import (
	"cmp"
	"slices"
	"sort"
	"unsafe"
)

// The index's lookup tables are flat arrays rather than Go strings and
// maps, so that an image of the index (image.go) is used in place.

// setVocab stores the sorted vocabulary as one byte array and offsets.
func (ix *Index) setVocab(vocab []string) {
	ix.wordOff = make([]uint32, len(vocab)+1)
	n := 0
	for i, w := range vocab {
		n += len(w)
		ix.wordOff[i+1] = uint32(n)
	}
	ix.words = make([]byte, 0, n)
	for _, w := range vocab {
		ix.words = append(ix.words, w...)
	}
}

// nWords returns the size of the vocabulary.
func (ix *Index) nWords() int { return max(len(ix.wordOff)-1, 0) }

// word returns vocabulary word i, as a view of the index's bytes (it
// must not outlive a query: an image's bytes are a mapping).
func (ix *Index) word(i int) string {
	lo, hi := ix.wordOff[i], ix.wordOff[i+1]
	if lo == hi {
		return ""
	}
	return unsafe.String(&ix.words[lo], int(hi-lo))
}

// searchWord returns the index of the first vocabulary word >= w.
func (ix *Index) searchWord(w string) int {
	return sort.Search(ix.nWords(), func(i int) bool { return ix.word(i) >= w })
}

// trigramKey is a trigram's three bytes as a number (big-endian, so keys
// sort as the trigrams do).
func trigramKey(g string) uint32 { return uint32(g[0])<<16 | uint32(g[1])<<8 | uint32(g[2]) }

// shortKey is a short prefix (1 or shortPrefixBytes bytes) as a number.
func shortKey(p string) uint32 {
	k := uint32(len(p)) << 16
	for i := 0; i < len(p); i++ {
		k |= uint32(p[i]) << (8 * (1 - i))
	}
	return k
}

// flatTable turns a map of lists into sorted keys, offsets and the lists
// one after the other.
func flatTable[V any](m map[string][]V, key func(string) uint32) (keys, off []uint32, vals []V) {
	type entry struct {
		k uint32
		v []V
	}
	es := make([]entry, 0, len(m))
	n := 0
	for s, v := range m {
		es = append(es, entry{key(s), v})
		n += len(v)
	}
	slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.k, b.k) })
	keys, off, vals = make([]uint32, len(es)), make([]uint32, len(es)+1), make([]V, 0, n)
	for i, e := range es {
		keys[i] = e.k
		vals = append(vals, e.v...)
		off[i+1] = uint32(len(vals))
	}
	return keys, off, vals
}

// lookup returns the list of key k in a flat table.
func lookup[V any](keys, off []uint32, vals []V, k uint32) ([]V, bool) {
	i, ok := slices.BinarySearch(keys, k)
	if !ok {
		return nil, false
	}
	return vals[off[i]:off[i+1]], true
}

// trigram returns the words holding trigram g (3 bytes).
func (ix *Index) trigram(g string) ([]int32, bool) {
	return lookup(ix.triKeys, ix.triOff, ix.triIDs, trigramKey(g))
}

// shortList returns the precomputed answers of short prefix p.
func (ix *Index) shortList(p string) []shortHit {
	l, _ := lookup(ix.shortKeys, ix.shortOff, ix.shortHits, shortKey(p))
	return l
}
