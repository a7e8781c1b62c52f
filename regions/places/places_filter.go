// places_filter.go decides which OSM objects become places and how their
// tags split into class/type, names, address and extratags. It follows
// Nominatim's flex import style (presets MAIN_TAGS, POIs, streets, names,
// address, extratags "delete" lists):
//
//   - a main tag is "always" imported, imported when the object is "named",
//     or a "fallback" used only when no other main tag applies and the object
//     has a name or an address (building, landuse, historic=yes,
//     healthcare, junction);
//   - an object with several main tags gives one place per tag;
//   - an object with an address (housenumber, housename) but no main tag
//     becomes place/house;
//   - names: name, name:xx and the alt/old/official/short/int/loc/nat/reg
//     names (with language suffixes) count as names; ref, int_ref, iata,
//     icao, ISO3166-2 are extra names (searchable, but not "named");
//     addr:housename is a house name.

package places

import (
	"slices"
	"strings"

	"github.com/paulmach/osm"

	"waymark/regions/extract"
)

type mainRule int

const (
	ruleNever mainRule = iota
	ruleAlways
	ruleNamed
	ruleFallback
)

// keyRule says how a key's values are treated: def for any value, except
// the values listed.
type keyRule struct {
	def    mainRule
	values map[string]mainRule
}

var mainKeys = map[string]keyRule{
	"boundary": {ruleNamed, map[string]mainRule{"place": ruleNever, "land_area": ruleNever, "postal_code": ruleAlways}},
	"landuse":  {ruleFallback, nil},
	"place":    {ruleAlways, map[string]mainRule{"yes": ruleNever, "no": ruleNever}},
	"waterway": {ruleNamed, map[string]mainRule{"riverbank": ruleNever}},
	"natural": {ruleNamed, map[string]mainRule{"yes": ruleNever, "no": ruleNever, "coastline": ruleNever,
		"saddle": ruleFallback, "water": ruleFallback}},
	"mountain_pass": {ruleAlways, map[string]mainRule{"no": ruleNever}},
	"water":         {ruleNamed, map[string]mainRule{"river": ruleNever, "stream": ruleNever, "canal": ruleNever, "ditch": ruleNever, "drain": ruleNever}},
	"aerialway":     {ruleAlways, map[string]mainRule{"no": ruleNever, "pylon": ruleNever}},
	"aeroway":       {ruleAlways, map[string]mainRule{"no": ruleNever}},
	"amenity": {ruleAlways, map[string]mainRule{"no": ruleNever, "parking_space": ruleNever, "parking_entrance": ruleNever,
		"waste_disposal": ruleNever, "hunting_stand": ruleNever}},
	"building":   {ruleFallback, map[string]mainRule{"no": ruleNever}},
	"club":       {ruleAlways, map[string]mainRule{"no": ruleNever}},
	"craft":      {ruleAlways, map[string]mainRule{"no": ruleNever}},
	"emergency":  {ruleAlways, map[string]mainRule{"no": ruleNever, "yes": ruleNever, "fire_hydrant": ruleNever}},
	"healthcare": {ruleFallback, map[string]mainRule{"yes": ruleNever, "no": ruleNever}},
	"highway": {ruleAlways, map[string]mainRule{"no": ruleNever, "turning_circle": ruleNever, "mini_roundabout": ruleNever,
		"noexit": ruleNever, "crossing": ruleNever, "give_way": ruleNever, "stop": ruleNever,
		"street_lamp": ruleNamed, "traffic_signals": ruleNamed,
		"service": ruleNamed, "cycleway": ruleNamed, "path": ruleNamed, "footway": ruleNamed, "steps": ruleNamed,
		"bridleway": ruleNamed, "track": ruleNamed, "motorway_link": ruleNamed, "trunk_link": ruleNamed,
		"primary_link": ruleNamed, "secondary_link": ruleNamed, "tertiary_link": ruleNamed,
		"proposed": ruleNever, "platform": ruleNamed, "elevator": ruleNamed, "speed_camera": ruleNamed,
		"milestone": ruleNamed, "street_lamp;traffic_signals": ruleNever}},
	"historic": {ruleAlways, map[string]mainRule{"yes": ruleFallback, "no": ruleNever}},
	"junction": {ruleFallback, map[string]mainRule{"no": ruleNever}},
	"leisure":  {ruleAlways, map[string]mainRule{"nature_reserve": ruleFallback, "swimming_pool": ruleNamed, "no": ruleNever}},
	"man_made": {ruleNever, map[string]mainRule{"pier": ruleAlways, "tower": ruleAlways, "bridge": ruleAlways,
		"works": ruleNamed, "water_tower": ruleAlways, "dyke": ruleNamed, "adit": ruleNamed,
		"lighthouse": ruleAlways, "watermill": ruleAlways, "tunnel": ruleAlways, "windmill": ruleAlways,
		"observatory": ruleAlways, "chimney": ruleNamed, "mast": ruleNamed, "reservoir_covered": ruleNamed,
		"wastewater_plant": ruleNamed, "water_works": ruleNamed, "silo": ruleNamed}},
	"military": {ruleAlways, map[string]mainRule{"yes": ruleNever, "no": ruleNever}},
	"office":   {ruleAlways, map[string]mainRule{"no": ruleNever}},
	"railway": {ruleNamed, map[string]mainRule{"rail": ruleNever, "no": ruleNever, "abandoned": ruleNever,
		"disused": ruleNever, "razed": ruleNever, "level_crossing": ruleNever, "switch": ruleNever,
		"signal": ruleNever, "buffer_stop": ruleNever}},
	"shop":    {ruleAlways, map[string]mainRule{"no": ruleNever}},
	"tourism": {ruleAlways, map[string]mainRule{"no": ruleNever, "yes": ruleNever}},
}

