package geocode

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// DefaultLanguages is used when a request names no language: the spec's
// default "en". A place without name:en shows its plain name tag.
var DefaultLanguages = []string{"en"}

// Locales picks the names of places in a list of preferred languages, the
// way Nominatim does: name:<lang> for each language in order, then name,
// brand, official_name:<lang>, short_name:<lang>, official_name, short_name,
// ref; and any name when none of those exist.
type Locales struct {
	tags []string
}

// NewLocales returns the locales for languages in order of preference.
// An empty list (Nominatim's "native") prefers the local name tag.
func NewLocales(languages []string) Locales {
	var tags []string
	add := func(base string) {
		for _, l := range languages {
			tags = append(tags, base+":"+l)
		}
	}
	add("name")
	tags = append(tags, "name", "brand")
	add("official_name")
	add("short_name")
	tags = append(tags, "official_name", "short_name", "ref")
	return Locales{tags: tags}
}

// Name returns the best name of names for these locales, "" when names is empty.
func (l Locales) Name(names map[string]string) string {
	if len(names) == 0 {
		return ""
	}
	for _, t := range l.tags {
		if v, ok := names[t]; ok && v != "" {
			return v
		}
	}
	// Nothing preferred: any name, deterministically the smallest key.
	best := ""
	for k := range names {
		if names[k] != "" && (best == "" || k < best) {
			best = k
		}
	}
	return names[best]
}

var langRE = regexp.MustCompile(`^\s*([A-Za-z_-]+)(?:;\s*[qQ]\s*=\s*([01](?:\.\d+)?))?\s*$`)

// ParseLanguages parses an accept-language value: a comma-separated list of
// language codes or an RFC 2616 Accept-Language header ("de-CH,de;q=0.9,
// en;q=0.8"). Parts that do not parse are ignored (as Nominatim does);
// languages are ordered by q-value, keeping the given order on ties; a
// region variant ("de-CH") is followed by its base language ("de") unless
// the base is listed itself. "native" (the spec's value for local names)
// and "*" stand for the local name and end the list. Languages with q=0
// are dropped. The result is lower case.
func ParseLanguages(s string) []string {
	type cand struct {
		lang string
		q    float64
	}
	var cands []cand
	for _, part := range strings.Split(s, ",") {
		m := langRE.FindStringSubmatch(part)
		if m == nil {
			continue
		}
		q := 1.0
		if m[2] != "" {
			q, _ = strconv.ParseFloat(m[2], 64)
			if q > 1 {
				continue
			}
		}
		if q <= 0 {
			continue
		}
		cands = append(cands, cand{strings.ToLower(strings.ReplaceAll(m[1], "_", "-")), q})
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].q > cands[j].q })
	var out []string
	listed := func(l string) bool {
		for _, c := range cands {
			if c.lang == l {
				return true
			}
		}
		return false
	}
	for _, c := range cands {
		if c.lang == "native" || c.lang == "*" {
			break
		}
		out = append(out, c.lang)
		if base, _, ok := strings.Cut(c.lang, "-"); ok && base != "" && !listed(base) {
			out = append(out, base)
		}
	}
	return out
}
