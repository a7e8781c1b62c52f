package engine_test

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"waymark/engine"
	"waymark/engine/text"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

var (
	threeOnce sync.Once
	threeEng  *engine.Engine
	threeErr  error
)

// threePacks opens the LI, Monaco and Andorra packs in one engine once per
// test binary, with their place indexes built (as the window and the
// server do at start).
func threePacks(tb testing.TB) *engine.Engine {
	tb.Helper()
	paths := []string{testpacks.Path(tb, "liechtenstein"), testpacks.Path(tb, "monaco"), testpacks.Path(tb, "andorra")}
	threeOnce.Do(func() {
		threeEng, threeErr = engine.Open(paths...)
		if threeErr == nil {
			threeErr = threeEng.WarmPlaces(context.Background())
		}
	})
	if threeErr != nil {
		tb.Fatal(threeErr)
	}
	return threeEng
}

// typoSeed seeds the typo benchmark's queries.
const typoSeed = 32

// typoTop1 runs cases through Search and returns the share (0..1) whose
// first result is right, per kind too, and the cases it missed.
func typoTop1(tb testing.TB, e *engine.Engine, cases []typoCase, typed bool) (share float64, byKind map[string][2]int, missed []typoCase) {
	tb.Helper()
	byKind = map[string][2]int{}
	hits := 0
	for _, c := range cases {
		q := c.exact
		if typed {
			q = c.typed
		}
		res, err := e.Search(context.Background(), engine.SearchRequest{Query: q, Dedupe: true})
		if err != nil {
			tb.Fatalf("Search(%q): %v", q, err)
		}
		k := byKind[c.kind]
		k[1]++
		if len(res) > 0 && c.right(res[0]) {
			hits++
			k[0]++
		} else {
			missed = append(missed, c)
		}
		byKind[c.kind] = k
	}
	return float64(hits) / float64(len(cases)), byKind, missed
}

// TestSearchTypos pins the typo benchmark's top-1 share: 300 real names and
// addresses of the LI, Monaco and Andorra packs, misspelled (typoset_test.go),
// searched with Enter; the first result must be the place meant for at
// least 90% of them.
func TestSearchTypos(t *testing.T) {
	e := threePacks(t)
	cases := typoCases(t, e, 100, typoSeed)
	if len(cases) != 300 {
		t.Fatalf("drew %d queries, want 300 (seed %d)", len(cases), typoSeed)
	}
	exact, _, _ := typoTop1(t, e, cases, false)
	share, byKind, missed := typoTop1(t, e, cases, true)
	for _, k := range typoKinds {
		t.Logf("%-9s top-1 %d of %d", k, byKind[k][0], byKind[k][1])
	}
	t.Logf("top-1 %.1f%% misspelled, %.1f%% as in the pack (seed %d)", 100*share, 100*exact, typoSeed)
	for i, c := range missed {
		if i == 15 {
			break
		}
		t.Logf("missed %s: %q for %q", c.kind, c.typed, c.exact)
	}
	if share < 0.90 {
		t.Errorf("top-1 of misspelled queries %.1f%%, want ≥ 90%% (seed %d)", 100*share, typoSeed)
	}
}

// BenchmarkSearchTypos searches the typo benchmark's misspelled queries
// (300 of LI, Monaco and Andorra in one engine; with WAYMARK_SCALE=1, 300
// of the tiled LI pack) and reports the top-1 share (top1-%) beside the
// latencies.
func BenchmarkSearchTypos(b *testing.B) {
	b.Run("li+mc+ad", func(b *testing.B) { benchmarkSearchTypos(b, threePacks(b), 100) })
	b.Run(testpacks.ScaledName(), func(b *testing.B) {
		e, err := engine.Open(testpacks.Scaled(b))
		if err != nil {
			b.Fatal(err)
		}
		defer e.Close()
		if err := e.WarmPlaces(context.Background()); err != nil {
			b.Fatal(err)
		}
		benchmarkSearchTypos(b, e, 300)
	})
}

func benchmarkSearchTypos(b *testing.B, e *engine.Engine, perPack int) {
	cases := typoCases(b, e, perPack, typoSeed)
	share, _, _ := typoTop1(b, e, cases, true)
	ctx := context.Background()
	// Each query's CPU time too (its thread's): on a shared machine the
	// wall-time percentiles count other processes' load.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var lat, cpu benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		q := cases[i%len(cases)].typed
		c0 := threadCPU()
		lat.Time(func() {
			if _, err := e.Search(ctx, engine.SearchRequest{Query: q, Dedupe: true}); err != nil {
				b.Fatalf("Search(%q) seed %d: %v", q, typoSeed, err)
			}
		})
		cpu.Add(threadCPU() - c0)
	}
	lat.Report(b)
	b.ReportMetric(100*share, "top1-%")
	if cpu.Percentile(50) > 0 {
		b.ReportMetric(float64(cpu.Percentile(50).Nanoseconds()), "cpu-p50-ns")
		b.ReportMetric(float64(cpu.Percentile(99).Nanoseconds()), "cpu-p99-ns")
	}
}

// TestEnterFindsWhatSuggestionsShow: typing real names and addresses of
// the LI pack letter by letter, whenever the suggestion list (the window's
// autocomplete) shows a place, Enter (Search) finds one too. A last word
// of one or two letters is left out: search reads it whole, as Nominatim
// does ("fr" finds no "Frastanz").
func TestEnterFindsWhatSuggestionsShow(t *testing.T) {
	e := threePacks(t)
	ctx := context.Background()
	checked, failed := 0, 0
	for i, s := range typedTexts(t, e) {
		words := strings.Fields(s)
		for n := range len(s) + 1 {
			typed := s[:n]
			if n < len(s) && !utf8.RuneStart(s[n]) || (n+i)%3 != 0 {
				continue
			}
			ws := strings.Fields(text.Normalize(typed))
			if len(ws) == 0 || utf8.RuneCountInString(ws[len(ws)-1]) < 3 {
				continue
			}
			sug, err := e.Autocomplete(ctx, engine.AutocompleteQuery{Text: typed, Limit: 8, Dedupe: true, Viewbox: vaduzView, HasViewbox: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(sug) == 0 {
				continue
			}
			checked++
			res, err := e.Search(ctx, engine.SearchRequest{Query: typed, Limit: 20, Dedupe: true, Viewbox: &vaduzView})
			if err != nil {
				t.Fatal(err)
			}
			if len(res) == 0 {
				failed++
				if failed <= 10 {
					t.Errorf("Search(%q) finds nothing, the suggestions show %q (of %q)", typed, sug[0].DisplayName, words)
				}
			}
		}
	}
	t.Logf("%d typed texts with suggestions, %d found nothing with Enter", checked, failed)
}
