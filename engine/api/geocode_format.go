package api

// geocode_format.go: the JSON forms of geocoding results: json and jsonv2
// records (spec 2.1/2.2, Nominatim's field order; jsonv2 says category
// instead of class), geojson and geocodejson FeatureCollections.
// place_id and osm_id are strings in json/jsonv2 search and reverse
// records and numbers in lookup records (spec 2.1), and numbers in geojson
// and geocodejson properties (Nominatim).

import (
	"encoding/json"
	"strconv"

	"waymark/engine/api/geomformat"
	"waymark/engine/geocode"
	"waymark/engine/geocode/matchquality"
)

// iconBase is where Nominatim serves its map icons; icon is given for the
// categories of Nominatim's icon table.
const iconBase = "https://nominatim.openstreetmap.org/ui/mapicons/"

var icons = map[[2]string]string{
	{"boundary", "administrative"}: "poi_boundary_administrative", {"place", "city"}: "poi_place_city",
	{"place", "town"}: "poi_place_town", {"place", "village"}: "poi_place_village",
	{"place", "hamlet"}: "poi_place_village", {"place", "suburb"}: "poi_place_village",
	{"place", "locality"}: "poi_place_village", {"place", "airport"}: "transport_airport2",
	{"aeroway", "aerodrome"}: "transport_airport2", {"railway", "station"}: "transport_train_station2",
	{"amenity", "place_of_worship"}: "place_of_worship_unknown3", {"amenity", "pub"}: "food_pub",
	{"amenity", "bar"}: "food_bar", {"amenity", "university"}: "education_university",
	{"tourism", "museum"}: "tourist_museum", {"amenity", "arts_centre"}: "tourist_art_gallery2",
	{"tourism", "zoo"}: "tourist_zoo", {"tourism", "theme_park"}: "poi_point_of_interest",
	{"tourism", "attraction"}: "poi_point_of_interest", {"leisure", "golf_course"}: "sport_golf",
	{"historic", "castle"}: "tourist_castle", {"amenity", "hospital"}: "health_hospital",
	{"amenity", "school"}: "education_school", {"amenity", "theatre"}: "tourist_theatre",
	{"amenity", "library"}: "amenity_library", {"amenity", "fire_station"}: "amenity_firestation3",
	{"amenity", "police"}: "amenity_police2", {"amenity", "bank"}: "money_bank2",
	{"amenity", "post_office"}: "amenity_post_office", {"tourism", "hotel"}: "accommodation_hotel2",
	{"amenity", "cinema"}: "tourist_cinema", {"tourism", "artwork"}: "tourist_art_gallery2",
	{"historic", "archaeological_site"}: "tourist_archaeological2", {"amenity", "doctors"}: "health_doctors",
	{"leisure", "sports_centre"}: "sport_leisure_centre", {"leisure", "swimming_pool"}: "sport_swimming_outdoor",
	{"shop", "supermarket"}: "shopping_supermarket", {"shop", "convenience"}: "shopping_convenience",
	{"amenity", "restaurant"}: "food_restaurant", {"amenity", "fast_food"}: "food_fastfood",
	{"amenity", "cafe"}: "food_cafe", {"tourism", "guest_house"}: "accommodation_bed_and_breakfast",
	{"amenity", "pharmacy"}: "health_pharmacy_dispensing", {"amenity", "fuel"}: "transport_fuel",
	{"natural", "peak"}: "poi_peak", {"natural", "wood"}: "landuse_coniferous_and_deciduous",
	{"shop", "bicycle"}: "shopping_bicycle", {"shop", "clothes"}: "shopping_clothes",
	{"shop", "hairdresser"}: "shopping_hairdresser", {"shop", "doityourself"}: "shopping_diy",
	{"shop", "estate_agent"}: "shopping_estateagent2", {"shop", "car"}: "shopping_car",
	{"shop", "garden_centre"}: "shopping_garden_centre", {"shop", "car_repair"}: "shopping_car_repair",
	{"shop", "bakery"}: "shopping_bakery", {"shop", "butcher"}: "shopping_butcher",
	{"shop", "apparel"}: "shopping_clothes", {"shop", "laundry"}: "shopping_laundrette",
	{"shop", "beverages"}: "shopping_alcohol", {"shop", "alcohol"}: "shopping_alcohol",
	{"shop", "optician"}: "health_opticians", {"shop", "chemist"}: "health_pharmacy",
	{"shop", "gallery"}: "tourist_art_gallery2", {"shop", "jewelry"}: "shopping_jewelry",
	{"tourism", "information"}: "amenity_information", {"historic", "ruins"}: "tourist_ruin",
	{"amenity", "college"}: "education_school", {"historic", "monument"}: "tourist_monument",
	{"historic", "memorial"}: "tourist_monument", {"historic", "mine"}: "poi_mine",
	{"tourism", "caravan_site"}: "accommodation_caravan_park", {"amenity", "bus_station"}: "transport_bus_station",
	{"amenity", "atm"}: "money_atm2", {"tourism", "viewpoint"}: "tourist_view_point",
	{"railway", "tram"}: "transport_tram_stop", {"amenity", "courthouse"}: "amenity_court",
	{"amenity", "recycling"}: "amenity_recycling", {"amenity", "dentist"}: "health_dentist",
	{"natural", "beach"}: "tourist_beach", {"railway", "tram_stop"}: "transport_tram_stop",
	{"amenity", "prison"}: "amenity_prison", {"highway", "bus_stop"}: "transport_bus_stop2",
}

