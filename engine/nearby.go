package engine

import (
	"context"
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
)

// NearbyQuery is the request of Nearby (see geocode.NearbyQuery).
type NearbyQuery = geocode.NearbyQuery

// Nearby returns the places whose point lies within the radius of the
// query point, nearest first, with Distance in meters and public place ids.
// Several packs are merged by distance and cut to the limit before
// deduplication; only the packs the point belongs to are asked (as
// Reverse asks them), and those whose roads come within the radius of it.
func (e *Engine) Nearby(ctx context.Context, q NearbyQuery) ([]geocode.Place, error) {
	dedupe := q.Dedupe
	q.Dedupe = false
	ask := e.nearbyPacks(q)
	return e.mergePacks(func(i int) ([]geocode.Place, error) {
		if !ask[i] {
			return nil, nil
		}
		nb, err := e.packs[i].Nearby(ctx)
		if err != nil {
			return nil, err
		}
		return nb.Nearby(ctx, q)
	}, func(a, b *geocode.Place) bool { return a.Distance < b.Distance }, q.Limit, dedupe)
}

// nearbyPacks returns which packs Nearby asks: those a point belongs to,
// and those with roads within the radius of it (nil until the packs'
// graphs are loaded: all of them).
func (e *Engine) nearbyPacks(q NearbyQuery) map[int]bool {
	ask := map[int]bool{}
	cov := e.coverageIfLoaded()
	if cov == nil {
		for i := range e.packs {
			ask[i] = true
		}
		return ask
	}
	for _, i := range e.packsOf(cov, q.Point) {
		ask[i] = true
	}
	if q.Radius > 0 {
		for _, pd := range cov.nearest(q.Point, q.Radius, math.Inf(1)) {
			ask[pd.pack] = true
		}
	}
	return ask
}

// WaterAt returns the named water area (lake, river area, bay, sea...)
// containing pt ([lon, lat]) with a public place id, or nil when the point
// is not in mapped water. Its Address holds only name and the water
// element (e.g. "lake"), as reverse's oceans=1 answers.
func (e *Engine) WaterAt(ctx context.Context, pt orb.Point, out geocode.Output) (*geocode.Place, error) {
	for i := range e.packs {
		if !e.packs[i].Info.Bound.Contains(pt) {
			continue
		}
		ix, err := e.packs[i].Places(ctx)
		if err != nil {
			return nil, err
		}
		p, err := ix.WaterAt(ctx, pt, out)
		if err != nil {
			return nil, err
		}
		if p != nil {
			p.PlaceID = PlaceID(i, p.PlaceID)
			return p, nil
		}
	}
	return nil, nil
}
