// address.go builds the address hierarchy of the places stage, following
// Nominatim's placex indexing:
//
//   - country_code: see address_country.go;
//   - linking: an area (boundary or place polygon) is linked with a place
//     node — its label member, a node with the boundary's place=* value and
//     a matching name, a node with the same wikidata, or a place node of
//     the same name and address rank inside (Nominatim's
//     find_linked_place) — the node is then only kept for lookup, and the
//     area takes its names (where missing), extratags, centroid (when
//     inside), importance (when higher) and address rank;
//   - rank adjustment: an area or place node whose address rank is not
//     above that of the admin boundary containing it moves two ranks below
//     it (25 at most), so a village node inside a municipality boundary
//     becomes a part of that municipality;
//   - address lines (address_lines.go): for each place, the areas
//     containing its centroid and the place nodes whose fuzzy area it
//     touches, of address ranks below its own (below 25 for streets, houses
//     and POIs); per rank the smallest area is the address part, else the
//     nearest place node inside the chosen area (Nominatim's
//     insert_addresslines); postcodes hang on areas only;
//   - POI nodes without address tags inherit the address of the building
//     they lie in; houses and POIs take their parent street's (or
//     addr:place place's) address lines, like Nominatim's get_addressdata.

package places

import (
	"context"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine/grid"
	"waymark/engine/text"
	"waymark/regions/extract"
	"waymark/regions/polygon"
)

// countryCodeOf returns the lower-case ISO 3166-1 alpha-2 code tagged on a
// country object, or "".
func countryCodeOf(tags osm.Tags) string {
	for _, k := range []string{"ISO3166-1:alpha2", "ISO3166-1", "country_code"} {
		if v := strings.ToLower(strings.TrimSpace(tags.Find(k))); len(v) == 2 {
			return v
		}
	}
	return ""
}

func (b *placeBuilder) assignRanks(context.Context) error {
	for _, p := range b.records() {
		if p == nil {
			continue
		}
		p.setRanks()
		if !polygon.IsAreal(p.geom.geometry()) && p.osmType != 'N' && p.kind.class == "boundary" {
			p.rankAddress = 0 // a boundary that did not assemble contains nothing
		}
	}
	return nil
}

// linkPlaces links areas with the place node that describes them.
func (b *placeBuilder) linkPlaces(ctx context.Context) error {
	nodePlaces := map[int64]int32{} // osm node id -> index of its place row
	cells := grid.New(0.05)
	for i, p := range b.records() {
		if p == nil {
			continue
		}
		if p.osmType == 'N' && p.kind.class == "place" && p.rankSearch < 26 {
			nodePlaces[p.osmID] = int32(i)
			cells.Insert(int32(i), orb.Bound{Min: p.centroid, Max: p.centroid})
		}
	}
	order := make([]int32, 0, 256)
	for i, p := range b.records() {
		if p == nil {
			continue
		}
		if p.area > 0 && p.rankSearch < 26 && p.rankAddress > 0 &&
			((p.kind.class == "boundary" && p.kind.typ == "administrative") || p.kind.class == "place") {
			order = append(order, int32(i))
		}
	}
	// Bigger areas first, so a node goes to the most specific candidate last
	// only when no earlier rule claimed it.
	sortPlaces(b, order, false, func(p *place) int8 { return p.rankSearch })
	for _, ai := range order {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		a := b.places[ai]
		pa := polygon.PrepareArea(a.geom.geometry())
		free := func(ni int32) bool { return b.places[ni].linked == 0 }
		link := int32(-1)
		// 1. The label member, whatever its name.
		for _, m := range a.members() {
			if m.Type == osm.TypeNode && m.Role == "label" && link < 0 {
				if ni, ok := nodePlaces[m.Ref]; ok && free(ni) {
					link = ni
				}
			}
		}
		if link < 0 {
			link = b.linkInside(cells, ai, pa, free)
		}
		if link >= 0 {
			b.link(ai, link, pa)
		}
	}
	return nil
}

