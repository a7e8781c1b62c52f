package geocode

// settlement.go: what settlement a place is in, and the one-line address
// "what is here" shows ("Städtle 39, 9490 Vaduz").

import (
	"strings"

	"waymark/engine/geocode/addrformat"
)

// settlementTypes are the place types of settlements and their quarters.
var settlementTypes = map[string]bool{
	"city": true, "town": true, "village": true, "hamlet": true, "municipality": true, "borough": true,
	"suburb": true, "quarter": true, "neighbourhood": true, "isolated_dwelling": true,
}

// isSettlement reports whether a place of class and type (linked: the place
// type of the place node an area stands for, "" if none) and address rank
// is a settlement: a place node or area of a settlement type, or the
// administrative area of a municipality (address rank 14-20).
func isSettlement(class, typ, linked string, rankAddress int) bool {
	switch {
	case class == "place":
		return settlementTypes[typ]
	case settlementTypes[linked]:
		return true
	}
	return class == "boundary" && typ == "administrative" && rankAddress >= 14 && rankAddress <= 20
}

// settlementKeys are the address keys of settlements.
var settlementKeys = map[string]bool{"city": true, "town": true, "village": true, "hamlet": true, "municipality": true}

// SettlementOf returns the settlement p lies in, as its address names it:
// the city, town, village, hamlet or municipality part of the lowest rank,
// i.e. the municipality (Vaduz for the houses of Ebenholz, a village node
// inside it, not Ebenholz); for a settlement, itself. ok is false when the
// address has none.
func SettlementOf(p *Place) (AddressPart, bool) {
	var best AddressPart
	ok := false
	for _, a := range p.Address {
		if settlementKeys[a.Key] && a.Value != "" && (!ok || a.Rank < best.Rank) {
			best, ok = a, true
		}
	}
	return best, ok
}

// ShortAddress returns p's address on one line, as its country's post
// writes it, without the place's own name and the country: street and
// house number, postcode and settlement ("Städtle 39, 9490 Vaduz" for the
// Liechtenstein Center at Städtle 39; "Städtle, 9490 Vaduz" for the
// street). "" when the address holds nothing but the country.
func ShortAddress(p *Place) string {
	lines, ok := addrformat.Lines(AddressOf(p), p.CountryCode)
	if !ok {
		return ""
	}
	if road, _ := p.Get("road"); len(lines) > 0 && p.Name != "" && lines[0] == p.Name && road != p.Name {
		lines = lines[1:] // the name line, not a street's own
	}
	if country, ok := p.Get("country"); ok && len(lines) > 0 && lines[len(lines)-1] == country {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, ", ")
}

// IsSettlement reports whether p is a settlement: a city, town, village,
// hamlet or other settlement place, or a municipality's administrative
// area (Vaduz's node and its boundary, not Vaduz Castle).
func (p *Place) IsSettlement() bool {
	return isSettlement(p.Class, p.Type, "", p.RankAddress) || settlementKeys[p.AddressType]
}
