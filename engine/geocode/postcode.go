package geocode

import (
	"context"
	"fmt"
	"strings"

	"waymark/engine/text"
)

// samePostcode compares postcodes ignoring case and spaces.
func samePostcode(a, b string) bool {
	return strings.EqualFold(strings.ReplaceAll(a, " ", ""), strings.ReplaceAll(b, " ", ""))
}

// postcodeCandidates returns the postcode places of code (any spacing and
// case), restricted to countries when given, most used first.
func (ix *Index) postcodeCandidates(ctx context.Context, code string, countries []string) ([]*cand, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == "" {
		return nil, nil
	}
	var ids []int64
	for _, c := range []string{code, strings.ReplaceAll(code, " ", "")} {
		rows, err := ix.stPostcode.QueryContext(ctx, c)
		if err != nil {
			return nil, fmt.Errorf("geocode: postcode %q: %w", code, err)
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, fmt.Errorf("geocode: postcode %q: %w", code, err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if len(ids) > 0 {
			break
		}
	}
	recs, err := ix.records(ctx, ids)
	if err != nil {
		return nil, err
	}
	var out []*cand
	for _, id := range ids {
		r := recs[id]
		if r == nil || (len(countries) > 0 && !contains(countries, r.CountryCode)) {
			continue
		}
		out = append(out, &cand{rec: r})
	}
	return out, nil
}

// postcodeFallback returns postcode places for a free-text query that is a
// postcode ("9490", "SW1A 1AA"), optionally followed or preceded by a
// country name or code ("9490 Liechtenstein", "36067 1111, us": the US
// ZIP+4 extension is ignored), then slightly penalized.
func (ix *Index) postcodeFallback(ctx context.Context, p plan) ([]*cand, error) {
	var words []string
	for _, ph := range p.phrases {
		words = append(words, ph.words...)
	}
	if len(words) == 0 || len(words) > 4 || words[0] == "" || !isHouseNumber(words[0]) && !isHouseNumber(words[len(words)-1]) {
		return nil, nil
	}
	cands, err := ix.postcodeCandidates(ctx, strings.Join(words, " "), nil)
	if err != nil || len(cands) > 0 || len(words) == 1 {
		return cands, err
	}
	// "9490 Liechtenstein": the postcode and its country.
	for _, i := range []int{0, len(words) - 1} {
		if !isHouseNumber(words[i]) {
			continue
		}
		others := append(append([]string(nil), words[:i]...), words[i+1:]...)
		cands, err := ix.postcodeCandidates(ctx, words[i], nil)
		if err != nil {
			return nil, err
		}
		var out []*cand
		for _, c := range cands {
			if ix.countryMatches(c.rec.CountryCode, others) {
				c.penalty = 0.1
				out = append(out, c)
			}
		}
		if len(out) > 0 {
			return out, nil
		}
	}
	return nil, nil
}

// countryMatches reports whether words name the country cc (its code or
// any of its names).
func (ix *Index) countryMatches(cc string, words []string) bool {
	var kept []string
	for _, w := range words {
		if !isHouseNumber(w) { // "36067 1111, us": the ZIP+4 extension
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return true
	}
	joined := strings.Join(kept, " ")
	if joined == cc {
		return true
	}
	for _, par := range ix.countryParentList() {
		if par.rankAddress == 4 && par.countryCode == cc {
			for _, n := range par.names {
				if normalizedEqual(n, joined) {
					return true
				}
			}
		}
	}
	return false
}

func normalizedEqual(name, normalized string) bool {
	for _, v := range text.Variants(name) {
		if v == normalized {
			return true
		}
	}
	return false
}