// iconOf returns the icon URL of a class/type, "" when Nominatim has none.
func iconOf(class, typ string) string {
	if i, ok := icons[[2]string{class, typ}]; ok {
		return iconBase + i + ".p.20.png"
	}
	return ""
}

// importance is Nominatim's calculated_importance of p.
func importance(p *geocode.Place) float64 { return geocode.CalculatedImportance(p) }

// record is one json/jsonv2 place record, fields in Nominatim's order.
type record struct {
	PlaceID       any                  `json:"place_id"`
	Licence       string               `json:"licence"`
	OSMType       string               `json:"osm_type,omitempty"`
	OSMID         any                  `json:"osm_id,omitempty"`
	Lat           string               `json:"lat"`
	Lon           string               `json:"lon"`
	Class         string               `json:"class,omitempty"`
	Category      string               `json:"category,omitempty"`
	Type          string               `json:"type"`
	PlaceRank     int                  `json:"place_rank"`
	Importance    float64              `json:"importance"`
	AddressType   string               `json:"addresstype"`
	Name          string               `json:"name"`
	DisplayName   string               `json:"display_name"`
	Icon          string               `json:"icon,omitempty"`
	Address       *orderedAddress      `json:"address,omitempty"`
	PostalAddress string               `json:"postaladdress,omitempty"`
	ExtraTags     *map[string]string   `json:"extratags,omitempty"`
	NameDetails   *map[string]string   `json:"namedetails,omitempty"`
	Entrances     *entrancesJSON       `json:"entrances,omitempty"`
	MatchQuality  *matchquality.Result `json:"matchquality,omitempty"`
	BoundingBox   [4]string            `json:"boundingbox"`
	Distance      *float64             `json:"distance,omitempty"`
	GeoJSON       json.RawMessage      `json:"geojson,omitempty"`
	GeoKML        string               `json:"geokml,omitempty"`
	SVG           string               `json:"svg,omitempty"`
	GeoText       string               `json:"geotext,omitempty"`
}

// view says how records of one response are written.
type view struct {
	gp          geoParams
	numericIDs  bool // lookup: place_id and osm_id as numbers
	showDist    bool // reverse showdistance=1
	reverse     bool // a reverse answer: geocodejson always has accuracy (meters)
	wantedRank  int  // matchquality: rank the query asked for
	searchKinds bool // matchquality/normalizeimportance apply
}

func (v view) id(n int64) any {
	if v.numericIDs {
		return n
	}
	return strconv.FormatInt(n, 10)
}

