package features

import (
	"strconv"
	"strings"

	"github.com/paulmach/osm"

	"waymark/engine/mapdata"
)

// Feature kinds of map_classes.kind.
const (
	mapKindArea  = "area"
	mapKindLine  = "line"
	mapKindPoint = "point"
)

// mapClass is one class of map feature: its name (what styles refer to),
// its geometry kind and the lowest zoom at which the pack stores it.
type mapClass struct {
	name    string
	kind    string
	minzoom int
}

// mapClasses lists every class the features stage writes, with the lowest
// zoom at which it is stored. Styles decide whether and how to draw each
// class; a class absent from a style is simply not drawn.
var mapClasses = []mapClass{
	// land cover and land use (areas; small ones appear later, see mapAreaMinZoom)
	{"water", mapKindArea, 5}, {"glacier", mapKindArea, 5}, {"forest", mapKindArea, 5},
	{"wetland", mapKindArea, 9}, {"scrub", mapKindArea, 9}, {"heath", mapKindArea, 9},
	{"meadow", mapKindArea, 9}, {"grass", mapKindArea, 9}, {"bare_rock", mapKindArea, 9},
	{"scree", mapKindArea, 9}, {"sand", mapKindArea, 9}, {"beach", mapKindArea, 9},
	{"farmland", mapKindArea, 9}, {"farmyard", mapKindArea, 10}, {"orchard", mapKindArea, 10},
	{"vineyard", mapKindArea, 10}, {"allotments", mapKindArea, 11}, {"cemetery", mapKindArea, 11},
	{"residential_area", mapKindArea, 8}, {"commercial", mapKindArea, 10}, {"retail", mapKindArea, 10},
	{"industrial", mapKindArea, 9}, {"railway_land", mapKindArea, 10}, {"military", mapKindArea, 10},
	{"quarry", mapKindArea, 10}, {"construction", mapKindArea, 11}, {"park", mapKindArea, 10},
	{"golf", mapKindArea, 11}, {"sports", mapKindArea, 12}, {"pitch", mapKindArea, 13},
	{"parking", mapKindArea, 13}, {"pedestrian_area", mapKindArea, 13}, {"school", mapKindArea, 12}, {"hospital", mapKindArea, 12},
	{"aerodrome", mapKindArea, 9}, {"building", mapKindArea, 14},
	// water lines
	{"river", mapKindLine, 8}, {"canal", mapKindLine, 11}, {"stream", mapKindLine, 13},
	// roads, most important last
	{"motorway", mapKindLine, 5}, {"motorway_link", mapKindLine, 10}, {"trunk", mapKindLine, 5},
	{"trunk_link", mapKindLine, 10}, {"primary", mapKindLine, 7}, {"primary_link", mapKindLine, 11},
	{"secondary", mapKindLine, 9}, {"secondary_link", mapKindLine, 12}, {"tertiary", mapKindLine, 10},
	{"tertiary_link", mapKindLine, 12}, {"residential", mapKindLine, 12}, {"unclassified", mapKindLine, 12},
	{"road", mapKindLine, 12}, {"living_street", mapKindLine, 13}, {"service", mapKindLine, 13},
	{"pedestrian", mapKindLine, 13}, {"track", mapKindLine, 13}, {"footway", mapKindLine, 14},
	{"path", mapKindLine, 14}, {"cycleway", mapKindLine, 14}, {"steps", mapKindLine, 14},
	{"bridleway", mapKindLine, 14},
	// railways and lifts
	{"rail", mapKindLine, 8}, {"narrow_gauge", mapKindLine, 10}, {"light_rail", mapKindLine, 10},
	{"subway", mapKindLine, 12}, {"tram", mapKindLine, 12}, {"funicular", mapKindLine, 12},
	{"aerialway", mapKindLine, 12},
	// administrative boundaries by admin_level
	{"admin2", mapKindLine, 5}, {"admin3", mapKindLine, 6}, {"admin4", mapKindLine, 7},
	{"admin5", mapKindLine, 8}, {"admin6", mapKindLine, 9}, {"admin7", mapKindLine, 10},
	{"admin8", mapKindLine, 11},
	// labels and symbols (points)
	{"place_country", mapKindPoint, 5}, {"place_city", mapKindPoint, 5}, {"place_town", mapKindPoint, 8}, {"place_village", mapKindPoint, 11},
	{"place_suburb", mapKindPoint, 11}, {"place_hamlet", mapKindPoint, 13}, {"place_quarter", mapKindPoint, 13},
	{"place_neighbourhood", mapKindPoint, 13}, {"place_locality", mapKindPoint, 15},
	{"place_isolated_dwelling", mapKindPoint, 15}, {"place_farm", mapKindPoint, 15},
	{"water_name", mapKindPoint, 12}, {"area_name", mapKindPoint, 13}, {"peak", mapKindPoint, 12}, {"station", mapKindPoint, 12},
	{"poi_food", mapKindPoint, 16}, {"poi_drink", mapKindPoint, 16}, {"poi_shop", mapKindPoint, 16},
	{"poi_lodging", mapKindPoint, 16}, {"poi_tourism", mapKindPoint, 16}, {"poi_health", mapKindPoint, 16},
	{"poi_education", mapKindPoint, 16}, {"poi_money", mapKindPoint, 16}, {"poi_worship", mapKindPoint, 16},
	{"poi_transport", mapKindPoint, 16}, {"poi_fuel", mapKindPoint, 16}, {"poi_public", mapKindPoint, 16},
	{"poi_leisure", mapKindPoint, 16}, {"housenumber", mapKindPoint, 18},
}

