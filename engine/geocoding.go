package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
)

// Geocoding requests and records (see package geocode).
type (
	SearchRequest  = geocode.Request
	ReverseRequest = geocode.ReverseRequest
	Place          = geocode.Place
)

// ErrNotFound is returned by Reverse when no place lies within reach.
var ErrNotFound = geocode.ErrNotFound

// ErrBadQuery is returned by Search for a query that cannot be searched.
var ErrBadQuery = geocode.ErrBadQuery

// publicIDs rewrites the pack-local ids of places from pack i to public ids.
func publicIDs(i int, places []geocode.Place) {
	for j := range places {
		places[j].PlaceID = PlaceID(i, places[j].PlaceID)
		if places[j].ParentPlaceID != 0 {
			places[j].ParentPlaceID = PlaceID(i, places[j].ParentPlaceID)
		}
		for k := range places[j].Address {
			if id := places[j].Address[k].PlaceID; id != 0 {
				places[j].Address[k].PlaceID = PlaceID(i, id)
			}
		}
	}
}

// Search answers a free-text or structured search over every pack (the
// geocoding index refuses q with structured fields). req.Exclude holds
// public place ids. Each pack's results are merged by Score, cut to
// req.Limit and then deduplicated when asked (the limit applies before
// deduplication, spec 4.1). Place ids in the results are public.
//
// When no pack finds a good answer for the query as typed (nothing, or
// only results that leave words out: geocode.GoodAnswer), the
// typo-tolerant reading is asked too (geocode.Index.SearchTolerant, with
// each pack's autocomplete vocabulary): "Vadutz" finds Vaduz, "Stdtle 29,
// Vaduz" Städtle 29. Its results carry geocode.RespellPenalty per
// corrected word and join the others by Score (then by the limit and
// deduplication, as above); a query whose words are all words of places
// answers as typed. When neither finds anything, the suggestions for the
// text answer (geocode.Completer.Suggested): Enter finds what the
// suggestion list shows.
func (e *Engine) Search(ctx context.Context, req SearchRequest) ([]Place, error) {
	res, err := e.search(ctx, req, asTyped)
	if err != nil || geocode.GoodAnswer(res) {
		return res, err
	}
	more, err := e.search(ctx, req, respelled)
	if err != nil {
		return nil, err
	}
	switch {
	case len(more) == 0 && len(res) == 0:
		return e.search(ctx, req, suggested)
	case len(more) == 0:
		return res, nil
	case len(res) == 0:
		return more, nil
	}
	all := append(more, res...)
	seen := make(map[int64]bool, len(all))
	kept := all[:0]
	for _, p := range all {
		if !seen[p.PlaceID] {
			seen[p.PlaceID] = true
			kept = append(kept, p)
		}
	}
	sort.SliceStable(kept, func(a, b int) bool { return kept[a].Score < kept[b].Score })
	if limit := searchLimit(req); len(kept) > limit {
		kept = kept[:limit]
	}
	if req.Dedupe {
		kept = geocode.Dedupe(kept)
	}
	return kept, nil
}

// searchLimit is the number of results req asks for (1..50, default 10).
func searchLimit(req SearchRequest) int {
	if req.Limit <= 0 {
		return 10
	}
	return min(req.Limit, 50)
}

// searchReading is how search reads a query.
type searchReading int

const (
	asTyped   searchReading = iota // geocode.Index.Search
	respelled                      // geocode.Index.SearchTolerant
	suggested                      // geocode.Completer.Suggested
)

// search asks every pack for the reading of req and merges their answers.
func (e *Engine) search(ctx context.Context, req SearchRequest, reading searchReading) ([]Place, error) {
	ask := func(i int) ([]Place, error) {
		ix, err := e.packs[i].Places(ctx)
		if err != nil {
			return nil, err
		}
		r := req
		r.Exclude = nil
		for id := range req.Exclude {
			if pk, local := SplitPlaceID(id); pk == i {
				if r.Exclude == nil {
					r.Exclude = map[int64]bool{}
				}
				r.Exclude[local] = true
			}
		}
		if reading == asTyped {
			return ix.Search(ctx, r)
		}
		c, err := e.packs[i].Completer(ctx)
		if err != nil {
			return nil, err
		}
		if reading == respelled {
			return ix.SearchTolerant(ctx, r, c)
		}
		return c.Suggested(ctx, r)
	}
	byScore := func(a, b *Place) bool { return a.Score < b.Score }
	return e.mergePacks(ask, byScore, searchLimit(req), req.Dedupe)
}

