// Package typo measures how far a typed word is from an indexed word, for
// typo-tolerant matching: the optimal string alignment variant of the
// Damerau-Levenshtein distance (insertions, deletions, substitutions and
// transpositions of two adjacent letters, each costing 1), computed on runes
// and bounded by a maximum so the work is O(k·n) and stops early.
//
// Design choices:
//   - The tolerance depends on word length, as users expect from search
//     boxes: none for words of up to 4 letters, 1 edit from 5 letters, 2
//     from 8 letters (MaxEdits), counted on the longer of the typed word
//     and the word it is compared with (Tolerance).
//   - Words are compared as given: callers pass normalized words
//     (engine/text), so case and diacritics are not edits.
//   - Words of up to 64 runes are handled without heap allocation (stack
//     buffers); longer words allocate. Safe for concurrent use.
package typo

import "unicode/utf8"

// MaxEdits returns the number of edits tolerated in a typed word: 0 below 5
// letters, 1 for 5 to 7 letters, 2 for 8 letters or more.
func MaxEdits(word string) int { return maxEdits(utf8.RuneCountInString(word)) }

// Tolerance returns the number of edits tolerated between a typed word of
// typed runes and a word of word runes it may stand for: MaxEdits of the
// longer, so a letter left out of a 5-letter word ("vauz" for "vaduz") is
// still one edit away. Callers matching the typed word as a prefix of
// longer words use MaxEdits of the typed word instead.
func Tolerance(typed, word int) int { return maxEdits(max(typed, word)) }

func maxEdits(n int) int {
	switch {
	case n >= 8:
		return 2
	case n >= 5:
		return 1
	}
	return 0
}

const stackRunes = 64

// Distance returns the optimal string alignment distance between a and b
// when it is at most k, else k+1.
func Distance(a, b string, k int) int {
	return distance(a, b, k, false)
}

// PrefixDistance returns the smallest optimal string alignment distance
// between typed and any prefix of word when it is at most k, else k+1. It
// tolerates typos in the last word of a query that is still being typed:
// PrefixDistance("vaudz", "vaduzerstrasse", 1) = 1.
func PrefixDistance(typed, word string, k int) int {
	return distance(typed, word, k, true)
}

// Within reports whether Distance(a, b, k) <= k.
func Within(a, b string, k int) bool { return Distance(a, b, k) <= k }

func runes(s string, buf []rune) []rune {
	buf = buf[:0]
	for _, r := range s {
		buf = append(buf, r)
	}
	return buf
}

func distance(a, b string, k int, prefix bool) int {
	if k < 0 {
		return 0
	}
	var abuf, bbuf [stackRunes]rune
	ar := runes(a, abuf[:0])
	br := runes(b, bbuf[:0])
	n, m := len(ar), len(br)
	if !prefix && abs(n-m) > k {
		return k + 1
	}
	if prefix && m > n+k {
		br = br[:n+k]
		m = len(br)
	}
	if prefix && n-m > k {
		return k + 1
	}
	// Three rows of the DP matrix over b (columns 0..m).
	var r0, r1, r2 [stackRunes + 3]int
	prev2, prev, cur := r0[:0], r1[:0], r2[:0]
	if m+1 > len(r0) {
		prev2, prev, cur = make([]int, m+1), make([]int, m+1), make([]int, m+1)
	} else {
		prev2, prev, cur = r0[:m+1], r1[:m+1], r2[:m+1]
	}
	big := k + 1
	for j := 0; j <= m; j++ {
		prev[j] = min(j, big)
	}
	for i := 1; i <= n; i++ {
		lo, hi := max(1, i-k), min(m, i+k)
		cur[0] = min(i, big)
		for j := 1; j < lo; j++ {
			cur[j] = big
		}
		rowMin := cur[0]
		for j := lo; j <= hi; j++ {
			cost := 1
			if ar[i-1] == br[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ar[i-1] == br[j-2] && ar[i-2] == br[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			v = min(v, big)
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		for j := hi + 1; j <= m; j++ {
			cur[j] = big
		}
		if rowMin > k {
			return big
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if !prefix {
		return prev[m]
	}
	best := big
	for j := 0; j <= m; j++ {
		best = min(best, prev[j])
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
