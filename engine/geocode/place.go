// Package geocode answers geocoding questions over one region pack's places
// tables (see regions/places/places_schema.go for the contract): free-text and
// structured search, postcode search, reverse geocoding by zoom rank, lookup
// by OSM id, and address assembly (address parts, display_name, languages).
//
// Design choices:
//   - It follows Nominatim v1: the same ranks (rank_search, rank_address),
//     address keys (get_label_tag), display_name rule (isaddress parts, most
//     specific first, postcode before the country, a part equal to the one
//     before it dropped), reverse zoom → rank table, reverse distances
//     (0.006° for streets/POIs, 0.001° for a street's house numbers,
//     reverse_place_diameter for place nodes) and search features
//     (featureType, layer, dedupe, viewbox, countrycodes, exclude_place_ids,
//     "[key=value]" categories, coordinates at either end of the query).
//   - A query is read in several ways ("interpretations"): each number-like
//     word as the house number with the other words in the street/place
//     address, and the reading where the first or last word starts the name
//     and every word is in the name or the address. Each reading is one
//     FTS5 query on search_name (words normalized and spelled every way by
//     engine/text); the hits are scored in Go: how much of a name the query
//     covers, whether the address words belong to the displayed address,
//     viewbox, then ranked by that penalty minus importance and cut like
//     Nominatim (results far behind the best are dropped). Fallbacks: a
//     number that is no house number leaves the street; a postcode query
//     gives the postcode; a name in the middle of the query is tried last.
//   - Search costs: each interpretation is one index query reading at most
//     ftsCandidates+1 rows in rowid order (most important first), then the
//     rows of the candidates scored. A word that may be in the address
//     also matches the search_parent token of parents whose names hold
//     it, an OR that FTS5 advances child by child at each step of the AND
//     around it (~7 µs a token even when one row is asked for), so the
//     parents an address query can mean are chosen by their names before
//     the expression is built (chooseParents): those one of whose names the
//     query's address words cover whole or in more than one word ("Schaan
//     Kelomi" for "Landstrasse 10, Schaan Kelomi", "Schaan" for "...,
//     Schaan", the country's "Principauté de Monaco" for "de Monaco"). A
//     parent a word names only by itself (Triesenberg's ISO code "LI-10"
//     by the "10" of a house number, each "Schaan <word>" by "Schaan") is
//     asked for only when the search, with all its fallbacks, finds
//     nothing without it. At LI ×400 with distinct place names "schaan"
//     and "10" name 400 parents each; "Landstrasse 10, Schaan <word>"
//     (no such house: the street, after the fallbacks' four index
//     queries) took 220–290 ms (engine p50, 45 searches), now 2.4–3.0
//     ms, at ×16 26 → 3.3–3.8 ms, as on LI itself (1.6–2.5 ms): the
//     index work no longer grows with the copies (issue 37). Choosing
//     costs the parents chosen: a word's parents are kept indexed by the
//     other words of their names (wordParents). The readings this leaves
//     out are coincidences: on LI, Monaco, Andorra and LI ×16 distinct
//     the first result of 4,536 queries is unchanged, and the later
//     results lost are streets found by a house number read as an ISO
//     code or by "d"/"del" read as a word of "Mas d'en Soler"/"Puiol del
//     Piu". Names alone ("Vaduz", "Schaan", ...) take 1.0–1.1 ms at ×400
//     distinct (engine p50, warm; LI 0.4 ms). Scoring normalizes every
//     spelling of every name of every candidate; the spellings are kept
//     across queries (wordCache, bounded), which took "Vaduz" at ×16
//     distinct (a hundred candidates with dozens of translations each)
//     from 4.5–8.5 to 3–5 ms of CPU.
//   - Category phrases (SpecialPhrases: several languages) at the start or
//     end of a query search that class/type inside the place the rest of
//     the query names (its polygon, near its line, or within its rank's
//     radius), around a query coordinate, or in the viewbox, nearest first.
//   - Address parents (places other places hang on) and named place nodes
//     are loaded into memory when the pack is opened, and decoded admin
//     polygons are cached, so a result's address costs one batched
//     place_addressline query and reverse needs a few small queries.
//   - Records are pack-local: place ids are the pack's own; the engine facade
//     makes them public (engine.PlaceID) and merges several packs.
//   - Deviations from Nominatim: typo tolerance (SearchTolerant: words no
//     place has are read as the words of places they may stand for, within
//     autocomplete's tolerance; the engine asks it when Search finds no
//     good answer); dedupe folds the objects of one real-world thing into
//     one row (Dedupe: a castle's node and area, a bus stop's two
//     directions, a street's segments in one settlement), and a settlement
//     ranks before the POIs named after it; category searches
//     without a place, coordinate or viewbox return that category anywhere
//     (by importance) after the name matches; unnamed streets are never
//     reverse results (Nominatim does not import them).
//
// An Index is safe for concurrent use.
//
// Why one package of about 7,500 lines (over the house's ~5,000): search,
// reverse, lookup, autocomplete's place side and nearby are not separate
// services over the pack but one Index (62 methods in 18 files) whose
// in-memory state they share (address parents, named place nodes, the
// lazily read tables, the decoded-polygon cache), and they call each
// other both ways: a search that is only a coordinate is a reverse
// (searchReverse), a category search finds the place the query names
// and searches around it with reverse's radii (category.go,
// placenodes.go), reverse takes its place radii from the category code,
// nearby and the typo-tolerant search fold rows with search's dedupe and
// go through autocomplete's places and queries. Split by question,
// each part would need the Index's unexported state exported to the
// others. What depends on none of it has its own package already:
// addrformat (address display), complete (the autocomplete index),
// matchquality, placegeom, pointgrid, tagfilter and typo.
package geocode

