package geocode

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"waymark/engine/text"
)

// Relation selects the places Related returns.
type Relation int

const (
	// Children are the places whose parent is the place (the houses and
	// POIs of a street, the streets of a place): Nominatim's hierarchy.
	Children Relation = iota
	// Linked are the places merged into the place (a place node linked to
	// its boundary): Nominatim's linked_places.
	Linked
)

// Related returns up to limit places related to the pack-local place id,
// ordered by rank_address then name.
func (ix *Index) Related(ctx context.Context, id int64, rel Relation, limit int, out Output) ([]Place, error) {
	col := "parent_place_id"
	if rel == Linked {
		col = "linked_place_id"
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT place_id FROM places WHERE `+col+` = ? AND place_id != ?
		ORDER BY rank_address, name, place_id LIMIT ?`, id, id, limit)
	if err != nil {
		return nil, fmt.Errorf("geocode: related places of %d: %w", id, err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var pid int64
		if err := rows.Scan(&pid); err != nil {
			return nil, fmt.Errorf("geocode: related places of %d: %w", id, err)
		}
		ids = append(ids, pid)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: related places of %d: %w", id, err)
	}
	return ix.Places(ctx, ids, out)
}

// Keywords returns the search terms a place is found by: the normalized
// words of its names (every spelling engine/text indexes) and of its
// address parts, each sorted and without repeats (Nominatim's details
// keywords).
func Keywords(p *Place) (name, address []string) {
	collect := func(values []string) []string {
		seen := map[string]bool{}
		var out []string
		for _, v := range values {
			for _, variant := range text.Variants(v) {
				for _, w := range text.Words(variant) {
					if !seen[w] {
						seen[w] = true
						out = append(out, w)
					}
				}
			}
		}
		sort.Strings(out)
		return out
	}
	var names, addr []string
	for k, v := range p.Names {
		if k != "ISO3166-2" {
			names = append(names, v)
		}
	}
	for _, a := range p.Address {
		if a.PlaceID != p.PlaceID && a.Key != "country_code" && a.Key != "house_number" && !strings.HasPrefix(a.Key, "ISO3166-2") {
			addr = append(addr, a.Value)
		}
	}
	return collect(names), collect(addr)
}
