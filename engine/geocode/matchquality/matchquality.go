// Package matchquality computes LocationIQ's matchquality fields of a
// search result (matchcode, matchtype, matchlevel) and the
// normalizeimportance value, from facts the geocoder knows about the
// matched place and the query.
//
// Definitions (LocationIQ's, made precise for this engine):
//
//	matchcode   exact: every term of the query was matched exactly (word for
//	            word, no typo correction) and the result is at the level the
//	            query asked for.
//	            fallback: the query asked for something more specific than
//	            what was found, so a larger enclosing place is returned (a
//	            house number that does not exist gives the street; an
//	            unknown street gives the town).
//	            approximate: the match needed tolerance — typo correction,
//	            prefix or substring matching of words, or query terms left
//	            unmatched.
//	matchtype   point: the coordinates are those of a mapped point (a node:
//	            POI, address node, place node).
//	            centroid: the coordinates are computed from a line or area
//	            (ways and relations: streets, buildings, boundaries).
//	            interpolated: the coordinates were interpolated along an
//	            addr:interpolation way.
//	matchlevel  the kind of place returned: venue (a named POI), building
//	            (a house address or an unnamed building), street,
//	            neighbourhood, island, borough (suburbs, city districts,
//	            quarters), city (cities, towns, villages, hamlets,
//	            municipalities), county, state, country, marine (seas,
//	            bays, straits, lakes and rivers — water bodies), postalcode.
//
// normalizeimportance: the packs' importance is already 0..1 (rank based,
// raised by wikipedia/population; see regions/places/places_importance.go), but a
// search may adjust it (viewbox or country boosts). NormalizeImportance
// clamps it into [0, 1] and rounds it to 6 decimals, so clients get a value
// comparable across queries and endpoints.
package matchquality

import "math"

// The matchcode values.
const (
	CodeExact       = "exact"
	CodeFallback    = "fallback"
	CodeApproximate = "approximate"
)

// The matchtype values.
const (
	TypePoint        = "point"
	TypeCentroid     = "centroid"
	TypeInterpolated = "interpolated"
)

// The matchlevel values, most specific first.
const (
	LevelVenue         = "venue"
	LevelBuilding      = "building"
	LevelStreet        = "street"
	LevelNeighbourhood = "neighbourhood"
	LevelIsland        = "island"
	LevelBorough       = "borough"
	LevelCity          = "city"
	LevelCounty        = "county"
	LevelState         = "state"
	LevelCountry       = "country"
	LevelMarine        = "marine"
	LevelPostalcode    = "postalcode"
)

// Place holds what is known of a matched place (the pack's places row).
type Place struct {
	OSMType     string // "N", "W", "R" or node/way/relation; "" for postcode centroids
	Class, Type string
	Name        string
	HouseNumber string
	RankAddress int
	RankSearch  int
	// Interpolated is set for rows expanded from addr:interpolation ways.
	Interpolated bool
}

// Query holds what is known of how the place matched the query.
type Query struct {
	// Fuzzy is set when typo tolerance, prefix or substring matching was
	// needed for any query term.
	Fuzzy bool
	// Unmatched counts query terms that matched nothing of the result.
	Unmatched int
	// WantedRank is the address rank the query asked for (30 when it
	// carried a house number, 26 for a street, 16 for a town...); 0 when
	// unknown. A result of a lower (larger) rank is a fallback.
	WantedRank int
}

// Result is the matchquality object of a record.
type Result struct {
	MatchCode  string `json:"matchcode"`
	MatchType  string `json:"matchtype"`
	MatchLevel string `json:"matchlevel"`
}

// Compute returns the matchquality of place p found by query q.
func Compute(p Place, q Query) Result {
	return Result{MatchCode: Code(p, q), MatchType: MatchType(p), MatchLevel: Level(p)}
}

// Code returns the matchcode (see the package doc).
func Code(p Place, q Query) string {
	rank := p.RankAddress
	if rank == 0 {
		rank = p.RankSearch
	}
	switch {
	case q.WantedRank > 0 && rank > 0 && rank < q.WantedRank && !(q.WantedRank >= 30 && p.HouseNumber != ""):
		return CodeFallback
	case q.Fuzzy || q.Unmatched > 0:
		return CodeApproximate
	}
	return CodeExact
}

// MatchType returns the matchtype (see the package doc).
func MatchType(p Place) string {
	switch {
	case p.Interpolated:
		return TypeInterpolated
	case p.OSMType == "N" || p.OSMType == "node":
		return TypePoint
	}
	return TypeCentroid
}

// Level returns the matchlevel (see the package doc).
func Level(p Place) string {
	switch p.Class {
	case "place":
		switch p.Type {
		case "postcode":
			return LevelPostalcode
		case "house", "building":
			return LevelBuilding
		case "island", "islet", "archipelago":
			return LevelIsland
		case "sea", "ocean", "bay", "strait":
			return LevelMarine
		}
	case "boundary":
		if p.Type == "postal_code" {
			return LevelPostalcode
		}
	case "natural":
		switch p.Type {
		case "water", "bay", "strait", "sea", "coastline", "wetland", "spring":
			return LevelMarine
		}
	case "waterway":
		switch p.Type {
		case "river", "stream", "canal", "riverbank", "dock", "waterfall", "ditch", "drain":
			return LevelMarine
		}
	case "highway":
		// Streets have search rank 26/27; bus stops and the like (30) are venues.
		if p.RankSearch <= 27 {
			return LevelStreet
		}
	case "building":
		if p.Name == "" {
			return LevelBuilding
		}
	}
	rank := p.RankAddress
	if rank == 0 {
		rank = p.RankSearch
	}
	switch {
	case rank >= 28:
		if p.Name == "" || p.Class == "place" {
			return LevelBuilding
		}
		return LevelVenue
	case rank >= 26:
		return LevelStreet
	case rank >= 22:
		return LevelNeighbourhood
	case rank >= 17:
		if p.Class == "place" && (p.Type == "hamlet" || p.Type == "village" || p.Type == "isolated_dwelling") {
			return LevelCity
		}
		return LevelBorough
	case rank >= 13:
		return LevelCity
	case rank >= 9:
		return LevelCounty
	case rank >= 5:
		return LevelState
	case rank >= 1:
		return LevelCountry
	}
	return LevelVenue
}

// NormalizeImportance clamps v into [0, 1] and rounds it to 6 decimals
// (normalizeimportance=1). NaN gives 0.
func NormalizeImportance(v float64) float64 {
	if math.IsNaN(v) || v < 0 {
		return 0
	}
	if v > 1 {
		return 1
	}
	return math.Round(v*1e6) / 1e6
}
