package engine

import (
	"slices"
	"sort"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/engine/sphere"
)

// mergePacks asks every pack with ask (which answers with pack-local ids),
// makes the ids public, orders the union by less when several packs
// answered, keeps the first of the places several packs hold (packs of
// overlapping extracts share the objects of the overlap: the same OSM
// object and main tag is one result, at its best rank), cuts it to limit
// (0: no cut) and only then deduplicates when asked, as the spec orders
// limit and dedupe. It never returns nil places.
func (e *Engine) mergePacks(ask func(pack int) ([]geocode.Place, error), less func(a, b *geocode.Place) bool, limit int, dedupe bool) ([]geocode.Place, error) {
	var all []geocode.Place
	for i := range e.packs {
		res, err := ask(i)
		if err != nil {
			return nil, err
		}
		publicIDs(i, res)
		all = append(all, res...)
	}
	if len(e.packs) > 1 {
		sort.SliceStable(all, func(a, b int) bool { return less(&all[a], &all[b]) })
		all = sameObjectOnce(all)
	}
	if limit > 0 && len(all) > limit {
		all = all[:limit]
	}
	if dedupe {
		all = geocode.Dedupe(all)
	}
	if all == nil {
		all = []geocode.Place{}
	}
	return all, nil
}

// sameObjectOnce drops the places of an OSM object and main tag that an
// earlier place of the list is, where their centroids lie within
// sameObjectReach of each other (packs cut across an object's extent
// may place it apart; ids reused across unrelated fixtures place it
// far apart). Postcode centroids, without an object, all stay.
func sameObjectOnce(places []geocode.Place) []geocode.Place {
	type key struct {
		typ         string
		id          int64
		class, kind string
	}
	seen := make(map[key][]orb.Point, len(places))
	out := places[:0]
	for _, p := range places {
		if p.OSMType != "" {
			k := key{p.OSMType, p.OSMID, p.Class, p.Type}
			if slices.ContainsFunc(seen[k], func(c orb.Point) bool { return sphere.Distance(c, p.Centroid) <= sameObjectReach }) {
				continue
			}
			seen[k] = append(seen[k], p.Centroid)
		}
		out = append(out, p)
	}
	return out
}

// sameObjectReach (meters) is how far apart two packs may place one
// object: an area one of them holds in part has its centroid there (the
// LI cut's south pack puts Schaan's boundary 7.5 km from the north's).
const sameObjectReach = 25e3