// SearchStructured is Search with the structured fields only (street,
// city, county, state, country, postalcode, amenity); at least one must be
// set and Query must be empty.
func (e *Engine) SearchStructured(ctx context.Context, req SearchRequest) ([]Place, error) {
	if req.Query != "" {
		return nil, fmt.Errorf("%w: structured search takes no free text", ErrBadQuery)
	}
	if strings.TrimSpace(req.Street+req.City+req.County+req.State+req.Country+req.Postalcode+req.Amenity) == "" {
		return nil, fmt.Errorf("%w: structured search needs at least one field", ErrBadQuery)
	}
	return e.Search(ctx, req)
}

// SearchPostalcode finds the postal code req.Postalcode (restricted to
// req.CountryCodes when set).
func (e *Engine) SearchPostalcode(ctx context.Context, req SearchRequest) ([]Place, error) {
	if strings.TrimSpace(req.Postalcode) == "" {
		return nil, fmt.Errorf("%w: postalcode is required", ErrBadQuery)
	}
	r := SearchRequest{Postalcode: req.Postalcode}
	r.Limit, r.CountryCodes, r.Viewbox, r.Bounded = req.Limit, req.CountryCodes, req.Viewbox, req.Bounded
	r.Exclude, r.Dedupe, r.Output, r.Layers = req.Exclude, req.Dedupe, req.Output, req.Layers
	return e.Search(ctx, r)
}

// Reverse returns the place at req.Point from the pack that answers with
// the closest (then most detailed, then first opened) result, with a
// public place id, or ErrNotFound. Only the packs the point belongs to
// are asked (coverage.go: those covering it, else the nearest within the
// engine's reach; none beyond it, and the answer is ErrNotFound); until
// every pack's routing graphs are loaded, every pack is. Packs are asked
// by their distance to the point (a lower bound of any answer's
// distance, as every place lies inside its pack's bound), and those that
// cannot beat the best answer so far are not asked: a point inside one
// pack costs one pack's reverse.
func (e *Engine) Reverse(ctx context.Context, req ReverseRequest) (*Place, error) {
	type cand struct {
		pack  int
		bound float64 // meters
	}
	packs := e.geoPacks(req.Point)
	cands := make([]cand, len(packs))
	for k, i := range packs {
		cands[k] = cand{i, boundDistance(e.packs[i].Info.Bound, req.Point)}
	}
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].bound < cands[b].bound })
	var best *Place
	bestIdx := -1
	for _, c := range cands {
		if best != nil && c.bound > best.Distance {
			break
		}
		ix, err := e.packs[c.pack].Places(ctx)
		if err != nil {
			return nil, err
		}
		p, err := ix.Reverse(ctx, req)
		if errors.Is(err, geocode.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		one := []Place{*p}
		publicIDs(c.pack, one)
		if best == nil || one[0].Distance < best.Distance ||
			one[0].Distance == best.Distance && (one[0].RankAddress > best.RankAddress ||
				one[0].RankAddress == best.RankAddress && c.pack < bestIdx) {
			best, bestIdx = &one[0], c.pack
		}
	}
	if best == nil {
		return nil, ErrNotFound
	}
	return best, nil
}

// geoPacks returns the packs a point belongs to for geocoding (see
// Reverse), in pack order.
func (e *Engine) geoPacks(pt orb.Point) []int {
	if cov := e.coverageIfLoaded(); cov != nil {
		return e.packsOf(cov, pt)
	}
	all := make([]int, len(e.packs))
	for i := range all {
		all[i] = i
	}
	return all
}

// HereZoom is the zoom of WhatIsHere: building level (Nominatim's zoom 18,
// rank 30).
const HereZoom = 18

