package geocode

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/paulmach/orb"

	"waymark/internal/benchstat"
)

// at is a place of kind class/type named name, at lon, lat (a node: a
// point box) in settlement town.
func at(id int64, osmType, class, typ, name string, lon, lat float64, town string) Place {
	p := Place{PlaceID: id, OSMType: osmType, OSMID: id * 10, Class: class, Type: typ, Name: name,
		Names: map[string]string{"name": name}, Centroid: orb.Point{lon, lat},
		Bound: orb.Bound{Min: orb.Point{lon, lat}, Max: orb.Point{lon, lat}}, RankAddress: 30}
	if class == "highway" && typ != "bus_stop" {
		p.RankAddress = 26
	}
	p.DisplayName = fmt.Sprintf("%s %d, %s", name, id, town)
	if town != "" {
		p.Address = []AddressPart{{Key: "town", Value: town, Rank: 16, PlaceID: int64(len(town))}}
	}
	return p
}

// area gives p a box of w×h degrees around its point.
func area(p Place, w, h float64) Place {
	c := p.Centroid
	p.Bound = orb.Bound{Min: orb.Point{c[0] - w/2, c[1] - h/2}, Max: orb.Point{c[0] + w/2, c[1] + h/2}}
	return p
}

const m = 1.0 / 111320 // a meter of latitude, in degrees

func TestDedupeFolds(t *testing.T) {
	castle := area(at(1, "relation", "historic", "castle", "Schloss Vaduz", 9.5245, 47.1396, "Vaduz"), 0.0007, 0.0007)
	grounds := area(at(2, "way", "landuse", "residential", "Schloss Vaduz", 9.5243, 47.1392, "Vaduz"), 0.0008, 0.002)
	board := at(3, "node", "tourism", "information", "Schloss Vaduz", 9.5242, 47.1396+0.0004+90*m, "Vaduz")
	farBoard := at(4, "node", "tourism", "information", "Schloss Vaduz", 9.5242, 47.1396+0.0004+150*m, "Vaduz")
	stopA := at(5, "node", "highway", "bus_stop", "Schaan Quader", 9.51, 47.16, "Schaan")
	stopB := at(6, "node", "highway", "bus_stop", "Schaan Quader", 9.51, 47.16+34*m, "Schaan")
	stopFar := at(7, "node", "highway", "bus_stop", "Schaan Quader", 9.51, 47.16+300*m, "Schaan")
	seg1 := area(at(8, "way", "highway", "secondary", "Landstrasse", 9.51, 47.145, "Vaduz"), 0.001, 0.008)
	seg2 := area(at(9, "way", "highway", "secondary", "Landstrasse", 9.51, 47.145+0.008+200*m, "Vaduz"), 0.001, 0.003)
	segOther := area(at(10, "way", "highway", "secondary", "Landstrasse", 9.51, 47.165, "Schaan"), 0.001, 0.003)
	segFar := area(at(11, "way", "highway", "secondary", "Landstrasse", 9.51, 47.145+0.004+1500*m, "Vaduz"), 0.001, 0.001)
	town := area(at(12, "relation", "boundary", "administrative", "Schaan", 9.51, 47.16, ""), 0.05, 0.05)
	townStop := at(13, "node", "highway", "bus_stop", "Schaan", 9.51, 47.16, "Schaan")
	street := area(at(14, "way", "highway", "residential", "Schloss Vaduz", 9.5245, 47.1396, "Vaduz"), 0.001, 0.001)
	en := at(15, "node", "historic", "castle", "Vaduz Castle", 9.5245, 47.1397, "Vaduz")
	en.Names = map[string]string{"name": "Vaduz Castle", "name:de": "Schloss Vaduz"}

	ski := area(at(16, "way", "landuse", "winter_sports", "Malbun", 9.60, 47.10, "Triesenberg"), 0.02, 0.02)
	lift := at(17, "node", "aerialway", "station", "Malbun", 9.605, 47.102, "Triesenberg")

	tests := []struct {
		name   string
		in     []Place
		rows   []int64   // place ids of the rows, in order
		merged [][]int64 // the place ids each row merges (OSMID/10)
	}{
		{"castle node, area, board: one row, the castle", []Place{grounds, castle, board}, []int64{1}, [][]int64{{2, 3}}},
		{"a board too far is another row", []Place{castle, farBoard}, []int64{1, 4}, [][]int64{nil, nil}},
		{"a name in another language", []Place{castle, en}, []int64{1}, [][]int64{{15}}},
		{"both directions of a bus stop", []Place{stopA, stopB}, []int64{5}, [][]int64{{6}}},
		{"a stop of that name 300 m away", []Place{stopA, stopFar}, []int64{5, 7}, [][]int64{nil, nil}},
		{"street segments in one town, chained", []Place{seg1, segOther, seg2}, []int64{8, 10}, [][]int64{{9}, nil}},
		{"a same-named street 1.5 km away", []Place{seg1, segFar}, []int64{8, 11}, [][]int64{nil, nil}},
		{"a town is not its bus stop", []Place{town, townStop}, []int64{12, 13}, [][]int64{nil, nil}},
		{"a street is not the castle it leads to", []Place{castle, street}, []int64{1, 14}, [][]int64{nil, nil}},
		{"the row keeps the first's position", []Place{stopA, castle, board, stopB}, []int64{5, 1}, [][]int64{{6}, {3}}},
		{"a ski area is the thing, not its lift station", []Place{ski, lift}, []int64{16}, [][]int64{{17}}},
	}
	for _, tc := range tests {
		got := Dedupe(slices.Clone(tc.in))
		var rows []int64
		var merged [][]int64
		for _, p := range got {
			rows = append(rows, p.PlaceID)
			var ms []int64
			for _, r := range p.Merged {
				ms = append(ms, r.ID/10)
			}
			merged = append(merged, ms)
		}
		if !slices.Equal(rows, tc.rows) || fmt.Sprint(merged) != fmt.Sprint(tc.merged) {
			t.Errorf("%s: Dedupe = rows %v merging %v, want %v merging %v", tc.name, rows, merged, tc.rows, tc.merged)
		}
	}
}

