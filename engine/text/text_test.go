package text

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

var normalizeCases = []struct {
	name, in, want string
}{
	{"empty", "", ""},
	{"ascii", "Vaduz", "vaduz"},
	{"umlaut", "Zürich", "zurich"},
	{"eszett", "Landstraße 5", "landstrasse 5"},
	{"capital eszett", "LANDSTRAẞE", "landstrasse"},
	{"hyphen and accent", "Sainte-Dévote", "sainte devote"},
	{"punctuation", "  St. Gallen,  Schweiz!! ", "st gallen schweiz"},
	{"abbreviation dot", "Bahnhofstr.", "bahnhofstr"},
	{"scandinavian", "Øresund Ærø Ålesund", "oresund aero alesund"},
	{"polish", "Łódź", "lodz"},
	{"icelandic", "Þingvellir", "thingvellir"},
	{"turkish dotted", "İstanbul", "istanbul"},
	{"ligature", "ﬁsh", "fish"},
	{"fullwidth digits", "９４９０", "9490"},
	{"cyrillic", "Лихтенштейн", "лихтенштеин"},
	{"greek", "Αθήνα", "αθηνα"},
	{"catalan", "Sant Julià de Lòria", "sant julia de loria"},
	{"apostrophe", "Cap-d'Ail", "cap d ail"},
	{"symbols", "A&B / C+D", "a b c d"},
	{"invalid utf8", "ab\xffcd", "ab cd"},
	{"tabs newlines", "a\t\nb", "a b"},
	{"degree", "47.150° N", "47 150 n"},
}

func TestNormalize(t *testing.T) {
	for _, c := range normalizeCases {
		t.Run(c.name, func(t *testing.T) {
			if got := Normalize(c.in); got != c.want {
				t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestVariants(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []string // must all be present
		not  []string // must be absent
	}{
		{"plain", "Vaduz", []string{"vaduz"}, nil},
		{"umlaut both ways", "Zürich", []string{"zurich", "zuerich"}, nil},
		{"oe", "Schönbühl", []string{"schonbuhl", "schoenbuehl"}, nil},
		{"eszett", "Straße", []string{"strasse", "str"}, nil},
		{"compound tail full", "Bahnhofstrasse", []string{"bahnhofstrasse", "bahnhofstr"}, nil},
		{"compound tail short", "Bahnhofstr.", []string{"bahnhofstr", "bahnhofstrasse"}, nil},
		{"st three readings", "St. Gallen", []string{"st gallen", "sankt gallen", "saint gallen", "street gallen"}, nil},
		{"saint contracts", "Saint-Louis", []string{"saint louis", "st louis"}, nil},
		{"avenue", "Avenue de la Costa", []string{"avenue de la costa", "av de la costa", "ave de la costa"}, nil},
		{"platz", "Peter-Kaiser-Platz", []string{"peter kaiser platz", "peter kaiser pl"}, nil},
		{"scandinavian", "Ålesund", []string{"alesund", "aalesund"}, nil},
		{"oe slash", "Søndre", []string{"sondre", "soendre"}, nil},
		{"no false tail", "Rheinstr", []string{"rheinstrasse"}, nil},
		{"no variants for plain words", "Im Bretscha", []string{"im bretscha"}, []string{"im bretscha "}},
		{"empty", " ,. ", nil, []string{""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Variants(c.in)
			for _, w := range c.want {
				if !slices.Contains(got, w) {
					t.Errorf("Variants(%q) = %q, want it to contain %q", c.in, got, w)
				}
			}
			for _, w := range c.not {
				if slices.Contains(got, w) {
					t.Errorf("Variants(%q) = %q, want no %q", c.in, got, w)
				}
			}
			if len(got) > 0 && got[0] != Normalize(c.in) {
				t.Errorf("Variants(%q)[0] = %q, want Normalize = %q", c.in, got[0], Normalize(c.in))
			}
		})
	}
}

func TestVariantsCap(t *testing.T) {
	got := Variants("St. St. St. St. Dr. Pl.")
	if len(got) != MaxVariants {
		t.Errorf("len(Variants) = %d, want the cap %d", len(got), MaxVariants)
	}
}

func checkNormalized(t *testing.T, in, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("Normalize(%q) = %q: invalid UTF-8", in, out)
	}
	if strings.HasPrefix(out, " ") || strings.HasSuffix(out, " ") || strings.Contains(out, "  ") {
		t.Fatalf("Normalize(%q) = %q: untrimmed or doubled spaces", in, out)
	}
	if again := Normalize(out); again != out {
		t.Fatalf("Normalize(Normalize(%q)) = %q, want %q (not stable)", in, again, out)
	}
}

func FuzzNormalize(f *testing.F) {
	for _, c := range normalizeCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkNormalized(t, s, Normalize(s))
	})
}

func FuzzVariants(f *testing.F) {
	for _, c := range normalizeCases {
		f.Add(c.in)
	}
	f.Add("Bahnhofstr. 5, St. Gallen")
	f.Fuzz(func(t *testing.T, s string) {
		vs := Variants(s)
		if len(vs) > MaxVariants {
			t.Fatalf("Variants(%q) has %d entries, cap %d", s, len(vs), MaxVariants)
		}
		if n := Normalize(s); (n == "") != (len(vs) == 0) || (len(vs) > 0 && vs[0] != n) {
			t.Fatalf("Variants(%q) = %q, want first %q", s, vs, n)
		}
		seen := map[string]bool{}
		for _, v := range vs {
			if seen[v] {
				t.Fatalf("Variants(%q) = %q: duplicate %q", s, vs, v)
			}
			seen[v] = true
			checkNormalized(t, s, v)
		}
	})
}

func BenchmarkNormalize(b *testing.B) {
	b.ReportAllocs()
	in := []string{"Vaduz", "Sainte-Dévote", "Landstraße 5, 9490 Vaduz", "Лихтенштейн"}
	for i := 0; b.Loop(); i++ {
		Normalize(in[i%len(in)])
	}
}

func BenchmarkVariants(b *testing.B) {
	b.ReportAllocs()
	in := []string{"Vaduz", "Bahnhofstrasse", "St. Florinsgasse", "Zürcherstraße"}
	for i := 0; b.Loop(); i++ {
		Variants(in[i%len(in)])
	}
}
