package api

// geocode_details.go: GET /details, Nominatim's place details (not in the
// spec; kept for Nominatim clients): one place by place_id or by
// osmtype+osmid, as a JSON object with its ranks, names, address tags,
// extratags, centroid and geometry (the centroid unless
// polygon_geojson=1), and with addressdetails=1 its address lines.
// keywords, hierarchy and group_hierarchy are not available from a region
// pack and are rejected with a 400 when asked for; linkedplaces is
// accepted (linked places are merged into the place they belong to).

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"waymark/engine"
	"waymark/engine/geocode"
)

// detailsLine is one address line of a details answer.
type detailsLine struct {
	LocalName   string `json:"localname"`
	PlaceID     *int64 `json:"place_id"`
	Class       string `json:"class"`
	Type        string `json:"type"`
	AdminLevel  *int   `json:"admin_level"`
	RankAddress int    `json:"rank_address"`
	Distance    int    `json:"distance"`
	IsAddress   bool   `json:"isaddress"`
}

func (s *Server) handleDetails(w http.ResponseWriter, r *http.Request) {
	q := NewQuery(r)
	cb, perr := Callback(r)
	q.Fail(perr)
	if f := q.String("format", "json"); f != "json" {
		q.Fail(BadParam("format", "must be json on details, got %q", f))
	}
	address := q.Bool("addressdetails", false)
	polygon := q.Bool("polygon_geojson", false)
	q.Bool("linkedplaces", true)
	q.Bool("pretty", false)
	for _, name := range []string{"keywords", "hierarchy", "group_hierarchy"} {
		if q.Bool(name, false) {
			q.Fail(BadParam(name, "is not available: a region pack keeps no search keywords or child lists"))
		}
	}
	langs := ParseLanguages(q, r, nil)
	var id int64
	var ref geocode.OSMRef
	switch {
	case q.String("place_id", "") != "":
		n, err := strconv.ParseInt(q.String("place_id", ""), 10, 64)
		if err != nil || n <= 0 {
			q.Fail(BadParam("place_id", "must be a place id, got %q", q.String("place_id", "")))
		}
		id = n
	case q.String("osmtype", "") != "" || q.String("osmid", "") != "":
		var ok bool
		ref, ok = geocode.ParseOSMRef(strings.ToUpper(q.String("osmtype", "")) + q.String("osmid", ""))
		if !ok || len(q.String("osmtype", "")) != 1 {
			q.Fail(BadParam("osmtype", "osmtype must be N, W or R and osmid a positive id"))
		}
	default:
		q.Fail(BadParam("place_id", "one of place_id or osmtype and osmid is required"))
	}
	if err := q.Err(); err != nil {
		WriteParamError(w, r, err)
		return
	}
	out := geocode.Output{Languages: langs, ExtraTags: true, Geometry: polygon}
	var place *geocode.Place
	var err error
	if id != 0 {
		place, err = s.eng.PlaceByID(r.Context(), id, out)
	} else {
		var list []geocode.Place
		list, err = s.eng.Lookup(r.Context(), []geocode.OSMRef{ref}, out)
		if err == nil && len(list) > 0 {
			place = &list[0]
		} else if err == nil {
			err = engine.ErrNotFound
		}
	}
	if errors.Is(err, engine.ErrNotFound) {
		writeError(w, r, http.StatusNotFound, "No place with that OSM ID found.")
		return
	}
	if err != nil {
		writeError(w, r, http.StatusInternalServerError, "Internal server error")
		return
	}
	WriteJSON(w, cb, http.StatusOK, detailsObject(place, address))
}

// detailsObject builds Nominatim's details JSON of p.
func detailsObject(p *geocode.Place, address bool) orderedMap {
	o := orderedMap{}
	o.add("place_id", p.PlaceID)
	if p.ParentPlaceID != 0 {
		o.add("parent_place_id", p.ParentPlaceID)
	}
	if p.OSMType != "" {
		o.add("osm_type", strings.ToUpper(p.OSMType[:1]))
		o.add("osm_id", p.OSMID)
	}
	o.add("category", p.Class)
	o.add("type", p.Type)
	o.add("admin_level", p.AdminLevel)
	o.add("localname", p.Name)
	o.add("names", nonNil(p.Names))
	o.add("addresstags", nonNil(p.AddressTags))
	if p.HouseNumber != "" {
		o.add("housenumber", p.HouseNumber)
	}
	if p.Postcode != "" {
		o.add("calculated_postcode", p.Postcode)
	}
	if p.CountryCode != "" {
		o.add("country_code", p.CountryCode)
	}
	if p.Importance > 0 {
		o.add("importance", p.Importance)
	}
	o.add("calculated_importance", importance(p))
	o.add("extratags", nonNil(p.ExtraTags))
	if wp := p.ExtraTags["wikipedia"]; wp != "" {
		o.add("calculated_wikipedia", wp)
	}
	o.add("rank_address", p.RankAddress)
	o.add("rank_search", p.RankSearch)
	geom := geometryOrPoint(p)
	var gt struct{ Type string }
	json.Unmarshal(geom, &gt)
	o.add("isarea", strings.Contains(gt.Type, "Polygon"))
	pp := *p
	pp.Geometry = nil
	o.add("centroid", geometryOrPoint(&pp))
	o.add("geometry", geom)
	if icon := iconOf(p.Class, p.Type); icon != "" {
		o.add("icon", icon)
	}
	if address {
		lines := []detailsLine{}
		for _, a := range p.Address {
			if a.Key == "country_code" || strings.HasPrefix(a.Key, "ISO3166-2") {
				continue
			}
			l := detailsLine{LocalName: a.Value, Class: a.Class, Type: a.Type, RankAddress: a.Rank, IsAddress: true}
			if a.PlaceID != 0 {
				id := a.PlaceID
				l.PlaceID = &id
			}
			if a.AdminLevel > 0 {
				lvl := a.AdminLevel
				l.AdminLevel = &lvl
			}
			lines = append(lines, l)
		}
		o.add("address", lines)
	}
	return o
}
