package complete

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/internal/benchstat"
)

// repeatedDocs returns n random documents whose names repeat as a
// country's do (a few hundred names, many documents each), with tied
// importances and every seventh document preferred, and the words their
// names are made of.
func repeatedDocs(rng *rand.Rand, n int) ([]Doc, []string) {
	syll := []string{"sch", "aan", "vad", "uz", "lan", "dst", "rasse", "tri", "esen", "berg", "bal", "zers", "ä", "12"}
	word := func() string {
		var s string
		for k := 1 + rng.Intn(3); k > 0; k-- {
			s += syll[rng.Intn(len(syll))]
		}
		return s
	}
	names := make([]string, 300)
	var words []string
	for i := range names {
		names[i] = word() + " " + word()
		words = append(words, strings.Fields(names[i])...)
	}
	docs := make([]Doc, n)
	for i := range docs {
		docs[i] = Doc{Name: []string{names[rng.Intn(len(names))]}, Address: []string{word()}, Importance: float64(rng.Intn(4)) / 4,
			Lon: 9.5 + rng.Float64()/10, Lat: 47.1 + rng.Float64()/10, Preferred: i%7 == 0}
	}
	return docs, words
}

// TestRankEqualsSearch checks that one-word queries answered from the
// rank table answer exactly as the full search (hits, grades, marks), for
// exact words and prefixes, every limit, with and without Prefer, and
// that queries the table cannot answer (filters, viewboxes, several
// words, too few hits) still get the full search's answer.
func TestRankEqualsSearch(t *testing.T) {
	seed := rand.Int63()
	rng := rand.New(rand.NewSource(seed))
	docs, words := repeatedDocs(rng, 3000)
	ix := Build(docs)
	plain := make([]Doc, len(docs))
	for i, d := range docs {
		d.Preferred = false
		plain[i] = d
	}
	ixPlain := Build(plain)
	ranked := 0
	for i := 0; i < 3000; i++ {
		w := words[rng.Intn(len(words))]
		q := Query{Words: []string{w[:1+rng.Intn(len(w))]}, LastIsPrefix: rng.Intn(3) > 0, Limit: 1 + rng.Intn(rankTopK), Prefer: rng.Intn(4) > 0}
		switch rng.Intn(8) {
		case 0:
			q.Accept = func(d int) bool { return d%3 != 0 }
		case 1:
			q.Box, q.HasBox = orb.Bound{Min: orb.Point{9.5, 47.1}, Max: orb.Point{9.55, 47.15}}, true
		case 2:
			q.Words = append([]string{words[rng.Intn(len(words))]}, q.Words...)
		case 3:
			q.Limit = rankTopK + 1
		}
		for _, x := range []*Index{ix, ixPlain} {
			if _, ok := x.searchRanked(q); ok {
				ranked++
			}
			full := q
			full.noRank = true
			if got, want := x.Search(q), x.Search(full); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("seed %d: Search(%+v) = %v from the rank table, %v in full", seed, q, got, want)
			}
		}
	}
	if ranked < 1200 {
		t.Fatalf("seed %d: only %d of 6000 queries answered from the rank table", seed, ranked)
	}
}

// TestRankWorkBoundedByLimit: a one-word query's time does not grow with
// the number of places sharing its words (LI ×400: "Landst" matched
// thousands of street segments and took 35–57 ms). The same 300 names on
// 100 times as many documents must not take even 10 times as long (the
// full search: about 100 times).
func TestRankWorkBoundedByLimit(t *testing.T) {
	const seed = 41
	timeOf := func(n int) time.Duration {
		docs, words := repeatedDocs(rand.New(rand.NewSource(seed)), n)
		ix := Build(docs)
		best := time.Duration(1 << 62)
		for range 5 {
			start := time.Now()
			for _, w := range words[:200] {
				ix.Search(Query{Words: []string{w[:min(len(w), 4)]}, LastIsPrefix: true, Limit: 10, Prefer: true})
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	small, large := timeOf(1000), timeOf(100000)
	t.Logf("200 queries: %v over 1,000 documents, %v over 100,000", small, large)
	if large > 10*small {
		t.Errorf("200 one-word queries take %v over 100,000 documents, %v over 1,000: the work grows with the documents", large, small)
	}
}

// BenchmarkSearchRepeatedNames: one-word prefixes (3 to 5 bytes) over
// 100,000 documents sharing 300 names (a country's repeated street
// names), with the rank table and without it (the full search).
func BenchmarkSearchRepeatedNames(b *testing.B) {
	docs, words := repeatedDocs(rand.New(rand.NewSource(1)), 100000)
	ix := Build(docs)
	for _, mode := range []struct {
		name   string
		noRank bool
	}{{"rank", false}, {"full", true}} {
		b.Run(mode.name, func(b *testing.B) {
			var lat benchstat.Latencies
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				w := words[i%len(words)]
				q := Query{Words: []string{w[:min(len(w), 3+i%3)]}, LastIsPrefix: true, Limit: 10, Prefer: true, noRank: mode.noRank}
				lat.Time(func() { ix.Search(q) })
			}
			lat.Report(b)
		})
	}
}
