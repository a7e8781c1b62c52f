package features

import (
	"testing"

	"github.com/paulmach/osm"

	"waymark/engine/mapdata"
)

func mapTags(kv ...string) osm.Tags {
	var t osm.Tags
	for i := 0; i+1 < len(kv); i += 2 {
		t = append(t, osm.Tag{Key: kv[i], Value: kv[i+1]})
	}
	return t
}

func TestMapClassify(t *testing.T) {
	cases := []struct {
		name              string
		t                 osm.Tags
		area, line, point string
	}{
		{"forest", mapTags("landuse", "forest"), "forest", "", ""},
		{"wood", mapTags("natural", "wood"), "forest", "", ""},
		{"lake", mapTags("natural", "water", "water", "lake"), "water", "", ""},
		{"riverbank", mapTags("waterway", "riverbank"), "water", "", ""},
		{"residential landuse", mapTags("landuse", "residential"), "residential_area", "", ""},
		{"area=no", mapTags("landuse", "forest", "area", "no"), "", "", ""},
		{"pedestrian square", mapTags("highway", "pedestrian", "area", "yes"), "pedestrian_area", "", ""},
		{"pedestrian street", mapTags("highway", "pedestrian", "name", "Städtle"), "", "pedestrian", ""},
		{"motorway link", mapTags("highway", "motorway_link"), "", "motorway_link", ""},
		{"unknown highway", mapTags("highway", "proposed"), "", "", ""},
		{"stream", mapTags("waterway", "stream"), "", "stream", ""},
		{"chair lift", mapTags("aerialway", "chair_lift"), "", "aerialway", ""},
		{"lift pylon", mapTags("aerialway", "pylon"), "", "", ""},
		{"tram", mapTags("railway", "tram"), "", "tram", ""},
		{"abandoned rail", mapTags("railway", "abandoned"), "", "", ""},
		{"town", mapTags("place", "town", "name", "Vaduz"), "", "", "place_town"},
		{"unnamed village", mapTags("place", "village"), "", "", ""},
		{"peak with ele", mapTags("natural", "peak", "ele", "2123"), "", "", "peak"},
		{"restaurant", mapTags("amenity", "restaurant"), "", "", "poi_food"},
		{"school area", mapTags("amenity", "school", "name", "Aeule"), "school", "", "poi_education"},
		{"shop", mapTags("shop", "bakery"), "", "", "poi_shop"},
		{"vacant shop", mapTags("shop", "vacant"), "", "", ""},
		{"hotel", mapTags("tourism", "hotel"), "", "", "poi_lodging"},
		{"station", mapTags("railway", "station", "name", "Schaan-Vaduz"), "", "", "station"},
		{"underground parking", mapTags("amenity", "parking", "parking", "underground"), "", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := mapAreaClass(tc.t); got != tc.area {
				t.Errorf("mapAreaClass(%v) = %q, want %q", tc.t, got, tc.area)
			}
			if got := mapLineClass(tc.t); got != tc.line {
				t.Errorf("mapLineClass(%v) = %q, want %q", tc.t, got, tc.line)
			}
			if got := mapPointClass(tc.t); got != tc.point {
				t.Errorf("mapPointClass(%v) = %q, want %q", tc.t, got, tc.point)
			}
		})
	}
}

func TestMapLineFlags(t *testing.T) {
	cases := []struct {
		name         string
		t            osm.Tags
		flags, layer int
	}{
		{"plain", mapTags("highway", "residential"), 0, 0},
		{"bridge", mapTags("bridge", "yes"), mapdata.FlagBridge, 1},
		{"viaduct layer 2", mapTags("bridge", "viaduct", "layer", "2"), mapdata.FlagBridge, 2},
		{"tunnel", mapTags("tunnel", "yes"), mapdata.FlagTunnel, -1},
		{"culvert layer -2", mapTags("tunnel", "culvert", "layer", "-2"), mapdata.FlagTunnel, -2},
		{"bridge=no", mapTags("bridge", "no"), 0, 0},
		{"oneway", mapTags("oneway", "yes"), mapdata.FlagOneway, 0},
		{"oneway reverse", mapTags("oneway", "-1"), mapdata.FlagOneway, 0},
		{"bad layer", mapTags("layer", "high"), 0, 0},
		{"covered road", mapTags("highway", "service", "covered", "yes"), mapdata.FlagTunnel, -1},
	}
	for _, tc := range cases {
		if f, l := mapLineFlags(tc.t); f != tc.flags || l != tc.layer {
			t.Errorf("%s: mapLineFlags = %d, %d; want %d, %d", tc.name, f, l, tc.flags, tc.layer)
		}
	}
}

func TestMapLabelRank(t *testing.T) {
	cases := []struct {
		name   string
		a, b   string
		ta, tb osm.Tags
	}{
		{"city over town", "place_city", "place_town", nil, nil},
		{"capital town over bigger town", "place_town", "place_town", mapTags("capital", "yes", "population", "5000"), mapTags("population", "6000")},
		{"bigger village first", "place_village", "place_village", mapTags("population", "3000"), mapTags("population", "300")},
		{"higher peak first", "peak", "peak", mapTags("ele", "2500"), mapTags("ele", "1200")},
		{"named POI first", "poi_food", "poi_food", mapTags("name", "Engel"), nil},
	}
	for _, tc := range cases {
		if ra, rb := mapLabelRank(tc.a, tc.ta), mapLabelRank(tc.b, tc.tb); ra <= rb {
			t.Errorf("%s: rank %d, want more than %d", tc.name, ra, rb)
		}
	}
}