// WhatIsHere answers "what is here?" at pt ([lon, lat]) the same way for
// every panel of the window: Reverse at building level (HereZoom), so the
// answer is the nearest address, building, POI or street, whatever the
// map's zoom (at a town's zoom, reverse names the most detailed area or
// place node instead: at Städtle 39 in Vaduz, zoom 13-15 answer the
// village node Ebenholz 1.3 km away, as Nominatim does). Show it with
// geocode.ShortAddress ("Städtle 39, 9490 Vaduz") and geocode.SettlementOf
// (Vaduz). ErrNotFound when nothing is within reach.
func (e *Engine) WhatIsHere(ctx context.Context, pt orb.Point, out geocode.Output) (*Place, error) {
	return e.Reverse(ctx, ReverseRequest{Point: pt, Zoom: HereZoom, Output: out})
}

// boundDistance is a lower bound, in meters, of the distance from pt to
// anything inside b (0 inside), in the planar-degree metric that reverse
// distances use, with a margin for rounding.
func boundDistance(b orb.Bound, pt orb.Point) float64 {
	dx := math.Max(0, math.Max(b.Min[0]-pt[0], pt[0]-b.Max[0]))
	dy := math.Max(0, math.Max(b.Min[1]-pt[1], pt[1]-b.Max[1]))
	if dx == 0 && dy == 0 {
		return 0
	}
	return 0.99 * geocode.DegreesToMeters(math.Hypot(dx, dy), pt[1])
}

// Lookup returns the places of OSM objects, in the order asked, each from
// the first pack holding it; objects found nowhere are left out.
func (e *Engine) Lookup(ctx context.Context, refs []geocode.OSMRef, out geocode.Output) ([]Place, error) {
	res := []Place{}
	for _, ref := range refs {
		for i := range e.packs {
			ix, err := e.packs[i].Places(ctx)
			if err != nil {
				return nil, err
			}
			got, err := ix.Lookup(ctx, []geocode.OSMRef{ref}, out)
			if err != nil {
				return nil, err
			}
			if len(got) > 0 {
				publicIDs(i, got[:1])
				res = append(res, got[0])
				break
			}
		}
	}
	return res, nil
}

// placeOwner resolves a public place id to its pack index, its pack-local
// id and that pack's place index; ErrNotFound for an id no pack can hold.
func (e *Engine) placeOwner(ctx context.Context, id int64) (int, int64, *geocode.Index, error) {
	i, local := SplitPlaceID(id)
	if i < 0 || i >= len(e.packs) || local <= 0 {
		return 0, 0, nil, ErrNotFound
	}
	ix, err := e.packs[i].Places(ctx)
	if err != nil {
		return 0, 0, nil, err
	}
	return i, local, ix, nil
}

// PlaceByID returns the place with a public id, or ErrNotFound.
func (e *Engine) PlaceByID(ctx context.Context, id int64, out geocode.Output) (*Place, error) {
	i, local, ix, err := e.placeOwner(ctx, id)
	if err != nil {
		return nil, err
	}
	got, err := ix.Places(ctx, []int64{local}, out)
	if err != nil {
		return nil, err
	}
	if len(got) == 0 {
		return nil, ErrNotFound
	}
	publicIDs(i, got)
	return &got[0], nil
}

// Related returns up to limit places related to the place with a public
// id: its children (geocode.Children) or the places linked into it
// (geocode.Linked); ErrNotFound for an unknown id.
func (e *Engine) Related(ctx context.Context, id int64, rel geocode.Relation, limit int, out geocode.Output) ([]Place, error) {
	i, local, ix, err := e.placeOwner(ctx, id)
	if err != nil {
		return nil, err
	}
	got, err := ix.Related(ctx, local, rel, limit, out)
	if err != nil {
		return nil, err
	}
	publicIDs(i, got)
	return got, nil
}

// LookupClass returns the place of an OSM object with the given class
// (objects with several main tags have a place per tag), from the first
// pack holding it, or ErrNotFound.
func (e *Engine) LookupClass(ctx context.Context, ref geocode.OSMRef, class string, out geocode.Output) (*Place, error) {
	for i := range e.packs {
		ix, err := e.packs[i].Places(ctx)
		if err != nil {
			return nil, err
		}
		p, err := ix.LookupClass(ctx, ref, class, out)
		if err != nil {
			return nil, err
		}
		if p != nil {
			one := []geocode.Place{*p}
			publicIDs(i, one)
			return &one[0], nil
		}
	}
	return nil, ErrNotFound
}
