package places

import "testing"

// TestMostCommonPostcode counts a street's houses' codes: the code most
// houses have wins, of equal counts the smallest, whatever the order the
// houses come in.
func TestMostCommonPostcode(t *testing.T) {
	for _, tc := range []struct {
		codes []string
		want  string
	}{
		{nil, ""},
		{[]string{"9490"}, "9490"},
		{[]string{"9495", "9490", "9495"}, "9495"},
		{[]string{"9495", "9490"}, "9490"},
		{[]string{"9490", "9495"}, "9490"},
		{[]string{"9497", "9494", "9497", "9494", "9485"}, "9494"},
	} {
		var counts []postcodeCount
		for _, c := range tc.codes {
			counts = countPostcode(counts, c)
		}
		if got := mostCommon(counts); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.codes, got, tc.want)
		}
		if len(tc.codes) > 0 && len(counts) > len(tc.codes) {
			t.Errorf("%q: %d counts", tc.codes, len(counts))
		}
	}
}
