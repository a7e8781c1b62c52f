package tagfilter

import "sort"

// WordAll is the nearby word that includes every place.
const WordAll = "all"

// Word is one simple word of nearby's tag parameter and the OSM class:type
// pairs it stands for.
type Word struct {
	Name  string
	Rules []Rule
}

// words is THE table of nearby's simple words (spec 4.6), mapped to the OSM
// tags a mapper uses for that kind of place. Besides the obvious tag, a
// word covers the tags OSM has used for the same thing (e.g. gym covers the
// current leisure=fitness_centre and the deprecated amenity=gym). `all` is
// handled by the parser (no rule: every place).
var words = []Word{
	{"airport", []Rule{{"aeroway", "aerodrome"}, {"aeroway", "airport"}}},
	{"city", []Rule{{"place", "city"}}},
	{"restaurant", []Rule{{"amenity", "restaurant"}}},
	{"bank", []Rule{{"amenity", "bank"}}},
	{"atm", []Rule{{"amenity", "atm"}}},
	{"hotel", []Rule{{"tourism", "hotel"}}},
	{"pub", []Rule{{"amenity", "pub"}}},
	{"bus_station", []Rule{{"amenity", "bus_station"}, {"public_transport", "station"}, {"highway", "bus_stop"}}},
	{"railway_station", []Rule{{"railway", "station"}, {"railway", "halt"}}},
	{"cinema", []Rule{{"amenity", "cinema"}}},
	{"hospital", []Rule{{"amenity", "hospital"}, {"healthcare", "hospital"}}},
	{"college", []Rule{{"amenity", "college"}, {"amenity", "university"}}},
	{"school", []Rule{{"amenity", "school"}}},
	{"pharmacy", []Rule{{"amenity", "pharmacy"}, {"healthcare", "pharmacy"}, {"shop", "chemist"}}},
	{"supermarket", []Rule{{"shop", "supermarket"}}},
	{"fuel", []Rule{{"amenity", "fuel"}}},
	{"gym", []Rule{{"leisure", "fitness_centre"}, {"amenity", "gym"}, {"leisure", "sports_centre"}}},
	{"place_of_worship", []Rule{{"amenity", "place_of_worship"}}},
	{"toilet", []Rule{{"amenity", "toilets"}}},
	{"park", []Rule{{"leisure", "park"}}},
	{"stadium", []Rule{{"leisure", "stadium"}}},
	{"parking", []Rule{{"amenity", "parking"}}},
	{"cardealer", []Rule{{"shop", "car"}}},
}

// LookupWord returns the table entry of a simple word (lower case).
func LookupWord(name string) (Word, bool) {
	for _, w := range words {
		if w.Name == name {
			return w, true
		}
	}
	return Word{}, false
}

// WordNames returns every simple word, `all` included, sorted.
func WordNames() []string {
	out := []string{WordAll}
	for _, w := range words {
		out = append(out, w.Name)
	}
	sort.Strings(out)
	return out
}

// WordOf returns the simple word whose rules cover class and typ, or "".
func WordOf(class, typ string) string {
	for _, w := range words {
		for _, r := range w.Rules {
			if r.Matches(class, typ) {
				return w.Name
			}
		}
	}
	return ""
}

// TagType returns nearby's tag_type of a place of class and typ that passed
// f: the first word of f that covers it, else the table word that covers it,
// else its OSM type.
func (f Filter) TagType(class, typ string) string {
	for _, name := range f.Words {
		if w, ok := LookupWord(name); ok {
			for _, r := range w.Rules {
				if r.Matches(class, typ) {
					return name
				}
			}
		}
	}
	if w := WordOf(class, typ); w != "" {
		return w
	}
	return typ
}
