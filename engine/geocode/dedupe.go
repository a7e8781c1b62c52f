package geocode

// dedupe.go: one row per real-world thing (the dedupe parameter, "filters
// duplicates of one real-world place"). Nominatim drops a result that
// repeats an earlier one's OSM object, or its osm type, class, type,
// display name and address rank (deduplicate_results). OSM maps one thing
// as several objects more often than that: a castle as a node and as its
// area (and its grounds, and the information boards at its gate), a bus
// stop once per direction, a street as one way per segment. Dedupe folds
// those too, and keeps the folded objects reachable in the row's Merged.

import (
	"math"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine/text"
)

// Distances within which objects of one name are one thing, in meters.
const (
	// sameStreetGap: segments of a street (one name, one settlement)
	// whose boxes are at most this far apart. Segments that a result
	// list skips (cut by its limit) leave gaps of a few hundred meters;
	// same-named streets of two villages of one municipality lie
	// further apart.
	sameStreetGap = 1000
	// sameStopDistance: stops of one name, one per direction or per
	// platform of a stop area (the two sides of a crossing are ~150 m
	// apart).
	sameStopDistance = 200
	// sameFeatureReach: a feature whose point lies within this of the
	// other's box (a castle's node, its grounds, the boards at its gate).
	sameFeatureReach = 100
)

// Dedupe returns places with one row per real-world thing, in their order
// (the spec's dedupe; Nominatim's deduplicate_results and more):
//
//   - a place repeating an earlier one's OSM object, or its osm type,
//     class, type, display name and address rank, is dropped (Nominatim);
//   - places that are the same thing (one name, and close as their kind
//     says: sameThing) are folded into one row, at the position of the
//     first of them, with its Score and Penalty. The row is the group's
//     first place of a primary kind (not a building, information board or
//     residential area carrying the name of what it belongs to:
//     secondaryKind), else its first.
//
// Each row lists in Merged the OSM objects folded or dropped into it (its
// own Merged first, then each folded place's own and Merged, in order),
// so nothing found is out of reach. The slice is reused.
func Dedupe(places []Place) []Place {
	type key struct {
		osmType, class, typ, display string
		rank                         int
	}
	n := len(places)
	// Only places of a kind that folds (sameThing) compare names: their
	// normalized names are made when first asked for (a town's hundred
	// translations are never normalized to be compared).
	kinds := make([]thingKind, n)
	for i := range places {
		kinds[i] = kindOf(&places[i])
	}
	names := make([][]string, n)
	named := make([]bool, n)
	namesOf := func(i int) []string {
		if !named[i] {
			names[i], named[i] = nameSet(&places[i]), true
		}
		return names[i]
	}
	// Groups are the connected places (union-find, each group's root its
	// first place): repeats by key or object, and same things.
	root := make([]int, n)
	for i := range root {
		root[i] = i
	}
	find := func(i int) int {
		for root[i] != i {
			root[i] = root[root[i]]
			i = root[i]
		}
		return i
	}
	union := func(i, j int) {
		ri, rj := find(i), find(j)
		if ri > rj {
			ri, rj = rj, ri
		}
		root[rj] = ri
	}
	keySeen := map[key]int{}
	osmSeen := map[OSMRef]int{}
	for i := range places {
		p := &places[i]
		k := key{p.OSMType, p.Class, p.Type, p.DisplayName, p.RankAddress}
		if first, ok := keySeen[k]; ok {
			union(first, i)
		} else {
			keySeen[k] = i
		}
		if ref, ok := p.ref(); ok {
			if first, ok := osmSeen[ref]; ok {
				union(first, i)
			} else {
				osmSeen[ref] = i
			}
		}
		for j := range i {
			if find(j) != find(i) && kinds[i] != kindNone && kinds[j] == kinds[i] &&
				sharesName(namesOf(j), namesOf(i)) && sameThing(&places[j], &places[i]) {
				union(j, i)
			}
		}
	}
	group := make([]int, n)
	for i := range group {
		group[i] = find(i)
	}
	// The row of each group, and what it folds.
	rep := make([]int, n)
	for i := range places {
		g := group[i]
		if i == g {
			rep[g] = g
		} else if secondaryKind(&places[rep[g]]) && !secondaryKind(&places[i]) {
			rep[g] = i
		}
	}
	merged := make([][]OSMRef, n)
	for i := range places {
		g := group[i]
		if i == rep[g] {
			continue
		}
		if ref, ok := places[i].ref(); ok {
			merged[g] = appendRef(merged[g], ref)
		}
		for _, r := range places[i].Merged {
			merged[g] = appendRef(merged[g], r)
		}
	}
	out := places[:0] // a row is written at or before the first of its group
	for i := range n {
		if group[i] != i {
			continue
		}
		row := places[rep[i]]
		// The row ranks where its group does (merges by Score keep it).
		row.Score, row.Penalty = places[i].Score, places[i].Penalty
		own, _ := row.ref()
		var refs []OSMRef
		for _, r := range append(append([]OSMRef(nil), row.Merged...), merged[i]...) {
			if r != own {
				refs = appendRef(refs, r)
			}
		}
		row.Merged = refs
		out = append(out, row)
	}
	return out
}

