package tourmodel

import (
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
)

func place(id int64, name string, at orb.Point, tags ...string) geocode.Place {
	pl := geocode.Place{OSMType: "node", OSMID: id, PlaceID: id, Name: name, Centroid: at}
	if len(tags) > 0 {
		pl.Names = map[string]string{}
		for i := 0; i+1 < len(tags); i += 2 {
			pl.Names[tags[i]] = tags[i+1]
		}
	}
	return pl
}

func town(pl geocode.Place) geocode.Place {
	pl.Class, pl.Type, pl.RankAddress = "place", "town", 16
	return pl
}

var (
	vaduzTown      = town(place(1, "Vaduz", orb.Point{9.5209, 47.1410}))
	vaduzBoundary  = geocode.Place{OSMType: "relation", OSMID: 2, PlaceID: 2, Name: "Vaduz", Centroid: orb.Point{9.53, 47.13}, Class: "boundary", Type: "administrative", RankAddress: 16}
	vaduzCastle    = place(3, "Vaduz Castle", orb.Point{9.5243, 47.1394}, "name:de", "Schloss Vaduz")
	recycling      = place(4, "Wertstoffsammelstelle Vaduz-Triesen", orb.Point{9.52, 47.12})
	kunstmuseum    = place(5, "Kunstmuseum Liechtenstein", orb.Point{9.5216, 47.1390})
	cafe           = place(6, "CAFE im kunstmuseum", orb.Point{9.5217, 47.1391})
	vaduzElsewhere = town(place(7, "Vaduz", orb.Point{9.9, 47.5}))
	busStopVaduz   = place(11, "Vaduz", orb.Point{9.9, 47.5})
	// Andorra maps its parishes apart from their towns (search lists the
	// parish first); boxes and centroids as in the Andorra pack.
	encampParish   = geocode.Place{OSMType: "relation", OSMID: 20, PlaceID: 20, Name: "Encamp", Centroid: orb.Point{1.6524, 42.5258}, Bound: orb.Bound{Min: orb.Point{1.5460, 42.4898}, Max: orb.Point{1.7389, 42.5592}}, Class: "boundary", Type: "administrative", RankAddress: 14}
	encampTown     = town(place(21, "Encamp", orb.Point{1.5836, 42.5359}))
	encampAway     = town(place(22, "Encamp", orb.Point{1.40, 42.40}))
	canilloTown    = town(place(23, "Canillo", orb.Point{1.5980, 42.5667}))
	escaldesParish = geocode.Place{OSMType: "relation", OSMID: 26, PlaceID: 26, Name: "Escaldes-Engordany", Centroid: orb.Point{1.5920, 42.4873}, Bound: orb.Bound{Min: orb.Point{1.5215, 42.4499}, Max: orb.Point{1.6633, 42.5238}}, Class: "boundary", Type: "administrative", RankAddress: 14}
	engordany      = geocode.Place{OSMType: "node", OSMID: 27, PlaceID: 27, Name: "Engordany", Centroid: orb.Point{1.5382, 42.5135}, Class: "place", Type: "village", RankAddress: 19}
	lesEscaldes    = town(place(28, "les Escaldes", orb.Point{1.5404, 42.5090}))
	aldosaCanillo  = geocode.Place{OSMType: "node", OSMID: 24, PlaceID: 24, Name: "l’Aldosa de Canillo", Centroid: orb.Point{1.6278, 42.5795}, Class: "place", Type: "hamlet", RankAddress: 20}
	landstrasse    = geocode.Place{OSMType: "way", OSMID: 12, PlaceID: 12, Name: "Landstrasse", Centroid: orb.Point{9.51, 47.18}, Class: "highway", Type: "secondary", RankAddress: 26}
	landstrasse2   = geocode.Place{OSMType: "way", OSMID: 13, PlaceID: 13, Name: "Landstrasse", Centroid: orb.Point{9.52, 47.08}, Class: "highway", Type: "secondary", RankAddress: 26}
)

