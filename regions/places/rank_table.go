// rank_table.go assigns Nominatim's search and address ranks to places,
// following Nominatim's settings/address-levels.json (default levels) and
// its compute_place_rank rules:
//
//   - boundary=administrative by admin_level (2→4, 3→6, 4→8 … 12→24);
//   - place=* values (country 4, state 8, county 12, city 16, town 18/16,
//     village 19/16, suburb 19/20, hamlet 20, neighbourhood 20/22, …);
//   - streets 26, minor ways (service, path, links…) 27;
//   - landuse, water, natural, leisure areas as listed, with address rank 0
//     for features that are never part of an address;
//   - everything else (POIs, buildings, addresses) 30/30;
//   - postcodes 21 for search, 0 for address (not part of the hierarchy:
//     the postcode column carries them);
//   - place nodes that are not areas keep their address rank but are found
//     through their fuzzy area (nodeFuzzyArea), and nodes never become
//     boundaries.
//
// Table values are {search, address} pairs.

package places

import "strconv"

type rankPair struct{ search, address int }

// addressLevels is Nominatim's default address-levels table.
var addressLevels = map[string]map[string]rankPair{
	"place": {
		"sea": {2, 0}, "continent": {2, 0}, "country": {4, 4},
		"state": {8, 8}, "province": {8, 8}, "region": {18, 0},
		"county": {12, 12}, "district": {12, 12}, "municipality": {14, 14},
		"city": {16, 16}, "town": {18, 16}, "borough": {18, 18},
		"village": {19, 16}, "suburb": {19, 20}, "hamlet": {20, 20},
		"croft": {20, 20}, "subdivision": {22, 22}, "allotments": {22, 22},
		"neighbourhood": {20, 22}, "quarter": {20, 22},
		"isolated_dwelling": {22, 20}, "farm": {22, 20},
		"city_block": {25, 25}, "mountain_pass": {25, 25}, "square": {25, 25},
		"locality": {25, 25}, "houses": {28, 0}, "house": {30, 30},
		"postcode": {21, 0},
		"":         {22, 0},
	},
	"boundary": {
		"administrative2": {4, 4}, "administrative3": {6, 6},
		"administrative4": {8, 8}, "administrative5": {10, 10},
		"administrative6": {12, 12}, "administrative7": {14, 14},
		"administrative8": {16, 16}, "administrative9": {18, 18},
		"administrative10": {20, 20}, "administrative11": {22, 22},
		"administrative12": {24, 24},
		"postal_code":      {21, 0},
		"":                 {25, 0},
	},
	"landuse": {
		"residential": {22, 22}, "farm": {22, 22}, "farmyard": {22, 22},
		"industrial": {22, 22}, "commercial": {22, 22}, "allotments": {22, 22},
		"retail": {22, 22}, "": {22, 0},
	},
	"leisure": {
		"park": {24, 0}, "common": {24, 0}, "garden": {24, 0},
		"golf_course": {24, 0}, "nature_reserve": {24, 0},
	},
	"natural": {
		"peak": {18, 0}, "volcano": {18, 0}, "mountain_range": {18, 0},
		"sea": {4, 0}, "tree": {30, 30}, "spring": {30, 30},
		"cave_entrance": {30, 30}, "geyser": {30, 30}, "hot_spring": {30, 30},
		"rock": {30, 30}, "stone": {30, 30},
	},
	"water": {
		"lake": {20, 0}, "reservoir": {20, 0}, "wastewater": {24, 0},
		"pond": {24, 0}, "fountain": {24, 0}, "": {22, 0},
	},
	"waterway": {
		"river": {19, 0}, "stream": {22, 0}, "ditch": {22, 0},
		"drain": {22, 0}, "": {20, 0},
	},
	"highway": {
		"": {30, 30}, "service": {27, 27}, "cycleway": {27, 27},
		"path": {27, 27}, "footway": {27, 27}, "steps": {27, 27},
		"bridleway": {27, 27}, "motorway_link": {27, 27},
		"primary_link": {27, 27}, "trunk_link": {27, 27},
		"secondary_link": {27, 27}, "tertiary_link": {27, 27},
		"residential": {26, 26}, "track": {26, 26}, "unclassified": {26, 26},
		"tertiary": {26, 26}, "secondary": {26, 26}, "primary": {26, 26},
		"living_street": {26, 26}, "trunk": {26, 26}, "motorway": {26, 26},
		"pedestrian": {26, 26}, "road": {26, 26}, "construction": {26, 26},
	},
	"mountain_pass": {"": {20, 0}},
}

// placeRanks returns the search and address rank of a place of class/typ.
// adminLevel matters for boundary=administrative; isNode marks node places
// (a boundary tagged on a node is not an area and gets address rank 0).
func placeRanks(class, typ string, adminLevel int, isNode bool) (search, address int) {
	key := typ
	if class == "boundary" && typ == "administrative" {
		key = "administrative" + strconv.Itoa(adminLevel)
	}
	r, ok := lookupRank(class, key)
	if !ok {
		r = rankPair{30, 30}
	}
	if isNode && class == "boundary" {
		r.address = 0
	}
	return r.search, r.address
}

func lookupRank(class, key string) (rankPair, bool) {
	m, ok := addressLevels[class]
	if !ok {
		return rankPair{}, false
	}
	if r, ok := m[key]; ok {
		return r, true
	}
	r, ok := m[""]
	return r, ok
}

// placeAddressRadius is the radius in degrees within which a place node
// (one not represented by an area) counts as an address part of its
// surroundings, by its search rank: the buffer Nominatim's add_location
// puts around place nodes (a locality reaches ~500 m, a village ~5 km).
func placeAddressRadius(rankSearch int) float64 {
	switch {
	case rankSearch <= 14:
		return 1.2
	case rankSearch <= 15:
		return 1.0
	case rankSearch <= 16:
		return 0.5
	case rankSearch <= 17:
		return 0.2
	case rankSearch <= 21:
		return 0.05
	case rankSearch == 25:
		return 0.005
	}
	return 0.02
}
