package geocode

// addressparents.go: which of the parents written as tokens in the address
// column (search_parent) a query's address words stand for.

import (
	"context"
	"slices"
	"strings"

	"waymark/engine/text"
)

// parentName is one search_parent row a query word matched: the token
// standing for the parent in address columns and the words of each of its
// name values (the name text split at " | ", as the index tokenizes it).
type parentName struct {
	token  string
	values [][]string
}

// parentCacheRows bounds the search_parent rows parentNames keeps: a word
// of a country's common town names matches hundreds.
const parentCacheRows = 1 << 16

// parentNames returns the search_parent rows whose names match word as
// search_name would have matched them (ftsWord), cached: query words
// repeat and the answer never changes. A failed lookup gives none (the
// word then matches names and plain address text only).
func (ix *Index) parentNames(ctx context.Context, word string) []parentName {
	if ix.stParent == nil {
		return nil
	}
	ix.parentMu.Lock()
	ps, ok := ix.parentCache[word]
	ix.parentMu.Unlock()
	if ok {
		return ps
	}
	rows, err := ix.stParent.QueryContext(ctx, "name: "+ftsWord(word))
	if err != nil {
		return nil
	}
	defer rows.Close()
	for rows.Next() {
		var tok, names string
		if rows.Scan(&tok, &names) == nil {
			ps = append(ps, parentName{token: tok, values: nameValueWords(names)})
		}
	}
	if rows.Err() != nil {
		return nil
	}
	ix.parentMu.Lock()
	if ix.parentCache == nil || ix.parentSize+len(ps) > parentCacheRows {
		ix.parentCache = map[string][]parentName{}
		ix.parentSize = 0
	}
	ix.parentCache[word] = ps
	ix.parentSize += len(ps)
	ix.parentMu.Unlock()
	return ps
}

// parentTokens returns the tokens of every parent whose names match word.
func (ix *Index) parentTokens(ctx context.Context, word string) []string {
	var toks []string
	for _, p := range ix.parentNames(ctx, word) {
		toks = append(toks, p.token)
	}
	return toks
}

// nameValueWords splits a search_parent name text (engine/text's
// normalized spellings) into its values and each value into its words.
func nameValueWords(names string) [][]string {
	var out [][]string
	for v := range strings.SplitSeq(names, " | ") {
		ws := strings.Fields(v)
		if len(ws) > 0 {
			out = append(out, ws)
		}
	}
	return out
}

// parentChoice is the parents an interpretation's address words stand
// for: for each word, the tokens of the parents one of whose names the
// query's address words cover whole or in more than one word (strong:
// "Schaan Kelomi" for "Landstrasse 10, Schaan Kelomi", "Schaan" for
// "... Schaan"), and whether the word also matched parents it names only
// by itself (Triesenberg's "LI-10" by "10", "Schaan Kelomi" by "... Schaan").
type parentChoice struct {
	strong  map[string][]string
	partial bool
}

// chooseParents returns the parent choice of in's address words (in.rest).
func (ix *Index) chooseParents(ctx context.Context, in *interp) parentChoice {
	c := parentChoice{strong: map[string][]string{}}
	if ix.stParent == nil || len(in.rest) == 0 {
		return c
	}
	spell := map[string][]string{}
	covered := map[string]bool{}
	for _, w := range in.rest {
		if _, ok := spell[w]; ok {
			continue
		}
		ws := querySpellings(w)
		spell[w] = ws
		for _, s := range ws {
			covered[s] = true
		}
	}
	for _, w := range in.rest {
		if _, ok := c.strong[w]; ok {
			continue
		}
		own := spell[w]
		toks := []string{}
		for _, p := range ix.parentNames(ctx, w) {
			if p.named(covered, own) {
				toks = append(toks, p.token)
			} else {
				c.partial = true
			}
		}
		c.strong[w] = toks
	}
	return c
}

// named reports whether one of p's name values holds one of the
// spellings own (the query word p was found by) and the query's address
// words (covered) name it: all its words, or more than one of them
// ("de monaco" of "Principauté de Monaco").
func (p *parentName) named(covered map[string]bool, own []string) bool {
	for _, v := range p.values {
		n, all, mine := 0, true, false
		for i, w := range v {
			switch {
			case !covered[w]:
				all = false
			case !slices.Contains(v[:i], w):
				n++
				mine = mine || contains(own, w)
			}
		}
		if mine && (all || n >= 2) {
			return true
		}
	}
	return false
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
