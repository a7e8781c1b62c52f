package typo

import (
	"math/rand"
	"testing"
	"time"
)

func TestMaxEdits(t *testing.T) {
	tests := []struct {
		word string
		want int
	}{
		{"", 0}, {"vadu", 0}, {"vaduz", 1}, {"schaanwal", 2}, {"triesenb", 2}, {"triesen", 1}, {"triesenberg", 2}, {"zürich", 1},
	}
	for _, tc := range tests {
		if got := MaxEdits(tc.word); got != tc.want {
			t.Errorf("MaxEdits(%q) = %d, want %d", tc.word, got, tc.want)
		}
	}
}

func TestTolerance(t *testing.T) {
	tests := []struct{ typed, word, want int }{
		{4, 5, 1}, {5, 4, 1}, {4, 4, 0}, {3, 5, 1}, {7, 8, 2}, {8, 7, 2}, {7, 7, 1}, {11, 11, 2},
	}
	for _, tc := range tests {
		if got := Tolerance(tc.typed, tc.word); got != tc.want {
			t.Errorf("Tolerance(%d, %d) = %d, want %d", tc.typed, tc.word, got, tc.want)
		}
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		k    int
		want int
	}{
		{"vaduz", "vaduz", 1, 0},
		{"vadzu", "vaduz", 1, 1},  // transposition
		{"vaduy", "vaduz", 1, 1},  // substitution
		{"vaduzz", "vaduz", 1, 1}, // insertion
		{"vduz", "vaduz", 1, 1},   // deletion
		{"vdauz", "vaduz", 1, 1},  // transposition
		{"vxduy", "vaduz", 1, 2},  // two edits, bound 1 → k+1
		{"vxduy", "vaduz", 2, 2},
		{"triesneberg", "triesenberg", 2, 1},
		{"trisenbreg", "triesenberg", 2, 2},
		{"abc", "xyz", 1, 2},
		{"", "ab", 2, 2},
		{"straße", "strasse", 2, 2},
		{"ca", "abc", 3, 3}, // OSA, not full Damerau: 3
	}
	for _, tc := range tests {
		if got := Distance(tc.a, tc.b, tc.k); got != tc.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", tc.a, tc.b, tc.k, got, tc.want)
		}
	}
}

func TestPrefixDistance(t *testing.T) {
	tests := []struct {
		typed, word string
		k           int
		want        int
	}{
		{"vadu", "vaduzerstrasse", 1, 0},
		{"vaudz", "vaduzerstrasse", 1, 1},
		{"vxdz", "vaduz", 1, 2},
		{"landstr", "landstrasse", 1, 0},
		{"lansdtr", "landstrasse", 1, 1},
		{"vaduzerstrasse", "vadu", 1, 2},
	}
	for _, tc := range tests {
		if got := PrefixDistance(tc.typed, tc.word, tc.k); got != tc.want {
			t.Errorf("PrefixDistance(%q, %q, %d) = %d, want %d", tc.typed, tc.word, tc.k, got, tc.want)
		}
	}
}

// osa is the unbounded reference implementation.
func osa(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+c)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func TestDistanceRandom(t *testing.T) {
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	alpha := []rune("abcü")
	word := func() string {
		n := rng.Intn(9)
		r := make([]rune, n)
		for i := range r {
			r[i] = alpha[rng.Intn(len(alpha))]
		}
		return string(r)
	}
	for i := 0; i < 5000; i++ {
		a, b, k := word(), word(), rng.Intn(4)
		want := min(osa([]rune(a), []rune(b)), k+1)
		if got := Distance(a, b, k); got != want {
			t.Fatalf("seed %d: Distance(%q, %q, %d) = %d, want %d", seed, a, b, k, got, want)
		}
		br := []rune(b)
		wantP := k + 1
		for j := 0; j <= len(br); j++ {
			wantP = min(wantP, osa([]rune(a), br[:j]))
		}
		if got := PrefixDistance(a, b, k); got != wantP {
			t.Fatalf("seed %d: PrefixDistance(%q, %q, %d) = %d, want %d", seed, a, b, k, got, wantP)
		}
	}
}

func BenchmarkDistance(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Distance("triesneberg", "triesenberg", 2)
	}
}
