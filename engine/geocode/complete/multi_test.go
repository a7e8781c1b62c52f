package complete

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/internal/benchstat"
)

// varyQuery gives q, at random, what the API may add to typed text: a
// comma after the first words (NameWords), a viewbox (preferred,
// bounded or distance only), a filter and another limit.
func varyQuery(rng *rand.Rand, q Query) Query {
	if rng.Intn(3) == 0 {
		q.NameWords = 1 + rng.Intn(len(q.Words))
	}
	switch rng.Intn(5) {
	case 0:
		q.HasBox, q.Box = true, orb.Bound{Min: orb.Point{9.52, 47.12}, Max: orb.Point{9.56, 47.16}}
	case 1:
		q.HasBox, q.Bounded, q.Box = true, true, orb.Bound{Min: orb.Point{9.5, 47.1}, Max: orb.Point{9.57, 47.17}}
	case 2:
		q.HasBox, q.DistanceOnly, q.Box = true, true, orb.Bound{Min: orb.Point{9.52, 47.12}, Max: orb.Point{9.54, 47.14}}
	}
	if rng.Intn(4) == 0 {
		q.Accept = func(d int) bool { return d%3 != 0 }
	}
	q.Limit = 1 + rng.Intn(20)
	return q
}

// repeatedGroupedIndex is repeatedDocs in address groups (towns: each
// document in one of 40, whose names are two words of the same
// syllables), the queries of several words typed letter by letter.
func repeatedGroupedIndex(seed int64, n int) (*Index, func() Query) {
	rng := rand.New(rand.NewSource(seed))
	docs, words := repeatedDocs(rng, n)
	groups := make([]string, 40)
	for g := range groups {
		groups[g] = words[rng.Intn(len(words))] + " " + words[rng.Intn(len(words))] + " liechtenstein"
	}
	for i := range docs {
		docs[i].Groups = []int32{int32(rng.Intn(len(groups)))}
		if rng.Intn(3) == 0 {
			docs[i].Name = append(docs[i].Name, "12")
		}
	}
	query := func() Query {
		var typed []string
		for k := 2 + rng.Intn(2); k > 0; k-- {
			typed = append(typed, words[rng.Intn(len(words))])
		}
		if rng.Intn(4) == 0 {
			typed[len(typed)-1] = groups[rng.Intn(len(groups))][:3]
		}
		text := strings.Join(typed, " ")
		text = text[:len(typed[0])+2+rng.Intn(len(text)-len(typed[0])-1)]
		ws, prefix := ParseText(text)
		return Query{Words: ws, LastIsPrefix: prefix, Limit: 10, Prefer: rng.Intn(4) > 0}
	}
	return BuildGroups(docs, groups), query
}

// TestMultiEqualsVisit checks that queries of several words answered by
// searchMulti (candidates from one list, the other words checked per
// document) answer exactly as visiting every word's lists: hits, grades
// and marks, with address groups, commas, viewboxes, filters, limits,
// typos, repeated names and tied importances.
func TestMultiEqualsVisit(t *testing.T) {
	for seed := int64(50); seed < 56; seed++ {
		var ix *Index
		var query func() Query
		if seed%2 == 0 {
			ix, query = groupedIndex(seed, 800)
		} else {
			ix, query = repeatedGroupedIndex(seed, 6000)
		}
		rng := rand.New(rand.NewSource(seed))
		multi := 0
		for i := 0; i < 800; i++ {
			q := varyQuery(rng, query())
			if len(q.Words) < 2 {
				continue
			}
			multi++
			for _, mode := range []int{0, searchTypos, searchNoSubstring} {
				var answers []string
				for _, probe := range []int8{probeNever, probeAlways, probeRanked, probeBits, probeAuto} {
					q.probe = probe
					answers = append(answers, fmt.Sprint(ix.search(q, mode)))
				}
				q.probe, q.walkFrom = probeBits, 1 // the bitset walked in rank order
				answers = append(answers, fmt.Sprint(ix.search(q, mode)))
				q.walkFrom = 0
				for k, a := range answers[1:] {
					if a != answers[0] {
						t.Fatalf("seed %d: search(%+v, %d) = %v with probe %d, visiting every list %v", seed, q, mode, a, k+2, answers[0])
					}
				}
			}
		}
		if multi < 300 {
			t.Fatalf("seed %d: only %d queries of several words", seed, multi)
		}
	}
}

