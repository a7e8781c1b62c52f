package geocode

// autocomplete_load.go: where the autocomplete index comes from. Packs of
// format 4 store it (table autocomplete, written by WriteCompleteIndex at
// import): opening one decodes the index and reads its documents' places,
// and search_name keeps no text (a contentless FTS5 table: its text was
// read by nothing else, 8% of a pack). Older packs build it from the text
// of search_name, as the importer does from its copy of that text.
//
//	autocomplete(part INTEGER PRIMARY KEY, data BLOB)
//	    the parts, in order, of one encoding: uvarint number of documents,
//	    per document the zigzag delta of its place_id from the previous
//	    one's, shifted left once with 1 for a postcode centroid (postcodes
//	    table) and 0 for a place; then complete.Index.AppendBinary.

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"waymark/engine/geocode/complete"
	"waymark/engine/text"
)

// querier runs queries on a pack or on the import's transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// completePart is the most bytes of one autocomplete row.
const completePart = 4 << 20

var errStoredIndex = errors.New("geocode: invalid stored autocomplete index")

// NewCompleter returns the autocomplete index of every searchable place of
// ix's pack (named places, addresses, postcodes): the stored one, else one
// built from the pack's search text.
func NewCompleter(ctx context.Context, ix *Index) (*Completer, error) {
	var stored int
	if err := ix.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE name = 'autocomplete'`).Scan(&stored); err != nil {
		return nil, fmt.Errorf("geocode: load autocomplete index: %w", err)
	}
	if stored > 0 {
		return loadCompleter(ctx, ix)
	}
	groupOf, groups, err := completeGroups(ctx, ix.db, ix.stParent != nil)
	if err != nil {
		return nil, err
	}
	var docs []docAttrs
	var cdocs []complete.Doc
	if err := completeDocs(ctx, ix.db, "search_name", ix.rowPlace, groupOf, func(d docAttrs, cd *complete.Doc) error {
		cd.Preferred = d.preferred()
		docs, cdocs = append(docs, d), append(cdocs, *cd)
		return nil
	}); err != nil {
		return nil, err
	}
	return newCompleter(ix, docs, complete.BuildGroups(cdocs, groups)), nil
}

// loadCompleter decodes the stored index and reads its documents' places.
func loadCompleter(ctx context.Context, ix *Index) (*Completer, error) {
	sd, err := readStoredDocs(ctx, ix)
	if err != nil {
		return nil, err
	}
	index, err := readStoredIndex(ctx, ix, sd.indexAt)
	if err != nil {
		return nil, err
	}
	cx, err := complete.Load(index, sd.imp, sd.lon, sd.lat, sd.preferred)
	if err != nil {
		return nil, fmt.Errorf("geocode: load autocomplete index: %w", err)
	}
	return &Completer{ix: ix, cx: cx, docs: sd.docs, strs: sd.strs}, nil
}

// storedDocs is what the stored index's documents are, read from the
// pack: the completer's documents and strings, and what complete.Load
// takes but the stored index's bytes (in document order the documents'
// importance, location and preferred marks; the bytes are read after,
// readStoredIndex, from indexAt).
type storedDocs struct {
	docs          []acDoc
	strs          []string
	indexAt       partAt
	imp, lon, lat []float32
	preferred     []bool
}

// readStoredDocs reads the stored index's documents and their places.
// The index's bytes past the documents are not read: held while the
// places are read, they were 30 MB of the 175 MB live heap at LI ×400.
func readStoredDocs(ctx context.Context, ix *Index) (*storedDocs, error) {
	var total int64
	if err := ix.db.QueryRowContext(ctx, `SELECT coalesce(sum(length(data)), 0) FROM autocomplete`).Scan(&total); err != nil {
		return nil, fmt.Errorf("geocode: load autocomplete index: %w", err)
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT part, data FROM autocomplete ORDER BY part`)
	if err != nil {
		return nil, fmt.Errorf("geocode: load autocomplete index: %w", err)
	}
	defer rows.Close()
	pr := &partReader{rows: rows}
	// readErr is the error of a varint that could not be read: the
	// driver's, else the bytes'.
	readErr := func() error {
		if err := errors.Join(pr.err, rows.Err()); err != nil {
			return fmt.Errorf("geocode: load autocomplete index: %w", err)
		}
		return errStoredIndex
	}
	n, err := binary.ReadUvarint(pr)
	if err != nil {
		return nil, readErr()
	}
	if n > uint64(total) {
		return nil, errStoredIndex
	}
	// The documents are kept as the completer keeps them (acDoc, 32
	// bytes, their strings numbered) from the start, and found by id
	// through their numbers sorted by id: docAttrs (88 bytes) and a map
	// of every id made the load's live heap at LI ×400 (3 M documents)
	// 605 MB; (id, number) pairs, 16 bytes, 52 MB of its 215 MB.
	docs := make([]acDoc, n)
	preferred := make([]bool, n)
	byID := make([]int32, 0, n)
	postcodes := map[int64]int32{}
	id := int64(0)
	for i := range docs {
		v, err := binary.ReadUvarint(pr)
		if err != nil {
			return nil, readErr()
		}
		z := v >> 1
		id += int64(z>>1) ^ -int64(z&1)
		docs[i].id = id
		if v&1 == 1 {
			docs[i].postcode = true
			postcodes[id] = int32(i)
		} else {
			byID = append(byID, int32(i))
		}
	}
	indexAt := pr.at
	rows.Close()
	pr = nil
	slices.SortFunc(byID, func(a, b int32) int { return cmp.Compare(docs[a].id, docs[b].id) })
	var strs docStrings
	imp, lon, lat := make([]float32, n), make([]float32, n), make([]float32, n)
	var found atomic.Int64
	place := func(d docAttrs, im, la, lo float64) { // on several goroutines (scanPlaces)
		if i, ok := findDoc(docs, byID, d.id); ok {
			strs.fill(&docs[i], d)
			preferred[i] = d.preferred()
			imp[i], lon[i], lat[i] = float32(im), float32(lo), float32(la)
			found.Add(1)
		}
		if i, ok := postcodes[d.id]; ok {
			imp[i] = float32(im)
		}
	}
	if err := scanPlaces(ctx, ix.db, place); err != nil {
		return nil, err
	}
	if err := eachRow(ctx, ix.db, `SELECT place_id, country_code, lat, lon FROM postcodes`, func(r *sql.Rows) error {
		var pid int64
		var country string
		var la, lo float64
		if err := r.Scan(&pid, &country, &la, &lo); err != nil {
			return err
		}
		if i, ok := postcodes[pid]; ok {
			strs.fill(&docs[i], docAttrs{id: pid, class: "place", typ: "postcode", country: country, postcode: true})
			lon[i], lat[i] = float32(lo), float32(la)
			found.Add(1)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if int(found.Load()) != len(docs) {
		return nil, fmt.Errorf("%w: %d of %d documents found", errStoredIndex, found.Load(), len(docs))
	}
	return &storedDocs{docs: docs, strs: strs.inDocOrder(docs), indexAt: indexAt, imp: imp, lon: lon, lat: lat, preferred: preferred}, nil
}

// findDoc returns the number of the document of place id, given the
// documents' numbers sorted by id (byID).
func findDoc(docs []acDoc, byID []int32, id int64) (int32, bool) {
	k, ok := slices.BinarySearchFunc(byID, id, func(i int32, id int64) int { return cmp.Compare(docs[i].id, id) })
	if !ok {
		return 0, false
	}
	return byID[k], true
}

// docStrings numbers the documents' strings as the completer keeps them
// (Completer.strs); safe for concurrent use.
type docStrings struct {
	mu   sync.Mutex
	num  map[string]uint32
	strs []string
}

// fill sets the fields of d from a one by one: the image holds the
// documents' bytes as they are, and a struct copied whole may carry the
// stack's bytes in its padding.
func (s *docStrings) fill(d *acDoc, a docAttrs) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d.id != a.id { // readStoredDocs's have theirs, read by findDoc on other goroutines
		d.id = a.id
	}
	d.rankAddress, d.postcode = uint8(min(max(a.rankAddress, 0), 255)), a.postcode
	d.class, d.typ, d.linked, d.country = s.intern(a.class), s.intern(a.typ), s.intern(a.linkedPlace), s.intern(a.country)
}

// inDocOrder renumbers the strings of docs (numbered by s, in the order
// the goroutines met them) in the order of the documents' fields, as
// newCompleter numbers them, so that the completer and its image are the
// same whichever goroutine read a row first; it returns the strings.
func (s *docStrings) inDocOrder(docs []acDoc) []string {
	var out docStrings
	for i := range docs {
		d := &docs[i]
		d.class, d.typ = out.intern(s.strs[d.class]), out.intern(s.strs[d.typ])
		d.linked, d.country = out.intern(s.strs[d.linked]), out.intern(s.strs[d.country])
	}
	return out.strs
}

func (s *docStrings) intern(v string) uint32 {
	n, ok := s.num[v]
	if !ok {
		if s.num == nil {
			s.num = map[string]uint32{}
		}
		n = uint32(len(s.strs))
		s.num[v] = n
		s.strs = append(s.strs, v)
	}
	return n
}

// scanPlaces calls place with what the autocomplete documents take of
// every place: its id, class, type, rank, country and linked place,
// importance and location. Packs of format 5 are read from place_rows
// itself, class and type by their kind number and the coordinates
// computed as the places view does, with json_extract only where a place
// has extra tags, where the view made every column a call and a
// conversion; and in parts of the id range on every core, so place is
// called on several goroutines at once.
func scanPlaces(ctx context.Context, db querier, place func(d docAttrs, imp, lat, lon float64)) error {
	var rowsTable int
	if err := eachRow(ctx, db, `SELECT count(*) FROM sqlite_schema WHERE name = 'place_rows'`, func(r *sql.Rows) error {
		return r.Scan(&rowsTable)
	}); err != nil {
		return err
	}
	return scanPlacesFrom(ctx, db, rowsTable > 0, place)
}

// scanPlacesFrom is scanPlaces from place_rows or from the places view.
func scanPlacesFrom(ctx context.Context, db querier, rows bool, place func(d docAttrs, imp, lat, lon float64)) error {
	if !rows {
		return eachRow(ctx, db, `SELECT p.place_id, p.class, p.type, p.rank_address, p.importance, p.lat, p.lon, p.country_code,
				COALESCE(json_extract(p.extratags, '$.linked_place'), '') FROM places p`, func(r *sql.Rows) error {
			var d docAttrs
			var im, la, lo float64
			if err := r.Scan(&d.id, &d.class, &d.typ, &d.rankAddress, &im, &la, &lo, &d.country, &d.linkedPlace); err != nil {
				return err
			}
			place(d, im, la, lo)
			return nil
		})
	}
	kinds, err := placeKinds(ctx, db)
	if err != nil {
		return err
	}
	var lo, hi int64
	if err := eachRow(ctx, db, `SELECT coalesce(min(place_id), 0), coalesce(max(place_id), 0) FROM place_rows`, func(r *sql.Rows) error {
		return r.Scan(&lo, &hi)
	}); err != nil {
		return err
	}
	// The rows are read in parts of the place id range, one a core: the
	// reading is the driver's calls for each column, not the disk.
	parts := int64(min(runtime.GOMAXPROCS(0), 8))
	step := (hi-lo)/parts + 1
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for k := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = scanPlaceRows(ctx, db, kinds, lo+k*step, lo+(k+1)*step, place)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// scanPlaceRows is scanPlaces over the rows of place_rows with from <=
// place_id < to.
func scanPlaceRows(ctx context.Context, db querier, kinds map[int64][2]string, from, to int64, place func(d docAttrs, imp, lat, lon float64)) error {
	countries := map[string]string{} // one string per country code
	return eachRow(ctx, db, `SELECT place_id, kind, rank_address, importance, lat7, lon7, country_code,
			CASE extratags WHEN '' THEN '' ELSE COALESCE(json_extract(extratags, '$.linked_place'), '') END
		FROM place_rows WHERE place_id >= ? AND place_id < ?`, func(r *sql.Rows) error {
		var d docAttrs
		var kind, lat7, lon7 int64
		var im float64
		var country sql.RawBytes
		if err := r.Scan(&d.id, &kind, &d.rankAddress, &im, &lat7, &lon7, &country, &d.linkedPlace); err != nil {
			return err
		}
		ct, ok := kinds[kind]
		if !ok {
			return fmt.Errorf("place %d of kind %d not in place_kinds", d.id, kind)
		}
		d.class, d.typ = ct[0], ct[1]
		c, ok := countries[string(country)]
		if !ok {
			c = string(country)
			countries[c] = c
		}
		d.country = c
		// As the view: (lat7) * 100 * 1e-9, an integer product, then a double one.
		place(d, im, float64(lat7*100)*1e-9, float64(lon7*100)*1e-9)
		return nil
	}, from, to)
}

// placeKinds returns the class and type of every kind number of a pack of
// format 5 (table place_kinds).
func placeKinds(ctx context.Context, db querier) (map[int64][2]string, error) {
	kinds := map[int64][2]string{}
	err := eachRow(ctx, db, `SELECT kind, class, type FROM place_kinds`, func(r *sql.Rows) error {
		var k int64
		var ct [2]string
		if err := r.Scan(&k, &ct[0], &ct[1]); err != nil {
			return err
		}
		kinds[k] = ct
		return nil
	})
	return kinds, err
}

// eachRow calls fn with each row of query q with args (the autocomplete
// and nearby loaders and the importer's autocomplete writer read with it).
func eachRow(ctx context.Context, db querier, q string, fn func(*sql.Rows) error, args ...any) error {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("geocode: read pack rows: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return fmt.Errorf("geocode: read pack rows: %w", err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("geocode: read pack rows: %w", err)
	}
	return nil
}

// completeGroups returns the address groups of the autocomplete index
// (the search_parent tokens, when parents is set) and the group of each
// token.
func completeGroups(ctx context.Context, db querier, parents bool) (map[string]int32, []string, error) {
	var parentNames map[string]string
	if parents {
		var err error
		if parentNames, err = readParentNames(ctx, db); err != nil {
			return nil, nil, err
		}
	}
	// The parents written as search_parent tokens become address groups
	// of the index: their words match every member without a posting each.
	// Numbered in token order, so that a pack's stored index is the same
	// from one import to the next.
	groupOf := map[string]int32{}
	var groups []string
	for _, tok := range slices.Sorted(maps.Keys(parentNames)) {
		groupOf[tok] = int32(len(groups))
		groups = append(groups, unbar(parentNames[tok]))
	}
	return groupOf, groups, nil
}

// completeDocs calls doc with each document of the autocomplete index,
// in order: one per search row of table from (search_name's columns;
// rowPlace: the SQL of a row's place_id, the table as s), in rowid order,
// then one per postcode centroid not among them; their address groups
// are those of groupOf (completeGroups). doc may keep neither cd nor
// what it points to.
func completeDocs(ctx context.Context, db querier, from, rowPlace string, groupOf map[string]int32, doc func(d docAttrs, cd *complete.Doc) error) error {
	// The postcode centroids come after the search rows, unless these
	// hold them; they are few, so they are read first and the rows mark
	// theirs (a set of every row's place took 11 bytes a document).
	type postcodeDoc struct {
		d    docAttrs
		cd   complete.Doc
		seen bool // a search row has the place (marked on the first of its id)
	}
	var pcs []postcodeDoc
	pcOf := map[int64]int{}
	err := eachRow(ctx, db, `SELECT pc.place_id, pc.postcode, pc.country_code, pc.lat, pc.lon, p.importance
		FROM postcodes pc JOIN places p ON p.place_id = pc.place_id ORDER BY pc.country_code, pc.postcode`, func(rows *sql.Rows) error {
		var pc postcodeDoc
		var code string
		if err := rows.Scan(&pc.d.id, &code, &pc.d.country, &pc.cd.Lat, &pc.cd.Lon, &pc.cd.Importance); err != nil {
			return err
		}
		pc.d.class, pc.d.typ, pc.d.postcode = "place", "postcode", true
		pc.cd.Name = []string{text.Normalize(code)}
		if _, dup := pcOf[pc.d.id]; !dup {
			pcOf[pc.d.id] = len(pcs)
		}
		pcs = append(pcs, pc)
		return nil
	})
	if err != nil {
		return err
	}
	// The strings the documents' attributes share are kept once (a
	// document held by NewCompleter took ~190 bytes).
	strs := map[string]string{}
	intern := func(s string) string {
		if v, ok := strs[s]; ok {
			return v
		}
		strs[s] = s
		return s
	}
	err = eachRow(ctx, db, `
		SELECT p.place_id, p.class, p.type, p.rank_address, p.importance, p.lat, p.lon, p.country_code,
			p.street, p.addr_place, COALESCE(json_extract(p.extratags, '$.linked_place'), ''),
			s.name, s.housenumber, s.address, COALESCE(st.name, '')
		FROM `+from+` s
		JOIN places p ON p.place_id = `+rowPlace+`
		LEFT JOIN places st ON st.place_id = p.parent_place_id AND p.housenumber != ''
		ORDER BY s.rowid`, func(rows *sql.Rows) error {
		var d docAttrs
		var cd complete.Doc
		var street, addrPlace, sName, sHouse, sAddr, parentStreet string
		if err := rows.Scan(&d.id, &d.class, &d.typ, &d.rankAddress, &cd.Importance, &cd.Lat, &cd.Lon, &d.country,
			&street, &addrPlace, &d.linkedPlace, &sName, &sHouse, &sAddr, &parentStreet); err != nil {
			return err
		}
		var groupsOfDoc []int32
		sAddr, groupsOfDoc = splitGroups(sAddr, groupOf)
		cd.Groups = groupsOfDoc
		sName, sAddr = unbar(sName), unbar(sAddr)
		if sName != "" {
			// A named place with an address: its house number counts as a
			// name word, so "Landstrasse 382" finds the named building there
			// (ranked after places matched by name alone).
			cd.Name = []string{sName, sHouse}
			cd.Address = []string{sAddr}
		} else {
			// A plain address: its "name" is the house number and street,
			// so "Landstrasse 12" matches by name and "Vaduz" by address.
			st := street
			if st == "" {
				st = parentStreet
			}
			if st == "" {
				st = addrPlace
			}
			cd.Name = append([]string{sHouse}, text.Variants(st)...)
			cd.Address = []string{sAddr}
		}
		d.class, d.typ, d.linkedPlace, d.country = intern(d.class), intern(d.typ), intern(d.linkedPlace), intern(d.country)
		if k, ok := pcOf[d.id]; ok {
			pcs[k].seen = true
		}
		return doc(d, &cd)
	})
	if err != nil {
		return err
	}
	// Postcode centroids, unless search_name already holds them.
	for _, pc := range pcs {
		if !pcs[pcOf[pc.d.id]].seen { // the first of an id is marked
			if err := doc(pc.d, &pc.cd); err != nil {
				return err
			}
		}
	}
	return nil
}

// readParentNames returns the names of the search_parent tokens.
func readParentNames(ctx context.Context, db querier) (map[string]string, error) {
	m := map[string]string{}
	err := eachRow(ctx, db, `SELECT token, name FROM search_parent`, func(rows *sql.Rows) error {
		var tok, name string
		if err := rows.Scan(&tok, &name); err != nil {
			return err
		}
		m[tok] = name
		return nil
	})
	return m, err
}

// splitGroups takes the search_parent tokens out of the " | " separated
// values of an address column, returning the rest and their groups.
func splitGroups(addr string, groupOf map[string]int32) (string, []int32) {
	if len(groupOf) == 0 || !strings.Contains(addr, "wmp") {
		return addr, nil
	}
	parts := strings.Split(addr, " | ")
	kept := parts[:0]
	var groups []int32
	for _, p := range parts {
		if g, ok := groupOf[p]; ok {
			groups = append(groups, g)
			continue
		}
		kept = append(kept, p)
	}
	return strings.Join(kept, " | "), groups
}

// unbar drops the " | " value separators of search_name columns.
func unbar(s string) string {
	if !strings.Contains(s, "|") {
		return s
	}
	return strings.ReplaceAll(s, "|", " ")
}