// mainKeyOrder fixes the order in which an object's main tags become places.
var mainKeyOrder = []string{
	"boundary", "place", "highway", "amenity", "shop", "tourism", "leisure", "historic", "office", "craft",
	"emergency", "healthcare", "aeroway", "aerialway", "railway", "waterway", "natural", "water",
	"mountain_pass", "man_made", "military", "club", "junction", "landuse", "building",
}

// mainTag is a class/type pair that makes an object a place.
type mainTag struct{ class, typ string }

// placeTags returns the class/type pairs of tags, in mainKeyOrder. named is
// whether the object has a main name; hasAddress whether it has a house
// number or house name.
func placeTags(tags osm.Tags, named, hasAddress bool) []mainTag {
	var out []mainTag
	var fallback []mainTag
	for _, k := range mainKeyOrder {
		v := tags.Find(k)
		if v == "" {
			continue
		}
		kr := mainKeys[k]
		rule := kr.def
		if r, ok := kr.values[v]; ok {
			rule = r
		}
		if k == "boundary" && v == "administrative" && !named {
			rule = ruleNever
		}
		switch rule {
		case ruleAlways:
			if k == "place" && !named && v != "house" && v != "houses" && v != "postcode" {
				continue // unnamed place nodes say nothing
			}
			out = append(out, mainTag{k, v})
		case ruleNamed:
			if named {
				out = append(out, mainTag{k, v})
			}
		case ruleFallback:
			if named || hasAddress {
				fallback = append(fallback, mainTag{k, v})
			}
		}
	}
	if len(out) > 1 && out[0].class == "boundary" && out[0].typ == "administrative" && out[1].class == "place" {
		// A boundary's place tag describes the boundary (Nominatim keeps it
		// in extratags and uses it to find the linked place node).
		out = append(out[:1], out[2:]...)
	}
	if len(out) == 0 && len(fallback) > 0 {
		out = fallback[:1]
	}
	if len(out) == 0 && hasAddress {
		out = []mainTag{{"place", "house"}}
	}
	return out
}

// nameKeys are the name tags (also with a ":xx" language suffix) that make
// an object named.
var nameKeys = []string{"name", "int_name", "nat_name", "reg_name", "loc_name", "old_name",
	"alt_name", "official_name", "short_name", "place_name"}

// extraNameKeys are searchable names that do not make an object named.
var extraNameKeys = map[string]bool{"ref": true, "int_ref": true, "nat_ref": true, "reg_ref": true,
	"loc_ref": true, "old_ref": true, "iata": true, "icao": true, "ISO3166-2": true, "addr:housename": true}

// nameSuffixesExcluded are name:xx suffixes that are not names.
var nameSuffixesExcluded = []string{"prefix", "suffix", "botanical", "etymology", "source", "left", "right",
	"pronunciation", "signed", "date", "note", "wikidata", "wikipedia", "genitive"}

// isNameKey reports whether k is a name key, and whether it counts as a
// main name (as opposed to an extra name such as ref).
func isNameKey(k string) (name, main bool) {
	if extraNameKeys[k] {
		return true, false
	}
	base, suffix, hasSuffix := strings.Cut(k, ":")
	for _, nk := range nameKeys {
		if base != nk {
			continue
		}
		if !hasSuffix {
			return true, true
		}
		for _, ex := range nameSuffixesExcluded {
			if strings.Contains(suffix, ex) {
				return false, false
			}
		}
		return true, true
	}
	if strings.HasPrefix(k, "alt_name_") { // alt_name_1 etc.
		return true, true
	}
	return false, false
}

