package engine_test

import (
	"context"
	"math/rand"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
	"waymark/engine/text"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

var (
	liOnce sync.Once
	liEng  *engine.Engine
	liErr  error
)

// liEngine opens the LI pack once per test binary, with its place indexes built.
func liEngine(tb testing.TB) *engine.Engine {
	tb.Helper()
	path := testpacks.Path(tb, "liechtenstein")
	liOnce.Do(func() {
		liEng, liErr = engine.Open(path)
		if liErr == nil {
			liErr = liEng.WarmPlaces(context.Background())
		}
	})
	if liErr != nil {
		tb.Fatal(liErr)
	}
	return liEng
}

// typedTexts returns 200 real texts from the pack a user would type: 150
// place names and 50 "street number" addresses, spread over the pack.
func typedTexts(tb testing.TB, e *engine.Engine) []string {
	tb.Helper()
	db := packDB(tb, e.Packs()[0])
	var out []string
	add := func(q string, n int) {
		rows, err := db.Query(q)
		if err != nil {
			tb.Fatal(err)
		}
		defer rows.Close()
		var all []string
		for rows.Next() {
			var s string
			rows.Scan(&s)
			all = append(all, s)
		}
		if len(all) == 0 {
			tb.Fatalf("no texts from %s", q)
		}
		step := max(1, len(all)/n)
		for i := 0; i < len(all) && n > 0; i += step {
			out = append(out, all[i])
			n--
		}
	}
	add(`SELECT name FROM places WHERE name != '' AND linked_place_id = 0 ORDER BY place_id`, 150)
	add(`SELECT street || ' ' || housenumber FROM places WHERE housenumber != '' AND street != '' AND interpolated = 0 ORDER BY place_id`, 50)
	return out
}

func TestAutocompleteFacade(t *testing.T) {
	e := liEngine(t)
	ctx := context.Background()
	tests := []struct {
		name  string
		q     engine.AutocompleteQuery
		first string
	}{
		{"town", engine.AutocompleteQuery{Text: "Vaduz", Limit: 5}, "Vaduz"},
		{"prefix", engine.AutocompleteQuery{Text: "Triesenb", Limit: 5}, "Triesenberg"},
		{"typo", engine.AutocompleteQuery{Text: "Balzres", Limit: 5}, "Balzers"},
		{"us", engine.AutocompleteQuery{Text: "Prattvil", Limit: 5}, "Prattville"},
	}
	for _, tc := range tests {
		res, err := e.Autocomplete(ctx, tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(res) == 0 || res[0].Name != tc.first {
			var got []string
			for _, p := range res {
				got = append(got, p.Name)
			}
			t.Errorf("%s: Autocomplete(%q) = %v, want %q first", tc.name, tc.q.Text, got, tc.first)
		}
	}
	// Every real text typed in full finds itself.
	missed := 0
	texts := typedTexts(t, e)
	for _, s := range texts {
		res, err := e.Autocomplete(ctx, engine.AutocompleteQuery{Text: s, Limit: 20})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, p := range res {
			road, _ := p.Get("road")
			found = found || p.Name == s || geocode.DisplayPlace(p) == s ||
				p.HouseNumber != "" && s == road+" "+p.HouseNumber
		}
		if !found {
			missed++
			if missed <= 5 {
				t.Logf("typed %q, not among %d predictions", s, len(res))
			}
		}
	}
	if missed > len(texts)/20 {
		t.Errorf("%d of %d real texts not found when typed in full", missed, len(texts))
	}
}

// BenchmarkAutocompleteKeystroke types 200 real names and addresses of the
// LI pack letter by letter (one name per op) and reports the per-keystroke
// latency percentiles (target: p99 ≤ 10 ms).
func BenchmarkAutocompleteKeystroke(b *testing.B) {
	e := liEngine(b)
	texts := typedTexts(b, e)
	ctx := context.Background()
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := texts[i%len(texts)]
		for n := range len(s) + 1 {
			if n == 0 || n < len(s) && !utf8.RuneStart(s[n]) || text.Normalize(s[:n]) == "" {
				continue // not a keystroke boundary, or nothing searchable typed yet
			}
			lat.Time(func() {
				if _, err := e.Autocomplete(ctx, engine.AutocompleteQuery{Text: s[:n], Limit: 10}); err != nil {
					b.Fatal(err)
				}
			})
		}
	}
	lat.Report(b)
}

// BenchmarkNearby asks what is around places of the LI pack (a random
// place's point moved by up to ~200 m, seeded) with radius 100 m, 1 km and
// 10 km.
func BenchmarkNearby(b *testing.B) {
	e := liEngine(b)
	ctx := context.Background()
	rows, err := packDB(b, e.Packs()[0]).Query(`SELECT lon, lat FROM places WHERE name != '' ORDER BY place_id`)
	if err != nil {
		b.Fatal(err)
	}
	var centres []orb.Point
	for rows.Next() {
		var p orb.Point
		rows.Scan(&p[0], &p[1])
		centres = append(centres, p)
	}
	rows.Close()
	if len(centres) == 0 {
		b.Fatal("no places")
	}
	for _, radius := range []struct {
		name string
		m    float64
	}{{"100m", 100}, {"1km", 1000}, {"10km", 10000}} {
		b.Run(radius.name, func(b *testing.B) {
			rng := rand.New(rand.NewSource(1))
			var lat benchstat.Latencies
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c := centres[rng.Intn(len(centres))]
				pt := orb.Point{c[0] + (rng.Float64()-0.5)*0.005, c[1] + (rng.Float64()-0.5)*0.004}
				lat.Time(func() {
					if _, err := e.Nearby(ctx, engine.NearbyQuery{Point: pt, Radius: radius.m, Limit: 10}); err != nil {
						b.Fatal(err)
					}
				})
			}
			lat.Report(b)
		})
	}
}
