package geocode

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// OSMRef names an OSM object: type 'N', 'W' or 'R' and its id.
type OSMRef struct {
	Type byte
	ID   int64
}

// String formats the ref as in the osm_ids parameter ("N123").
func (r OSMRef) String() string { return string(r.Type) + strconv.FormatInt(r.ID, 10) }

// ParseOSMRef parses "N123", "w45", "R6" (Nominatim's osm_ids items).
func ParseOSMRef(s string) (OSMRef, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 2 {
		return OSMRef{}, false
	}
	t := s[0] &^ 0x20 // upper case
	if t != 'N' && t != 'W' && t != 'R' {
		return OSMRef{}, false
	}
	id, err := strconv.ParseInt(s[1:], 10, 64)
	if err != nil || id <= 0 || s[1] == '+' {
		return OSMRef{}, false
	}
	return OSMRef{t, id}, true
}

// Lookup returns the places of refs, in the order given, skipping objects
// that are not in the pack. An object with several rows (two main tags)
// gives its first, non-interpolated row.
func (ix *Index) Lookup(ctx context.Context, refs []OSMRef, out Output) ([]Place, error) {
	var ids []int64
	for _, ref := range refs {
		var id int64
		err := ix.stOSM.QueryRowContext(ctx, string(ref.Type), ref.ID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("geocode: lookup %s: %w", ref, err)
		}
		ids = append(ids, id)
	}
	return ix.Places(ctx, ids, out)
}

// Places returns the places with the given pack-local ids, in that order,
// skipping unknown ids.
func (ix *Index) Places(ctx context.Context, ids []int64, out Output) ([]Place, error) {
	recs, err := ix.records(ctx, ids)
	if err != nil {
		return nil, err
	}
	list := make([]*record, 0, len(ids))
	for _, id := range ids {
		if r := recs[id]; r != nil {
			list = append(list, r)
		}
	}
	return ix.finish(ctx, list, out)
}

// LookupClass returns the place of ref whose class is class (an object
// with two main tags has a row per tag, Nominatim's details "class"
// parameter picks one); nil when there is none.
func (ix *Index) LookupClass(ctx context.Context, ref OSMRef, class string, out Output) (*Place, error) {
	var id int64
	err := ix.db.QueryRowContext(ctx, `SELECT place_id FROM places WHERE osm_type = ? AND osm_id = ? AND class = ?
		ORDER BY interpolated, linked_place_id != 0, place_id LIMIT 1`, string(ref.Type), ref.ID, class).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("geocode: lookup %s class %s: %w", ref, class, err)
	}
	got, err := ix.Places(ctx, []int64{id}, out)
	if err != nil || len(got) == 0 {
		return nil, err
	}
	return &got[0], nil
}
