package complete

import (
	"fmt"
	"math/rand"
	"sync"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/text"
)

// fixture: a tiny Liechtenstein.
var fixture = []struct {
	name, addr string
	imp        float64
	lon, lat   float64
}{
	{"Vaduz", "liechtenstein", 0.6, 9.52, 47.14},                     // 0
	{"Vaduzer Strasse", "schaan liechtenstein", 0.2, 9.50, 47.17},    // 1
	{"Schaan", "liechtenstein", 0.5, 9.51, 47.17},                    // 2
	{"Landstrasse", "vaduz liechtenstein", 0.2, 9.52, 47.13},         // 3
	{"Landstrasse 12", "vaduz 9490 liechtenstein", 0.1, 9.52, 47.13}, // 4
	{"Triesenberg", "liechtenstein", 0.45, 9.54, 47.12},              // 5
	{"Kunstmuseum Liechtenstein", "städtle vaduz", 0.3, 9.52, 47.14}, // 6
	{"Café Landstrasse", "vaduz", 0.05, 9.52, 47.13},                 // 7
	{"9490", "vaduz liechtenstein", 0.15, 9.52, 47.14},               // 8
}

// fixtureIndex indexes the fixture, with the documents preferred marked
// Preferred.
func fixtureIndex(preferred ...int) *Index {
	docs := make([]Doc, len(fixture))
	for i, f := range fixture {
		docs[i] = Doc{Name: text.Variants(f.name), Address: []string{text.Normalize(f.addr)}, Importance: f.imp, Lon: f.lon, Lat: f.lat}
	}
	for _, d := range preferred {
		docs[d].Preferred = true
	}
	return Build(docs)
}

func docs(hits []Hit) []int {
	out := make([]int, len(hits))
	for i, h := range hits {
		out[i] = h.Doc
	}
	return out
}

