package engine_test

// typoset_test.go: the misspelled queries of the typo benchmark (search
// with Enter on typed text, issue 32): real names and addresses drawn from
// packs (seeded), each misspelled one way, in turn:
//
//	edit       one letter deleted, inserted or replaced (two edits in a
//	           word of 8 letters or more)
//	transpose  two adjacent letters swapped
//	diacritic  diacritics typed without ("Stadtle"), transliterated
//	           ("Staedtle") or wrong ("Stàdtle"); a name without any gets one
//	space      the space between two words left out ("Vaduzcastle")
//
// Misspellings spare the first letter of a word (as the tolerance assumes,
// like the prefix length of a fuzzy query), touch only words of 5 letters
// or more for edit and transpose (shorter words have no tolerance) and
// never touch digits (house numbers, postcodes). Letters typed by mistake
// are random lower-case letters a-z.

import (
	"context"
	"database/sql"
	"math/rand"
	"strings"
	"testing"
	"unicode"

	"waymark/engine"
	"waymark/engine/geocode"
	"waymark/engine/geocode/addrformat"
	"waymark/engine/text"
)

// typoKinds are the misspellings, one per query in turn.
var typoKinds = []string{"edit", "transpose", "diacritic", "space"}

// typoCase is one benchmark query.
type typoCase struct {
	kind         string
	exact, typed string
	// name is the normalized name a right answer has; for an address,
	// street and house are its normalized street and house number.
	name, street, house string
}

// right reports whether p answers c: a place of that name, or that
// address.
func (c typoCase) right(p geocode.Place) bool {
	if c.name != "" {
		if text.Normalize(p.Name) == c.name {
			return true
		}
		for _, v := range p.Names {
			if text.Normalize(v) == c.name {
				return true
			}
		}
		return false
	}
	road, _ := p.Get("road")
	return text.Normalize(p.HouseNumber) == c.house &&
		(text.Normalize(road) == c.street || text.Normalize(p.AddressTags["street"]) == c.street)
}

// typoCases draws perPack queries from every pack of e (60% names of
// places, 40% addresses as "street number, settlement", or "number
// street, settlement" where the country writes the number first; names
// instead where a pack has too few addresses),
// misspelled in turn by typoKinds, with rng seeded by seed.
func typoCases(tb testing.TB, e *engine.Engine, perPack int, seed int64) []typoCase {
	tb.Helper()
	rng := rand.New(rand.NewSource(seed))
	var out []typoCase
	for i, pk := range e.Packs() {
		db := packDB(tb, pk)
		names := strings1(tb, db, `SELECT DISTINCT name FROM places WHERE name != '' AND linked_place_id = 0
			AND osm_type != '' ORDER BY name`)
		addrs := addressRows(tb, db)
		seen := map[string]bool{}
		nNames := perPack * 6 / 10
		for k := 0; k < perPack; k++ {
			kind := typoKinds[len(out)%len(typoKinds)]
			for try := 0; try < 1000; try++ {
				var c typoCase
				if k < nNames || try >= 100 { // a pack with few addresses gives names
					n := names[rng.Intn(len(names))]
					c = typoCase{kind: kind, exact: n, name: text.Normalize(n)}
				} else {
					a := addrs[rng.Intn(len(addrs))]
					c = addressCase(tb, e, i, a)
					c.kind = kind
				}
				if c.exact == "" || seen[c.exact] {
					continue
				}
				typed, ok := misspell(c.exact, kind, rng)
				if !ok {
					continue
				}
				seen[c.exact] = true
				c.typed = typed
				out = append(out, c)
				break
			}
		}
	}
	return out
}

type addressRow struct {
	id            int64
	street, house string
}

func addressRows(tb testing.TB, db *sql.DB) []addressRow {
	rows, err := db.Query(`SELECT place_id, street, housenumber FROM places
		WHERE housenumber != '' AND street != '' AND interpolated = 0 ORDER BY place_id`)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	var out []addressRow
	for rows.Next() {
		var a addressRow
		if err := rows.Scan(&a.id, &a.street, &a.house); err != nil {
			tb.Fatal(err)
		}
		out = append(out, a)
	}
	if len(out) == 0 {
		tb.Fatal("no addresses in the pack")
	}
	return out
}

func strings1(tb testing.TB, db *sql.DB, q string) []string {
	rows, err := db.Query(q)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			tb.Fatal(err)
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		tb.Fatalf("nothing from %s", q)
	}
	return out
}

// addressCase is the query of address a of pack i: with its settlement
// (the address's city, as normalizecity gives it) after a comma.
func addressCase(tb testing.TB, e *engine.Engine, i int, a addressRow) typoCase {
	p, err := e.PlaceByID(context.Background(), engine.PlaceID(i, a.id), geocode.Output{})
	if err != nil {
		tb.Fatal(err)
	}
	city := addrformat.NormalizeCity(geocode.AddressOf(p)).Value("city")
	if city == "" {
		return typoCase{}
	}
	q := a.street + " " + a.house + ", " + city
	if p.CountryCode == "mc" || p.CountryCode == "fr" {
		q = a.house + " " + a.street + ", " + city
	}
	return typoCase{exact: q, street: text.Normalize(a.street), house: text.Normalize(a.house)}
}

