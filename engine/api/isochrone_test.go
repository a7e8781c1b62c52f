package api_test

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
	"github.com/paulmach/orb/planar"
)

// vaduz is the isochrones' origin on the LI pack.
const vaduz = "9.5209,47.1410"

// isoAnswer is a decoded isochrone answer.
type isoAnswer struct {
	fc        *geojson.FeatureCollection
	waypoints []any
}

// getIso requests an isochrone from Vaduz and decodes the answer (failing
// the test unless it is a 200 FeatureCollection).
func getIso(t *testing.T, profile string, params url.Values) isoAnswer {
	t.Helper()
	code, body := get(t, liAPI(t), "/v1/isochrone/"+profile+"/"+vaduz, params)
	if code != 200 {
		t.Fatalf("isochrone %s %v: %d %s", profile, params, code, body)
	}
	fc, err := geojson.UnmarshalFeatureCollection(body)
	if err != nil {
		t.Fatalf("isochrone %s %v: %v: %s", profile, params, err, body)
	}
	var raw map[string]any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatal(err)
	}
	a := isoAnswer{fc: fc}
	if w, ok := raw["waypoints"].([]any); ok {
		a.waypoints = w
	}
	return a
}

// multiPolygon is a feature's geometry as polygons (a line's rings closed
// into polygons: each ring a polygon, so that containment is testable).
func multiPolygon(g orb.Geometry) orb.MultiPolygon {
	switch g := g.(type) {
	case orb.Polygon:
		return orb.MultiPolygon{g}
	case orb.MultiPolygon:
		return g
	case orb.LineString:
		return orb.MultiPolygon{{orb.Ring(g)}}
	case orb.MultiLineString:
		var mp orb.MultiPolygon
		for _, l := range g {
			mp = append(mp, orb.Polygon{orb.Ring(l)})
		}
		return mp
	}
	return nil
}

func points(g orb.Geometry) int {
	n := 0
	for _, p := range multiPolygon(g) {
		for _, r := range p {
			n += len(r)
		}
	}
	return n
}

