package api

// nearby.go: GET /nearby (spec 4.6, public beta), places of spec 2.4 sorted
// by distance. Choices: no place within the radius is a 404
// {"error":"Unable to geocode"} like LocationIQ; without tag every place
// counts (as tag=all); the address has the normalized keys of spec 2.5;
// accept-language is honoured although the spec does not list it.

import (
	"math"
	"net/http"
	"strconv"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
	"waymark/engine/geocode/tagfilter"
)

func (s *Server) nearbyEndpoints() []endpoint {
	return []endpoint{{Pattern: "/nearby", Group: "nearby", Handler: s.handleNearby}}
}

// nearbyPlace is one nearby record (spec 2.4).
type nearbyPlace struct {
	PlaceID     string         `json:"place_id"`
	OSMType     string         `json:"osm_type,omitempty"`
	OSMID       string         `json:"osm_id,omitempty"`
	Lat         string         `json:"lat"`
	Lon         string         `json:"lon"`
	Class       string         `json:"class"`
	Type        string         `json:"type"`
	TagType     string         `json:"tag_type"`
	Name        string         `json:"name"`
	DisplayName string         `json:"display_name"`
	Address     orderedAddress `json:"address"`
	BoundingBox [4]string      `json:"boundingbox"`
	Distance    int64          `json:"distance"`
}

// parseNearby reads and validates every parameter of spec 4.6.
func parseNearby(r *http.Request) (engine.NearbyQuery, string, *paramError) {
	q := newQuery(r)
	var nq engine.NearbyQuery
	cb, err := callback(r)
	q.Fail(err)
	parseFormat(q, kindNearby)
	lat := q.RequiredFloat("lat", -90, 90)
	lon := q.RequiredFloat("lon", -180, 180)
	nq.Point = orb.Point{lon, lat}
	if tag := q.String("tag", ""); tag != "" {
		f, err := tagfilter.ParseNearby(tag)
		if err != nil {
			q.Fail(badParam("tag", "%v", err))
		}
		nq.Tag = f
	}
	nq.Radius = float64(q.Int("radius", 100, 1, 500000))
	nq.Limit = q.Int("limit", 10, 1, 50)
	nq.Dedupe = q.Bool("dedupe", false)
	nq.Output.Languages = parseLanguages(q, r, nil)
	return nq, cb, q.Err()
}

func (s *Server) handleNearby(w http.ResponseWriter, r *http.Request) {
	nq, cb, perr := parseNearby(r)
	if perr != nil {
		writeParamError(w, r, perr)
		return
	}
	places, err := s.engine(r).Nearby(r.Context(), nq)
	if err != nil {
		writeEngineError(w, r, err)
		return
	}
	if len(places) == 0 {
		writeError(w, r, http.StatusNotFound, "Unable to geocode")
		return
	}
	out := make([]nearbyPlace, len(places))
	for i := range places {
		out[i] = makeNearby(&places[i], nq.Tag)
	}
	writeJSON(w, cb, http.StatusOK, out)
}

// makeNearby builds the spec 2.4 record of p found with tag filter f.
func makeNearby(p *geocode.Place, f tagfilter.Filter) nearbyPlace {
	opts := outputOptions{NormalizeAddress: true}
	np := nearbyPlace{
		PlaceID:     strconv.FormatInt(p.PlaceID, 10),
		Lat:         coord(p.Centroid[1]),
		Lon:         coord(p.Centroid[0]),
		Class:       p.Class,
		Type:        p.Type,
		TagType:     f.TagType(p.Class, p.Type),
		Name:        p.Name,
		DisplayName: p.DisplayName,
		Address:     orderedAddress(opts.Address(p)),
		BoundingBox: bbox(p),
		Distance:    int64(math.Round(p.Distance)),
	}
	if p.OSMType != "" {
		np.OSMType, np.OSMID = p.OSMType, strconv.FormatInt(p.OSMID, 10)
	}
	return np
}