func TestSearch(t *testing.T) {
	ix := fixtureIndex()
	tests := []struct {
		name      string
		text      string
		limit     int
		box       *orb.Bound
		bounded   bool
		distOnly  bool
		accept    func(int) bool
		prefer    int   // the document marked Preferred (0: none)
		want      []int // exact order of the first len(want) hits
		wantNone  []int
		wantGrade int
	}{
		{name: "first letter", text: "v", limit: 10, want: []int{0, 1}},
		{name: "prefix ranks town first", text: "vad", limit: 10, want: []int{0, 1}, wantGrade: GradePrefix},
		{name: "whole word exact first", text: "vaduz", limit: 10, want: []int{0, 1}, wantNone: []int{3, 4}},
		{name: "finished word", text: "vaduz ", limit: 10, want: []int{0}, wantGrade: GradeExact},
		{name: "substring", text: "duz ", limit: 10, want: []int{0}, wantGrade: GradeSubstring},
		{name: "substring inside compound", text: "strasse", limit: 10, want: []int{1, 3, 4, 7}},
		{name: "address with number", text: "Landstrasse 1", limit: 10, want: []int{4}},
		{name: "name plus address term", text: "landstrasse vaduz", limit: 10, want: []int{3, 4, 7}},
		{name: "address words only are not enough", text: "liechtenstein", limit: 10, want: []int{6}, wantNone: []int{0, 2, 5}},
		{name: "typo", text: "Triesneberg", limit: 10, want: []int{5}, wantGrade: GradeTypo},
		{name: "typo while typing", text: "Trisen", limit: 10, want: []int{5}, wantGrade: GradeTypo},
		{name: "no typo for short words", text: "vdz", limit: 10, want: nil},
		{name: "diacritics", text: "Cafe", limit: 10, want: []int{7}},
		{name: "postcode", text: "949", limit: 10, want: []int{8}},
		{name: "limit", text: "s", limit: 1, want: []int{2}},
		{name: "accept filter", text: "vad", limit: 10, accept: func(d int) bool { return d != 0 }, want: []int{1}, wantNone: []int{0}},
		{name: "bounded viewbox", text: "s", limit: 10, box: &orb.Bound{Min: orb.Point{9.49, 47.16}, Max: orb.Point{9.52, 47.18}}, bounded: true, want: []int{2, 1}, wantNone: []int{3, 5}},
		{name: "viewbox prefers inside", text: "landstrasse", limit: 10, box: &orb.Bound{Min: orb.Point{9.519, 47.129}, Max: orb.Point{9.521, 47.131}}, want: []int{3}},
		{name: "distance only", text: "s", limit: 2, box: &orb.Bound{Min: orb.Point{9.49, 47.16}, Max: orb.Point{9.51, 47.18}}, distOnly: true, want: []int{1, 2}},
		{name: "importance without distance only", text: "s", limit: 2, box: &orb.Bound{Min: orb.Point{9.49, 47.16}, Max: orb.Point{9.515, 47.18}}, want: []int{2, 1}},
		{name: "preferred before the viewbox", text: "landstrasse", limit: 10, box: &orb.Bound{Min: orb.Point{9.519, 47.129}, Max: orb.Point{9.521, 47.131}}, prefer: 7, want: []int{7, 3}},
		{name: "preferred after the grade", text: "vaduz ", limit: 10, prefer: 1, want: []int{0, 1}},
		{name: "nothing", text: "zzzz", limit: 10, want: nil},
		{name: "missing space", text: "landstrasse 12vaduz", limit: 10, want: []int{4}, wantGrade: GradeTypo},
		{name: "missing space before a name word", text: "kunstmuseum vaduzstadtle", limit: 10, want: []int{6}, wantGrade: GradeTypo},
		{name: "no split of a known word", text: "triesenberg ", limit: 10, want: []int{5}, wantGrade: GradeExact},
		{name: "comma: name part first", text: "Landstrasse, Vaduz", limit: 10, want: []int{3, 4, 7}},
		{name: "comma: the name part ranks first", text: "Liechtenstein, Vaduz", limit: 10, want: []int{6, 0}},
		{name: "no comma: importance decides", text: "Liechtenstein Vaduz", limit: 10, want: []int{0, 6}},
		{name: "comma: address words for the name part rank after", text: "Vaduz, Landstrasse", limit: 10, want: []int{3, 4, 7}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ix := ix
			if tc.prefer > 0 {
				ix = fixtureIndex(tc.prefer)
			}
			words, pfx := ParseText(tc.text)
			q := Query{Words: words, LastIsPrefix: pfx, NameWords: NameWords(tc.text), Limit: tc.limit, Accept: tc.accept, Prefer: true, Bounded: tc.bounded, DistanceOnly: tc.distOnly}
			if tc.box != nil {
				q.Box, q.HasBox = *tc.box, true
			}
			hits := ix.Search(q)
			got := docs(hits)
			if len(got) > tc.limit {
				t.Fatalf("Search(%q) gave %d hits, limit %d", tc.text, len(got), tc.limit)
			}
			if tc.want == nil && len(got) > 0 {
				t.Fatalf("Search(%q) = %v, want none", tc.text, got)
			}
			if len(got) < len(tc.want) {
				t.Fatalf("Search(%q) = %v, want prefix %v", tc.text, got, tc.want)
			}
			for i, d := range tc.want {
				if got[i] != d {
					t.Fatalf("Search(%q) = %v, want prefix %v", tc.text, got, tc.want)
				}
			}
			for _, d := range tc.wantNone {
				for _, g := range got {
					if g == d {
						t.Errorf("Search(%q) = %v holds %d", tc.text, got, d)
					}
				}
			}
			if len(hits) > 0 && tc.wantGrade != 0 && hits[0].Grade != tc.wantGrade {
				t.Errorf("Search(%q)[0].Grade = %d, want %d", tc.text, hits[0].Grade, tc.wantGrade)
			}
		})
	}
}

func TestParseText(t *testing.T) {
	tests := []struct {
		in     string
		words  int
		prefix bool
	}{
		{"Vad", 1, true}, {"Vaduz ", 1, false}, {"Vaduz,", 1, false}, {"Land strasse 1", 3, true}, {"", 0, false}, {"  ", 0, false},
	}
	for _, tc := range tests {
		w, p := ParseText(tc.in)
		if len(w) != tc.words || p != tc.prefix {
			t.Errorf("ParseText(%q) = %v, %v; want %d words, prefix %v", tc.in, w, p, tc.words, tc.prefix)
		}
	}
}

