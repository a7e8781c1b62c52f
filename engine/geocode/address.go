package geocode

import (
	"strings"
	"sync"

	"github.com/paulmach/orb"

	"waymark/engine/text"
)

// parent is an address parent kept in memory (see Index).
type parent struct {
	id          int64
	class, typ  string
	adminLevel  int
	rankAddress int
	rankSearch  int
	names       map[string]string
	// tokens holds every word of every name variant, made on first use
	// (hasToken): only searches with address words read them, and a
	// town's forty translations took most of the time of loading it.
	tokensOnce sync.Once
	tokens     map[string]bool
	// label inputs from extratags: "place", "linked_place", "ISO3166-2".
	place, linkedPlace, iso string
	countryCode             string
	importance              float64
	centroid                orb.Point
}

// hasToken reports whether w is a word of one of the parent's names, in
// any spelling.
func (p *parent) hasToken(w string) bool {
	p.tokensOnce.Do(func() {
		p.tokens = map[string]bool{}
		for _, v := range p.names {
			for _, variant := range text.Variants(v) {
				for _, x := range strings.Fields(variant) {
					p.tokens[x] = true
				}
			}
		}
	})
	return p.tokens[w]
}

// adminLabels is Nominatim's ADMIN_LABELS: the address key of an
// administrative boundary by country and rank_address/2.
var adminLabels = map[int]string{
	1: "continent", 2: "country", 3: "region", 4: "state", 5: "state_district",
	6: "county", 7: "municipality", 8: "city", 9: "city_district", 10: "suburb",
	11: "neighbourhood", 12: "city_block",
}

var adminLabelsByCountry = map[string]map[int]string{
	"no": {3: "state", 4: "county"},
	"se": {3: "state", 4: "county"},
}

// Label is Nominatim's get_label_tag: the address key under which a place
// of class/type with the given extratags labels ("place", "linked_place")
// and rank_address appears, e.g. "town", "road", "county", "amenity".
func Label(class, typ string, place, linkedPlace string, rankAddress int, countryCode string) string {
	var label string
	switch {
	case rankAddress < 26 && place != "":
		label = place
	case rankAddress < 26 && linkedPlace != "":
		label = linkedPlace
	case class == "boundary" && typ == "administrative":
		label = adminLabelsByCountry[countryCode][rankAddress/2]
		if label == "" {
			label = adminLabels[rankAddress/2]
		}
		if label == "" {
			label = "administrative"
		}
	case typ == "postal_code" || (class == "place" && typ == "postcode"):
		label = "postcode"
	case rankAddress < 26:
		label = typ
		if typ == "yes" {
			label = class
		}
	case rankAddress < 28:
		label = "road"
	case class == "place" && (typ == "house_number" || typ == "house_name" || typ == "country_code"):
		label = typ
	default:
		label = class
	}
	return strings.ReplaceAll(strings.ToLower(label), " ", "_")
}

// addressLine is one place_addressline row of a place.
type addressLine struct {
	parent      int64
	rankAddress int
}

