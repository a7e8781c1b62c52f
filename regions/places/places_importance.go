// places_importance.go computes places.importance, a Nominatim-like score in
// 0..1 used to rank equally good text matches:
//
//	importance = base + wiki + population + capital, clamped to [0, 1]
//	base       = 0.40001 - rank_search/75   (Nominatim's default when no
//	             Wikipedia importance is known: country 0.347, city 0.187,
//	             village 0.147, street 0.053, house/POI 0.00001)
//	wiki       = 0.20 with a wikipedia tag, else 0.10 with a wikidata tag
//	population = min(0.20, 0.04 * log10(1 + population))
//	capital    = 0.05 for capital=yes|2 (national capital), 0.02 for 4
//
// A boundary linked to a place node uses the higher of its own score and the
// node's (Nominatim keeps the maximum). Offline there is no Wikipedia link
// graph, so the wiki term only says that an article exists; population
// separates places of the same rank (Vaduz > Planken).

package places

import (
	"context"
	"math"
	"strconv"
	"strings"

	"waymark/regions/extract"
)

func importanceOf(rankSearch int, tags extract.PackedTags) float64 {
	imp := 0.40001 - float64(rankSearch)/75
	switch {
	case tags.Get("wikipedia") != "":
		imp += 0.20
	case tags.Get("wikidata") != "":
		imp += 0.10
	}
	if pop, ok := parsePopulation(tags.Get("population")); ok && pop > 0 {
		imp += math.Min(0.20, 0.04*math.Log10(1+pop))
	}
	switch tags.Get("capital") {
	case "yes", "2":
		imp += 0.05
	case "4":
		imp += 0.02
	}
	return math.Max(0, math.Min(1, imp))
}

var populationSeparators = strings.NewReplacer(",", "", " ", "", "'", "", ".", "")

// parsePopulation reads "5,450", "5 450" or "5450" as a number.
func parsePopulation(s string) (float64, bool) {
	s = populationSeparators.Replace(strings.TrimSpace(s))
	if s == "" {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

func (b *placeBuilder) computeImportance(context.Context) error {
	for _, p := range b.records() {
		if p == nil {
			continue
		}
		p.importance = importanceOf(int(p.rankSearch), p.extratags)
	}
	for _, p := range b.records() {
		if p == nil {
			continue
		}
		if p.linked > 0 {
			a := b.places[p.linked-1]
			a.importance = math.Max(a.importance, p.importance)
		}
	}
	return nil
}