// mapAreaClass returns the area class of a closed way or multipolygon with
// tags t, or "" when it is not a drawn area. Buildings are classified apart
// (mapBuildingClass) since a building can also carry land use tags.
func mapAreaClass(t osm.Tags) string {
	if t.Find("area") == "no" {
		return ""
	}
	switch t.Find("highway") {
	case "pedestrian", "footway", "living_street", "service", "track", "platform":
		if t.Find("area") == "yes" {
			return "pedestrian_area"
		}
	}
	if t.Find("place") == "square" {
		return "pedestrian_area"
	}
	switch t.Find("natural") {
	case "water", "bay":
		return "water"
	case "glacier":
		return "glacier"
	case "wetland":
		return "wetland"
	case "wood":
		return "forest"
	case "scrub":
		return "scrub"
	case "heath":
		return "heath"
	case "grassland", "fell":
		return "meadow"
	case "bare_rock":
		return "bare_rock"
	case "scree", "shingle":
		return "scree"
	case "sand":
		return "sand"
	case "beach":
		return "beach"
	}
	switch t.Find("waterway") {
	case "riverbank", "dock":
		return "water"
	}
	switch t.Find("landuse") {
	case "reservoir", "basin":
		return "water"
	case "forest":
		return "forest"
	case "meadow":
		return "meadow"
	case "grass", "village_green", "flowerbed":
		return "grass"
	case "farmland", "greenhouse_horticulture":
		return "farmland"
	case "farmyard":
		return "farmyard"
	case "orchard", "plant_nursery":
		return "orchard"
	case "vineyard":
		return "vineyard"
	case "allotments":
		return "allotments"
	case "cemetery":
		return "cemetery"
	case "residential":
		return "residential_area"
	case "commercial":
		return "commercial"
	case "retail":
		return "retail"
	case "industrial", "garages":
		return "industrial"
	case "railway":
		return "railway_land"
	case "military":
		return "military"
	case "quarry", "landfill":
		return "quarry"
	case "construction", "brownfield":
		return "construction"
	case "recreation_ground":
		return "park"
	}
	switch t.Find("leisure") {
	case "park", "garden", "playground", "dog_park":
		return "park"
	case "golf_course", "miniature_golf":
		return "golf"
	case "pitch":
		return "pitch"
	case "sports_centre", "stadium", "track":
		return "sports"
	}
	switch t.Find("amenity") {
	case "parking":
		if t.Find("parking") == "underground" {
			return ""
		}
		return "parking"
	case "grave_yard":
		return "cemetery"
	case "school", "university", "college", "kindergarten":
		return "school"
	case "hospital":
		return "hospital"
	}
	if t.Find("aeroway") == "aerodrome" {
		return "aerodrome"
	}
	if t.Find("military") != "" && t.Find("military") != "no" {
		return "military"
	}
	return ""
}

// mapBuildingClass returns "building" for a building outline.
func mapBuildingClass(t osm.Tags) string {
	if b := t.Find("building"); b != "" && b != "no" {
		return "building"
	}
	return ""
}

// mapLineClass returns the line class of a way (roads, water lines, railways,
// lifts), or "".
func mapLineClass(t osm.Tags) string {
	if h := t.Find("highway"); h != "" {
		if t.Find("area") == "yes" {
			return ""
		}
		switch h {
		case "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link",
			"secondary", "secondary_link", "tertiary", "tertiary_link", "residential",
			"unclassified", "road", "living_street", "service", "pedestrian", "track",
			"footway", "path", "cycleway", "steps", "bridleway":
			return h
		case "busway":
			return "service"
		}
		return ""
	}
	switch t.Find("waterway") {
	case "river":
		return "river"
	case "canal":
		return "canal"
	case "stream", "ditch", "drain":
		return "stream"
	}
	switch r := t.Find("railway"); r {
	case "rail", "narrow_gauge", "light_rail", "subway", "tram", "funicular":
		return r
	case "monorail":
		return "light_rail"
	}
	switch a := t.Find("aerialway"); a {
	case "", "pylon", "station", "no":
	default:
		return "aerialway"
	}
	return ""
}

