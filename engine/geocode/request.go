package geocode

import (
	"strings"

	"github.com/paulmach/orb"
)

// Layer is a bit set of Nominatim's data layers (the layer parameter).
type Layer uint8

// The layers of Nominatim: address (admin areas, places, streets, house
// numbers), poi, railway, natural (natural, water, waterway), manmade
// (every other feature without an address rank).
const (
	LayerAddress Layer = 1 << iota
	LayerPOI
	LayerRailway
	LayerNatural
	LayerManmade

	// LayerAll is the default of search (no layer filter).
	LayerAll = LayerAddress | LayerPOI | LayerRailway | LayerNatural | LayerManmade
)

// ParseLayer parses a comma-separated layer list ("address,poi");
// ok is false for an unknown layer name.
func ParseLayer(s string) (Layer, bool) {
	var l Layer
	for _, part := range strings.Split(s, ",") {
		switch strings.ToLower(strings.TrimSpace(part)) {
		case "address":
			l |= LayerAddress
		case "poi":
			l |= LayerPOI
		case "railway":
			l |= LayerRailway
		case "natural":
			l |= LayerNatural
		case "manmade":
			l |= LayerManmade
		case "":
		default:
			return 0, false
		}
	}
	return l, l != 0
}

// matches is Nominatim's _filter_by_layer for one place.
func (l Layer) matches(class string, rankAddress int, isAddressPoint bool) bool {
	if l == 0 || l == LayerAll {
		return true
	}
	switch {
	case l&LayerAddress != 0 && l&LayerPOI != 0:
		if rankAddress >= 1 && rankAddress <= 30 {
			return true
		}
	case l&LayerAddress != 0:
		if rankAddress >= 1 && rankAddress <= 29 || isAddressPoint {
			return true
		}
	case l&LayerPOI != 0:
		if rankAddress == 30 && class != "place" && class != "building" {
			return true
		}
	}
	if rankAddress != 0 || class == "place" {
		// place rows of address rank 0 are postcodes: no feature layer.
		return false
	}
	natural := class == "natural" || class == "water" || class == "waterway"
	if l&LayerManmade != 0 {
		if class == "railway" && l&LayerRailway == 0 || natural && l&LayerNatural == 0 {
			return false
		}
		return true
	}
	return class == "railway" && l&LayerRailway != 0 || natural && l&LayerNatural != 0
}

// FeatureTypeRanks returns the rank_address range of Nominatim's
// featureType parameter: country 4..4, state 8..8, city 14..16,
// settlement 8..20. ok is false for another value.
func FeatureTypeRanks(s string) (min, max int, ok bool) {
	switch strings.ToLower(s) {
	case "country":
		return 4, 4, true
	case "state":
		return 8, 8, true
	case "city":
		return 14, 16, true
	case "settlement":
		return 8, 20, true
	}
	return 0, 30, false
}

// Request is a forward geocoding request: free text (Query) or the
// structured fields, plus filters and output options.
type Request struct {
	// Query is free text; it cannot be combined with the structured fields.
	Query string
	// Structured fields (Nominatim's search/structured). Street may hold a
	// house number ("Austrasse 11").
	Amenity, Street, City, County, State, Country, Postalcode string

	// Limit is the maximum number of results (1..50; 0 means 10).
	Limit int
	// CountryCodes restricts results to these lower-case ISO codes.
	CountryCodes []string
	// Viewbox prefers (Bounded: restricts to) results inside it.
	Viewbox *orb.Bound
	Bounded bool
	// Exclude lists pack-local place ids never to return.
	Exclude map[int64]bool
	// MinRank and MaxRank restrict rank_address (featureType); 0,0 = any.
	MinRank, MaxRank int
	// Layers restricts results to data layers; 0 = all.
	Layers Layer
	// Dedupe drops results that repeat a place (same OSM object, or same
	// class, type, display name and rank).
	Dedupe bool

	Output

	// readAll reads the row of every candidate before ranking, as search
	// did before reading them lazily (lazy.go): the reference the lazy
	// reading's answers are tested against.
	readAll bool
	// respell replaces query words by the words they stand for (the
	// typo-tolerant reading, SearchTolerant): a word maps to one word,
	// or two (a missing space).
	respell map[string][]string
	// ftsSeen holds the rowids of the index queries a search has made, by
	// expression and filters (fts): Search sets it, and the requests it
	// derives share it.
	ftsSeen map[string][]int64
}

// structured reports whether any structured field is set.
func (r *Request) structured() bool {
	return r.Amenity != "" || r.Street != "" || r.City != "" || r.County != "" ||
		r.State != "" || r.Country != "" || r.Postalcode != ""
}

func (r *Request) limit() int {
	switch {
	case r.Limit <= 0:
		return 10
	case r.Limit > 50:
		return 50
	}
	return r.Limit
}
