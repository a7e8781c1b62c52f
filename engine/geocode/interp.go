package geocode

// interp.go: the readings of a query's words (interpretations) and the
// index expression of each.

import "strings"

// interp is one reading of a query's words: which words form the house
// number, which must match the name and which the name or the address.
type interp struct {
	hn       []string // house number words ("39a", "b"); nil for none
	nameAny  []string // at least one of these matches the name (nil: none required)
	nameAll  []string // all of these match the name (structured target)
	rest     []string // the other words: name or address
	minRank  int      // rank_address range of the target (0,0: any)
	maxRank  int
	postcode string // a query word that is a known postcode
	// lead holds the words of the first phrase when a free-text query has
	// several (comma-separated) phrases: a name matched in part only by a
	// later phrase reads the query backwards (the name after its address).
	lead []string
}

// expr builds the FTS5 MATCH expression of an interpretation.
func (in *interp) expr() string { return in.exprWith(nil) }

// exprWith is expr where a word that should match the name or the address
// also matches the tokens parents returns for it (search_parent: parents
// written as one token in the address column).
func (in *interp) exprWith(parents func(word string) []string) string {
	var parts []string
	for _, w := range in.hn {
		parts = append(parts, `{housenumber}: "`+w+`"`)
	}
	for _, w := range in.nameAll {
		parts = append(parts, `{name}: `+ftsWord(w))
	}
	if len(in.nameAny) > 0 {
		var or []string
		for _, w := range in.nameAny {
			or = append(or, `{name}: `+ftsWord(w))
		}
		parts = append(parts, "("+strings.Join(or, " OR ")+")")
	}
	for _, w := range in.rest {
		var toks []string
		if parents != nil {
			toks = parents(w)
		}
		if len(toks) == 0 {
			parts = append(parts, `{name address}: `+ftsWord(w))
			continue
		}
		parts = append(parts, `{name address}: (`+ftsWord(w)+` OR `+strings.Join(toks, " OR ")+`)`)
	}
	return strings.Join(parts, " AND ")
}

// interpretations lists the readings of a plan's words: for free text,
// each house-number-like word (with a following single letter) as the
// house number, and the reading without house number whose name is the
// first or last word; for structured queries the target phrase is the name.
func interpretations(p plan) []interp {
	var out []interp
	var words []string
	var target []string
	postcode := ""
	var lead []string
	phrases := 0
	for _, ph := range p.phrases {
		if p.target == roleAny && ph.role != rolePostcode && len(ph.words) > 0 {
			if phrases == 0 {
				lead = ph.words
			}
			phrases++
		}
		if p.target != roleAny && ph.role == p.target {
			target = append(target, ph.words...)
			continue
		}
		if ph.role == rolePostcode {
			postcode = strings.ToUpper(strings.Join(ph.words, " "))
			continue
		}
		words = append(words, ph.words...)
	}
	if p.target != roleAny {
		lo, hi := roleRanks(p.target)
		if p.target == roleStreet || p.target == roleAmenity {
			for i, w := range target {
				if isHouseNumber(w) && len(target) > 1 {
					hn, restT := houseNumberAt(target, i)
					out = append(out, interp{hn: hn, rest: append(restT, words...), minRank: 26, maxRank: 30, postcode: postcode})
					break
				}
			}
		}
		out = append(out, interp{nameAll: target, rest: words, minRank: lo, maxRank: hi, postcode: postcode})
		return out
	}
	if len(words) > 1 {
		tried := 0
		for i, w := range words {
			if !isHouseNumber(w) || tried == 3 {
				continue
			}
			tried++
			hn, rest := houseNumberAt(words, i)
			if len(rest) > 0 {
				out = append(out, interp{hn: hn, rest: rest})
			}
			// A postcode-like word is also read as a soft postcode
			// filter (Nominatim: a postcode that does not match the
			// address costs a penalty, it does not rule the house out).
			for j, pw := range rest {
				if len(rest) > 1 && looksLikePostcode(pw) {
					others := append(append([]string(nil), rest[:j]...), rest[j+1:]...)
					out = append(out, interp{hn: hn, rest: others, postcode: strings.ToUpper(pw)})
					break
				}
			}
		}
	}
	if len(words) == 1 {
		out = append(out, interp{nameAll: words})
	} else if len(words) > 1 {
		nameAny := []string{words[0]}
		if last := words[len(words)-1]; last != words[0] {
			nameAny = append(nameAny, last)
		}
		in := interp{nameAny: nameAny, rest: words}
		if p.anyName {
			in.nameAny = words
		} else if phrases > 1 {
			in.lead = lead
		}
		out = append(out, in)
	}
	return out
}

// houseNumberAt returns the house number starting at words[i] (with up to
// two following one-character words: "39a b" for "39A/B") and the other words.
func houseNumberAt(words []string, i int) (hn, rest []string) {
	j := i + 1
	for j < len(words) && j < i+3 && len([]rune(words[j])) == 1 {
		j++
	}
	hn = append(hn, words[i:j]...)
	rest = append(rest, words[:i]...)
	rest = append(rest, words[j:]...)
	return hn, rest
}
