package geocode

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/paulmach/orb"
)

// Entrance is a tagged entrance node of a place (a building, a station):
// Nominatim 5's entrances output.
type Entrance struct {
	OSMID     int64
	Type      string // entrance=* (or routing:entrance=*): yes, main, service…
	Location  orb.Point
	ExtraTags map[string]string // the node's other tags; nil when none
}

// entrances reads the entrances of the places ids from the pack's
// place_entrances table (written by the import since packs carry them;
// an older pack has none).
func (ix *Index) entrances(ctx context.Context, ids []int64) (map[int64][]Entrance, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT place_id, osm_id, type, lat, lon, extratags FROM place_entrances
		WHERE place_id IN (?`+strings.Repeat(",?", len(ids)-1)+`) ORDER BY place_id, osm_id`, args...)
	if err != nil {
		if strings.Contains(err.Error(), "no such table") {
			return nil, nil
		}
		return nil, fmt.Errorf("geocode: entrances: %w", err)
	}
	defer rows.Close()
	out := map[int64][]Entrance{}
	for rows.Next() {
		var id int64
		var e Entrance
		var tags string
		if err := rows.Scan(&id, &e.OSMID, &e.Type, &e.Location[1], &e.Location[0], &tags); err != nil {
			return nil, fmt.Errorf("geocode: entrances: %w", err)
		}
		if tags != "" {
			if err := json.Unmarshal([]byte(tags), &e.ExtraTags); err != nil {
				return nil, fmt.Errorf("geocode: entrances of %d: %w", id, err)
			}
		}
		out[id] = append(out[id], e)
	}
	return out, rows.Err()
}