// TestIsochroneParams: each parameter shapes the answer as Mapbox's API
// does (contours largest first, properties, colors, geometry types,
// denoise, generalize, the snapped origin).
func TestIsochroneParams(t *testing.T) {
	origin := orb.Point{9.5209, 47.1410}
	tests := []struct {
		name    string
		profile string
		params  url.Values
		check   func(t *testing.T, a isoAnswer)
	}{
		{"minutes: largest first, time, default colors, lines", "driving", url.Values{"contours_minutes": {"5,10"}}, func(t *testing.T, a isoAnswer) {
			if len(a.fc.Features) != 2 {
				t.Fatalf("%d features, want 2", len(a.fc.Features))
			}
			for i, want := range []struct {
				contour float64
				color   string
			}{{10, "#04e813"}, {5, "#6706ce"}} {
				f := a.fc.Features[i]
				if f.Properties["contour"] != want.contour || f.Properties["metric"] != "time" || f.Properties["color"] != want.color || f.Properties["opacity"] != 0.33 {
					t.Errorf("feature %d: properties %v, want contour %v, time, %s, 0.33", i, f.Properties, want.contour, want.color)
				}
				if _, ok := f.Properties["fill"]; ok {
					t.Errorf("feature %d: fill on a line", i)
				}
				switch f.Geometry.(type) {
				case orb.LineString, orb.MultiLineString:
				default:
					t.Errorf("feature %d: %s, want lines (polygons=false is the default)", i, f.Geometry.GeoJSONType())
				}
			}
		}},
		{"polygons: fill properties, origin inside, smaller within larger", "driving", url.Values{"contours_minutes": {"5,10"}, "polygons": {"true"}}, func(t *testing.T, a isoAnswer) {
			for i, f := range a.fc.Features {
				for _, k := range []string{"fill", "fillColor"} {
					if f.Properties[k] != f.Properties["color"] {
						t.Errorf("feature %d: %s %v, color %v", i, k, f.Properties[k], f.Properties["color"])
					}
				}
				for _, k := range []string{"fill-opacity", "fillOpacity"} {
					if f.Properties[k] != 0.33 {
						t.Errorf("feature %d: %s %v", i, k, f.Properties[k])
					}
				}
				if _, ok := f.Geometry.(orb.Polygon); !ok {
					t.Errorf("feature %d: %s, want a Polygon (denoise=1: the largest only)", i, f.Geometry.GeoJSONType())
				}
				if !planar.MultiPolygonContains(multiPolygon(f.Geometry), origin) {
					t.Errorf("feature %d: the origin is outside", i)
				}
			}
			big, small := multiPolygon(a.fc.Features[0].Geometry), multiPolygon(a.fc.Features[1].Geometry)
			if planar.Area(big) <= planar.Area(small) {
				t.Errorf("10 min %.3g deg², not larger than 5 min %.3g", planar.Area(big), planar.Area(small))
			}
		}},
		{"meters: distance metric, contour in meters", "walking", url.Values{"contours_meters": {"500,1500"}, "polygons": {"true"}}, func(t *testing.T, a isoAnswer) {
			if c, m := a.fc.Features[0].Properties["contour"], a.fc.Features[0].Properties["metric"]; c != 1500.0 || m != "distance" {
				t.Errorf("first feature: contour %v metric %v, want 1500 distance", c, m)
			}
			// 1.5 km of walking reaches at most 1.5 km (and the access
			// distance) from the origin
			b := multiPolygon(a.fc.Features[0].Geometry).Bound()
			if w := (b.Max[0] - b.Min[0]) * 111320 * 0.68; w > 2*(1500+600) {
				t.Errorf("1500 m contour %.0f m wide", w)
			}
		}},
		{"colors: 3 and 6 digits, any case, in the contours' order", "cycling", url.Values{"contours_minutes": {"3,6"}, "contours_colors": {"F00,00ff00"}}, func(t *testing.T, a isoAnswer) {
			if c0, c1 := a.fc.Features[0].Properties["color"], a.fc.Features[1].Properties["color"]; c0 != "#00ff00" || c1 != "#ff0000" {
				t.Errorf("colors %v, %v; want #00ff00 (6 min), #ff0000 (3 min)", c0, c1)
			}
		}},
		{"OSRM profile name", "bike", url.Values{"contours_minutes": {"3"}}, func(t *testing.T, a isoAnswer) {
			if len(a.fc.Features) != 1 {
				t.Errorf("%d features", len(a.fc.Features))
			}
		}},
		{"waypoint", "driving", url.Values{"contours_minutes": {"1"}}, func(t *testing.T, a isoAnswer) {
			if len(a.waypoints) != 1 {
				t.Fatalf("waypoints %v", a.waypoints)
			}
			if d := a.waypoints[0].(map[string]any)["distance"].(float64); d > 100 {
				t.Errorf("origin snapped %v m away", d)
			}
		}},
		{"skip_waypoints", "driving", url.Values{"contours_minutes": {"1"}, "skip_waypoints": {"true"}}, func(t *testing.T, a isoAnswer) {
			if a.waypoints != nil {
				t.Errorf("waypoints %v", a.waypoints)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.check(t, getIso(t, tc.profile, tc.params))
		})
	}
}

// TestIsochroneShape: denoise=0 keeps polygons denoise=1 drops, and
// generalize draws fewer points, by default too (a 10-minute cycling
// contour from Vaduz).
func TestIsochroneShape(t *testing.T) {
	count := func(params url.Values) (polys, pts int) {
		a := getIso(t, "cycling", params)
		return len(multiPolygon(a.fc.Features[0].Geometry)), points(a.fc.Features[0].Geometry)
	}
	base := url.Values{"contours_minutes": {"10"}, "polygons": {"true"}} // 3 polygons, 2 holes
	with := func(k, v string) url.Values {
		q := url.Values{}
		for kk, vv := range base {
			q[kk] = vv
		}
		q.Set(k, v)
		return q
	}
	all, _ := count(with("denoise", "0"))
	one, pts := count(with("denoise", "1"))
	if one != 1 || all <= one {
		t.Errorf("denoise=1: %d polygons, denoise=0: %d; want 1 and more", one, all)
	}
	if half, _ := count(with("denoise", "0.5")); half < one || half > all {
		t.Errorf("denoise=0.5: %d polygons, not between %d and %d", half, one, all)
	}
	// Without generalize the grid's cell (route.AutoGeneralize), as Mapbox
	// picks one: its staircase straightened.
	_, outline := count(with("generalize", "0"))
	if pts >= outline*3/4 {
		t.Errorf("default generalization: %d points, the grid's outline (generalize=0) %d; want under three quarters", pts, outline)
	}
	_, coarse := count(with("generalize", "100"))
	if coarse >= outline/2 || coarse >= pts {
		t.Errorf("generalize=100: %d points, the outline %d, the default %d; want under half the outline and under the default", coarse, outline, pts)
	}
	t.Logf("points: outline %d, default %d, generalize=100 %d", outline, pts, coarse)
}

// TestIsochroneExclude: exclude=ferry leaves the island of the exclude
// fixture, reached only by a ferry, outside the contour.
func TestIsochroneExclude(t *testing.T) {
	m := exclMap
	island := m.Between('w', 'z', 0.5)
	from := routeCoords(m.Between('t', 'y', 0.5))
	for _, tc := range []struct {
		exclude string
		inside  bool
	}{{"", true}, {"ferry", false}, {"motorway,toll", true}} {
		code, body := getJSON(t, exclServer(t).URL+"/v1/isochrone/driving/"+from+"?contours_minutes=30&polygons=true&denoise=0&exclude="+tc.exclude, "test")
		if code != 200 {
			t.Fatalf("exclude=%s: %d %v", tc.exclude, code, body)
		}
		raw, _ := json.Marshal(body)
		fc, err := geojson.UnmarshalFeatureCollection(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := planar.MultiPolygonContains(multiPolygon(fc.Features[0].Geometry), island); got != tc.inside {
			t.Errorf("exclude=%s: island inside %v, want %v", tc.exclude, got, tc.inside)
		}
	}
}

// TestIsochroneBadRequests: every bad value is a 400 whose OSRM body
// names the parameter; keys as on every /v1 route.
func TestIsochroneBadRequests(t *testing.T) {
	s := liAPI(t)
	tests := []struct {
		name, path, query, code, names string
	}{
		{"no contours", "/v1/isochrone/driving/" + vaduz, "", "InvalidOptions", "contours_minutes"},
		{"both contours", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&contours_meters=100", "InvalidOptions", "contours_meters"},
		{"minutes zero", "/v1/isochrone/driving/" + vaduz, "contours_minutes=0", "InvalidValue", "contours_minutes"},
		{"minutes negative", "/v1/isochrone/driving/" + vaduz, "contours_minutes=-5", "InvalidValue", "contours_minutes"},
		{"minutes over 60", "/v1/isochrone/driving/" + vaduz, "contours_minutes=61", "InvalidValue", "contours_minutes"},
		{"minutes not a number", "/v1/isochrone/driving/" + vaduz, "contours_minutes=five", "InvalidQuery", "contours_minutes"},
		{"minutes NaN", "/v1/isochrone/driving/" + vaduz, "contours_minutes=NaN", "InvalidQuery", "contours_minutes"},
		{"minutes Inf", "/v1/isochrone/driving/" + vaduz, "contours_minutes=Inf", "InvalidQuery", "contours_minutes"},
		{"minutes empty item", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5,", "InvalidQuery", "contours_minutes"},
		{"minutes not ascending", "/v1/isochrone/driving/" + vaduz, "contours_minutes=10,5", "InvalidValue", "contours_minutes"},
		{"minutes repeated", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5,5", "InvalidValue", "contours_minutes"},
		{"five contours", "/v1/isochrone/driving/" + vaduz, "contours_minutes=1,2,3,4,5", "InvalidValue", "contours_minutes"},
		{"meters over 100 km", "/v1/isochrone/driving/" + vaduz, "contours_meters=100001", "InvalidValue", "contours_meters"},
		{"meters zero", "/v1/isochrone/driving/" + vaduz, "contours_meters=0", "InvalidValue", "contours_meters"},
		{"colors count", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5,10&contours_colors=ff0000", "InvalidValue", "contours_colors"},
		{"colors not hex", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&contours_colors=zzzzzz", "InvalidQuery", "contours_colors"},
		{"colors with #", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&contours_colors=%23ff0000", "InvalidQuery", "contours_colors"},
		{"colors 4 digits", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&contours_colors=ff00", "InvalidQuery", "contours_colors"},
		{"colors signed", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&contours_colors=+ff", "InvalidQuery", "contours_colors"},
		{"polygons", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&polygons=yes", "InvalidQuery", "polygons"},
		{"denoise over 1", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&denoise=1.5", "InvalidValue", "denoise"},
		{"denoise negative", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&denoise=-0.1", "InvalidValue", "denoise"},
		{"denoise NaN", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&denoise=NaN", "InvalidQuery", "denoise"},
		{"generalize negative", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&generalize=-1", "InvalidValue", "generalize"},
		{"generalize huge", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&generalize=1e300", "InvalidValue", "generalize"},
		{"generalize word", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&generalize=lots", "InvalidQuery", "generalize"},
		{"exclude unknown", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&exclude=stairs", "InvalidValue", "exclude"},
		{"exclude toll walking", "/v1/isochrone/walking/" + vaduz, "contours_minutes=5&exclude=toll", "InvalidValue", "exclude"},
		{"unknown parameter", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&contours_seconds=5", "InvalidQuery", "contours_seconds"},
		{"unknown profile", "/v1/isochrone/plane/" + vaduz, "contours_minutes=5", "InvalidUrl", "plane"},
		{"two coordinates", "/v1/isochrone/driving/" + vaduz + ";9.51,47.16", "contours_minutes=5", "InvalidOptions", "coordinates"},
		{"bad coordinate", "/v1/isochrone/driving/9.52", "contours_minutes=5", "InvalidUrl", "longitude,latitude"},
		{"coordinate out of range", "/v1/isochrone/driving/200,47", "contours_minutes=5", "InvalidValue", "coordinate"},
		{"radiuses", "/v1/isochrone/driving/" + vaduz, "contours_minutes=5&radiuses=x", "InvalidQuery", "radiuses"},
		{"far from the roads", "/v1/isochrone/driving/0,0", "contours_minutes=5", "NoSegment", "segment"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, err := url.ParseQuery(tc.query)
			if err != nil {
				t.Fatal(err)
			}
			code, body := get(t, s, tc.path, q)
			var e struct{ Code, Message string }
			if err := json.Unmarshal(body, &e); err != nil {
				t.Fatalf("%d %s: %v", code, body, err)
			}
			if code != 400 || e.Code != tc.code || !strings.Contains(strings.ToLower(e.Message), tc.names) {
				t.Errorf("%s?%s = %d %s %q; want 400 %s naming %s", tc.path, tc.query, code, e.Code, e.Message, tc.code, tc.names)
			}
		})
	}
	// keys as on every /v1 route: none is a 401, a wrong one too
	for _, key := range []string{"", "?key=nope"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/isochrone/driving/"+vaduz+key, nil))
		if rec.Code != 401 {
			t.Errorf("key %q: %d %s, want 401", key, rec.Code, rec.Body)
		}
	}
}
