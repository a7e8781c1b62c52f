package places

// places_row.go: a place while the places stage runs (places.go), kept
// small: a country has millions.

import (
	"unique"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/regions/extract"
)

// place is one row of the places table while the stage runs: 192 bytes
// (a country has millions; the fields are ordered so that none pads).
// The non-leaf places a step holds are mostly streets (LI: 90%), so what
// few of them set (address tags, relation members, kept tags) waits in
// later, and small values are small: 352 bytes before (LI ×16: 17 MB of
// the stage's peak), then 232 (allocated as 240) until the name tags
// became a pointer to the copy places share, the country code two bytes,
// the postcode an interned handle and the flags bits.
type place struct {
	osmID int64
	kind  *placeKind
	name  string
	// nameTags are the name tags, shared by the places in memory with
	// equal ones (shareNames); nil for none. names reads them.
	nameTags *extract.TagMap
	// code is the postcode (postcode, setPostcode).
	code       postcodeRef
	extratags  extract.PackedTags
	importance float64
	parent     int32 // index+1 of the parent place, 0 for none
	linked     int32 // index+1 of the place this one is linked into
	centroid   orb.Point
	bound      orb.Bound
	geom       shape   // 16 bytes and its blob (places_shape.go)
	area       float64 // square degrees, 0 unless areal
	lines      []addressLine
	// later holds what the steps after collect read of the object, for
	// the few places that have any (nil for most).
	later   *placeLater
	country countryCode
	osmType byte // 'N', 'W', 'R'; 0 for a country row made from no object
	// adminLevel is 1..14 for administrative boundaries, else 15.
	adminLevel int8
	// Nominatim's ranks, 0..30.
	rankSearch, rankAddress int8
	flags                   placeFlags
}

// placeFlags are a place's yes-or-no facts, a bit each.
type placeFlags uint8

const (
	// tagPostcode: the postcode came from addr:postcode (own or
	// inherited).
	tagPostcode placeFlags = 1 << iota
	// inheritedPostcode: the postcode was taken from the surrounding
	// building (not counted again for postcode centroids).
	inheritedPostcode
	// interpolated: a row expanded from an addr:interpolation way.
	interpolated
	// inherits: a house or POI whose address continues with its
	// parent's (addressHouse): lines holds only the parent's row and
	// fullLines adds the parent's lines.
	inherits
	// inCold: the record is in the cold store (places_records.go).
	inCold
)

// is reports whether the place has every flag of f.
func (p *place) is(f placeFlags) bool { return p.flags&f == f }

// mark sets the flags of f on or off.
func (p *place) mark(f placeFlags, on bool) {
	if on {
		p.flags |= f
	} else {
		p.flags &^= f
	}
}

// postcodeRef is a postcode interned (package unique): 8 bytes where a
// string took 16, and places with one code share its text; the zero
// value is none.
type postcodeRef struct{ h unique.Handle[string] }

// postcode returns the place's postcode ("" for none).
func (p *place) postcode() string {
	if p.code == (postcodeRef{}) {
		return ""
	}
	return p.code.h.Value()
}

// setPostcode sets the place's postcode ("" for none).
func (p *place) setPostcode(code string) { p.code = toPostcode(code) }

// toPostcode returns code as a postcodeRef.
func toPostcode(code string) postcodeRef {
	if code == "" {
		return postcodeRef{}
	}
	return postcodeRef{unique.Make(code)}
}

// countryCode is an ISO 3166-1 alpha-2 code, lower case as Nominatim
// writes it (countryCodeOf and the others take only two-byte values), in
// two bytes where a string took 16; the zero value is none.
type countryCode [2]byte

// toCountry returns s, "" or a two-byte code, as a countryCode.
func toCountry(s string) countryCode {
	var c countryCode
	copy(c[:], s)
	return c
}

// String returns the code, "" for none.
func (c countryCode) String() string {
	if c == (countryCode{}) {
		return ""
	}
	return string(c[:])
}

// names returns the place's name tags (nil for none).
func (p *place) names() extract.TagMap {
	if p.nameTags == nil {
		return nil
	}
	return *p.nameTags
}

// setNames makes m the place's name tags, in a copy of its own (shareNames
// makes places share one).
func (p *place) setNames(m extract.TagMap) { p.nameTags = nameRef(m) }

// nameRef returns m as a place's nameTags: nil for none.
func nameRef(m extract.TagMap) *extract.TagMap {
	if len(m) == 0 {
		return nil
	}
	return &m
}

// placeKind is a place's class and type (placeBuilder.kindOf keeps one
// of each pair): 8 bytes in a place where the two strings took 32.
type placeKind struct{ class, typ string }

// placeLater is what a place keeps of its object for the steps after
// collect, and its address tags: 96 bytes, for the few non-leaf places
// that have any (the leaves, houses and POIs, wait in the spill).
type placeLater struct {
	tags   osm.Tags         // laterTags of the object
	member []extract.Member // a relation's label members (labelMembers), non-nil for a relation with members
	// housenumber, street and addrPlace are the address tags
	// (addr:housenumber, addr:street or addr:street:name, addr:place),
	// or those inherited from a building.
	housenumber, street, addrPlace string
}

// setRanks sets the place's ranks from its kind, admin level and type
// (placeRanks).
func (p *place) setRanks() {
	search, address := placeRanks(p.kind.class, p.kind.typ, int(p.adminLevel), p.osmType == 'N')
	p.rankSearch, p.rankAddress = int8(search), int8(address)
}

// osmTypeName is the place's osm_type: "N", "W", "R" or "".
func (p *place) osmTypeName() string {
	if p.osmType == 0 {
		return ""
	}
	return string(rune(p.osmType))
}

// keptTags returns the place's laterTags (nil for none).
func (p *place) keptTags() osm.Tags {
	if p.later == nil {
		return nil
	}
	return p.later.tags
}

// members returns the label members of the place's relation, empty for a
// relation with members and no label, nil for no relation or no members
// (labelMembers).
func (p *place) members() []extract.Member {
	if p.later == nil {
		return nil
	}
	return p.later.member
}

// housenumber returns the place's house number ("" for none).
func (p *place) housenumber() string {
	if p.later == nil {
		return ""
	}
	return p.later.housenumber
}

// street returns the place's addr:street ("" for none).
func (p *place) street() string {
	if p.later == nil {
		return ""
	}
	return p.later.street
}

// addrPlace returns the place's addr:place ("" for none).
func (p *place) addrPlace() string {
	if p.later == nil {
		return ""
	}
	return p.later.addrPlace
}

// setAddress sets the place's address tags. later may be shared with the
// other places of the same object, so it is copied, not changed.
func (p *place) setAddress(housenumber, street, addrPlace string) {
	var l placeLater
	if p.later != nil {
		l = *p.later
	} else if housenumber == "" && street == "" && addrPlace == "" {
		return
	}
	l.housenumber, l.street, l.addrPlace = housenumber, street, addrPlace
	p.later = &l
}

// addressLine is one parent in a place's address: 16 bytes (a country
// has millions of them).
type addressLine struct {
	distance  float64 // meters
	parent    int32   // index of the parent place
	rank      int16
	isAddress bool
	fromArea  bool
}