// TestExactBeforeTypo checks on random vocabularies that a document matching
// every word exactly never ranks after a typo match.
func TestExactBeforeTypo(t *testing.T) {
	seed := rand.Int63()
	rng := rand.New(rand.NewSource(seed))
	letters := "abcdefgh"
	word := func() string {
		b := make([]byte, 5+rng.Intn(6))
		for i := range b {
			b[i] = letters[rng.Intn(len(letters))]
		}
		return string(b)
	}
	var ds []Doc
	for i := 0; i < 300; i++ {
		ds = append(ds, Doc{Name: []string{word() + " " + word()}, Importance: rng.Float64()})
	}
	ix := Build(ds)
	for i := 0; i < 200; i++ {
		d := ds[rng.Intn(len(ds))]
		hits := ix.Search(Query{Words: text.Words(d.Name[0]), Limit: 20})
		seenTypo := false
		for _, h := range hits {
			if h.Grade == GradeTypo {
				seenTypo = true
			} else if seenTypo {
				t.Fatalf("seed %d: query %q: grade %d after a typo hit", seed, d.Name[0], h.Grade)
			}
		}
		if len(hits) == 0 || hits[0].Grade != GradeExact {
			t.Fatalf("seed %d: query %q: first hit %+v, want exact", seed, d.Name[0], hits)
		}
	}
}

func BenchmarkSearch(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	var ds []Doc
	for i := 0; i < 20000; i++ {
		ds = append(ds, Doc{Name: []string{fmt.Sprintf("name%d street%d", rng.Intn(5000), rng.Intn(300))}, Importance: rng.Float64()})
	}
	ix := Build(ds)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ix.Search(Query{Words: []string{"name12", "str"}, LastIsPrefix: true, Limit: 10})
	}
}

func FuzzSearch(f *testing.F) {
	for _, s := range []string{"v", "Vad", "vaduz ", "Landstrasse 1", "Triesneberg", "Cafe", "949", "", " ,", "ßü"} {
		f.Add(s)
	}
	ix := fixtureIndex()
	f.Fuzz(func(t *testing.T, s string) {
		words, pfx := ParseText(s)
		hits := ix.Search(Query{Words: words, LastIsPrefix: pfx, Limit: 5})
		if len(hits) > 5 {
			t.Fatalf("Search(%q) gave %d hits", s, len(hits))
		}
		for i := 1; i < len(hits); i++ {
			if better(hits[i], hits[i-1], false) {
				t.Fatalf("Search(%q) not sorted: %+v", s, hits)
			}
		}
	})
}

