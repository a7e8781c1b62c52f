package geocode

import (
	"slices"
	"strconv"
	"sync"
	"testing"
)

func TestNameCoverage(t *testing.T) {
	simboula := map[string]string{
		"name":    "Table d'orientation de la Simboula",
		"name:de": "Aussichtsturm La Simboula",
		"name:en": "Observation tower La Simboula",
	}
	tests := []struct {
		names              map[string]string
		query              []string
		covered, uncovered int
	}{
		{map[string]string{"name": "Vaduz"}, []string{"vaduz"}, 1, 0},
		{map[string]string{"name": "Vaduz"}, []string{"schaan"}, 0, 0},
		{map[string]string{"name": "Rathaus Vaduz"}, []string{"vaduz"}, 1, 1},
		// Scores tie (1.5): the name with fewer unmatched words wins,
		// whichever the map gives first.
		{simboula, []string{"route", "de", "la", "simboula"}, 2, 1},
	}
	for _, tt := range tests {
		qset := map[string]bool{}
		for _, w := range tt.query {
			qset[w] = true
		}
		for range 50 { // map order varies between iterations
			if c, u := nameCoverage(tt.names, qset, spellings{}); c != tt.covered || u != tt.uncovered {
				t.Fatalf("nameCoverage(%v, %v) = %d, %d, want %d, %d", tt.names, tt.query, c, u, tt.covered, tt.uncovered)
			}
		}
	}
}

// TestSpellingsShared: the spellings kept across queries (wordCache) are
// those of one query's memo and of text.Variants, from any number of
// goroutines; the cache is emptied when full.
func TestSpellingsShared(t *testing.T) {
	values := []string{"Vaduz", "Städtle", "Schaan Kelomi", "Landstrasse", "St. Peter", "Fürst-Franz-Josef-Strasse", "沙恩", ""}
	var shared wordCache
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sp := newSpellings(&shared)
			for _, v := range values {
				if got, want := sp.of(v), spellingWords(v); !slices.EqualFunc(got, want, slices.Equal) {
					t.Errorf("of(%q) = %q, want %q", v, got, want)
				}
			}
		}()
	}
	wg.Wait()
	if n := len(shared.words); n != len(values) {
		t.Errorf("cache holds %d values, want %d", n, len(values))
	}
	var lone spellings
	if got := lone.of("Vaduz"); len(got) == 0 || got[0][0] != "vaduz" {
		t.Errorf("zero spellings: of(Vaduz) = %q", got)
	}
	for i := range wordCacheMax + 10 {
		shared.of(strconv.Itoa(i))
	}
	if n := len(shared.words); n > wordCacheMax {
		t.Errorf("cache holds %d values, more than %d", n, wordCacheMax)
	}
}
