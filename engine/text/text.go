// Package text normalizes place names and query text so that the importer
// (which indexes names) and the geocoder (which matches queries) agree on one
// spelling of every word.
//
// Design choices:
//   - Normalize is lossy and ASCII-leaning for Latin scripts: it folds case,
//     applies compatibility decomposition (NFKD: "ﬁ" → "fi", full-width digits
//     → ASCII), drops combining marks (diacritics: "é" → "e", "ü" → "u"), maps
//     the Latin letters that do not decompose (ß → ss, æ → ae, œ → oe, ø → o,
//     ł → l, đ/ð → d, þ → th, ı → i), and turns every character that is not a
//     letter or a digit into a space. Other scripts keep their letters
//     (lower-cased, marks removed, left in NFKD form: Hangul stays as jamo,
//     which is fine for matching). Whitespace is collapsed and trimmed.
//   - Variants adds the spellings people type for the same name: German and
//     Scandinavian transliterations (ä/ö/ü → ae/oe/ue beside a/o/u, å → aa,
//     ø → oe beside o) and the common street-word abbreviations of
//     the abbreviation table in both directions ("str" ↔ "strasse", also as
//     the tail of a German compound: "bahnhofstr" ↔ "bahnhofstrasse").
//     The importer indexes every variant of a name; a query is matched with
//     its own Normalize form (and may try its variants), so either spelling
//     finds the other.
//
// Both functions are pure, allocate only their result, and are safe for
// concurrent use. Invalid UTF-8 bytes are treated as separators.
package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxVariants bounds the number of strings Variants returns.
const MaxVariants = 16

// special maps letters that NFKD does not decompose to their ASCII spelling.
// Keys are lower case.
var special = map[rune]string{
	'ß': "ss", 'ẞ': "ss",
	'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d",
	'þ': "th", 'ı': "i", 'ŧ': "t", 'ħ': "h", 'ŀ': "l", 'ĸ': "k",
	'ſ': "s", 'ŉ': "n",
}

// Normalize returns s case-folded, without diacritics, with punctuation and
// symbols replaced by spaces and whitespace collapsed, e.g.
// "Sainte-Dévote" → "sainte devote", "Landstraße 5" → "landstrasse 5".
// The result is stable: Normalize(Normalize(s)) == Normalize(s).
func Normalize(s string) string {
	if isPlainASCII(s) {
		return normalizeASCII(s)
	}
	return normalizeUnicode(s, 0)
}

// isPlainASCII reports whether s holds only ASCII bytes, the fast path.
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func normalizeASCII(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		default:
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteByte(c)
	}
	return b.String()
}

func normalizeUnicode(s string, depth int) string {
	s = strings.ToValidUTF8(s, " ")
	d := norm.NFKD.String(strings.ToLower(s))
	var b strings.Builder
	b.Grow(len(d))
	space := false
	put := func(r rune) {
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	for _, r := range d {
		switch {
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mc, r):
			r = unicode.ToLower(r)
			if sp, ok := special[r]; ok {
				for _, c := range sp {
					put(c)
				}
				continue
			}
			put(r)
		default:
			space = b.Len() > 0
		}
	}
	out := b.String()
	if depth < 3 && !isStable(out) {
		// A lower-cased letter that itself decomposes: run once more.
		return normalizeUnicode(out, depth+1)
	}
	return out
}

// isStable reports whether one more normalizeUnicode pass would keep s:
// no upper-case letters, no decomposable runes, no special letters.
func isStable(s string) bool {
	if !norm.NFKD.IsNormalString(s) {
		return false
	}
	for _, r := range s {
		if r >= utf8.RuneSelf && (unicode.ToLower(r) != r || special[r] != "" || unicode.Is(unicode.Mn, r)) {
			return false
		}
	}
	return true
}

// Words splits a normalized string into its words.
func Words(normalized string) []string { return strings.Fields(normalized) }