// defaultNameOrder picks places.name when the tag name is absent.
var defaultNameOrder = []string{"name", "official_name", "short_name", "int_name", "alt_name", "loc_name",
	"nat_name", "reg_name", "old_name", "ref", "addr:housename"}

// extratagsDropped are key prefixes/keys never kept in extratags, in lower
// case: keys are compared case-insensitively (mappers write both fixme and
// its upper-case form, NHD: and nhd:).
var extratagsDropped = []string{"note", "source", "attribution", "comment", "fixme", "created_by",
	"tiger:", "nhd:", "gnis:", "geobase:", "ksj2:", "yh:", "osak:", "naptan:", "clc:", "import",
	"it:fvg:", "lacounty:", "ref:ruian:", "building:ruian:type", "ref:linz:", "odbl", "sk53_bulk:load",
	"sub_sea:type", "is_in", "type", "area", "addr:", "contact:webcam", "mapillary", "survey:date", "check_date",
	"not:name"}

// keepExtratag reports whether key k goes to extratags.
func keepExtratag(k string) bool {
	lk := strings.ToLower(k)
	for _, p := range extratagsDropped {
		if strings.HasPrefix(lk, p) {
			return false
		}
	}
	if strings.HasSuffix(k, ":source") || strings.HasSuffix(k, "source_ref") {
		return false
	}
	return true
}

// housenumberOf returns the house number of tags: addr:housenumber, else a
// Czech-style conscription/street number pair "c/s", else one of them.
func housenumberOf(tags osm.Tags) string {
	if hn := strings.TrimSpace(tags.Find("addr:housenumber")); hn != "" {
		return hn
	}
	c := strings.TrimSpace(tags.Find("addr:conscriptionnumber"))
	s := strings.TrimSpace(tags.Find("addr:streetnumber"))
	switch {
	case c != "" && s != "":
		return c + "/" + s
	case c != "":
		return c
	}
	return s
}

// normalizePostcode trims and upper-cases a tagged postcode; it returns ”
// for values that are not postcodes (lists, very long strings).
func normalizePostcode(pc string) string {
	pc = strings.ToUpper(strings.Join(strings.Fields(pc), " "))
	if pc == "" || len(pc) > 12 || strings.ContainsAny(pc, ";,") {
		return ""
	}
	return pc
}

// isAreaWay reports whether a closed way describes an area (buildings,
// landuse, amenities…) rather than a closed line (roundabouts, fences).
func isAreaWay(w *extract.Way) bool {
	if len(w.Nodes) < 4 || w.Nodes[0] != w.Nodes[len(w.Nodes)-1] {
		return false
	}
	switch w.Tags.Find("area") {
	case "yes":
		return true
	case "no":
		return false
	}
	for _, k := range []string{"building", "landuse", "amenity", "leisure", "boundary", "place", "shop",
		"tourism", "historic", "office", "craft", "military", "aeroway", "water"} {
		if w.Tags.Find(k) != "" {
			return true
		}
	}
	for _, k := range []string{"highway", "barrier", "railway", "waterway", "power", "route"} {
		if w.Tags.Find(k) != "" {
			return false
		}
	}
	switch w.Tags.Find("natural") {
	case "coastline", "cliff", "ridge", "tree_row", "arete", "earth_bank", "valley":
		return false
	}
	return true
}

// extractNames returns the name tags of tags and whether a main name is
// among them.
func extractNames(tags osm.Tags) (extract.TagMap, bool) {
	var names []extract.TagPair
	main := false
	for _, t := range tags {
		isName, isMain := isNameKey(t.Key)
		v := strings.TrimSpace(t.Value)
		if !isName || v == "" {
			continue
		}
		names = append(names, extract.TagPair{Key: t.Key, Value: v})
		main = main || isMain
	}
	return extract.NewTagMap(names), main
}

// laterKeys are the tags the steps after collect read from a place's
// object (linking by wikidata, country codes); the others are not kept.
var laterKeys = []string{"wikidata", "ISO3166-1:alpha2", "ISO3166-1", "country_code", "ISO3166-2",
	"addr:country", "is_in:country_code", "country"}

// laterTags returns the tags of laterKeys in tags (nil when none is).
func laterTags(tags osm.Tags) osm.Tags {
	var kept osm.Tags
	for _, t := range tags {
		if slices.Contains(laterKeys, t.Key) {
			kept = append(kept, t)
		}
	}
	return kept
}
