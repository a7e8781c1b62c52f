package api

// geocode_details.go: GET /details, Nominatim's place details (not in the
// spec; kept for Nominatim clients): one place by place_id or by
// osmtype+osmid (class picks the row of one main tag), as a JSON object
// with its ranks, names, address tags, extratags, centroid and geometry
// (the centroid unless polygon_geojson=1), and with addressdetails=1 its
// address lines.
// keywords=1 adds the normalized search terms of its names and address,
// hierarchy=1 the places that hang on it (group_hierarchy=1 groups them by
// address type), linkedplaces=1 the places merged into it (a place node
// linked to its boundary). An interpolated house shows as the
// interpolation (place/houses), as Nominatim's details of an
// addr:interpolation way.

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

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
	q := newQuery(r)
	cb, perr := callback(r)
	q.Fail(perr)
	if f := q.String("format", "json"); f != "json" {
		q.Fail(badParam("format", "must be json on details, got %q", f))
	}
	address := q.Bool("addressdetails", false)
	polygon := q.Bool("polygon_geojson", false)
	opt := detailsOptions{address: address}
	opt.linked = q.Bool("linkedplaces", true)
	opt.linkedAsked = q.Has("linkedplaces")
	q.Bool("pretty", false)
	opt.keywords = q.Bool("keywords", false)
	opt.hierarchy = q.Bool("hierarchy", false)
	opt.group = q.Bool("group_hierarchy", false)
	opt.entrances = q.Bool("entrances", false)
	debug := q.Bool("debug", false)
	langs := parseLanguages(q, r, nil)
	var id int64
	var ref geocode.OSMRef
	switch {
	case q.String("place_id", "") != "":
		n, err := strconv.ParseInt(q.String("place_id", ""), 10, 64)
		if err != nil || n <= 0 {
			q.Fail(badParam("place_id", "must be a place id, got %q", q.String("place_id", "")))
		}
		id = n
	case q.String("osmtype", "") != "" || q.String("osmid", "") != "":
		var ok bool
		ref, ok = geocode.ParseOSMRef(strings.ToUpper(q.String("osmtype", "")) + q.String("osmid", ""))
		if !ok || len(q.String("osmtype", "")) != 1 {
			q.Fail(badParam("osmtype", "osmtype must be N, W or R and osmid a positive id"))
		}
	default:
		e := badParam("place_id", "one of place_id or osmtype and osmid is required")
		e.Nominatim = "Missing ID parameter 'place_id', 'postcode' or 'osmtype'."
		q.Fail(e)
	}
	if err := q.Err(); err != nil {
		writeParamError(w, r, err)
		return
	}
	out := geocode.Output{Languages: langs, ExtraTags: true, Geometry: polygon, Entrances: opt.entrances}
	var place *geocode.Place
	var err error
	if id != 0 {
		place, err = s.engine(r).PlaceByID(r.Context(), id, out)
	} else if class := q.String("class", ""); class != "" {
		place, err = s.engine(r).LookupClass(r.Context(), ref, class, out)
	} else {
		var list []geocode.Place
		list, err = s.engine(r).Lookup(r.Context(), []geocode.OSMRef{ref}, out)
		if err == nil && len(list) > 0 {
			place = &list[0]
		} else if err == nil {
			err = engine.ErrNotFound
		}
	}
	if errors.Is(err, engine.ErrNotFound) {
		writeError(w, r, http.StatusNotFound, "No place with that ID found.")
		return
	}
	if err != nil {
		writeEngineError(w, r, err)
		return
	}
	if i, _ := engine.SplitPlaceID(place.PlaceID); i >= 0 && i < len(s.engine(r).Packs()) {
		opt.indexed = s.engine(r).Packs()[i].Info.BuildTime
	}
	if opt.linked {
		if opt.linkedRows, err = s.engine(r).Related(r.Context(), place.PlaceID, geocode.Linked, 100, geocode.Output{Languages: langs}); err != nil {
			writeEngineError(w, r, err)
			return
		}
	}
	if opt.hierarchy {
		if opt.children, err = s.engine(r).Related(r.Context(), place.PlaceID, geocode.Children, 500, geocode.Output{Languages: langs}); err != nil {
			writeEngineError(w, r, err)
			return
		}
	}
	if debug {
		writeDebugHTML(w, "details "+q.String("osmtype", "")+q.String("osmid", "")+q.String("place_id", ""), []geocode.Place{*place})
		return
	}
	writeJSON(w, cb, http.StatusOK, detailsObject(place, opt))
}