// makeRecord builds the json/jsonv2 record of p.
func (v view) makeRecord(p *geocode.Place) record {
	gp := v.gp
	rec := record{
		PlaceID:     v.id(p.PlaceID),
		Licence:     licence,
		Lat:         coord(p.Centroid[1]),
		Lon:         coord(p.Centroid[0]),
		Type:        p.Type,
		PlaceRank:   p.RankSearch,
		Importance:  gp.opts.Importance(importance(p)),
		AddressType: p.AddressType,
		Name:        p.Name,
		DisplayName: p.DisplayName,
		Icon:        iconOf(p.Class, p.Type),
		BoundingBox: bbox(p),
	}
	if gp.format == "jsonv2" {
		rec.Category = p.Class
	} else {
		rec.Class = p.Class
	}
	if p.OSMType != "" {
		rec.OSMType, rec.OSMID = p.OSMType, v.id(p.OSMID)
	}
	if gp.address {
		a := orderedAddress(gp.opts.Address(p))
		rec.Address = &a
	}
	if s, ok := gp.opts.Postal(p); ok {
		rec.PostalAddress = s
	}
	if gp.extra {
		et := p.ExtraTags
		if et == nil {
			et = map[string]string{}
		}
		rec.ExtraTags = &et
	}
	if gp.names {
		nd := p.Names
		if nd == nil {
			nd = map[string]string{}
		}
		rec.NameDetails = &nd
	}
	if gp.entrances {
		rec.Entrances = &entrancesJSON{list: p.Entrances}
	}
	if v.searchKinds {
		rec.MatchQuality = gp.opts.Quality(p, searchQuality(p, v.wantedRank))
	}
	if v.showDist {
		d := p.Distance
		rec.Distance = &d
	}
	if p.Geometry != nil {
		if gp.polygons.GeoJSON {
			rec.GeoJSON = geomformat.GeoJSON(p.Geometry)
		}
		if gp.polygons.KML {
			rec.GeoKML = geomformat.KML(p.Geometry)
		}
		if gp.polygons.SVG {
			rec.SVG = geomformat.SVG(p.Geometry)
		}
		if gp.polygons.Text {
			rec.GeoText = geomformat.WKT(p.Geometry)
		}
	}
	return rec
}

// feature is one GeoJSON feature of a geojson response.
type feature struct {
	Type       string          `json:"type"`
	Properties map[string]any  `json:"properties"`
	BBox       [4]json.Number  `json:"bbox"`
	Geometry   json.RawMessage `json:"geometry"`
}

// featureGeometry is the geometry of a geojson or geocodejson feature:
// the full geometry only with polygon_geojson (the other polygon_*
// outputs have no place in these formats, as in Nominatim), else the
// centroid.
func (v view) featureGeometry(p *geocode.Place) json.RawMessage {
	if !v.gp.polygons.GeoJSON && p.Geometry != nil {
		pp := *p
		pp.Geometry = nil
		return geometryOrPoint(&pp)
	}
	return geometryOrPoint(p)
}

// geometryOrPoint is p's requested geometry, else its centroid as a point.
func geometryOrPoint(p *geocode.Place) json.RawMessage {
	if p.Geometry != nil {
		return geomformat.GeoJSON(p.Geometry)
	}
	return json.RawMessage(`{"type":"Point","coordinates":[` + geomformat.Num(p.Centroid[0]) + `,` + geomformat.Num(p.Centroid[1]) + `]}`)
}