func TestPick(t *testing.T) {
	tests := []struct {
		name        string
		text        string
		results     []geocode.Place
		suggestions []geocode.Place
		want        int // −1: the planner chooses
	}{
		{"one place named so", "Kunstmuseum Liechtenstein", []geocode.Place{kunstmuseum, cafe}, []geocode.Place{kunstmuseum, cafe}, 0},
		{"case and accents", "kunstmuséum  LIECHTENSTEIN", []geocode.Place{kunstmuseum}, []geocode.Place{cafe}, 0},
		{"town with places named after it", "Vaduz", []geocode.Place{vaduzTown}, []geocode.Place{vaduzTown, vaduzCastle, recycling}, 0},
		{"named after it in another language", "Vaduz", []geocode.Place{vaduzTown}, []geocode.Place{place(8, "Castle", orb.Point{9.52, 47.14}, "name:de", "Schloss Vaduz")}, 0},
		{"a castle is not a settlement", "Vaduz Castle", []geocode.Place{vaduzCastle}, []geocode.Place{place(14, "Vaduz Castle Museum", orb.Point{9.52, 47.14})}, -1},
		{"a place named so far from the town", "Vaduz", []geocode.Place{vaduzTown, busStopVaduz}, nil, -1},
		{"streets of one name in two villages", "Landstrasse", []geocode.Place{landstrasse, landstrasse2}, nil, -1},
		{"node and boundary are one place", "Vaduz", []geocode.Place{vaduzTown, vaduzBoundary}, nil, 0},
		{"two places of the name far apart", "Vaduz", []geocode.Place{vaduzTown, vaduzElsewhere}, nil, -1},
		{"best is not named so", "Vaduz", []geocode.Place{recycling, vaduzTown}, nil, -1},
		{"single result of a partial name", "Landesmuseum", []geocode.Place{place(9, "Liechtenstein National Museum", orb.Point{9.52, 47.14})}, nil, 0},
		{"word inside another word does not count", "Vaduz", []geocode.Place{vaduzTown}, []geocode.Place{place(10, "Vaduzerstrasse", orb.Point{9.52, 47.14})}, 0},
		{"parish listed before its town: the town", "Encamp", []geocode.Place{encampParish, encampTown}, nil, 1},
		{"town listed before its parish: the town", "Encamp", []geocode.Place{encampTown, encampParish}, nil, 0},
		{"a town of the parish's name outside it", "Encamp", []geocode.Place{encampParish, encampAway}, nil, -1},
		{"parish, its town and another town of the name", "Encamp", []geocode.Place{encampParish, encampTown, encampAway}, nil, -1},
		{"a parish alone: places named after it", "Encamp", []geocode.Place{encampParish}, []geocode.Place{place(25, "Encamp Tennis Club", orb.Point{1.58, 42.53})}, 0},
		{"hamlets named after the town", "Canillo", []geocode.Place{canilloTown, aldosaCanillo}, nil, 0},
		{"a parish and its towns of other names", "Escaldes-Engordany", []geocode.Place{escaldesParish, engordany, lesEscaldes}, nil, -1},
		{"a parish and a town outside it", "Escaldes-Engordany", []geocode.Place{escaldesParish, canilloTown}, nil, 0},
		{"nothing found", "Nowhere", nil, nil, -1},
		{"empty text", " !", []geocode.Place{vaduzTown, vaduzCastle}, nil, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cands := Candidates(tt.results, tt.suggestions)
			i, ok := Pick(tt.text, cands)
			if !ok {
				i = -1
			}
			if i != tt.want {
				t.Errorf("Pick(%q, %d candidates) = %d, %v; want %d", tt.text, len(cands), i, ok, tt.want)
			}
		})
	}
}

func TestCandidatesDropsDuplicates(t *testing.T) {
	got := Candidates([]geocode.Place{vaduzTown, kunstmuseum}, []geocode.Place{kunstmuseum, vaduzCastle, vaduzTown})
	if len(got) != 3 || got[0].OSMID != 1 || got[1].OSMID != 5 || got[2].OSMID != 3 {
		t.Errorf("Candidates = %v, want the results then Vaduz Castle", got)
	}
}

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Schloss  Vaduz!", "schloss vaduz"},
		{"Museé", "musee"},
		{"  ", ""},
		{"Vaduz-Triesen", "vaduz triesen"},
	}
	for _, tt := range tests {
		if got := fold(tt.in); got != tt.want {
			t.Errorf("fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