// appendRef appends r to refs unless it holds it.
func appendRef(refs []OSMRef, r OSMRef) []OSMRef {
	for _, x := range refs {
		if x == r {
			return refs
		}
	}
	return append(refs, r)
}

// ref is the place's OSM object; ok is false for places that are none
// (postcode centroids).
func (p *Place) ref() (OSMRef, bool) {
	if p.OSMType == "" || p.OSMID == 0 {
		return OSMRef{}, false
	}
	return OSMRef{Type: strings.ToUpper(p.OSMType[:1])[0], ID: p.OSMID}, true
}

// thingKind is what SameThing compares places as.
type thingKind uint8

const (
	kindNone    thingKind = iota // never folded: areas, addresses, postcodes, unnamed
	kindStreet                   // a named street (highway of address rank 26-27)
	kindStop                     // a public transport stop or platform
	kindFeature                  // any other named feature: POI, building, landuse...
)

func kindOf(p *Place) thingKind {
	switch {
	case p.Name == "" && len(p.Names) == 0:
		return kindNone
	case p.Class == "place" || p.Class == "boundary":
		return kindNone
	case isStop(p.Class, p.Type):
		return kindStop
	case p.Class == "highway" && (p.RankAddress == 26 || p.RankAddress == 27):
		return kindStreet
	case p.Class == "highway":
		return kindNone
	}
	return kindFeature
}

// isStop reports whether class/type is a public transport stop.
func isStop(class, typ string) bool {
	switch class {
	case "public_transport":
		return typ == "platform" || typ == "stop_position" || typ == "station" || typ == "stop_area"
	case "highway":
		return typ == "bus_stop" || typ == "platform"
	case "railway":
		return typ == "halt" || typ == "station" || typ == "tram_stop" || typ == "platform" || typ == "stop"
	case "amenity":
		return typ == "bus_station" || typ == "ferry_terminal"
	}
	return false
}

// secondaryKind reports whether p is what carries the name of a thing it
// belongs to: a building, an information board, a residential or
// commercial area (the grounds of a castle named after it). A ski area or
// a park is the thing itself.
func secondaryKind(p *Place) bool {
	switch p.Class {
	case "building":
		return true
	case "tourism":
		return p.Type == "information"
	case "landuse":
		return p.Type == "residential" || p.Type == "commercial" || p.Type == "retail" || p.Type == "industrial"
	}
	return false
}

// sameThing reports whether a and b, which share a name, are one
// real-world thing mapped as two objects:
//
//   - two segments of a street: both named streets, in the same
//     settlement (the address's city, town or village of the lowest
//     rank, i.e. the municipality), their boxes at most 1 km apart;
//   - two stops: public transport stops or platforms at most 200 m apart
//     (both directions of a bus stop, the platforms of a station);
//   - two features (POIs, buildings, landuse, historic...): one's point
//     within 100 m of the other's box (a castle's node and its area).
//
// Settlements, admin areas, postcodes and plain addresses are never
// folded (a town is not the bus stop named after it), nor places of
// different kinds.
func sameThing(a, b *Place) bool {
	ka := kindOf(a)
	if ka == kindNone || ka != kindOf(b) {
		return false
	}
	switch ka {
	case kindStreet:
		sa, oka := SettlementOf(a)
		sb, okb := SettlementOf(b)
		return oka && okb && sa.PlaceID == sb.PlaceID && sa.Value == sb.Value && boxGap(a.Bound, b.Bound) <= sameStreetGap
	case kindStop:
		return pointDistance(a.Centroid, b.Centroid) <= sameStopDistance
	}
	return boxGap(a.Bound, orb.Bound{Min: b.Centroid, Max: b.Centroid}) <= sameFeatureReach ||
		boxGap(b.Bound, orb.Bound{Min: a.Centroid, Max: a.Centroid}) <= sameFeatureReach
}

// nameSet returns the normalized names of p (its name in every language,
// official and alternative names), sorted out of duplicates.
func nameSet(p *Place) []string {
	var out []string
	add := func(v string) {
		if n := text.Normalize(v); n != "" {
			for _, o := range out {
				if o == n {
					return
				}
			}
			out = append(out, n)
		}
	}
	add(p.Name)
	for k, v := range p.Names {
		if k == "name" || strings.HasPrefix(k, "name:") || strings.HasPrefix(k, "official_name") ||
			strings.HasPrefix(k, "alt_name") || k == "int_name" {
			add(v)
		}
	}
	return out
}

func sharesName(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// boxGap returns the distance in meters between two boxes (0 when they
// overlap), with longitudes scaled at their latitude.
func boxGap(a, b orb.Bound) float64 {
	dx := max(0, a.Min[0]-b.Max[0], b.Min[0]-a.Max[0])
	dy := max(0, a.Min[1]-b.Max[1], b.Min[1]-a.Max[1])
	lat := (a.Min[1] + a.Max[1] + b.Min[1] + b.Max[1]) / 4
	return math.Hypot(dx*math.Cos(lat*math.Pi/180), dy) * metersPerDegree
}

// pointDistance returns the distance between two points in meters (planar,
// longitudes scaled at their latitude: exact enough within a few km).
func pointDistance(a, b orb.Point) float64 {
	return distDeg(a, b) * metersPerDegree
}
