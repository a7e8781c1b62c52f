package text

import (
	"strings"
)

// Abbreviations lists groups of equivalent street and place words, each a
// full form followed by its abbreviations (all already normalized, so
// "str." is "str"). Variants replaces any member of a group by every other
// member, so an abbreviation that belongs to several groups ("st" is
// street, saint and sankt) yields one variant per reading.
//
//	German:   strasse/str, platz/pl, sankt/st, doktor/dr, professor/prof,
//	          gebrueder/gebr
//	French:   saint/st, sainte/ste, avenue/av/ave, boulevard/bd/bld/blvd,
//	          place/pl, route/rte, chemin/ch, impasse/imp, faubourg/fbg
//	Italian:  piazza/p za/pza, santa/s, san/s
//	Spanish/Catalan: avenida/av/avda, avinguda/av/avda, plaza/pl/pza,
//	          carretera/ctra
//	English:  street/st, road/rd, avenue/ave/av, drive/dr, lane/ln,
//	          court/ct, highway/hwy, mount/mt, doctor/dr, parkway/pkwy,
//	          north/n, south/s, east/e, west/w
//
// German compounds also vary in their tail: a word ending in "strasse"
// gets the "str" form and a word ending in "str" the "strasse" form
// ("bahnhofstrasse" ↔ "bahnhofstr").
var Abbreviations = [][]string{
	{"strasse", "str"},
	{"platz", "pl"},
	{"sankt", "st"},
	{"doktor", "dr"},
	{"professor", "prof"},
	{"gebrueder", "gebr"},
	{"saint", "st"},
	{"sainte", "ste"},
	{"avenue", "av", "ave"},
	{"boulevard", "bd", "bld", "blvd"},
	{"place", "pl"},
	{"route", "rte"},
	{"chemin", "ch"},
	{"impasse", "imp"},
	{"faubourg", "fbg"},
	{"piazza", "pza"},
	{"santa", "s"},
	{"san", "s"},
	{"avenida", "av", "avda"},
	{"avinguda", "av", "avda"},
	{"plaza", "pl", "pza"},
	{"carretera", "ctra"},
	{"street", "st"},
	{"road", "rd"},
	{"drive", "dr"},
	{"lane", "ln"},
	{"court", "ct"},
	{"highway", "hwy"},
	{"mount", "mt"},
	{"doctor", "dr"},
	{"parkway", "pkwy"},
	{"north", "n"},
	{"south", "s"},
	{"east", "e"},
	{"west", "w"},
}

// alternatives maps every word of the table to the other words it stands for.
var alternatives = buildAlternatives()

func buildAlternatives() map[string][]string {
	m := map[string][]string{}
	add := func(w, alt string) {
		for _, x := range m[w] {
			if x == alt {
				return
			}
		}
		m[w] = append(m[w], alt)
	}
	for _, g := range Abbreviations {
		for _, a := range g {
			for _, b := range g {
				if a != b {
					add(a, b)
				}
			}
		}
	}
	return m
}

// compoundTails are German compound endings with their abbreviated form.
var compoundTails = [][2]string{{"strasse", "str"}}

// wordAlternatives returns the other spellings of one normalized word.
func wordAlternatives(w string) []string {
	alts := alternatives[w]
	for _, t := range compoundTails {
		full, short := t[0], t[1]
		switch {
		case len(w) > len(full) && strings.HasSuffix(w, full):
			alts = append(alts[:len(alts):len(alts)], w[:len(w)-len(full)]+short)
		case len(w) > len(short) && strings.HasSuffix(w, short) && alternatives[w] == nil:
			alts = append(alts[:len(alts):len(alts)], w[:len(w)-len(short)]+full)
		}
	}
	return alts
}

// translit spells German and Scandinavian letters the way they are written
// without them: ä ö ü → ae oe ue, å → aa, ø → oe (case-insensitively).
var translit = strings.NewReplacer(
	"ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue",
	"å", "aa", "Å", "Aa", "ø", "oe", "Ø", "Oe",
	// Combining diaeresis after a base vowel (decomposed input).
	"a\u0308", "ae", "o\u0308", "oe", "u\u0308", "ue",
	"A\u0308", "Ae", "O\u0308", "Oe", "U\u0308", "Ue", "a\u030a", "aa", "A\u030a", "Aa",
)

// Variants returns Normalize(s) first, followed by the other normalized
// spellings of s: its transliteration (ü → ue, ß → ss, å → aa, ø → oe) and
// every combination of the abbreviation table's alternatives for its words,
// at most MaxVariants strings in all, without duplicates. It returns nil
// when s normalizes to the empty string.
func Variants(s string) []string {
	base := Normalize(s)
	if base == "" {
		return nil
	}
	out := []string{base}
	seen := map[string]bool{base: true}
	add := func(v string) bool {
		if len(out) >= MaxVariants {
			return false
		}
		if v != "" && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
		return true
	}
	forms := []string{base}
	if t := Normalize(translit.Replace(s)); t != base {
		forms = append(forms, t)
		add(t)
	}
	for _, f := range forms {
		expand(strings.Fields(f), add)
	}
	return out
}

// expand calls add with every combination of word alternatives of words,
// stopping when add returns false.
func expand(words []string, add func(string) bool) {
	alts := make([][]string, len(words))
	any := false
	for i, w := range words {
		alts[i] = append([]string{w}, wordAlternatives(w)...)
		any = any || len(alts[i]) > 1
	}
	if !any {
		return
	}
	idx := make([]int, len(words))
	buf := make([]string, len(words))
	for {
		for i := range words {
			buf[i] = alts[i][idx[i]]
		}
		if !add(strings.Join(buf, " ")) {
			return
		}
		// Advance the mixed-radix counter, last word fastest.
		i := len(idx) - 1
		for ; i >= 0; i-- {
			idx[i]++
			if idx[i] < len(alts[i]) {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return
		}
	}
}
