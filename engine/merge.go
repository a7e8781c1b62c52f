package engine

import (
	"sort"

	"waymark/engine/geocode"
)

// mergePacks asks every pack with ask (which answers with pack-local ids),
// makes the ids public, orders the union by less when several packs
// answered, cuts it to limit (0: no cut) and only then deduplicates when
// asked, as the spec orders limit and dedupe. It never returns nil places.
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
