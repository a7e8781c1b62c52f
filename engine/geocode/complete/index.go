// Package complete is the in-memory index behind autocomplete: it finds,
// for text that is still being typed, the places whose names contain every
// typed word — as a whole word, as a prefix (the last word), as a substring,
// or, when those find too little, within a small edit distance — and ranks
// them by match quality, then importance, then proximity.
//
// Design choices:
//   - Per-keystroke latency is the goal (p99 ≤ 10 ms on a country pack), so
//     the index lives in memory: a sorted vocabulary of the normalized words
//     of every name and address term, one posting list per word (doc index
//     and whether the word is in the name or only in the address), and a
//     trigram index over the vocabulary for substring lookups. Typing
//     narrows a sorted range (prefix) or a trigram intersection
//     (substring); no query touches SQLite. The index is built once per
//     pack (a few hundred ms for the LI pack) and is read-only afterwards, so
//     Search is safe for concurrent use.
//   - Match grades, best first: 0 exact word, 1 prefix of a word (last typed
//     word only), 2 substring of a word (3+ letters), 3 typo (bounded
//     Damerau-Levenshtein, package typo: 1 edit from 5 letters, 2 from 8;
//     or a word that is no vocabulary word read as two that are, typed
//     without the space between them: "vaduzcastle").
//     A document's grade is the worst grade of its words. Typos are tried
//     only when the exact grades found fewer results than asked for, so an
//     exact match always ranks before a corrected one. The same tolerance
//     serves other readers of typed text (spell.go: Known, Corrections,
//     Splits).
//   - Every typed word must match the document (name or address terms) and
//     at least one must match its name: typing a town name lists the town
//     and its streets, not every house of the town.
//   - Ranking: grade; then, when the text has a comma, documents whose
//     name holds the words before it; then documents whose words all hit
//     the name before those needing address terms; then the documents the
//     caller prefers (Query.Prefer: settlements before the POIs named
//     after them); then, with a viewbox,
//     places inside it before those outside; then importance; then
//     nearness to the viewbox centre. With DistanceOnly only the distance
//     to the centre counts.
//   - A one-word query without filter or viewbox (most keystrokes) is
//     answered from the rank table (rank.go): each vocabulary word's 20
//     best name documents in rank order, derived with the trigrams; the
//     query merges the lists of the words it matches, so its work grows
//     with the limit, not with how many places share a name (LI ×400
//     with distinct places: a request for "Sch" 44–64 ms → 1–2 ms).
//   - A query of several words (multi.go) walks the same table, which
//     lists every name document of a word in rank order, checking the
//     other words in each candidate's own words, until no later document
//     can rank high enough; when that finds too little it intersects the
//     words' lists as bitsets, grade by grade. Answers are those of
//     visiting every list.
//   - An importer stores the index (codec.go) without building it: a
//     Writer (stream.go) takes the documents one at a time and writes
//     AppendBinary's bytes from postings sorted on disk, holding the
//     vocabulary but not the documents. Build stays for indexes built in
//     memory (packs that store none, tests); both take a document's
//     words from docWords, and a test compares their bytes.
//   - Scratch arrays come from a sync.Pool: a warm query allocates only its
//     result slice and the word match lists.
package complete

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"waymark/engine/text"
)

// Doc is one completable place as given to Build.
type Doc struct {
	// Name holds the normalized (text.Normalize) names and their variants;
	// their words are the document's name words.
	Name []string
	// Address holds normalized address terms (street, house number,
	// parents, postcode); their words match too, ranked below name words.
	Address []string
	// Groups lists the address groups (BuildGroups) the document is in:
	// their words match it as address terms, as if they were in Address.
	Groups []int32
	// Importance is 0..1, higher first.
	Importance float64
	// Preferred marks a document that Query.Prefer ranks before the
	// others matched as well (the geocoder's settlements).
	Preferred bool
	// Lon, Lat locate the place (degrees), for proximity.
	Lon, Lat float64
}

