package engine_test

import (
	"context"
	"math/rand"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
)

// TestWhatIsHere: "what is here" at Städtle 39 in central Vaduz (its
// coordinates read from the LI pack) answers its address with the
// municipality, Vaduz, not the village node Ebenholz that reverse names at
// a town's zoom (which the window asked at its map's zoom); around it,
// every point answers a building, POI, address or street in Vaduz.
func TestWhatIsHere(t *testing.T) {
	e := threePacks(t)
	ctx := context.Background()
	var pt orb.Point
	if err := packDB(t, e.Packs()[0]).QueryRow(`SELECT lon, lat FROM places
		WHERE street = 'Städtle' AND housenumber = '39' ORDER BY place_id LIMIT 1`).Scan(&pt[0], &pt[1]); err != nil {
		t.Fatalf("Städtle 39 in the LI pack: %v", err)
	}
	p, err := e.WhatIsHere(ctx, pt, geocode.Output{})
	if err != nil {
		t.Fatal(err)
	}
	road, _ := p.Get("road")
	town, _ := geocode.SettlementOf(p)
	if p.HouseNumber != "39" || road != "Städtle" || town.Value != "Vaduz" {
		t.Errorf("WhatIsHere(%v) = %q (%s %s, settlement %q), want Städtle 39 in Vaduz", pt, p.DisplayName, road, p.HouseNumber, town.Value)
	}
	if got, want := geocode.ShortAddress(p), "Städtle 39, 9490 Vaduz"; got != want {
		t.Errorf("ShortAddress(WhatIsHere(%v)) = %q, want %q", pt, got, want)
	}
	// The window's old question: reverse at its map's zoom (a town's).
	old, err := e.Reverse(ctx, engine.ReverseRequest{Point: pt, Zoom: 14})
	if err != nil || old.Class != "place" || old.Name != "Ebenholz" {
		t.Errorf("Reverse(%v, zoom 14) = %v, %v; want the village node Ebenholz (Nominatim's answer at that zoom)", pt, old, err)
	}

	const seed = 39
	rng := rand.New(rand.NewSource(seed))
	for range 200 {
		q := orb.Point{pt[0] + (rng.Float64()-0.5)*0.006, pt[1] + (rng.Float64()-0.5)*0.004} // ±225 m
		p, err := e.WhatIsHere(ctx, q, geocode.Output{})
		if err != nil {
			t.Fatalf("WhatIsHere(%v) seed %d: %v", q, seed, err)
		}
		town, _ := geocode.SettlementOf(p)
		if p.RankAddress < 26 || town.Value != "Vaduz" || geocode.ShortAddress(p) == "" {
			t.Errorf("WhatIsHere(%v) seed %d = %s/%s %q (settlement %q), want a building, POI or street in Vaduz",
				q, seed, p.Class, p.Type, p.DisplayName, town.Value)
		}
	}
}