// linkInside finds the place node inside area ai that describes it, with
// Nominatim's find_linked_place rules after the label member: (2) for a
// boundary tagged place=*, a node of that type whose name contains or is
// contained in the boundary's; (3) a node with the same wikidata; (4) a
// node with the same name and the same address rank. Exact names win
// within a rule; free reports whether a node is still unlinked.
func (b *placeBuilder) linkInside(cells *grid.Index, ai int32, pa *polygon.PreparedArea, free func(int32) bool) int32 {
	a := b.places[ai]
	aName := strings.ToLower(a.names().Get("name"))
	aNorm := text.Normalize(a.names().Get("name"))
	wantType := a.extratags.Get("place")
	wd := a.keptTags().Find("wikidata")
	best, bestScore := int32(-1), 0
	b.nodesIn(cells, a.bound, func(ni int32) {
		n := b.places[ni]
		if !free(ni) || !pa.Contains(n.centroid) {
			return
		}
		nName := strings.ToLower(n.names().Get("name"))
		exact := aNorm != "" && text.Normalize(n.names().Get("name")) == aNorm
		score := 0
		switch {
		case wantType != "" && n.kind.typ == wantType && aName != "" && nName != "" &&
			(strings.Contains(aName, nName) || strings.Contains(nName, aName)):
			score = 6
		case wd != "" && n.keptTags().Find("wikidata") == wd:
			score = 4
		case exact && ((a.rankAddress > 0 && n.rankAddress == a.rankAddress) || (a.rankAddress == 0 && n.rankSearch == a.rankSearch)):
			score = 2
		}
		if exact && score > 2 {
			score++
		}
		if score > bestScore {
			best, bestScore = ni, score
		}
	})
	return best
}

// nodesIn calls fn with the indexed nodes whose point is in bound.
func (b *placeBuilder) nodesIn(cells *grid.Index, bound orb.Bound, fn func(int32)) {
	cells.Box(bound, func(id int32) bool {
		if bound.Contains(b.places[id].centroid) {
			fn(id)
		}
		return true
	})
}

// link makes node ni the linked place of area ai.
func (b *placeBuilder) link(ai, ni int32, pa *polygon.PreparedArea) {
	a, n := b.places[ai], b.places[ni]
	n.linked = ai + 1
	b.setNames(a, extract.MergeTags(n.names(), a.names()))
	if a.name == "" {
		b.setName(a, n.name)
	}
	b.setExtratags(a, extract.PackTags(extract.MergeTags(n.extratags.Tags(), a.extratags.Tags()).With("linked_place", n.kind.typ)))
	if pa.Contains(n.centroid) {
		a.centroid = n.centroid
	}
}

// linkedRanks maps each area that a place node is linked into (by index)
// to that node's address rank.
func (b *placeBuilder) linkedRanks() map[int32]int {
	out := map[int32]int{}
	for _, p := range b.records() {
		if p == nil {
			continue
		}
		if p.linked > 0 {
			out[p.linked-1] = int(p.rankAddress)
		}
	}
	return out
}

// adjustRanks applies the linked node's address rank and moves places that
// are not above their containing admin boundary below it.
func (b *placeBuilder) adjustRanks(ctx context.Context) error {
	linkedRank := b.linkedRanks()
	var admins []int32
	cells := grid.New(0.05)
	var todo []int32
	for i, p := range b.records() {
		if p == nil {
			continue
		}
		if p.linked > 0 || p.rankAddress <= 4 || p.rankAddress >= 26 {
			continue
		}
		todo = append(todo, int32(i))
		if p.kind.class == "boundary" && p.kind.typ == "administrative" && p.area > 0 {
			cells.Insert(int32(len(admins)), p.bound)
			admins = append(admins, int32(i))
		}
	}
	areas := make([]*polygon.PreparedArea, len(admins))
	// Parents are adjusted before children: by admin level, then rank.
	sortPlaces(b, todo, true, func(p *place) int { return int(p.adminLevel)*256 + int(p.rankAddress) })
	for _, i := range todo {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		p := b.places[i]
		isAdmin := p.kind.class == "boundary" && p.kind.typ == "administrative"
		own := int(p.rankAddress)
		if r, ok := linkedRank[i]; ok {
			own = r
		}
		parent := 0
		cells.At(p.centroid, func(k int32) bool {
			ai := admins[k]
			a := b.places[ai]
			if ai == i || int(a.rankAddress) <= parent || int(a.rankAddress) > own {
				return true
			}
			if isAdmin && a.adminLevel >= p.adminLevel {
				return true
			}
			if areas[k] == nil {
				areas[k] = b.preparedArea(a) // in the store: all of them stay till the step ends
			}
			if areas[k].Contains(p.centroid) {
				parent = int(a.rankAddress)
			}
			return true
		})
		if r, ok := linkedRank[i]; ok && r > parent && r < 26 {
			p.rankAddress = int8(r)
			continue
		}
		if parent >= int(p.rankAddress) {
			if parent >= 24 {
				p.rankAddress = 25
			} else {
				p.rankAddress = int8(parent + 2)
			}
		}
	}
	return nil
}