// Index is an immutable autocomplete index over a list of documents.
type Index struct {
	imp      []float32
	lon, lat []float32
	// The vocabulary, sorted and unique: word i is
	// words[wordOff[i]:wordOff[i+1]] (flat, so an image maps it).
	words   []byte
	wordOff []uint32
	postOff []uint32 // nWords()+1 offsets into post
	post    []uint32 // doc<<1 | addressOnly, sorted by doc
	// trigrams: the words holding trigram triKeys[k] (its three bytes,
	// big-endian; sorted) are triIDs[triOff[k]:triOff[k+1]].
	triKeys, triOff []uint32
	triIDs          []int32
	vlen            []uint8 // rune length of each vocabulary word (capped at 255)
	// short: the answers of prefix shortKeys[k] (shortKey; sorted) are
	// shortHits[shortOff[k]:shortOff[k+1]].
	shortKeys, shortOff []uint32
	shortHits           []shortHit
	// Address groups: the words of a group's text match every document
	// of the group as an address term, without a posting per document
	// (a country's hundred-odd name words would otherwise be in every
	// document's postings). wgOff/wg: groups per vocabulary word;
	// gdOff/gd: documents per group, sorted.
	wgOff, wg []uint32
	gdOff, gd []uint32
	// pref: the documents marked Doc.Preferred, a bitset (empty when
	// none is). rank: the rank table (rank.go), each vocabulary word's
	// name documents in rank order, rank[rankOff[i]:rankOff[i+1]].
	pref          []uint64
	rankOff, rank []uint32
	// The documents' words and groups (multi.go, buildDocWords):
	// docWord[docOff[d]:docOff[d+1]].
	docOff, docWord []uint32
	pool            sync.Pool // *scratch
}

// Len returns the number of documents.
func (ix *Index) Len() int { return len(ix.imp) }

// VocabularySize returns the number of distinct words.
func (ix *Index) VocabularySize() int { return ix.nWords() }

// Build indexes docs; the i-th document is referred to as i in hits.
func Build(docs []Doc) *Index { return BuildGroups(docs, nil) }

// BuildGroups is Build with address groups: groups[g] is the normalized
// text of group g (e.g. a country's names), whose words match the
// documents listing g in Doc.Groups as address terms. Answers are those
// of Build with each group's text added to its documents' Address.
func BuildGroups(docs []Doc, groups []string) *Index {
	ix := &Index{
		imp: make([]float32, len(docs)),
		lon: make([]float32, len(docs)),
		lat: make([]float32, len(docs)),
	}
	words := map[string][]uint32{}
	seen := map[string]uint32{}
	pref := make([]bool, len(docs))
	for i := range docs {
		pref[i] = docs[i].Preferred
		d := &docs[i]
		ix.imp[i], ix.lon[i], ix.lat[i] = float32(d.Importance), float32(d.Lon), float32(d.Lat)
		docWords(d, seen, func(w string, addr uint32) {
			words[w] = append(words[w], uint32(i)<<1|addr)
		})
	}
	groupWords := map[string][]uint32{}
	for g, s := range groups {
		seen := map[string]bool{}
		for _, w := range strings.Fields(s) {
			if !seen[w] {
				seen[w] = true
				groupWords[w] = append(groupWords[w], uint32(g))
			}
		}
	}
	vocab := make([]string, 0, len(words)+len(groupWords))
	for w := range words {
		vocab = append(vocab, w)
	}
	for w := range groupWords {
		if _, ok := words[w]; !ok {
			vocab = append(vocab, w)
		}
	}
	sort.Strings(vocab)
	ix.setVocab(vocab)
	ix.wgOff = make([]uint32, len(vocab)+1)
	for id, w := range vocab {
		ix.wg = append(ix.wg, groupWords[w]...)
		ix.wgOff[id+1] = uint32(len(ix.wg))
	}
	members := make([][]uint32, len(groups))
	for i, d := range docs {
		for _, g := range d.Groups {
			if int(g) < len(groups) {
				members[g] = append(members[g], uint32(i))
			}
		}
	}
	ix.gdOff = make([]uint32, len(groups)+1)
	for g, m := range members {
		m = slices.Compact(m) // docs come in order: sorted already
		ix.gd = append(ix.gd, m...)
		ix.gdOff[g+1] = uint32(len(ix.gd))
	}
	ix.postOff = make([]uint32, len(vocab)+1)
	total := 0
	for _, w := range vocab {
		total += len(words[w])
	}
	ix.post = make([]uint32, 0, total)
	for id, w := range vocab {
		p := words[w]
		sort.Slice(p, func(a, b int) bool { return p[a] < p[b] })
		ix.post = append(ix.post, p...)
		ix.postOff[id+1] = uint32(len(ix.post))
	}
	ix.derive(pref)
	return ix
}

