package tagfilter

import "strings"

// Layer is one of autocomplete's layers (spec 4.4), as a bit of a set.
type Layer uint16

// The supported layers.
const (
	LayerRoad Layer = 1 << iota
	LayerNeighbourhood
	LayerSuburb
	LayerCity
	LayerCounty
	LayerState
	LayerCountry
	LayerPostcode
)

var layerNames = [...]struct {
	name string
	l    Layer
}{
	{"road", LayerRoad}, {"neighbourhood", LayerNeighbourhood}, {"suburb", LayerSuburb},
	{"city", LayerCity}, {"county", LayerCounty}, {"state", LayerState},
	{"country", LayerCountry}, {"postcode", LayerPostcode},
}

// String names the layer ("" for a set of several or none).
func (l Layer) String() string {
	for _, n := range layerNames {
		if n.l == l {
			return n.name
		}
	}
	return ""
}

// Layers is a parsed layers parameter. The zero value filters nothing.
type Layers struct {
	set Layer
}

// ParseLayers parses autocomplete's layers parameter: comma-separated,
// case-insensitive, spaces ignored anywhere, unsupported values ignored
// (never an error). The postcode rule is the spec's: postcode restricts the
// results to postal codes only when it is the sole supported layer and tag
// is not set (tagSet false); otherwise postcode is dropped from the set and
// the other layers filter. A set left empty filters nothing.
func ParseLayers(s string, tagSet bool) Layers {
	var set Layer
	for _, item := range strings.Split(s, ",") {
		item = strings.ToLower(strings.Join(strings.Fields(item), ""))
		for _, n := range layerNames {
			if n.name == item {
				set |= n.l
			}
		}
	}
	if set&LayerPostcode != 0 && (set != LayerPostcode || tagSet) {
		set &^= LayerPostcode
	}
	return Layers{set: set}
}

// IsZero reports whether l filters nothing.
func (l Layers) IsZero() bool { return l.set == 0 }

// Has reports whether layer x is in the set.
func (l Layers) Has(x Layer) bool { return l.set&x != 0 }

// PostcodeOnly reports whether only postal codes pass.
func (l Layers) PostcodeOnly() bool { return l.set == LayerPostcode }

// Match reports whether a place of the given class, type and Nominatim
// address rank (rank_address: country 4, state 8, county 12, city 16,
// suburb 20, neighbourhood 22, street 26, house 30) is in one of the layers.
func (l Layers) Match(class, typ string, rankAddress int) bool {
	if l.set == 0 {
		return true
	}
	return l.set&LayerOf(class, typ, rankAddress) != 0
}

// LayerOf classifies a place into a layer, or 0 for places in none (POIs,
// houses, natural features...). The OSM tag decides when it is one of the
// well-known place/highway tags; administrative and other boundaries fall
// back to their address rank.
func LayerOf(class, typ string, rankAddress int) Layer {
	switch class {
	case "highway":
		switch typ {
		case "bus_stop", "platform", "street_lamp", "traffic_signals", "crossing",
			"turning_circle", "stop", "give_way", "speed_camera", "milestone", "elevator":
			return 0
		}
		return LayerRoad
	case "place":
		switch typ {
		case "postcode":
			return LayerPostcode
		case "country":
			return LayerCountry
		case "state", "province", "region":
			return LayerState
		case "county", "district":
			return LayerCounty
		case "city", "town", "village", "hamlet", "municipality", "isolated_dwelling", "borough":
			return LayerCity
		case "suburb", "city_district":
			return LayerSuburb
		case "neighbourhood", "quarter", "city_block", "allotments", "croft", "plot":
			return LayerNeighbourhood
		}
		return 0
	case "boundary":
		if typ == "postal_code" {
			return LayerPostcode
		}
		if typ != "administrative" {
			return 0
		}
		switch {
		case rankAddress <= 0:
			return 0
		case rankAddress <= 4:
			return LayerCountry
		case rankAddress <= 9:
			return LayerState
		case rankAddress <= 12:
			return LayerCounty
		case rankAddress <= 17:
			return LayerCity
		case rankAddress <= 21:
			return LayerSuburb
		case rankAddress <= 25:
			return LayerNeighbourhood
		}
	}
	return 0
}
