package geocode

// revskip.go: the places_rtree entries street/POI reverse never returns.
//
// Reverse at street zoom reads the places_rtree boxes near a point
// (nearBoxes) that are of rank 26..30 by address or search rank, the
// candidates for a street, POI or address. The rank columns are the
// R*Tree's auxiliary columns, which SQLite does not keep in the tree's
// nodes but in its %_rowid shadow table: filtering on them costs a table
// lookup for every entry in the box (up to ~500 within streetReach in a
// town), while 97% of the entries pass. So the few that do not pass
// (areas, place nodes, rank 0 features) are read once into a bit set,
// and the boxes are read without a filter and skipped by id in Go:
// reverse at zoom 18 on LI ×64 ~7-10% faster in towns, 20-30% at p99.
//
// The set is read from the shadow table itself, places_rtree_rowid
// (rowid, nodeno, a0, a1: a0 is rank_address, a1 rank_search, the aux
// columns in declaration order), which is SQLite's file format for an
// R*Tree with auxiliary columns: 0.04 s at LI ×64 where the same rows
// through the virtual table take 0.8 s. It is read in the background
// after Open; until it is there, or where it cannot be read, the boxes
// are filtered in the R*Tree query as before. Either way the boxes are
// the same.

import (
	"context"
	"database/sql"
	"strings"
	"sync/atomic"
)

// idSet is a set of place ids as a bitmap (place ids are dense from 1).
type idSet struct{ bits []uint64 }

// maxSetID bounds the bitmap (64 MB); larger ids make the set unusable.
const maxSetID = 1 << 29

func (s *idSet) add(id int64) bool {
	if id < 0 || id >= maxSetID {
		return false
	}
	w := int(id >> 6)
	if w >= len(s.bits) {
		s.bits = append(s.bits, make([]uint64, w+1-len(s.bits))...)
	}
	s.bits[w] |= 1 << (id & 63)
	return true
}

func (s *idSet) has(id int64) bool {
	w := id >> 6
	return id >= 0 && w < int64(len(s.bits)) && s.bits[w]&(1<<(id&63)) != 0
}

// revSkipSQL reads the ids of places_rtree entries that are not street,
// POI or address candidates (the negation of nearBoxes' filter).
const revSkipSQL = `SELECT rowid FROM places_rtree_rowid WHERE NOT (a0 BETWEEN 26 AND 30 OR a1 BETWEEN 26 AND 30)`

// loadRevSkip reads the set and publishes it in skip; on any error, or
// when places_rtree is not declared with the auxiliary columns the query
// reads, it leaves skip nil (the R*Tree query keeps filtering).
func loadRevSkip(ctx context.Context, db querier, skip *atomic.Pointer[idSet]) {
	var decl string
	if err := eachRow(ctx, db, `SELECT sql FROM sqlite_schema WHERE name = 'places_rtree'`, func(r *sql.Rows) error {
		return r.Scan(&decl)
	}); err != nil || !strings.Contains(strings.Join(strings.Fields(decl), " "), "max_lat, +rank_address, +rank_search )") {
		return
	}
	set := &idSet{}
	ok := true
	err := eachRow(ctx, db, revSkipSQL, func(r *sql.Rows) error {
		var id int64
		if err := r.Scan(&id); err != nil {
			return err
		}
		ok = ok && set.add(id)
		return nil
	})
	if err == nil && ok {
		skip.Store(set)
	}
}