// The first keystrokes match thousands of words; their best answers are
// computed once by Build: for every prefix of up to shortPrefixBytes bytes
// (one or two letters; shorter than a trigram, so no substring matching
// applies) of a name word, the shortTopK best documents (exact word first,
// then by importance), exactly what Search would rank first.
const (
	shortPrefixBytes = 2
	shortTopK        = 20
)

type shortHit struct {
	doc   int32
	grade uint8
}

// buildShort builds the short-prefix table, taking each word's postings
// from postings (by word id; a list need only stay valid until the next
// call), so that a writer decoding them from the stored form need not
// hold them all (imagewrite.go).
func (ix *Index) buildShort(postings func(id int) []uint32) {
	prefixes := map[string]bool{}
	for id := range ix.nWords() {
		w := ix.word(id)
		for i := range w {
			if i > 0 && i <= shortPrefixBytes {
				prefixes[w[:i]] = true
			}
		}
		if len(w) <= shortPrefixBytes {
			prefixes[w] = true
		}
	}
	short := make(map[string][]shortHit, len(prefixes))
	mark := make([]int32, len(ix.imp))
	grade := make([]uint8, len(ix.imp))
	stamp := int32(0)
	for p := range prefixes {
		stamp++
		var docs []int32
		for j := ix.searchWord(p); j < ix.nWords() && strings.HasPrefix(ix.word(j), p); j++ {
			g := uint8(GradePrefix)
			if ix.word(j) == p {
				g = GradeExact
			}
			for _, post := range postings(j) {
				if post&1 == 1 {
					continue // address term: not a name match
				}
				d := int32(post >> 1)
				if mark[d] != stamp {
					mark[d], grade[d] = stamp, g
					docs = append(docs, d)
				} else if g < grade[d] {
					grade[d] = g
				}
			}
		}
		before := func(da, db int32) bool {
			if grade[da] != grade[db] {
				return grade[da] < grade[db]
			}
			if ix.imp[da] != ix.imp[db] {
				return ix.imp[da] > ix.imp[db]
			}
			return da < db
		}
		// The first shortTopK by insertion, not a sort of every match: a
		// letter's prefix matches most of a country's places.
		top := make([]shortHit, 0, min(len(docs), shortTopK))
		for _, d := range docs {
			if len(top) == shortTopK && !before(d, top[len(top)-1].doc) {
				continue
			}
			i := len(top)
			for i > 0 && before(d, top[i-1].doc) {
				i--
			}
			if len(top) < shortTopK {
				top = append(top, shortHit{})
			}
			copy(top[i+1:], top[i:len(top)-1])
			top[i] = shortHit{d, grade[d]}
		}
		short[p] = top
	}
	ix.shortKeys, ix.shortOff, ix.shortHits = flatTable(short, shortKey)
}

// trigramsOf returns the distinct byte trigrams of w.
func trigramsOf(w string) []string {
	if len(w) < 3 {
		return nil
	}
	out := make([]string, 0, len(w)-2)
	for i := 0; i+3 <= len(w); i++ {
		g := w[i : i+3]
		dup := false
		for _, o := range out {
			if o == g {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, g)
		}
	}
	return out
}

// ParseText splits raw typed text into normalized words and reports whether
// the last word is still being typed (the text does not end with a space or
// punctuation), in which case it matches as a prefix.
func ParseText(raw string) (words []string, lastIsPrefix bool) {
	words = text.Words(text.Normalize(raw))
	if len(words) == 0 {
		return nil, false
	}
	r, _ := utf8.DecodeLastRuneInString(raw)
	lastIsPrefix = unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
	return words, lastIsPrefix
}

// NameWords returns how many leading words of raw (as ParseText splits
// it) stand before its first comma, or 0 when it has no comma (or nothing
// before it). The spec's "commas reduce search complexity": in
// "Landstrasse 12, Vaduz" the part before the comma names the place itself,
// so places whose name holds those words rank before places that match
// them only by address.
func NameWords(raw string) int {
	head, _, ok := strings.Cut(raw, ",")
	if !ok {
		return 0
	}
	return len(text.Words(text.Normalize(head)))
}