// geoJSON builds Nominatim's geojson FeatureCollection.
func (v view) geoJSON(places []geocode.Place) map[string]any {
	feats := make([]feature, 0, len(places))
	for i := range places {
		p := &places[i]
		props := map[string]any{
			"place_id": p.PlaceID, "place_rank": p.RankSearch, "category": p.Class, "type": p.Type,
			"importance": v.gp.opts.Importance(importance(p)), "addresstype": p.AddressType,
			"name": p.Name, "display_name": p.DisplayName,
		}
		if p.OSMType != "" {
			props["osm_type"], props["osm_id"] = p.OSMType, p.OSMID
		}
		if v.gp.address {
			props["address"] = orderedAddress(v.gp.opts.Address(p))
		}
		if v.gp.extra {
			props["extratags"] = nonNil(p.ExtraTags)
		}
		if v.gp.names {
			props["namedetails"] = nonNil(p.Names)
		}
		if v.showDist {
			props["distance"] = p.Distance
		}
		if s, ok := v.gp.opts.Postal(p); ok {
			props["postaladdress"] = s
		}
		if v.gp.entrances {
			props["entrances"] = &entrancesJSON{list: p.Entrances}
		}
		feats = append(feats, feature{
			Type: "Feature", Properties: props,
			BBox: [4]json.Number{json.Number(geomformat.Num(p.Bound.Min[0])), json.Number(geomformat.Num(p.Bound.Min[1])),
				json.Number(geomformat.Num(p.Bound.Max[0])), json.Number(geomformat.Num(p.Bound.Max[1]))},
			Geometry: v.featureGeometry(p),
		})
	}
	return map[string]any{"type": "FeatureCollection", "licence": licence, "features": feats}
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// geocodeJSONRanks is Nominatim's GEOCODEJSON_RANKS: the geocodejson type
// of an address rank (clamped to 3..28).
var geocodeJSONRanks = map[int]string{
	3: "locality", 4: "country", 5: "state", 6: "state", 7: "state", 8: "state", 9: "state",
	10: "county", 11: "county", 12: "county", 13: "city", 14: "city", 15: "city", 16: "city",
	17: "district", 18: "district", 19: "district", 20: "district", 21: "district",
	22: "locality", 23: "locality", 24: "locality", 25: "street", 26: "street", 27: "street", 28: "house",
}

// geocodeJSON builds the GeocodeJSON 0.1.0 FeatureCollection (Nominatim).
func (v view) geocodeJSON(places []geocode.Place, query string) map[string]any {
	feats := make([]map[string]any, 0, len(places))
	for i := range places {
		p := &places[i]
		g := orderedMap{}
		g.add("place_id", p.PlaceID)
		if p.OSMType != "" {
			g.add("osm_type", p.OSMType)
			g.add("osm_id", p.OSMID)
		}
		g.add("osm_key", p.Class)
		g.add("osm_value", p.Type)
		g.add("type", geocodeJSONRanks[max(3, min(28, p.RankAddress))])
		if v.showDist || v.reverse {
			g.add("accuracy", int(p.Distance))
		}
		g.add("label", p.DisplayName)
		if p.Name != "" {
			g.add("name", p.Name)
		}
		if v.gp.address {
			seen := map[string]bool{}
			admin := orderedMap{}
			for _, a := range p.Address {
				switch {
				case a.Value == "" || a.Key == "country_code" || len(a.Key) > 9 && a.Key[:9] == "ISO3166-2":
				case a.Key == "postcode":
					g.add("postcode", a.Value)
				case a.Key == "house_number":
					g.add("housenumber", a.Value)
				case a.PlaceID != p.PlaceID && a.Rank >= 4 && a.Rank < 28:
					if k := geocodeJSONRanks[a.Rank]; !seen[k] {
						seen[k] = true
						g.add(k, a.Value)
					}
				}
				if a.Class == "boundary" && a.Type == "administrative" && a.AdminLevel > 0 && a.AdminLevel < 15 && a.Value != "" && a.Key != "ISO3166-2-lvl"+strconv.Itoa(a.AdminLevel) {
					admin.add("level"+strconv.Itoa(a.AdminLevel), a.Value)
				}
			}
			if p.CountryCode != "" {
				g.add("country_code", p.CountryCode)
			}
			g.add("admin", admin)
		}
		if v.gp.extra {
			g.add("extra", nonNil(p.ExtraTags))
		}
		if v.gp.names {
			g.add("names", nonNil(p.Names))
		}
		feats = append(feats, map[string]any{
			"type":       "Feature",
			"properties": map[string]any{"geocoding": g},
			"geometry":   v.featureGeometry(p),
		})
	}
	head := orderedMap{}
	head.add("version", "0.1.0")
	head.add("attribution", licence)
	head.add("licence", "ODbL")
	if query != "" {
		head.add("query", query)
	}
	return map[string]any{"type": "FeatureCollection", "geocoding": head, "features": feats}
}

// orderedMap is a JSON object that keeps its keys in insertion order.
type orderedMap struct {
	keys []string
	vals map[string]any
}

func (m *orderedMap) add(k string, v any) {
	if m.vals == nil {
		m.vals = map[string]any{}
	}
	if _, ok := m.vals[k]; ok {
		return
	}
	m.keys = append(m.keys, k)
	m.vals[k] = v
}

// MarshalJSON writes the keys in insertion order.
func (m orderedMap) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, k := range m.keys {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(m.vals[k])
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, kb...), ':'), vb...)
	}
	return append(b, '}'), nil
}

// entrancesJSON is Nominatim's entrances field: a list of {osm_id, type,
// lat, lon[, extratags]} (coordinates as strings with 7 decimals), or null
// when the place has none.
type entrancesJSON struct{ list []geocode.Entrance }

func (e *entrancesJSON) MarshalJSON() ([]byte, error) {
	if len(e.list) == 0 {
		return []byte("null"), nil
	}
	type item struct {
		OSMID     int64             `json:"osm_id"`
		Type      string            `json:"type"`
		Lat       string            `json:"lat"`
		Lon       string            `json:"lon"`
		ExtraTags map[string]string `json:"extratags,omitempty"`
	}
	out := make([]item, len(e.list))
	for i, x := range e.list {
		out[i] = item{x.OSMID, x.Type, strconv.FormatFloat(x.Location[1], 'f', 7, 64), strconv.FormatFloat(x.Location[0], 'f', 7, 64), x.ExtraTags}
	}
	return json.Marshal(out)
}