// detailsOptions are the optional parts of a details answer.
type detailsOptions struct {
	address, keywords, hierarchy, group bool
	entrances                           bool
	linked, linkedAsked                 bool
	linkedRows, children                []geocode.Place
	indexed                             time.Time
}

// relatedLines are places as details lines (linked_places, hierarchy).
func relatedLines(list []geocode.Place) []detailsLine {
	lines := []detailsLine{}
	for i := range list {
		p := &list[i]
		id := p.PlaceID
		l := detailsLine{LocalName: p.Name, PlaceID: &id, Class: p.Class, Type: p.Type, RankAddress: p.RankAddress}
		if l.LocalName == "" {
			l.LocalName = p.HouseNumber
		}
		if p.AdminLevel > 0 {
			lvl := p.AdminLevel
			l.AdminLevel = &lvl
		}
		lines = append(lines, l)
	}
	return lines
}

// orNull is v, or nil (JSON null) when v is the zero value.
func orNull[T comparable](v T) any {
	var zero T
	if v == zero {
		return nil
	}
	return v
}

// detailsObject builds Nominatim's details JSON of p: every key always
// present, null when the place has no value for it.
func detailsObject(p *geocode.Place, opt detailsOptions) orderedMap {
	o := orderedMap{}
	o.add("place_id", p.PlaceID)
	o.add("parent_place_id", orNull(p.ParentPlaceID))
	if p.OSMType != "" {
		o.add("osm_type", strings.ToUpper(p.OSMType[:1]))
		o.add("osm_id", p.OSMID)
	}
	o.add("category", p.Class)
	typ, housenumber := p.Type, p.HouseNumber
	if p.Interpolated {
		// The object is the addr:interpolation way.
		typ, housenumber = "houses", ""
	}
	o.add("type", typ)
	o.add("admin_level", p.AdminLevel)
	o.add("localname", p.Name)
	o.add("names", nonNil(p.Names))
	o.add("addresstags", nonNil(p.AddressTags))
	o.add("housenumber", orNull(housenumber))
	o.add("calculated_postcode", orNull(p.Postcode))
	o.add("country_code", orNull(p.CountryCode))
	if !opt.indexed.IsZero() {
		o.add("indexed_date", opt.indexed.UTC().Format(time.RFC3339))
	} else {
		o.add("indexed_date", nil)
	}
	o.add("importance", orNull(p.Importance))
	o.add("calculated_importance", importance(p))
	o.add("extratags", nonNil(p.ExtraTags))
	o.add("calculated_wikipedia", orNull(p.ExtraTags["wikipedia"]))
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
	address := opt.address
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
	if opt.linked && (opt.linkedAsked || len(opt.linkedRows) > 0) {
		o.add("linked_places", relatedLines(opt.linkedRows))
	}
	if opt.entrances {
		o.add("entrances", &entrancesJSON{list: p.Entrances})
	}
	if opt.keywords {
		name, addr := geocode.Keywords(p)
		kw := func(words []string) []map[string]string {
			out := []map[string]string{}
			for _, w := range words {
				out = append(out, map[string]string{"token": w})
			}
			return out
		}
		o.add("keywords", map[string]any{"name": kw(name), "address": kw(addr)})
	}
	if opt.hierarchy {
		lines := relatedLines(opt.children)
		if opt.group {
			groups := map[string][]detailsLine{}
			for i, l := range lines {
				c := &opt.children[i]
				key := c.AddressType
				if key == "" {
					key = c.Type
				}
				groups[key] = append(groups[key], l)
			}
			o.add("hierarchy", groups)
		} else {
			o.add("hierarchy", lines)
		}
	}
	return o
}
