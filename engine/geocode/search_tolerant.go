package geocode

// search_tolerant.go: the typo-tolerant reading of a search. Search reads
// a query word for word (in every spelling engine/text knows: case,
// diacritics, transliterations, abbreviations); a word that no place has
// ("Vadutz", "Stdtle", "Vaduzcastle") makes it find nothing. SearchTolerant
// reads such words as what they may stand for — the tolerance of
// autocomplete (package complete: one edit from 5 letters, two from 8, the
// first letter kept, transpositions as one edit; a word that is two words
// typed without their space) — and searches the readings with Search
// itself, so a corrected query is parsed, interpreted and ranked as the
// query spelled right would be.

import (
	"context"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"waymark/engine/geocode/complete"
	"waymark/engine/text"
)

// Speller knows the words of a pack's places (names and address terms,
// normalized by engine/text). *Completer is one: the autocomplete index's
// vocabulary.
type Speller interface {
	// Known reports whether word is a word of some place.
	Known(word string) bool
	// Corrections returns up to limit words of places (or pairs of words,
	// space-separated) that the typed word may stand for, most likely
	// first (see complete.Index.Corrections).
	Corrections(word string, limit int) []complete.Correction
	// Together reports whether some place holds every word of words, each
	// as any of its spellings (see complete.Index.Together).
	Together(words [][]string) bool
}

// The limits of the tolerant reading.
const (
	// respellOptions is how many corrections of one word are tried.
	respellOptions = 3
	// maxReadings is how many readings (a correction for every unknown
	// word) a search tries at most.
	maxReadings = 4
	// maxCombinations bounds the readings ranked before the best
	// maxReadings are tried (the product of every word's options).
	maxCombinations = 81
	// RespellPenalty is added to a result's Penalty and Score for each
	// query word read as another: a corrected answer never looks exact
	// (matchcode "approximate").
	RespellPenalty = 0.1
	// goodPenalty: a result whose penalty is below it matched the query
	// without leaving a word out or reading it backwards (GoodAnswer).
	goodPenalty = 0.3
)

// GoodAnswer reports whether places holds a result that matched its
// query without leaving a word out, reading a name in the middle or the
// query backwards (Penalty below 0.3): an answer a typo-tolerant reading
// need not improve on.
func GoodAnswer(places []Place) bool {
	for i := range places {
		if places[i].Penalty < goodPenalty {
			return true
		}
	}
	return false
}

// SearchTolerant answers req when Search finds nothing because some query
// words are no word of any place: each such word is read as one of its
// corrections by sp (within the typo tolerance, or two words typed without
// the space between them), and the readings are searched with Search,
// most likely first (fewest edits in all, then the most common words),
// until one finds a good answer (best penalty below goodPenalty) or
// maxReadings were tried; of several readings, one whose words no place
// holds together (sp.Together; numbers and category words aside) is
// skipped without a search. The answer is the first good one, else the one
// with the best result; each result's Penalty and Score are raised by
// RespellPenalty per corrected word. Words with digits are not corrected
// (only split: "stadtle29"), nor words sp knows. A query with no word to
// correct, or none with a correction, gives no result, not an error.
func (ix *Index) SearchTolerant(ctx context.Context, req Request, sp Speller) ([]Place, error) {
	phrases := queryPhrases(&req)
	readings := respellings(phrases, sp)
	var best []Place
	bestPen := 0.0
	for _, rd := range readings {
		if len(readings) > 1 {
			if pw := placeWords(respell(phrases, rd.words)); len(pw) > 0 && !sp.Together(pw) {
				continue // no place has these words: Search would find nothing
			}
		}
		r := req
		r.respell, r.ftsSeen = rd.words, nil
		res, err := ix.Search(ctx, r)
		if err != nil {
			return nil, err
		}
		if len(res) == 0 {
			continue
		}
		pen := res[0].Penalty
		for i := range res {
			pen = min(pen, res[i].Penalty)
			res[i].Penalty += RespellPenalty * float64(len(rd.words))
			res[i].Score += RespellPenalty * float64(len(rd.words))
			res[i].Respelled = len(rd.words)
		}
		if pen < goodPenalty {
			return res, nil
		}
		if best == nil || pen < bestPen {
			best, bestPen = res, pen
		}
	}
	return best, nil
}

// queryPhrases returns the phrases of req's words as Search reads them
// (free text without its category and coordinate; structured fields).
func queryPhrases(req *Request) []phrase {
	if req.structured() {
		return structuredPlan(req).phrases
	}
	phrases, _, _ := parseFree(strings.TrimSpace(req.Query))
	return phrases
}

// placeWords returns the words of phrases a place found by them holds,
// each with its spellings: not the category phrase at the start or end of
// the first phrase ("hotels in", "restaurant"), not postcodes and numbers
// (a house number that is not there leaves its street).
func placeWords(phrases []phrase) [][]string {
	var out [][]string
	for i, ph := range phrases {
		words := ph.words
		if ph.role == rolePostcode {
			continue
		}
		if i == 0 && ph.role == roleAny {
			if _, left, ok := splitPhrase(words); ok {
				words = left
			}
		}
		for _, w := range words {
			if !isNumber(w) {
				out = append(out, text.Variants(w))
			}
		}
	}
	return out
}

// reading is one respelling of a query: its unknown words and the words
// each stands for.
type reading struct {
	words map[string][]string
	edits int // total
	rank  int // sum of the options' places in their words' lists
}