import (
	"errors"

	"github.com/paulmach/orb"
)

// Sentinel errors.
var (
	// ErrBadQuery is returned for a query that cannot be searched (empty, or
	// a structured query combined with free text).
	ErrBadQuery = errors.New("geocode: bad query")
	// ErrNotFound is returned by Reverse when nothing lies within reach.
	ErrNotFound = errors.New("geocode: unable to geocode")
)

// Place is one geocoding result: a search hit, a reverse result or a looked
// up object. Coordinates are orb order [lon, lat] in degrees.
type Place struct {
	// PlaceID is pack-local in results of this package; the engine facade
	// replaces it by the public id (engine.PlaceID).
	PlaceID int64
	// OSMType is "node", "way" or "relation"; "" for postcode centroids
	// (then OSMID is 0).
	OSMType string
	OSMID   int64
	// Class and Type are the OSM key/value that made the object a place
	// (amenity/restaurant, boundary/administrative, place/house, ...).
	Class, Type string
	AdminLevel  int // 15 when not a boundary
	// RankSearch and RankAddress are Nominatim's ranks (0..30).
	RankSearch, RankAddress int
	// Importance is 0..1 (higher is more important).
	Importance float64
	// Name is the name in the requested languages ("" when unnamed).
	Name string
	// Names holds every name tag by OSM key ("name", "name:de", "alt_name",
	// "ref", ...): Nominatim's namedetails.
	Names map[string]string
	// HouseNumber, Postcode as tagged or derived ("" when none).
	HouseNumber string
	Postcode    string
	CountryCode string // lower-case ISO 3166-1 alpha-2, "" when unknown
	// Centroid is the representative point, Bound the bounding box of the
	// geometry (for nodes Nominatim's extent around the point, see BoundOf).
	Centroid orb.Point
	Bound    orb.Bound
	// Address lists the address parts, most specific first (the place's own
	// name, house number, road, ..., postcode, country, country_code).
	Address []AddressPart
	// DisplayName is the comma-separated address text.
	DisplayName string
	// AddressType is Nominatim's addresstype label of the place itself
	// (e.g. "town", "road", "amenity").
	AddressType string
	// ExtraTags holds the useful remaining tags (wikidata, website, ...).
	ExtraTags map[string]string
	// Geometry is the full geometry, set only when the request asked for
	// it (simplified by the requested threshold).
	Geometry orb.Geometry
	// Entrances are the place's tagged entrance nodes, when asked for
	// (Output.Entrances); nil when it has none.
	Entrances []Entrance
	// Distance is meters from the query point (reverse, "near" searches);
	// 0 otherwise.
	Distance float64
	// Interpolated marks a house number computed from an addr:interpolation way.
	Interpolated bool
	// ParentPlaceID is the street (or addr:place object) a house or POI
	// hangs on, for streets their containing place; 0 if none.
	ParentPlaceID int64
	// AddressTags are the place's own address tags without the addr:
	// prefix (housenumber, street, place, postcode), as Nominatim's details.
	AddressTags map[string]string
	// Score orders search results: lower is better (match penalty minus
	// importance). The engine merges packs by it.
	Score float64
	// Penalty is the match-quality part of Score (0 = exact match).
	Penalty float64
	// Merged lists the OSM objects that Dedupe folded into this result as
	// the same real-world thing (the other segments of a street in its
	// settlement, the other direction of a bus stop, a castle's node
	// beside its area) or dropped as its repeats; nil when none. Lookup
	// gives their places. No API dialect has a field for it (Nominatim's
	// dedupe drops them).
	Merged []OSMRef `json:"-"`
	// Respelled counts the query's words this result was found by reading
	// as others (SearchTolerant: "Vadutz" read as Vaduz); 0 for a result
	// of the query as typed. The window says so ("no exact match").
	Respelled int `json:"-"`
}

// AddressPart is one line of a place's address.
type AddressPart struct {
	// Key is the Nominatim addressdetails key: "house_number", "road",
	// "village", "town", "city", "county", "state", "postcode", "country",
	// "country_code", "ISO3166-2-lvl4", or a class/type label for the place
	// itself ("amenity", "shop", ...).
	Key string
	// Value is the localized name of the part.
	Value string
	// Rank is the part's rank_address (house number 28, postcode 5,
	// country 4, country_code 4).
	Rank int
	// PlaceID is the pack-local id of the place filling this part; 0 for
	// parts that are no place (house number, postcode, country code, or a
	// place's own row when it is the result itself it is the result's id).
	PlaceID int64
	// Class, Type and AdminLevel describe the place filling the part.
	Class, Type string
	AdminLevel  int
}

// Get returns the value of the first address part with key k.
func (p *Place) Get(k string) (string, bool) {
	for _, a := range p.Address {
		if a.Key == k {
			return a.Value, true
		}
	}
	return "", false
}
