// Package addrformat applies the LocationIQ output options to an assembled
// address: normalizeaddress (the predictable keys of spec 2.5),
// normalizecity (the spec's fallback order), statecode (ISO 3166-2
// subdivision codes) and postaladdress (country postal formats).
//
// Design choices:
//   - An Address is an ordered list of key/value parts, most specific first
//     (house_number, road, ..., country, country_code), exactly as
//     Nominatim's addressdetails orders them; JSON encoders keep the order.
//     The functions never modify their input: they return new addresses.
//   - Keys are Nominatim's (road, village, town, city_district,
//     ISO3166-2-lvl4, ...). The point of interest itself appears under its
//     class key (amenity, shop, tourism...) or "name"; Normalize maps it to
//     name.
//   - Every function is pure and safe for concurrent use; tables are fixed
//     at compile time.
package addrformat

import "strings"

// Part is one address element.
type Part struct {
	Key, Value string
}

// Address is an ordered address, most specific part first.
type Address []Part

// Get returns the value of key, or "" and false.
func (a Address) Get(key string) (string, bool) {
	for _, p := range a {
		if p.Key == key {
			return p.Value, true
		}
	}
	return "", false
}

// Value returns the value of key, or "".
func (a Address) Value(key string) string {
	v, _ := a.Get(key)
	return v
}

// Has reports whether key is present with a non-empty value.
func (a Address) Has(key string) bool { return a.Value(key) != "" }

// Without returns a copy of a without the parts whose key is in keys.
func (a Address) Without(keys ...string) Address {
	out := make(Address, 0, len(a))
	for _, p := range a {
		drop := false
		for _, k := range keys {
			if p.Key == k {
				drop = true
				break
			}
		}
		if !drop {
			out = append(out, p)
		}
	}
	return out
}

// NormalizedKeys are the keys of spec 2.5 in their output order.
var NormalizedKeys = []string{
	"name", "house_number", "road", "neighbourhood", "suburb", "island", "city",
	"county", "state", "state_code", "postcode", "country", "country_code",
}

// sources lists, for each normalized key, the Nominatim keys that fill it,
// in order of preference. A key consumed by an earlier normalized key is not
// used again. "name" is filled separately (see Normalize).
var sources = map[string][]string{
	"house_number":  {"house_number", "housenumber", "street_number"},
	"road":          {"road", "street", "pedestrian", "footway", "path", "cycleway", "bridleway", "steps", "living_street", "service", "track", "square"},
	"island":        {"island", "islet", "archipelago"},
	"city":          {"city", "town", "village", "municipality", "borough", "city_district", "district", "hamlet"},
	"suburb":        {"suburb", "subdivision", "city_district", "district", "borough", "village"},
	"neighbourhood": {"neighbourhood", "quarter", "city_block", "residential", "allotments", "croft", "isolated_dwelling", "farm", "farmyard", "industrial", "commercial", "retail", "hamlet", "locality"},
	"county":        {"county", "state_district", "district"},
	"state":         {"state", "province", "region"},
	"state_code":    {"state_code"},
	"postcode":      {"postcode"},
	"country":       {"country"},
	"country_code":  {"country_code"},
}

// fillOrder is the order in which normalized keys claim their sources: city
// before suburb and neighbourhood, so "municipality" or "hamlet" become the
// city when no city/town/village exists, and only then fill smaller levels
// (a village inside a town, as Ebenholz in Vaduz, becomes the suburb).
var fillOrder = []string{"house_number", "road", "island", "city", "suburb", "neighbourhood", "county", "state", "state_code", "postcode", "country", "country_code"}

// addressKeys are the keys that are address levels, not the named object
// itself; any other key names the object (amenity, shop, building...).
var addressKeys = map[string]bool{
	"house_name": false, "continent": true, "postcode": true, "country": true, "country_code": true,
	"state_code": true,
}

func init() {
	for _, list := range sources {
		for _, k := range list {
			addressKeys[k] = true
		}
	}
}

// isAddressKey reports whether key is an address level (or an ISO3166-2
// code key) rather than the name of the object.
func isAddressKey(key string) bool {
	return addressKeys[key] || strings.HasPrefix(key, "ISO3166-2")
}

// Normalize returns a in the predictable form of spec 2.5 (normalizeaddress=1):
// only the keys of NormalizedKeys, in that order, each present only when a
// value exists. name is the object's own name: the "name" part, else the
// first part whose key is not an address level (e.g. amenity=Kunstmuseum),
// else house_name.
func Normalize(a Address) Address {
	used := make(map[string]bool, len(a))
	got := make(map[string]string, len(NormalizedKeys))
	if v := a.Value("name"); v != "" {
		got["name"], used["name"] = v, true
	} else {
		for _, p := range a {
			if p.Value != "" && p.Key != "house_name" && !isAddressKey(p.Key) {
				got["name"], used[p.Key] = p.Value, true
				break
			}
		}
		if got["name"] == "" {
			if v := a.Value("house_name"); v != "" {
				got["name"], used["house_name"] = v, true
			}
		}
	}
	for _, nk := range fillOrder {
		for _, k := range sources[nk] {
			if used[k] {
				continue
			}
			// A level below the city never repeats the city's name (a
			// village copied into city by normalizecity stays the city).
			if v := a.Value(k); v != "" && !(v == got["city"] && (nk == "suburb" || nk == "neighbourhood")) {
				got[nk], used[k] = v, true
				break
			}
		}
	}
	out := make(Address, 0, len(got))
	for _, k := range NormalizedKeys {
		if v := got[k]; v != "" {
			out = append(out, Part{k, v})
		}
	}
	return out
}

// CityFallback is the spec's normalizecity order: when an address has no
// city, the first of these keys that it has is put into city.
var CityFallback = []string{"city_district", "locality", "town", "borough", "municipality", "village", "hamlet", "quarter", "neighbourhood"}

// NormalizeCity returns a with a city part added when it has none (spec
// 2.5, normalizecity=1): the value of the first key of CityFallback
// present. The source part is kept; city is inserted right after it, so the
// order stays most specific first. An address with a city, or with none of
// the fallback keys, is returned unchanged (as a copy).
func NormalizeCity(a Address) Address {
	out := append(Address(nil), a...)
	if a.Has("city") {
		return out
	}
	for _, k := range CityFallback {
		for i, p := range a {
			if p.Key == k && p.Value != "" {
				out = append(out[:i+1:i+1], append(Address{{"city", p.Value}}, a[i+1:]...)...)
				return out
			}
		}
	}
	return out
}

// WithStateCode returns a with a state_code part set to code, placed right
// after state (or, without state, before postcode/country), replacing an
// existing state_code. An empty code returns a copy of a.
func WithStateCode(a Address, code string) Address {
	out := a.Without("state_code")
	if code == "" {
		return out
	}
	at := len(out)
	for i, p := range out {
		if p.Key == "state" {
			at = i + 1
			break
		}
	}
	if at == len(out) {
		for i, p := range out {
			if p.Key == "postcode" || p.Key == "country" || p.Key == "country_code" {
				at = i
				break
			}
		}
	}
	res := make(Address, 0, len(out)+1)
	res = append(res, out[:at]...)
	res = append(res, Part{"state_code", code})
	return append(res, out[at:]...)
}
