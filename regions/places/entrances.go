package places

import (
	"context"
	"fmt"

	"github.com/paulmach/osm"
)

// Entrances, as Nominatim 5 keeps them (placex_entrance): a node tagged
// entrance=* or routing:entrance=* that belongs to a way which is a place
// is an entrance of that place. Its type is the entrance value (else the
// routing:entrance value); its other tags are its extratags. The API
// lists them with entrances=1.
const entrancesSchema = `
CREATE TABLE place_entrances(
	place_id  INTEGER NOT NULL, -- the places row (a way)
	osm_id    INTEGER NOT NULL, -- the entrance node
	type      TEXT NOT NULL,    -- entrance=*, else routing:entrance=*
	lat       REAL NOT NULL,
	lon       REAL NOT NULL,
	extratags TEXT NOT NULL,    -- JSON object of the node's other tags ('' when none)
	PRIMARY KEY (place_id, osm_id)
) WITHOUT ROWID;`

// entranceType returns the entrance type of a node's tags, "" when the
// node is no entrance.
func entranceType(tags osm.Tags) string {
	if v := tags.Find("entrance"); v != "" && v != "no" {
		return v
	}
	if v := tags.Find("routing:entrance"); v != "" && v != "no" {
		return v
	}
	return ""
}

// writeEntrances records the entrances of the places that are ways.
func (b *placeBuilder) writeEntrances(ctx context.Context) error {
	tx := b.im.Tx
	if _, err := tx.ExecContext(ctx, entrancesSchema); err != nil {
		return fmt.Errorf("create place_entrances: %w", err)
	}
	st, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO place_entrances VALUES (?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("write entrances: %w", err)
	}
	defer st.Close()
	n := 0
	err = b.eachPlace(func(i int32, p *place, _ bool) error {
		if p.osmType != 'W' {
			return nil
		}
		w := b.d.Way(osm.WayID(p.osmID))
		if w == nil {
			return nil
		}
		for _, wn := range w.Nodes {
			node := b.d.Node(wn)
			if node == nil {
				continue
			}
			typ := entranceType(node.Tags)
			if typ == "" {
				continue
			}
			extra := map[string]string{}
			for _, t := range node.Tags {
				if t.Key != "entrance" && t.Key != "routing:entrance" {
					extra[t.Key] = t.Value
				}
			}
			tags := ""
			if len(extra) > 0 {
				tags = jsonObject(extra)
			}
			if _, err := st.ExecContext(ctx, int64(i+1), int64(node.ID), typ, node.Lat, node.Lon, tags); err != nil {
				return fmt.Errorf("write entrances: %w", err)
			}
			n++
		}
		return nil
	})
	if err != nil {
		return err
	}
	b.im.Count("place entrances", n)
	return nil
}