// TestConcurrentSearch runs searches from several goroutines (run with
// -race): results must equal the sequential ones.
func TestConcurrentSearch(t *testing.T) {
	ix := fixtureIndex()
	texts := []string{"v", "vad", "strasse", "Triesneberg", "949", "Landstrasse 1"}
	want := map[string][]int{}
	for _, s := range texts {
		w, p := ParseText(s)
		want[s] = docs(ix.Search(Query{Words: w, LastIsPrefix: p, Limit: 5}))
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				s := texts[i%len(texts)]
				w, p := ParseText(s)
				got := docs(ix.Search(Query{Words: w, LastIsPrefix: p, Limit: 5}))
				if fmt.Sprint(got) != fmt.Sprint(want[s]) {
					t.Errorf("concurrent Search(%q) = %v, want %v", s, got, want[s])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestShortPrefixTable checks that the precomputed first keystrokes answer
// exactly as the full search does, on a random index.
func TestShortPrefixTable(t *testing.T) {
	seed := rand.Int63()
	rng := rand.New(rand.NewSource(seed))
	letters := []rune("abcdeü")
	word := func() string {
		r := make([]rune, 1+rng.Intn(6))
		for i := range r {
			r[i] = letters[rng.Intn(len(letters))]
		}
		return string(r)
	}
	var ds []Doc
	for i := 0; i < 500; i++ {
		ds = append(ds, Doc{Name: []string{word() + " " + word()}, Address: []string{word()}, Importance: float64(rng.Intn(5)) / 4})
	}
	ix := Build(ds)
	if len(ix.shortKeys) == 0 {
		t.Fatal("no short prefixes")
	}
	for _, key := range ix.shortKeys {
		p := string([]byte{byte(key >> 8), byte(key)}[:key>>16])
		for _, limit := range []int{1, 7, 20} {
			fast := ix.Search(Query{Words: []string{p}, LastIsPrefix: true, Limit: limit})
			full := ix.Search(Query{Words: []string{p}, LastIsPrefix: true, Limit: limit, noShort: true})
			if fmt.Sprint(docs(fast)) != fmt.Sprint(docs(full)) {
				t.Fatalf("seed %d: prefix %q limit %d: table %v, search %v", seed, p, limit, docs(fast), docs(full))
			}
			for i := range fast {
				if fast[i].Grade != full[i].Grade {
					t.Fatalf("seed %d: prefix %q: grades differ: %+v vs %+v", seed, p, fast[i], full[i])
				}
			}
		}
	}
}

// TestGroupsEqualExpandedAddress checks, on random documents, that
// address groups answer exactly as the groups' text in every member's
// Address would (BuildGroups' contract).
func TestGroupsEqualExpandedAddress(t *testing.T) {
	const seed = 7
	grouped, groups, query := randomGroupedDocs(seed, 300)
	expanded := make([]Doc, len(grouped))
	for i, d := range grouped {
		e := d
		e.Groups = nil
		e.Address = append([]string(nil), d.Address...)
		for _, g := range d.Groups {
			e.Address = append(e.Address, groups[g])
		}
		expanded[i] = e
	}
	a, b := BuildGroups(grouped, groups), Build(expanded)
	for i := 0; i < 500; i++ {
		q := query()
		ga, gb := a.Search(q), b.Search(q)
		if fmt.Sprint(ga) != fmt.Sprint(gb) {
			t.Fatalf("seed %d: Search(%+v) = %v with groups, %v with expanded addresses", seed, q, ga, gb)
		}
	}
}

// TestSubstringSkipKeepsAnswers checks that skipping substring matches
// when exact and prefix hits fill the limit gives the full search's answer.
func TestSubstringSkipKeepsAnswers(t *testing.T) {
	const seed = 11
	rng := rand.New(rand.NewSource(seed))
	syll := []string{"sch", "aan", "vad", "uz", "lan", "str", "asse", "tri", "esen", "berg", "bal", "zers", "ein", "sch", "en"}
	word := func() string {
		var s string
		for n := 2 + rng.Intn(3); n > 0; n-- {
			s += syll[rng.Intn(len(syll))]
		}
		return s
	}
	var docs []Doc
	for i := 0; i < 2000; i++ {
		docs = append(docs, Doc{Name: []string{word() + " " + word()}, Address: []string{word()}, Importance: rng.Float64(), Lon: 9.5, Lat: 47.1})
	}
	ix := Build(docs)
	for i := 0; i < 400; i++ {
		w := word()
		q := Query{Words: []string{w[:3+rng.Intn(len(w)-2)]}, LastIsPrefix: rng.Intn(2) == 0, Limit: 1 + rng.Intn(20), noShort: true}
		full := ix.search(q, 0)
		if len(full) < q.Limit && typoCapable(q.Words) {
			full = ix.search(q, searchTypos)
		}
		if len(full) < q.Limit {
			full = ix.searchSplit(q, full)
		}
		if got := ix.Search(q); fmt.Sprint(got) != fmt.Sprint(full) {
			t.Fatalf("seed %d: Search(%+v) = %v, full search %v", seed, q, got, full)
		}
	}
}

// TestOneWordNameOnly checks that a one-word query, which leaves out the
// documents it matches only by address, answers as when it visits them,
// with address groups, filters and viewboxes, and with typos.
func TestOneWordNameOnly(t *testing.T) {
	for seed := int64(20); seed < 24; seed++ {
		ix, query := groupedIndex(seed, 600)
		for i := 0; i < 600; i++ {
			q := query()
			q.Words = q.Words[len(q.Words)-1:]
			all := q
			all.allMatches = true
			for _, mode := range []int{0, searchTypos, searchNoSubstring} {
				if a, b := ix.search(q, mode), ix.search(all, mode); fmt.Sprint(a) != fmt.Sprint(b) {
					t.Fatalf("seed %d: search(%+v, %d) = %v, visiting address matches %v", seed, q, mode, a, b)
				}
			}
		}
	}
}

// TestProbeEqualsVisit checks that matching later words by looking the
// candidates up in their lists answers as visiting the lists does, with
// address groups, filters, viewboxes and typos.
func TestProbeEqualsVisit(t *testing.T) {
	for seed := int64(30); seed < 34; seed++ {
		ix, query := groupedIndex(seed, 600)
		multi := 0
		for i := 0; i < 600; i++ {
			q := query()
			if len(q.Words) > 1 {
				multi++
			}
			for _, mode := range []int{0, searchTypos, searchNoSubstring} {
				var answers []string
				for _, probe := range []int8{probeNever, probeAlways, probeAuto} {
					q.probe = probe
					answers = append(answers, fmt.Sprint(ix.search(q, mode)))
				}
				if answers[0] != answers[1] || answers[0] != answers[2] {
					t.Fatalf("seed %d: search(%+v, %d): visiting %s, probing %s, auto %s", seed, q, mode, answers[0], answers[1], answers[2])
				}
			}
		}
		if multi < 100 {
			t.Fatalf("seed %d: only %d queries of several words", seed, multi)
		}
	}
}
