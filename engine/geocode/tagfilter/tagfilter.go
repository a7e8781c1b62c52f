// Package tagfilter parses and applies the `tag` parameter of autocomplete
// and nearby (spec 4.4, 4.6): comma-separated OSM class:type pairs with the
// `*` type wildcard and `!` exclusion, plus, for nearby, the spec's simple
// words (see words.go). It also parses autocomplete's `layers` (layers.go).
//
// Design choices:
//   - A Filter is a small value (two rule slices); Match allocates nothing
//     and is meant to run on every candidate row.
//   - Semantics of a list: a place passes when it matches at least one
//     inclusion (or the list has no inclusion, or holds `all`) and no
//     exclusion. So "!amenity:*" keeps everything but amenities,
//     "amenity:*,!amenity:gym" keeps amenities except gyms, and
//     "all,!amenity:*" equals "!amenity:*".
//   - Classes and types are OSM keys and values: lower-cased, trimmed; they
//     may hold letters, digits, '_', '-', ':' (in types, e.g.
//     "disused:shop"), '.'. Anything else is a syntax error, reported as
//     *Error so the API can answer 400 naming `tag`.
//   - Excluding a whole class while including one of its types
//     ("amenity:cafe,!amenity:*") matches nothing; that is what was asked.
package tagfilter

import (
	"errors"
	"fmt"
	"strings"
)

// ErrSyntax is wrapped by every parse error of this package.
var ErrSyntax = errors.New("tagfilter: invalid tag filter")

// Any is the type wildcard.
const Any = "*"

// Rule is one class:type pair of a filter. Type Any matches every type of
// the class.
type Rule struct {
	Class, Type string
}

// Matches reports whether the rule covers class and typ.
func (r Rule) Matches(class, typ string) bool {
	return r.Class == class && (r.Type == Any || r.Type == typ)
}

// String formats the rule as class:type.
func (r Rule) String() string { return r.Class + ":" + r.Type }

// Filter is a parsed tag parameter. The zero Filter matches everything.
type Filter struct {
	// Include lists the rules of which a place must match one; empty means
	// every place is included (before exclusions).
	Include []Rule
	// Exclude lists the rules no place may match.
	Exclude []Rule
	// Words lists the simple words the filter was built from (nearby), in
	// the order given, for tag_type.
	Words []string
}

// IsZero reports whether f matches every place.
func (f Filter) IsZero() bool { return len(f.Include) == 0 && len(f.Exclude) == 0 }

// Match reports whether a place of OSM class and typ passes the filter.
func (f Filter) Match(class, typ string) bool {
	for _, r := range f.Exclude {
		if r.Matches(class, typ) {
			return false
		}
	}
	if len(f.Include) == 0 {
		return true
	}
	for _, r := range f.Include {
		if r.Matches(class, typ) {
			return true
		}
	}
	return false
}

// Classes returns the distinct classes of the inclusion rules, or nil when
// the filter includes every class (no inclusion rule). Callers use it to
// narrow an SQL query before Match.
func (f Filter) Classes() []string {
	if len(f.Include) == 0 {
		return nil
	}
	var out []string
	for _, r := range f.Include {
		dup := false
		for _, c := range out {
			if c == r.Class {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, r.Class)
		}
	}
	return out
}

// Parse parses the autocomplete form of tag: comma-separated class:type or
// class:* pairs, each optionally prefixed with '!'. Spaces around items are
// ignored; empty items (",,") are an error, as is an empty string.
func Parse(s string) (Filter, error) { return parse(s, false) }

// ParseNearby parses the nearby form of tag: Parse's pairs plus the simple
// words of the Words table (e.g. "restaurant", "all"), which expand to
// their class:type rules. A word may also be excluded ("!restaurant").
func ParseNearby(s string) (Filter, error) { return parse(s, true) }

func parse(s string, words bool) (Filter, error) {
	var f Filter
	if strings.TrimSpace(s) == "" {
		return f, fmt.Errorf("%w: empty", ErrSyntax)
	}
	all := false
	for _, item := range strings.Split(s, ",") {
		item = strings.ToLower(strings.TrimSpace(item))
		neg := strings.HasPrefix(item, "!")
		if neg {
			item = strings.TrimSpace(item[1:])
		}
		if item == "" {
			return Filter{}, fmt.Errorf("%w: empty item in %q", ErrSyntax, s)
		}
		var rules []Rule
		if class, typ, ok := strings.Cut(item, ":"); ok {
			class, typ = strings.TrimSpace(class), strings.TrimSpace(typ)
			if !validKey(class, false) {
				return Filter{}, fmt.Errorf("%w: bad class %q in %q", ErrSyntax, class, item)
			}
			if typ != Any && !validKey(typ, true) {
				return Filter{}, fmt.Errorf("%w: bad type %q in %q", ErrSyntax, typ, item)
			}
			rules = []Rule{{Class: class, Type: typ}}
		} else {
			if !words {
				return Filter{}, fmt.Errorf("%w: %q is not a class:type pair", ErrSyntax, item)
			}
			if item == WordAll {
				if neg {
					return Filter{}, fmt.Errorf("%w: %q cannot be excluded", ErrSyntax, WordAll)
				}
				all = true
				f.Words = append(f.Words, item)
				continue
			}
			w, ok := LookupWord(item)
			if !ok {
				return Filter{}, fmt.Errorf("%w: unknown word %q (want one of %s, or class:type)", ErrSyntax, item, strings.Join(WordNames(), ", "))
			}
			rules = w.Rules
			if !neg {
				f.Words = append(f.Words, item)
			}
		}
		if neg {
			f.Exclude = append(f.Exclude, rules...)
		} else {
			f.Include = append(f.Include, rules...)
		}
	}
	if all {
		// "all" includes every class: inclusions beside it add nothing.
		f.Include = nil
	}
	return f, nil
}

// validKey reports whether s is a plausible OSM key or value.
func validKey(s string, value bool) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '_', c == '-', c == '.':
		case c == ':' && value:
		default:
			return false
		}
	}
	return true
}