// mapPointClass returns the point class of a node or an area's symbol (places,
// peaks, stations, POIs), or "".
func mapPointClass(t osm.Tags) string {
	if p := t.Find("place"); p != "" && t.Find("name") != "" {
		switch p {
		case "country", "city", "town", "village", "suburb", "hamlet", "quarter", "neighbourhood",
			"locality", "isolated_dwelling", "farm":
			return "place_" + p
		}
	}
	if t.Find("natural") == "peak" && (t.Find("name") != "" || t.Find("ele") != "") {
		return "peak"
	}
	switch t.Find("railway") {
	case "station", "halt":
		if t.Find("name") != "" {
			return "station"
		}
	}
	switch t.Find("amenity") {
	case "restaurant", "fast_food", "food_court", "cafe", "ice_cream":
		return "poi_food"
	case "bar", "pub", "biergarten", "nightclub":
		return "poi_drink"
	case "bank", "atm", "bureau_de_change":
		return "poi_money"
	case "pharmacy", "hospital", "clinic", "doctors", "dentist", "veterinary":
		return "poi_health"
	case "school", "kindergarten", "university", "college", "library":
		return "poi_education"
	case "place_of_worship":
		return "poi_worship"
	case "fuel", "charging_station":
		return "poi_fuel"
	case "parking", "bus_station", "taxi", "car_rental":
		if t.Find("parking") == "underground" && t.Find("name") == "" {
			return ""
		}
		return "poi_transport"
	case "post_office", "police", "fire_station", "townhall", "courthouse",
		"community_centre", "embassy", "toilets":
		return "poi_public"
	case "cinema", "theatre", "arts_centre":
		return "poi_tourism"
	}
	if s := t.Find("shop"); s != "" && s != "no" && s != "vacant" {
		return "poi_shop"
	}
	switch t.Find("tourism") {
	case "hotel", "motel", "guest_house", "hostel", "alpine_hut", "wilderness_hut",
		"camp_site", "caravan_site", "chalet", "apartment":
		return "poi_lodging"
	case "museum", "attraction", "viewpoint", "gallery", "zoo", "theme_park", "artwork":
		return "poi_tourism"
	}
	switch t.Find("historic") {
	case "castle", "monument", "memorial", "ruins", "archaeological_site":
		return "poi_tourism"
	}
	switch t.Find("leisure") {
	case "sports_centre", "swimming_pool", "fitness_centre", "water_park", "stadium":
		return "poi_leisure"
	}
	return ""
}

// mapLineFlags returns the bridge/tunnel/oneway flags and the OSM layer of a way.
func mapLineFlags(t osm.Tags) (flags, layer int) {
	switch t.Find("bridge") {
	case "", "no":
	default:
		flags |= mapdata.FlagBridge
	}
	switch t.Find("tunnel") {
	case "", "no":
	default:
		flags |= mapdata.FlagTunnel
	}
	if t.Find("covered") == "yes" && flags&mapdata.FlagTunnel == 0 && t.Find("highway") != "" {
		flags |= mapdata.FlagTunnel
	}
	switch t.Find("oneway") {
	case "yes", "1", "true", "-1":
		flags |= mapdata.FlagOneway
	}
	if l, err := strconv.Atoi(strings.TrimSpace(t.Find("layer"))); err == nil && l >= -5 && l <= 5 {
		layer = l
	}
	if flags&mapdata.FlagBridge != 0 && layer <= 0 {
		layer = 1
	}
	if flags&mapdata.FlagTunnel != 0 && layer >= 0 {
		layer = -1
	}
	return flags, layer
}

// mapLabelRank orders place labels: a higher rank wins label collisions.
// It grows with the place class and, within a class, with the population.
func mapLabelRank(class string, t osm.Tags) int {
	base := map[string]int{
		"place_country": 1000, "place_city": 900, "place_town": 800, "place_village": 600, "place_suburb": 550,
		"place_hamlet": 400, "place_quarter": 380, "place_neighbourhood": 350,
		"place_locality": 200, "place_isolated_dwelling": 150, "place_farm": 150,
		"water_name": 300, "peak": 300, "station": 450, "housenumber": 10,
	}[class]
	if base == 0 {
		base = 100 // POIs
		if t.Find("name") != "" {
			base += 50
		}
	}
	if pop, err := strconv.Atoi(strings.ReplaceAll(t.Find("population"), ",", "")); err == nil && pop > 0 {
		r := 0
		for pop >= 10 && r < 60 {
			pop /= 2
			r++
		}
		base += r
	}
	switch t.Find("capital") {
	case "yes", "2":
		base += 150 // national capitals win over bigger towns
	case "3", "4":
		base += 60
	}
	if class == "peak" {
		if e, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(t.Find("ele")), " m"), 64); err == nil && e > 0 {
			base += int(e / 100)
		}
	}
	return base
}

// mapAdminClass returns the boundary class of an admin_level (≤ 8), or "".
func mapAdminClass(level string) string {
	l, err := strconv.Atoi(strings.TrimSpace(level))
	if err != nil || l < 2 || l > 8 {
		return ""
	}
	return "admin" + strconv.Itoa(l)
}

// MapClassNames returns the names of every map feature class the features
// stage writes, in map_classes id order.
func MapClassNames() []string {
	out := make([]string, len(mapClasses))
	for i, c := range mapClasses {
		out[i] = c.name
	}
	return out
}