// copiesIndex is a country of n copies of a town (as LI ×400 with
// distinct places): copy c has a settlement "schaan <suffix c>"
// (preferred, important), an address group of that name, 60 houses
// "<number> landstrasse" and 20 shops "k kiosk"/"kebab <suffix c>" in it.
func copiesIndex(n int) *Index {
	rng := rand.New(rand.NewSource(int64(n)))
	syll := []string{"ka", "ne", "lo", "dor", "mi", "ta", "ri", "ke", "hal", "sen", "bel", "va"}
	var docs []Doc
	var groups []string
	for c := range n {
		suffix := syll[rng.Intn(len(syll))] + syll[rng.Intn(len(syll))] + syll[rng.Intn(len(syll))] + fmt.Sprint(c)
		g := int32(len(groups))
		groups = append(groups, "schaan "+suffix+" liechtenstein")
		docs = append(docs, Doc{Name: []string{"schaan " + suffix}, Importance: 0.5, Preferred: true, Groups: []int32{g}})
		for h := range 60 {
			docs = append(docs, Doc{Name: []string{fmt.Sprint(1+h) + " landstrasse"}, Importance: 0.00001, Groups: []int32{g}})
		}
		for k := range 20 {
			name := "k kiosk"
			if k%2 == 1 {
				name = "kebab " + suffix
			}
			docs = append(docs, Doc{Name: []string{name}, Importance: 0.001, Groups: []int32{g}})
		}
	}
	return BuildGroups(docs, groups)
}

// TestMultiWorkBounded checks that typing a repeated town's name (or a
// street's) and the first letters of the next word ranks about as many
// documents with 400 copies of the town as with 20, when the limit fills
// with hits of the best grade and every word in the name (the
// settlements named so come first in their words' rank lists), with the
// answers of visiting every list. (When it does not — "schaan k", where
// a "k kiosk" in each town is an exact address match — the walk reads
// the driver's whole list: a few hundred documents at 400 copies.)
func TestMultiWorkBounded(t *testing.T) {
	texts := []string{"schaan ka", "schaan lo", "landstrasse 1", "landstrasse 12", "kebab ta"}
	work := func(n int) int {
		ix := copiesIndex(n)
		total := 0
		for _, text := range texts {
			ws, prefix := ParseText(text)
			q := Query{Words: ws, LastIsPrefix: prefix, Limit: 10, Prefer: true}
			visit := q
			visit.probe = probeNever
			q.considered = &total
			if a, b := ix.Search(q), ix.Search(visit); fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("%d copies: %q: %v, visiting every list %v", n, text, a, b)
			}
		}
		return total
	}
	small, large := work(20), work(400)
	t.Logf("%d texts ranked %d documents over 20 copies, %d over 400", len(texts), small, large)
	if large > 2*small+100 {
		t.Errorf("%d texts rank %d documents over 400 copies, %d over 20: the work grows with the copies", len(texts), large, small)
	}
}

// BenchmarkSearchSeveralWords: texts of two or three words typed letter
// by letter over 100,000 documents of 300 repeated names in 40 towns,
// answered per document (multi) and by visiting every list (visit).
func BenchmarkSearchSeveralWords(b *testing.B) {
	ix, query := repeatedGroupedIndex(1, 100000)
	qs := make([]Query, 500)
	for i := range qs {
		qs[i] = query()
	}
	for _, mode := range []struct {
		name  string
		probe int8
	}{{"multi", probeAuto}, {"visit", probeNever}} {
		b.Run(mode.name, func(b *testing.B) {
			var lat benchstat.Latencies
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				q := qs[i%len(qs)]
				q.probe = mode.probe
				lat.Time(func() { ix.Search(q) })
			}
			lat.Report(b)
		})
	}
}