// assemble fills p.Address, p.DisplayName, p.Name and p.AddressType from
// the place's own fields and its isaddress lines (ordered rank_address
// descending, best candidate first within a rank), Nominatim's way: the
// place itself, its house number, its parents, the postcode before the
// country, and the country code last.
func (ix *Index) assemble(p *Place, lines []addressLine, loc Locales, extratags map[string]string) {
	p.Name = loc.Name(p.Names)
	p.AddressType = Label(p.Class, p.Type, extratags["place"], extratags["linked_place"], p.RankAddress, p.CountryCode)
	parts := make([]AddressPart, 0, len(lines)+4)
	if p.Name != "" {
		parts = append(parts, AddressPart{Key: p.AddressType, Value: p.Name, Rank: p.RankAddress,
			PlaceID: p.PlaceID, Class: p.Class, Type: p.Type, AdminLevel: p.AdminLevel})
	}
	if iso := extratags["ISO3166-2"]; iso != "" && p.AdminLevel > 0 && p.AdminLevel < 15 && p.RankAddress > 0 {
		parts = append(parts, AddressPart{Key: "ISO3166-2-lvl" + itoa(p.AdminLevel), Value: iso, Rank: p.RankAddress,
			PlaceID: p.PlaceID, Class: p.Class, Type: p.Type, AdminLevel: p.AdminLevel})
	}
	if p.HouseNumber != "" {
		parts = append(parts, AddressPart{Key: "house_number", Value: p.HouseNumber, Rank: 28, Class: "place", Type: "house_number"})
	}
	postcode := p.Postcode
	if p.Class == "place" && p.Type == "postcode" || p.Type == "postal_code" {
		postcode = ""
	}
	hasCountry := false
	addPostcode := func() {
		if postcode != "" {
			parts = append(parts, AddressPart{Key: "postcode", Value: postcode, Rank: 5, Class: "place", Type: "postcode"})
			postcode = ""
		}
	}
	for _, l := range lines {
		if l.parent == p.PlaceID {
			continue
		}
		par := ix.parent(l.parent)
		if par == nil {
			continue
		}
		if l.rankAddress <= 4 {
			addPostcode()
			hasCountry = hasCountry || l.rankAddress == 4
		}
		name := loc.Name(par.names)
		if name != "" {
			parts = append(parts, AddressPart{
				Key:   Label(par.class, par.typ, par.place, par.linkedPlace, l.rankAddress, p.CountryCode),
				Value: name, Rank: l.rankAddress, PlaceID: par.id,
				Class: par.class, Type: par.typ, AdminLevel: par.adminLevel,
			})
		}
		if par.iso != "" && par.adminLevel > 0 && par.adminLevel < 15 {
			parts = append(parts, AddressPart{Key: "ISO3166-2-lvl" + itoa(par.adminLevel), Value: par.iso,
				Rank: l.rankAddress, PlaceID: par.id, Class: par.class, Type: par.typ, AdminLevel: par.adminLevel})
		}
	}
	addPostcode()
	if !hasCountry && p.RankAddress != 4 && p.CountryCode != "" {
		// No country area among the lines (its boundary is not in the
		// extract): Nominatim's country_name fallback.
		if name := loc.Name(ix.countryNames(p.CountryCode)); name != "" {
			parts = append(parts, AddressPart{Key: "country", Value: name, Rank: 4, Class: "place", Type: "country"})
		}
	}
	if p.CountryCode != "" {
		parts = append(parts, AddressPart{Key: "country_code", Value: p.CountryCode, Rank: 4, Class: "place", Type: "country_code"})
	}
	p.Address = parts
	p.DisplayName = DisplayName(parts)
}

// DisplayName joins the displayed parts of an address (all but the
// ISO3166-2 and country_code keys) with ", ", dropping a part equal to the
// one before it.
func DisplayName(parts []AddressPart) string {
	var b strings.Builder
	last := ""
	for _, a := range parts {
		if a.Key == "country_code" || strings.HasPrefix(a.Key, "ISO3166-2") || a.Value == "" || a.Value == last {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.Value)
		last = a.Value
	}
	return b.String()
}

func itoa(n int) string {
	if n >= 0 && n < 10 {
		return string(rune('0' + n))
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// nodeExtent is Nominatim's NODE_EXTENT: half the side, in degrees, of the
// bounding box reported for a place that is a point.
var nodeExtent = map[[2]string]float64{
	{"place", "continent"}: 25, {"place", "country"}: 7, {"place", "state"}: 2.6,
	{"place", "province"}: 2.6, {"place", "region"}: 1.0, {"place", "county"}: 0.7,
	{"place", "city"}: 0.16, {"place", "municipality"}: 0.16, {"place", "island"}: 0.32,
	{"place", "postcode"}: 0.16, {"place", "town"}: 0.04, {"place", "village"}: 0.02,
	{"place", "hamlet"}: 0.02, {"place", "district"}: 0.02, {"place", "borough"}: 0.02,
	{"place", "suburb"}: 0.02, {"place", "locality"}: 0.01, {"place", "neighbourhood"}: 0.01,
	{"place", "quarter"}: 0.01, {"place", "isolated_dwelling"}: 0.01, {"place", "farm"}: 0.01,
}

// BoundOf returns the bounding box reported for a place: for nodes and
// point geometries a box around the centroid sized by category (0.00005°
// for POIs and addresses), else the geometry's box.
func BoundOf(osmType, class, typ string, centroid orb.Point, b orb.Bound) orb.Bound {
	if osmType == "node" || b.Min == b.Max {
		e, ok := nodeExtent[[2]string{class, typ}]
		if !ok {
			e = 0.00005
		}
		return orb.Bound{Min: orb.Point{centroid[0] - e, centroid[1] - e}, Max: orb.Point{centroid[0] + e, centroid[1] + e}}
	}
	return b
}
