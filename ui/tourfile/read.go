package tourfile

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
)

// maxRead caps what ReadGeoJSON reads, in bytes: a tour is kilobytes, and
// a mistaken multi-gigabyte file must not fill the memory.
const maxRead = 64 << 20

// ReadGeoJSON reads a tour from GeoJSON: the format WriteGeoJSON writes,
// and any FeatureCollection, Feature or geometry with points. Each Point
// feature is a stop (named by its "name" or "title" property), in the
// order of their "stop" properties when every one has a number, else in
// file order; MultiPoint geometries give unnamed stops. The first
// LineString is the route. The name and settings come from the
// collection's members. It returns ErrGeoJSON for other input and
// ErrNoStops when there is no point.
func ReadGeoJSON(r io.Reader) (Tour, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxRead+1))
	if err != nil {
		return Tour{}, fmt.Errorf("tourfile: read GeoJSON: %w", err)
	}
	if len(b) > maxRead {
		return Tour{}, fmt.Errorf("%w: larger than %d MB", ErrGeoJSON, maxRead>>20)
	}
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return Tour{}, fmt.Errorf("%w: %v", ErrGeoJSON, err)
	}
	var fc *geojson.FeatureCollection
	switch head.Type {
	case "FeatureCollection":
		fc, err = geojson.UnmarshalFeatureCollection(b)
	case "Feature":
		var f *geojson.Feature
		if f, err = geojson.UnmarshalFeature(b); err == nil {
			fc = geojson.NewFeatureCollection().Append(f)
		}
	default:
		var g *geojson.Geometry
		if g, err = geojson.UnmarshalGeometry(b); err == nil && g.Geometry() != nil {
			fc = geojson.NewFeatureCollection().Append(geojson.NewFeature(g.Geometry()))
		} else if err == nil {
			err = fmt.Errorf("type %q", head.Type)
		}
	}
	if err != nil {
		return Tour{}, fmt.Errorf("%w: %v", ErrGeoJSON, err)
	}
	return tourOf(fc)
}

func tourOf(fc *geojson.FeatureCollection) (Tour, error) {
	var t Tour
	type numbered struct {
		stop Stop
		pos  float64
		ok   bool
	}
	var pts []numbered
	allNumbered := true
	for _, f := range fc.Features {
		if f == nil || f.Geometry == nil {
			continue
		}
		switch g := f.Geometry.(type) {
		case orb.Point:
			if !valid(g) {
				return Tour{}, fmt.Errorf("%w: coordinate %v out of range", ErrGeoJSON, g)
			}
			n := numbered{stop: Stop{Name: propString(f.Properties, "name", "title", "Name"), Point: g}}
			n.pos, n.ok = propNumber(f.Properties, "stop")
			allNumbered = allNumbered && n.ok
			pts = append(pts, n)
		case orb.MultiPoint:
			allNumbered = false
			for _, p := range g {
				if !valid(p) {
					return Tour{}, fmt.Errorf("%w: coordinate %v out of range", ErrGeoJSON, p)
				}
				pts = append(pts, numbered{stop: Stop{Point: p}})
			}
		case orb.LineString:
			if t.Route == nil {
				t.Route = g
				t.Name = propString(f.Properties, "name")
				t.Distance, _ = propNumber(f.Properties, "distance")
				t.Duration, _ = propNumber(f.Properties, "duration")
			}
		}
	}
	if allNumbered {
		sort.SliceStable(pts, func(a, b int) bool { return pts[a].pos < pts[b].pos })
	}
	for _, p := range pts {
		t.Stops = append(t.Stops, p.stop)
	}
	m := fc.ExtraMembers
	if s := propString(m, "name"); s != "" {
		t.Name = s
	}
	t.Profile = "driving"
	switch strings.ToLower(propString(m, "profile")) {
	case "walking", "foot":
		t.Profile = "walking"
	case "cycling", "bike", "bicycle":
		t.Profile = "cycling"
	}
	t.Exclude = propString(m, "exclude")
	if v, ok := m["roundtrip"].(bool); ok {
		t.Roundtrip = v
	}
	if v, ok := propNumber(m, "distance"); ok {
		t.Distance = v
	}
	if v, ok := propNumber(m, "duration"); ok {
		t.Duration = v
	}
	if len(t.Stops) == 0 {
		return Tour{}, ErrNoStops
	}
	return t, nil
}

func valid(p orb.Point) bool {
	return p[0] >= -180 && p[0] <= 180 && p[1] >= -90 && p[1] <= 90 && !math.IsNaN(p[0]) && !math.IsNaN(p[1])
}

// propString returns the first non-empty string property of keys.
func propString(p map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := p[k].(string); ok && strings.TrimSpace(s) != "" {
			return strings.TrimSpace(s)
		}
	}
	return ""
}

// propNumber returns a finite number property.
func propNumber(p map[string]any, key string) (float64, bool) {
	v, ok := p[key].(float64)
	return v, ok && !math.IsNaN(v) && !math.IsInf(v, 0)
}

// ReadGPXTour reads a tour from a GPX file: the points of its first route
// as stops, without a route its waypoints. A file with only tracks
// returns ErrNoStops (a recorded track is matched to the roads, not
// planned: see ReadGPX).
func ReadGPXTour(r io.Reader) (Tour, error) {
	var doc gpxDoc
	if err := xml.NewDecoder(io.LimitReader(r, maxRead)).Decode(&doc); err != nil {
		return Tour{}, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	t := Tour{Profile: "driving"}
	pts := doc.Wpts
	if len(doc.Rtes) > 0 && len(doc.Rtes[0].Pts) > 0 {
		pts, t.Name = doc.Rtes[0].Pts, doc.Rtes[0].Name
	}
	for _, p := range pts {
		pt := orb.Point{p.Lon, p.Lat}
		if !valid(pt) {
			return Tour{}, fmt.Errorf("%w: coordinate %v,%v out of range", ErrFormat, p.Lat, p.Lon)
		}
		t.Stops = append(t.Stops, Stop{Name: strings.TrimSpace(p.Name), Point: pt})
	}
	if t.Name == "" && doc.Meta != nil {
		t.Name = doc.Meta.Name
	}
	if len(t.Stops) == 0 {
		return Tour{}, ErrNoStops
	}
	return t, nil
}
