package complete

import (
	"slices"
	"testing"
)

func TestKnown(t *testing.T) {
	ix := fixtureIndex()
	for w, want := range map[string]bool{"vaduz": true, "9490": true, "stadtle": true, "staedtle": false, "vadu": false, "": false, "zzz": false} {
		if got := ix.Known(w); got != want {
			t.Errorf("Known(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestCorrections(t *testing.T) {
	ix := fixtureIndex()
	tests := []struct {
		typed string
		want  []Correction
	}{
		{"vadutz", []Correction{{"vaduz", 1, 6}}},            // insertion
		{"vdauz", []Correction{{"vaduz", 1, 6}}},             // transposition
		{"stdtle", []Correction{{"stadtle", 1, 1}}},          // deletion
		{"stodtle", []Correction{{"stadtle", 1, 1}}},         // wrong diacritic: ö for ä
		{"landstrase", []Correction{{"landstrasse", 1, 3}}},  // 10 letters: up to 2 edits
		{"lnadstrsase", []Correction{{"landstrasse", 2, 3}}}, // two transpositions
		{"triesenbreg", []Correction{{"triesenberg", 1, 1}}}, // transposition in a long word
		{"vaduz", nil},                          // itself is not a correction
		{"vadz", []Correction{{"vaduz", 1, 6}}}, // a letter left out of a 5-letter word
		{"vdz", nil},                            // 3 letters: no tolerance
		{"avduz", nil},                          // the first letter is kept
		{"zzzzzz", nil},                         // nothing near
		{"vaduzliechtenstein", []Correction{{"vaduz liechtenstein", 1, 6}}}, // missing space
	}
	for _, tc := range tests {
		got := ix.Corrections(tc.typed, 5)
		if !slices.Equal(got, tc.want) {
			t.Errorf("Corrections(%q) = %v, want %v", tc.typed, got, tc.want)
		}
	}
	if got := ix.Corrections("vadutz", 0); got != nil {
		t.Errorf("Corrections(vadutz, 0) = %v, want none", got)
	}
}

func TestCorrectionsOrder(t *testing.T) {
	// Fewer edits first, then the more common word.
	ix := Build([]Doc{
		{Name: []string{"balzers"}}, {Name: []string{"balzars"}}, {Name: []string{"balzars"}},
		{Name: []string{"balzer"}},
	})
	got := ix.Corrections("balzerss", 5)
	want := []Correction{{"balzers", 1, 1}, {"balzars", 2, 2}, {"balzer", 2, 1}}
	if !slices.Equal(got, want) {
		t.Errorf("Corrections(balzerss) = %v, want %v", got, want)
	}
}

func TestSplits(t *testing.T) {
	ix := fixtureIndex()
	tests := []struct {
		typed string
		want  []Correction
	}{
		{"landstrasse12", []Correction{{"landstrasse 12", 1, 1}}},
		{"vaduzliechtenstein", []Correction{{"vaduz liechtenstein", 1, 6}}},
		{"vaduz", nil},        // a word: no split
		{"vaduzzz", nil},      // "zz" is no word
		{"kunstmuseumx", nil}, // "x" is no word
		{"s12", nil},          // too short to split
	}
	for _, tc := range tests {
		if got := ix.Splits(tc.typed, 3); !slices.Equal(got, tc.want) {
			t.Errorf("Splits(%q) = %v, want %v", tc.typed, got, tc.want)
		}
	}
}

func TestTogether(t *testing.T) {
	ix := fixtureIndex()
	tests := []struct {
		words [][]string
		want  bool
	}{
		{[][]string{{"landstrasse"}, {"12"}}, true},
		{[][]string{{"landstrasse"}, {"vaduz"}}, true},         // name and address term
		{[][]string{{"strasse", "landstrasse"}, {"12"}}, true}, // any spelling
		{[][]string{{"landstrasse"}, {"schaan"}}, false},       // no document holds both
		{[][]string{{"liechtenstein"}}, true},                  // in a name (Kunstmuseum Liechtenstein)
		{[][]string{{"stadtle"}}, false},                       // in an address only
		{[][]string{{"landstrass"}}, false},                    // a prefix is no word
		{nil, false},
	}
	for _, tc := range tests {
		if got := ix.Together(tc.words); got != tc.want {
			t.Errorf("Together(%v) = %v, want %v", tc.words, got, tc.want)
		}
	}
}