// respellings returns the likeliest readings of phrases' unknown words
// (at most maxReadings, most likely first), or none when no word needs or
// has a correction.
func respellings(phrases []phrase, sp Speller) []reading {
	var unknown []string
	var opts [][]complete.Correction
	for _, ph := range phrases {
		if ph.role == rolePostcode {
			continue
		}
		for _, w := range ph.words {
			if slices.Contains(unknown, w) || sp.Known(w) || isNumber(w) {
				continue
			}
			var cs []complete.Correction
			for _, c := range sp.Corrections(w, respellOptions) {
				if hasDigit(w) && !strings.Contains(c.Word, " ") {
					continue // a number is no typo of another number
				}
				cs = append(cs, c)
			}
			if len(cs) > 0 {
				unknown, opts = append(unknown, w), append(opts, cs)
			}
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	// Fewer options per word when many words are unknown, so the
	// combinations stay few.
	for combos(opts) > maxCombinations {
		longest := 0
		for i := range opts {
			if len(opts[i]) > len(opts[longest]) {
				longest = i
			}
		}
		opts[longest] = opts[longest][:len(opts[longest])-1]
	}
	var out []reading
	pick := make([]int, len(opts))
	for {
		rd := reading{words: make(map[string][]string, len(unknown))}
		for i, c := range pick {
			o := opts[i][c]
			rd.words[unknown[i]] = strings.Fields(o.Word)
			rd.edits += o.Edits
			rd.rank += c
		}
		out = append(out, rd)
		i := 0
		for ; i < len(pick); i++ {
			if pick[i]++; pick[i] < len(opts[i]) {
				break
			}
			pick[i] = 0
		}
		if i == len(pick) {
			break
		}
	}
	slices.SortStableFunc(out, func(a, b reading) int {
		if a.edits != b.edits {
			return a.edits - b.edits
		}
		return a.rank - b.rank
	})
	return out[:min(len(out), maxReadings)]
}

func combos(opts [][]complete.Correction) int {
	n := 1
	for _, o := range opts {
		n *= len(o)
	}
	return n
}

// respell returns phrases with their words replaced as m says (a copy;
// phrases itself when m is empty).
func respell(phrases []phrase, m map[string][]string) []phrase {
	if len(m) == 0 {
		return phrases
	}
	out := make([]phrase, len(phrases))
	for i, ph := range phrases {
		out[i] = phrase{role: ph.role}
		for _, w := range ph.words {
			if ws, ok := m[w]; ok && ph.role != rolePostcode {
				out[i].words = append(out[i].words, ws...)
			} else {
				out[i].words = append(out[i].words, w)
			}
		}
	}
	return out
}

func isNumber(w string) bool {
	return w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}

func hasDigit(w string) bool { return strings.IndexFunc(w, unicode.IsDigit) >= 0 }

// SuggestPenalty is the least Penalty of a result of Suggested: below
// every match of a search, corrected or not.
const SuggestPenalty = 1

// Suggested answers req with what the suggestion list shows for its text
// (Autocomplete: words matched in full, by a substring of 3 letters or
// more, within the typo tolerance or, for a last word of 3 letters or
// more, as its beginning): the last resort of a search that found
// nothing, as typed or respelled (engine.Search), so Enter finds what the
// suggestions show ("Vaduz Cas", "duz", "Cafe im Kuns"). Only free text
// without a "[key=value]" category or a coordinate is answered; the
// request's filters apply (countrycodes,
// viewbox and bounded, layer, feature type, excluded places), the limit
// before them. Each result's Penalty is SuggestPenalty plus its match
// penalty, its Score that plus minus its importance. No prediction is an
// empty result, not an error.
func (c *Completer) Suggested(ctx context.Context, req Request) ([]Place, error) {
	q := strings.TrimSpace(req.Query)
	if q == "" || req.structured() {
		return nil, nil
	}
	if _, cat, near := parseFree(q); cat != nil || near != nil {
		return nil, nil
	}
	words, _ := complete.ParseText(q)
	if len(words) == 0 {
		return nil, nil
	}
	aq := AutocompleteQuery{Text: q, Limit: req.limit(), CountryCodes: req.CountryCodes, Output: req.Output}
	if last := words[len(words)-1]; utf8.RuneCountInString(last) < 3 {
		aq.Text += " " // a word of one or two letters is no beginning to complete
	}
	if req.Viewbox != nil {
		aq.Viewbox, aq.HasViewbox, aq.Bounded = *req.Viewbox, true, req.Bounded
	}
	places, err := c.Autocomplete(ctx, aq)
	if err != nil {
		return nil, err
	}
	kept := places[:0]
	for _, p := range places {
		if !req.accepts(p.PlaceID, p.CountryCode, p.Centroid, p.RankAddress) ||
			!req.Layers.matches(p.Class, p.RankAddress, p.RankAddress == 30 && (p.HouseNumber != "" || p.Names["addr:housename"] != "")) {
			continue
		}
		p.Penalty += SuggestPenalty
		p.Score = p.Penalty - CalculatedImportance(&p)
		kept = append(kept, p)
	}
	if req.Dedupe {
		kept = Dedupe(kept)
	}
	return kept, nil
}

// Known reports whether word is a word of some place's name or address
// in the pack (Speller).
func (c *Completer) Known(word string) bool { return c.cx.Known(word) }

// Corrections returns what a typed word that is no word of the pack may
// stand for (Speller; complete.Index.Corrections).
func (c *Completer) Corrections(word string, limit int) []complete.Correction {
	return c.cx.Corrections(word, limit)
}

// Together reports whether some place of the pack holds every word of
// words, each as any of its spellings (Speller; complete.Index.Together).
func (c *Completer) Together(words [][]string) bool { return c.cx.Together(words) }