// TestDedupeRowRanksAsItsGroup: a row shown for a later place of its
// group takes the group's first score, so merging by score keeps it there.
func TestDedupeRowRanksAsItsGroup(t *testing.T) {
	grounds := area(at(2, "way", "landuse", "residential", "Schloss Vaduz", 9.5243, 47.1392, "Vaduz"), 0.0008, 0.002)
	castle := area(at(1, "relation", "historic", "castle", "Schloss Vaduz", 9.5245, 47.1396, "Vaduz"), 0.0007, 0.0007)
	grounds.Score, grounds.Penalty = -0.3, 0
	castle.Score, castle.Penalty = 0.1, 0.2
	got := Dedupe([]Place{grounds, castle})
	if len(got) != 1 || got[0].PlaceID != 1 || got[0].Score != -0.3 || got[0].Penalty != 0 {
		t.Errorf("Dedupe(grounds, castle) = %+v, want the castle with the grounds' score -0.3, penalty 0", got)
	}
}

// TestDedupeKeepsEverythingReachable: on random lists, every OSM object of
// the input is a row or in the Merged of exactly one row, rows keep the
// input's order, and deduplicating again changes nothing.
func TestDedupeKeepsEverythingReachable(t *testing.T) {
	const seed = 7
	rng := rand.New(rand.NewSource(seed))
	kinds := [][2]string{{"highway", "bus_stop"}, {"highway", "residential"}, {"historic", "castle"}, {"landuse", "residential"}, {"amenity", "cafe"}, {"place", "village"}}
	names := []string{"Post", "Zentrum", "Landstrasse"}
	towns := []string{"Vaduz", "Schaan"}
	for round := 0; round < 300; round++ {
		var in []Place
		for i := range 1 + rng.Intn(12) {
			k := kinds[rng.Intn(len(kinds))]
			osm := []string{"node", "way", "relation"}[rng.Intn(3)]
			p := at(int64(i+1), osm, k[0], k[1], names[rng.Intn(len(names))], 9.5+rng.Float64()*0.01, 47.1+rng.Float64()*0.01, towns[rng.Intn(2)])
			if rng.Intn(3) == 0 {
				p = area(p, rng.Float64()*0.005, rng.Float64()*0.005)
			}
			if rng.Intn(5) == 0 && i > 0 {
				p.OSMID = in[rng.Intn(i)].OSMID // the same object again
				p.OSMType = "node"
			}
			in = append(in, p)
		}
		got := Dedupe(slices.Clone(in))
		seen := map[OSMRef]int{}
		for _, p := range got {
			r, _ := p.ref()
			seen[r]++
			for _, x := range p.Merged {
				seen[x]++
			}
		}
		for _, p := range in {
			if r, _ := p.ref(); seen[r] == 0 {
				t.Fatalf("seed %d round %d: %v out of reach in %v", seed, round, r, got)
			}
		}
		for r, n := range seen {
			if n > 1 {
				t.Fatalf("seed %d round %d: %v listed %d times", seed, round, r, n)
			}
		}
		again := Dedupe(slices.Clone(got))
		if fmt.Sprint(again) != fmt.Sprint(got) {
			t.Fatalf("seed %d round %d: Dedupe not idempotent:\n%v\n%v", seed, round, got, again)
		}
	}
}

// BenchmarkDedupeSettlements: a country's first results for a town name,
// the town's areas in 20 copies with 60 translations each (LI ×400
// distinct: "Vaduz", "Vaduz Lodor", ...), none of which fold.
func BenchmarkDedupeSettlements(b *testing.B) {
	places := make([]Place, 20)
	for i := range places {
		p := at(int64(i+1), "relation", "boundary", "administrative", fmt.Sprintf("Vaduz %d", i), 9.52+float64(i), 47.14, "")
		p.RankAddress = 16
		for k := range 60 {
			p.Names[fmt.Sprintf("name:%02d", k)] = fmt.Sprintf("Вадуц %d ü%d", i, k)
		}
		places[i] = p
	}
	work := make([]Place, len(places))
	var lat benchstat.Latencies
	b.ReportAllocs()
	for b.Loop() {
		copy(work, places)
		lat.Time(func() {
			if got := Dedupe(work); len(got) != len(places) {
				b.Fatalf("%d rows, want %d", len(got), len(places))
			}
		})
	}
	lat.Report(b)
}
