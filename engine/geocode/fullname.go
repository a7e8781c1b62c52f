package geocode

import (
	"hash/fnv"
	"strconv"
	"strings"

	"waymark/engine/text"
)

// Full-name tokens (pack format 5) are Nominatim's full-word tokens: the
// name column of a search row holds, besides the words of the place's
// names, one token per distinct normalized spelling of each whole name
// (FullNameToken). A query that matches more rows than fts reads
// (ftsCandidates) asks for the rows whose whole name is a run of the
// query's words first, then the most important others, so an exact but
// unimportant match ("de France", a hotel, among a country's avenues and
// boulevards de France) is never crowded out. Packs before format 5 rank
// such queries with bm25 instead, whose weights cost a pass over every row
// holding each query word: at country scale that grows with the pack.

// FullNamesKey is the meta key that marks packs whose search rows hold
// full-name tokens.
const FullNamesKey = "search_full_names"

// FullNameToken returns the search token of a whole normalized name: "wmf"
// and 48 bits of its FNV-1a hash in 10 base-36 digits. Two names sharing
// a token only add candidates that scoring then weighs like any other.
func FullNameToken(normalized string) string {
	h := fnv.New64a()
	h.Write([]byte(normalized))
	d := strconv.FormatUint(h.Sum64()>>16, 36)
	return "wmf" + strings.Repeat("0", 10-len(d)) + d
}

// FullNameTokens returns the full-name tokens of a place's names: one per
// distinct spelling (text.Variants) of each, space-separated.
func FullNameTokens(names []string) string {
	seen := map[string]bool{}
	var toks []string
	for _, n := range names {
		for _, v := range text.Variants(n) {
			if t := FullNameToken(v); !seen[t] {
				seen[t] = true
				toks = append(toks, t)
			}
		}
	}
	return strings.Join(toks, " ")
}

// fullNameSpan bounds the words of a run of query words read as a whole
// name, and maxFullNames the runs of one query.
const (
	fullNameSpan = 4
	maxFullNames = 24
)

// fullNameExpr returns the MATCH expression of the rows whose whole name
// is a run of up to fullNameSpan words of one phrase of p, or "" when p
// has no words.
func fullNameExpr(p plan) string {
	var toks []string
	seen := map[string]bool{}
	for _, ph := range p.phrases {
		for i := range ph.words {
			for j := i + 1; j <= len(ph.words) && j-i <= fullNameSpan; j++ {
				t := FullNameToken(strings.Join(ph.words[i:j], " "))
				if !seen[t] && len(toks) < maxFullNames {
					seen[t] = true
					toks = append(toks, t)
				}
			}
		}
	}
	if len(toks) == 0 {
		return ""
	}
	return `{name}: (` + strings.Join(toks, " OR ") + `)`
}
