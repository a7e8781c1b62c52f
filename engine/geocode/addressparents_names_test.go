package geocode

import (
	"slices"
	"testing"
)

// TestNamedBy: how a query word names a parent, from the parent's
// search_parent name text.
func TestNamedBy(t *testing.T) {
	for _, c := range []struct {
		names, word string
		alone       bool
		others      []string
	}{
		{"schaan | li 07 | schaa | шан", "schaan", true, nil},
		{"schaan kelomi | li 07 | schaa | шан kelomi", "schaan", false, []string{"kelomi"}},
		{"schaan kelomi | li 07 | schaa | шан kelomi", "kelomi", false, []string{"schaan", "шан"}},
		{"triesenberg | li 10 | trisabaarg trisabaeaerg", "10", false, []string{"li"}},
		{"principaute de monaco | monaco", "monaco", true, nil},
		{"principaute de monaco | monaco", "de", false, []string{"principaute", "monaco"}},
		{"mas d en soler", "d", false, []string{"mas", "en", "soler"}},
		// A value of only the word's spellings names it alone.
		{"sankt gallen st gallen | gallen", "gallen", true, nil},
		{"vaduz vaduz", "vaduz", true, nil},
		{"oberland", "vaduz", false, nil},
	} {
		alone, others := namedBy(c.names, querySpellings(c.word))
		if alone != c.alone || !slices.Equal(others, c.others) {
			t.Errorf("namedBy(%q, %q) = %v, %q, want %v, %q", c.names, c.word, alone, others, c.alone, c.others)
		}
	}
}
