package geocode

// addressparents.go: which of the parents written as tokens in the address
// column (search_parent) a query's address words stand for.

import (
	"context"
	"slices"
	"strings"

	"waymark/engine/text"
)

// wordParents are the parents (search_parent rows) whose names hold one
// query word, by how the word names them. Only the name values holding a
// spelling of the word count: a parent is named by the word alone when
// one of them is that word (its spellings only, or two of them), and by
// the word with another x when one of them holds x too.
type wordParents struct {
	all     []string            // every parent's token
	alone   []string            // tokens of the parents the word names alone
	byOther map[string][]string // x -> tokens of the parents the word names with x
}

// parentCacheTokens bounds the tokens the parent cache keeps: a word of a
// country's common town names matches hundreds of parents.
const parentCacheTokens = 1 << 17

// parentsOf returns the parents whose names match word as search_name
// would have matched them (ftsWord), cached: query words repeat and the
// answer never changes. A failed lookup gives none (the word then
// matches names and plain address text only).
func (ix *Index) parentsOf(ctx context.Context, word string) *wordParents {
	if ix.stParent == nil {
		return nil
	}
	ix.parentMu.Lock()
	wp, ok := ix.parentCache[word]
	ix.parentMu.Unlock()
	if ok {
		return wp
	}
	rows, err := ix.stParent.QueryContext(ctx, "name: "+ftsWord(word))
	if err != nil {
		return nil
	}
	defer rows.Close()
	wp = &wordParents{byOther: map[string][]string{}}
	own := querySpellings(word)
	size := 0
	for rows.Next() {
		var tok, names string
		if rows.Scan(&tok, &names) != nil {
			continue
		}
		wp.all = append(wp.all, tok)
		size++
		alone, others := namedBy(names, own)
		if alone {
			wp.alone = append(wp.alone, tok)
			size++
			continue
		}
		for _, x := range others {
			wp.byOther[x] = append(wp.byOther[x], tok)
			size++
		}
	}
	if rows.Err() != nil {
		return nil
	}
	ix.parentMu.Lock()
	if ix.parentCache == nil || ix.parentSize+size > parentCacheTokens {
		ix.parentCache = map[string]*wordParents{}
		ix.parentSize = 0
	}
	ix.parentCache[word] = wp
	ix.parentSize += size
	ix.parentMu.Unlock()
	return wp
}

// parentTokens returns the tokens of every parent whose names match word.
func (ix *Index) parentTokens(ctx context.Context, word string) []string {
	if wp := ix.parentsOf(ctx, word); wp != nil {
		return wp.all
	}
	return nil
}

// namedBy reads a search_parent name text (engine/text's normalized
// spellings, values separated by " | ") for a word spelled own: whether
// one of its values holding the word is the word alone, else the other
// words of those values (without repeats).
func namedBy(names string, own []string) (alone bool, others []string) {
	for v := range strings.SplitSeq(names, " | ") {
		ws := strings.Fields(v)
		mine, rest := 0, 0
		for i, w := range ws {
			switch {
			case slices.Contains(ws[:i], w):
			case slices.Contains(own, w):
				mine++
			default:
				rest++
			}
		}
		if mine == 0 {
			continue
		}
		if rest == 0 || mine >= 2 {
			return true, nil
		}
		for _, w := range ws {
			if !slices.Contains(own, w) && !slices.Contains(others, w) {
				others = append(others, w)
			}
		}
	}
	return false, others
}

// parentChoice is the parents an interpretation's address words stand
// for: for each word, the tokens of the parents one of whose names the
// query's address words cover whole or in more than one word (strong:
// "Schaan Kelomi" for "Landstrasse 10, Schaan Kelomi", "Schaan" for
// "... Schaan", "Principauté de Monaco" for "de Monaco"), and whether a
// word also matched parents it names only by itself (Triesenberg's
// "LI-10" by "10", "Schaan Kelomi" by "... Schaan").
type parentChoice struct {
	strong  map[string][]string
	partial bool
}

// chooseParents returns the parent choice of in's address words (in.rest).
// Its work is the parents it chooses, not those it leaves.
func (ix *Index) chooseParents(ctx context.Context, in *interp) parentChoice {
	c := parentChoice{strong: map[string][]string{}}
	if ix.stParent == nil || len(in.rest) == 0 {
		return c
	}
	var covered []string // a few words: a slice is faster than a map
	for _, w := range in.rest {
		for _, s := range querySpellings(w) {
			if !slices.Contains(covered, s) {
				covered = append(covered, s)
			}
		}
	}
	for _, w := range in.rest {
		if _, ok := c.strong[w]; ok {
			continue
		}
		wp := ix.parentsOf(ctx, w)
		if wp == nil {
			c.strong[w] = nil
			continue
		}
		toks := slices.Clip(wp.alone)
		for _, x := range covered {
			toks = append(toks, wp.byOther[x]...)
		}
		if len(toks) > len(wp.alone) {
			slices.Sort(toks)
			toks = slices.Compact(toks)
		}
		c.strong[w] = toks
		c.partial = c.partial || len(toks) < len(wp.all)
	}
	return c
}

// querySpellings returns the words of every spelling of a query word (as
// ftsWord spells it for the index).
func querySpellings(w string) []string {
	out := []string{w}
	for _, v := range text.Variants(w) {
		for _, x := range strings.Fields(v) {
			if !contains(out, x) {
				out = append(out, x)
			}
		}
	}
	return out
}