// misspell returns s misspelled the way kind says, or false when s has
// nothing that kind applies to.
func misspell(s, kind string, rng *rand.Rand) (string, bool) {
	r := []rune(s)
	switch kind {
	case "edit", "transpose":
		words := letterWords(r, 5)
		if len(words) == 0 {
			return "", false
		}
		w := words[rng.Intn(len(words))]
		if kind == "transpose" {
			var at []int
			for j := w[0] + 1; j+1 < w[1]; j++ {
				if unicode.ToLower(r[j]) != unicode.ToLower(r[j+1]) {
					at = append(at, j)
				}
			}
			if len(at) == 0 {
				return "", false
			}
			j := at[rng.Intn(len(at))]
			r[j], r[j+1] = r[j+1], r[j]
			return string(r), true
		}
		word := r[w[0]:w[1]]
		edits := 1
		if len(word) >= 8 {
			edits = 2
		}
		for range edits {
			word = editOnce(word, rng)
		}
		return string(r[:w[0]]) + string(word) + string(r[w[1]:]), true
	case "diacritic":
		return misspellDiacritic(r, rng)
	case "space":
		var at []int
		for j := 1; j+1 < len(r); j++ {
			if r[j] == ' ' && isWordRune(r[j-1]) && isWordRune(r[j+1]) {
				at = append(at, j)
			}
		}
		if len(at) == 0 {
			return "", false
		}
		j := at[rng.Intn(len(at))]
		return string(r[:j]) + string(r[j+1:]), true
	}
	return "", false
}

// letterWords returns the [start, end) rune ranges of the runs of letters
// of r at least min long.
func letterWords(r []rune, min int) [][2]int {
	var out [][2]int
	for i := 0; i < len(r); {
		if !unicode.IsLetter(r[i]) {
			i++
			continue
		}
		j := i
		for j < len(r) && unicode.IsLetter(r[j]) {
			j++
		}
		if j-i >= min {
			out = append(out, [2]int{i, j})
		}
		i = j
	}
	return out
}

func isWordRune(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }

// editOnce deletes, inserts or replaces one letter of word, never its first.
func editOnce(word []rune, rng *rand.Rand) []rune {
	letter := rune('a' + rng.Intn(26))
	switch rng.Intn(3) {
	case 0: // delete
		j := 1 + rng.Intn(len(word)-1)
		return append(append([]rune{}, word[:j]...), word[j+1:]...)
	case 1: // insert
		j := 1 + rng.Intn(len(word))
		return append(append(append([]rune{}, word[:j]...), letter), word[j:]...)
	}
	j := 1 + rng.Intn(len(word)-1)
	for unicode.ToLower(word[j]) == letter {
		letter = rune('a' + rng.Intn(26))
	}
	out := append([]rune{}, word...)
	out[j] = letter
	return out
}

// marked lists vowels with diacritics, by their base letter.
var marked = map[rune][]rune{
	'a': []rune("àáâäã"), 'e': []rune("èéêë"), 'i': []rune("ìíîï"), 'o': []rune("òóôöõ"), 'u': []rune("ùúûü"),
}

// transliterated spells letters as German keyboards without them do.
var transliterated = map[rune]string{'ä': "ae", 'ö': "oe", 'ü': "ue", 'ß': "ss", 'Ä': "Ae", 'Ö': "Oe", 'Ü': "Ue"}

// misspellDiacritic drops, transliterates or changes the diacritic of a
// letter of r, or puts one on a vowel when r has none.
func misspellDiacritic(r []rune, rng *rand.Rand) (string, bool) {
	var withMark, vowels []int
	for j, c := range r {
		lc := unicode.ToLower(c)
		base := []rune(text.Normalize(string(lc)))
		switch {
		case c > unicode.MaxASCII && unicode.IsLetter(c) && len(base) >= 1 && base[0] <= unicode.MaxASCII:
			withMark = append(withMark, j)
		case marked[lc] != nil:
			vowels = append(vowels, j)
		}
	}
	if len(withMark) > 0 {
		j := withMark[rng.Intn(len(withMark))]
		c := r[j]
		base := text.Normalize(string(unicode.ToLower(c)))
		if unicode.IsUpper(c) {
			base = strings.ToUpper(base[:1]) + base[1:]
		}
		switch rng.Intn(3) {
		case 0: // typed without
			return string(r[:j]) + base + string(r[j+1:]), true
		case 1: // transliterated
			if t, ok := transliterated[c]; ok {
				return string(r[:j]) + t + string(r[j+1:]), true
			}
			return string(r[:j]) + base + string(r[j+1:]), true
		}
		if alts := marked[[]rune(base)[0]]; len(base) == 1 && len(alts) > 1 { // wrong mark
			for {
				if a := alts[rng.Intn(len(alts))]; a != unicode.ToLower(c) {
					return string(r[:j]) + string(a) + string(r[j+1:]), true
				}
			}
		}
		return string(r[:j]) + base + string(r[j+1:]), true
	}
	if len(vowels) == 0 {
		return "", false
	}
	j := vowels[rng.Intn(len(vowels))]
	alts := marked[unicode.ToLower(r[j])]
	out := append([]rune{}, r...)
	out[j] = alts[rng.Intn(len(alts))]
	return string(out), true
}
