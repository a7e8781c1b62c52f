package geocode

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/paulmach/orb"
	"waymark/engine/geocode/placegeom"
)

// Index answers geocoding queries over one pack's places tables. It keeps
// the address parents in memory and its statements prepared.
type Index struct {
	db *sql.DB
	// ftsRuns counts the index queries of searches (fts), for tests.
	ftsRuns atomic.Int64
	// candRows counts the candidate rows searches read (candidateRecords),
	// for tests.
	candRows atomic.Int64
	// parents caches the address parents read so far (parentsOf); the
	// pack's country parents are read once, on first use.
	parentsMu      sync.Mutex
	parents        map[int64]*parent
	countryOnce    sync.Once
	countryParents []*parent
	areas          areaCache
	// placeNodes are the named place nodes of address rank 4..25.
	placeNodes placeNodes
	// countries are the names of the pack's countries rows by ISO code.
	countries map[string]map[string]string

	stPlaces, stLines, stGeom, stOSM, stPostcode      *sql.Stmt
	stCands, stBounds, stRowRanks                     *sql.Stmt // candidates.go, lazy.go (stRowRanks nil: no R*Tree ranks)
	stRevBoxes, stRevRows, stRevHouses, stRevFeatures *sql.Stmt
	// stInOrder is ftsInOrder's query without filters (nil: packs
	// without ranked rows), stCover coverBounds.floor's (nil: packs
	// without full-name tokens).
	stInOrder, stCover *sql.Stmt
	// stRevAllBoxes reads the boxes near a point unfiltered, to be
	// filtered by revSkip once it is loaded (revskip.go).
	stRevAllBoxes *sql.Stmt
	revSkip       atomic.Pointer[idSet]
	// rev is the pack's reverse index once set (reverse_index.go).
	rev      atomic.Pointer[ReverseIndex]
	stopLoad context.CancelFunc
	loading  sync.WaitGroup
	// stAreas finds the address areas around a point (containingArea),
	// stParents reads address parents by id (loadParents): prepared once,
	// as every reverse runs them (preparing was 6% of one at LI ×64).
	stAreas, stParents *sql.Stmt
	stParent           *sql.Stmt // nil in packs without search_parent
	// rankedRows: search_name rowids are SearchRowID's (format 3), whose
	// place_id is rowid & idMask, in SQL rowPlace (search_name as s).
	rankedRows bool
	// fullNames: search rows hold full-name tokens (fullname.go).
	fullNames bool
	idMask    int64
	rowPlace  string

	parentMu    sync.Mutex
	parentCache map[string]*wordParents // query word -> its parents (addressparents.go)
	parentSize  int                     // tokens held in parentCache
	// nameWords keeps the spellings of candidates' name values across
	// queries (names.go).
	nameWords wordCache

	// categorySizes caches the number of places of each category
	// (Category -> int), read on first use (categoryInBox).
	categorySizes sync.Map
}

const placeCols = `place_id, osm_type, osm_id, class, type, admin_level, name, names,
	housenumber, postcode, country_code, extratags, rank_search, rank_address, importance,
	parent_place_id, linked_place_id, interpolated, lat, lon, min_lat, min_lon, max_lat, max_lon,
	street, addr_place`

// linesSQL reads the isaddress lines of the places in a JSON id list,
// each place's ordered rank_address descending, best candidate first
// (fromarea, then distance): a place's own rows and, when one of them
// inherits (a house on its street, format 3), that parent's rows of a
// lower rank.
const linesSQL = `SELECT place_id, address_place_id, rank_address FROM (
		SELECT place_id, address_place_id, rank_address, fromarea, distance FROM place_addressline
		WHERE place_id IN (SELECT value FROM json_each(?1)) AND isaddress
		UNION ALL
		SELECT h.place_id, b.address_place_id, b.rank_address, b.fromarea, b.distance
		FROM place_addressline h JOIN place_addressline b ON b.place_id = h.address_place_id
		WHERE h.place_id IN (SELECT value FROM json_each(?1)) AND h.inherits
		AND b.isaddress AND b.rank_address < h.rank_address)
	ORDER BY place_id, rank_address DESC, fromarea DESC, distance`

// countryParentsSQL reads the countries that are some place's address
// (table address_countries, format 3).
const countryParentsSQL = `SELECT ` + parentCols + ` FROM places
	WHERE place_id IN (SELECT place_id FROM address_countries) AND rank_address = 4
	ORDER BY place_id`

// countryParentsIndexSQL is countryParentsSQL for older packs, which
// index place_addressline by address_place_id.
const countryParentsIndexSQL = `SELECT ` + parentCols + ` FROM places
	WHERE rank_address = 4 AND EXISTS (SELECT 1 FROM place_addressline a WHERE a.address_place_id = places.place_id)
	ORDER BY place_id`

// linesCopiedSQL is linesSQL for packs before format 3, where every
// house holds copies of its street's rows.
const linesCopiedSQL = `SELECT place_id, address_place_id, rank_address FROM place_addressline
	WHERE place_id IN (SELECT value FROM json_each(?)) AND isaddress
	ORDER BY place_id, rank_address DESC, fromarea DESC, distance`

// revCols are the columns reverse candidates are read with (revRow).
const revCols = `p.place_id, p.osm_type, p.class, p.rank_address, p.rank_search, p.housenumber,
	p.names LIKE '%"addr:housename"%', p.parent_place_id, p.lat, p.lon, p.geometry`

// Open prepares the geocoding index of a pack's database. Address parents
// are read when a result needs them, so opening does not grow with the
// pack (the 64-copy LI tiling has ~200k parents).
func Open(ctx context.Context, db *sql.DB) (*Index, error) {
	ix := &Index{db: db, parents: map[int64]*parent{}}
	var err error
	prep := func(q string) *sql.Stmt {
		if err != nil {
			return nil
		}
		var st *sql.Stmt
		st, err = db.PrepareContext(ctx, q)
		return st
	}
	ix.stPlaces = prep(`SELECT ` + placeCols + ` FROM places WHERE place_id IN (SELECT value FROM json_each(?))`)
	ix.stCands = prep(candidatesSQL)
	ix.stBounds = prep(boundsSQL)
	if err == nil {
		var ranks bool
		if ranks, err = rtreeHasRanks(ctx, db); ranks {
			ix.stRowRanks = prep(rowRanksSQL)
		}
	}
	var inherits int
	if err == nil {
		err = db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('place_addressline') WHERE name = 'inherits'`).Scan(&inherits)
	}
	if inherits > 0 {
		ix.stLines = prep(linesSQL)
	} else {
		ix.stLines = prep(linesCopiedSQL)
	}
	ix.stGeom = prep(`SELECT place_id, geometry FROM places WHERE place_id IN (SELECT value FROM json_each(?))`)
	ix.stOSM = prep(`SELECT place_id FROM places WHERE osm_type = ? AND osm_id = ?
		ORDER BY interpolated, linked_place_id != 0, place_id LIMIT 1`)
	ix.stPostcode = prep(`SELECT place_id FROM postcodes WHERE postcode = ? ORDER BY count DESC`)
	ix.stRevBoxes = prep(`SELECT id, min_lon, max_lon, min_lat, max_lat FROM places_rtree
		WHERE max_lon >= ? AND min_lon <= ? AND max_lat >= ? AND min_lat <= ?
		AND (rank_address BETWEEN 26 AND 30 OR rank_search BETWEEN 26 AND 30)`)
	ix.stRevAllBoxes = prep(`SELECT id, min_lon, max_lon, min_lat, max_lat FROM places_rtree
		WHERE max_lon >= ? AND min_lon <= ? AND max_lat >= ? AND min_lat <= ?`)
	ix.stRevRows = prep(`SELECT ` + revCols + ` FROM places p
		WHERE p.place_id IN (SELECT value FROM json_each(?))
		AND p.linked_place_id = 0 AND (p.name != '' OR p.rank_address > 27)`)
	ix.stRevFeatures = prep(`SELECT ` + revCols + ` FROM places_rtree r JOIN places p ON p.place_id = r.id
		WHERE r.max_lon >= ? AND r.min_lon <= ? AND r.max_lat >= ? AND r.min_lat <= ?
		AND r.rank_address = 0 AND r.rank_search BETWEEN 5 AND ?
		AND p.name != '' AND p.linked_place_id = 0 AND p.osm_type != ''
		AND NOT (p.class = 'boundary' AND p.type = 'postal_code')`)
	ix.stRevHouses = prep(revHousesSQL)
	ix.stAreas = prep(areasAtSQL)
	ix.stParents = prep(`SELECT ` + parentCols + ` FROM places WHERE place_id IN (SELECT value FROM json_each(?))`)
	ix.idMask, ix.rowPlace = -1, `s.rowid`
	var bits sql.NullInt64
	if err == nil {
		err = db.QueryRowContext(ctx, `SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?`, SearchRowBitsKey).Scan(&bits)
		if err == sql.ErrNoRows {
			err = nil
		}
	}
	if bits.Valid && bits.Int64 > 0 && bits.Int64 < 63 {
		ix.rankedRows, ix.idMask = true, 1<<bits.Int64-1
		ix.rowPlace = fmt.Sprintf(`(s.rowid & %d)`, ix.idMask)
	}
	var full sql.NullString
	if err == nil {
		err = db.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, FullNamesKey).Scan(&full)
		if err == sql.ErrNoRows {
			err = nil
		}
	}
	ix.fullNames = full.String == "1"
	if ix.rankedRows {
		// Prepared once: every search runs them (their preparing was a
		// tenth of the SQLite work of a search at LI ×400).
		ix.stInOrder = prep(fmt.Sprintf(inOrderSQL, "", ""))
	}
	if ix.fullNames {
		ix.stCover = prep(coverSQL)
	}
	var hasParent int
	if err == nil {
		err = db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE name = 'search_parent'`).Scan(&hasParent)
	}
	if hasParent > 0 {
		ix.stParent = prep(`SELECT token, name FROM search_parent WHERE search_parent MATCH ?`)
	}
	if err != nil {
		ix.Close()
		return nil, fmt.Errorf("geocode: prepare: %w", err)
	}
	if err := ix.loadPlaceNodes(ctx); err != nil {
		ix.Close()
		return nil, err
	}
	if err := ix.loadCountries(ctx); err != nil {
		ix.Close()
		return nil, err
	}
	var loadCtx context.Context
	loadCtx, ix.stopLoad = context.WithCancel(context.WithoutCancel(ctx))
	ix.loading.Go(func() { loadRevSkip(loadCtx, db, &ix.revSkip) })
	return ix, nil
}

// revHousesSQL reads the house numbers of one street near a point. Its
// "parent_place_id != 0" lets SQLite use the partial index places_parent
// (it cannot prove a bound parameter non-zero); without it the query scans
// every place, and reverse at street zoom grows with the pack.
const revHousesSQL = `SELECT ` + revCols + ` FROM places p
	WHERE p.parent_place_id = ? AND p.parent_place_id != 0 AND p.rank_address = 30 AND p.linked_place_id = 0
	AND p.max_lon >= ? AND p.min_lon <= ? AND p.max_lat >= ? AND p.min_lat <= ?`

// Close releases the prepared statements (not the database).
func (ix *Index) Close() error {
	if ix.stopLoad != nil {
		ix.stopLoad()
	}
	ix.loading.Wait()
	for _, st := range []*sql.Stmt{ix.stPlaces, ix.stCands, ix.stBounds, ix.stRowRanks, ix.stInOrder, ix.stCover, ix.stLines, ix.stGeom, ix.stOSM, ix.stPostcode, ix.stRevBoxes, ix.stRevAllBoxes, ix.stRevRows, ix.stRevHouses, ix.stRevFeatures, ix.stParent, ix.stAreas, ix.stParents} {
		if st != nil {
			st.Close()
		}
	}
	return nil
}

// parentCols are the columns an address parent is read with (scanParent).
const parentCols = `place_id, class, type, admin_level, rank_address, rank_search,
	names, extratags, country_code, importance, lat, lon`

// loadParents reads the parents among ids that are not cached yet.
func (ix *Index) loadParents(ctx context.Context, ids []int64) error {
	ix.parentsMu.Lock()
	var missing []int64
	for _, id := range ids {
		if _, ok := ix.parents[id]; !ok {
			missing = append(missing, id)
		}
	}
	ix.parentsMu.Unlock()
	if len(missing) == 0 {
		return nil
	}
	ps, err := scanParents(ix.stParents.QueryContext(ctx, idList(missing)))
	if err != nil {
		return err
	}
	ix.parentsMu.Lock()
	for _, p := range ps {
		ix.parents[p.id] = p
	}
	ix.parentsMu.Unlock()
	return nil
}

// parent returns a cached parent (loadParents), or nil.
func (ix *Index) parent(id int64) *parent {
	ix.parentsMu.Lock()
	defer ix.parentsMu.Unlock()
	return ix.parents[id]
}

// countries returns the parents of address rank 4, read once.
func (ix *Index) countryParentList() []*parent {
	ix.countryOnce.Do(func() {
		q := countryParentsSQL
		var n int
		if err := ix.db.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'address_countries'`).Scan(&n); err == nil && n == 0 {
			q = countryParentsIndexSQL
		}
		ps, err := scanParents(ix.db.QueryContext(context.Background(), q))
		if err == nil {
			ix.countryParents = ps
		}
	})
	return ix.countryParents
}

// scanParents reads the parents of a query of parentCols.
func scanParents(rows *sql.Rows, err error) ([]*parent, error) {
	if err != nil {
		return nil, fmt.Errorf("geocode: load address parents: %w", err)
	}
	defer rows.Close()
	var out []*parent
	for rows.Next() {
		var p parent
		var names, extra string
		if err := rows.Scan(&p.id, &p.class, &p.typ, &p.adminLevel, &p.rankAddress, &p.rankSearch,
			&names, &extra, &p.countryCode, &p.importance, &p.centroid[1], &p.centroid[0]); err != nil {
			return nil, fmt.Errorf("geocode: load address parents: %w", err)
		}
		p.names = decodeTags(names)
		et := decodeTags(extra)
		p.place, p.linkedPlace = et["place"], et["linked_place"]
		p.iso = et["ISO3166-2"]
		if p.iso == "" {
			p.iso = p.names["ISO3166-2"]
		}
		out = append(out, &p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: load address parents: %w", err)
	}
	return out, nil
}

// loadCountries reads the names of the countries table.
func (ix *Index) loadCountries(ctx context.Context) error {
	ix.countries = map[string]map[string]string{}
	rows, err := ix.db.QueryContext(ctx, `SELECT country_code, name, names FROM countries`)
	if err != nil {
		return fmt.Errorf("geocode: load countries: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var cc, name, names string
		if err := rows.Scan(&cc, &name, &names); err != nil {
			return fmt.Errorf("geocode: load countries: %w", err)
		}
		m := decodeTags(names)
		if m["name"] == "" && name != "" {
			m["name"] = name
		}
		if m["name:en"] == "" {
			if en := isoCountryNames[cc]; en != "" && m["int_name"] == "" {
				m["name:en"] = en
			}
		}
		ix.countries[cc] = m
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("geocode: load countries: %w", err)
	}
	return nil
}

// record is a places row with what ranking and output need.
type record struct {
	Place
	name     string
	linkedID int64
	// namesID numbers the distinct names of the records loaded together
	// (namesMemo); records with equal names share their Names map, which
	// is read only until finish gives each result its own.
	namesID int32
	// slim marks a candidate's record (candidates.go): only the columns
	// ranking reads; finish needs the whole row.
	slim      bool
	extraJSON string
}

var osmTypeNames = map[string]string{"N": "node", "W": "way", "R": "relation"}

// idList encodes ids as a JSON array for the json_each statements.
func idList(ids []int64) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	b.WriteByte(']')
	return b.String()
}

// records loads the places rows of ids, keyed by place id.
func (ix *Index) records(ctx context.Context, ids []int64) (map[int64]*record, error) {
	return ix.recordsWith(ctx, ids, namesMemo{})
}

// recordsWith is records decoding names through names (records loaded
// together share equal names: namesMemo).
func (ix *Index) recordsWith(ctx context.Context, ids []int64, names namesMemo) (map[int64]*record, error) {
	out := make(map[int64]*record, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := ix.stPlaces.QueryContext(ctx, idList(ids))
	if err != nil {
		return nil, fmt.Errorf("geocode: load places: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		r := &record{}
		var osmType, street, addrPlace string
		var rawNames sql.RawBytes
		var interp int
		var minLat, minLon, maxLat, maxLon float64
		if err := rows.Scan(&r.PlaceID, &osmType, &r.OSMID, &r.Class, &r.Type, &r.AdminLevel, &r.name, &rawNames,
			&r.HouseNumber, &r.Postcode, &r.CountryCode, &r.extraJSON, &r.RankSearch, &r.RankAddress, &r.Importance,
			&r.ParentPlaceID, &r.linkedID, &interp, &r.Centroid[1], &r.Centroid[0], &minLat, &minLon, &maxLat, &maxLon,
			&street, &addrPlace); err != nil {
			return nil, fmt.Errorf("geocode: load places: %w", err)
		}
		r.OSMType = osmTypeNames[osmType]
		if r.OSMType == "" {
			r.OSMID = 0
		}
		r.Interpolated = interp != 0
		r.AddressTags = map[string]string{}
		for k, v := range map[string]string{"housenumber": r.HouseNumber, "street": street, "place": addrPlace, "postcode": r.Postcode} {
			if v != "" {
				r.AddressTags[k] = v
			}
		}
		names.set(r, rawNames)
		r.Bound = BoundOf(r.OSMType, r.Class, r.Type, r.Centroid,
			orb.Bound{Min: orb.Point{minLon, minLat}, Max: orb.Point{maxLon, maxLat}})
		out[r.PlaceID] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: load places: %w", err)
	}
	return out, nil
}

// Output says what a result record carries besides the basic fields.
type Output struct {
	// Languages in order of preference (nil: DefaultLanguages; empty
	// non-nil: local names).
	Languages []string
	// ExtraTags loads Place.ExtraTags.
	ExtraTags bool
	// Geometry loads Place.Geometry, simplified by Threshold degrees
	// (Douglas-Peucker; 0 keeps every vertex).
	Geometry  bool
	Threshold float64
	// Entrances loads Place.Entrances (entrances.go).
	Entrances bool
}

func (o Output) locales() Locales {
	if o.Languages == nil {
		return NewLocales(DefaultLanguages)
	}
	return NewLocales(o.Languages)
}

// finish turns records into Places: address, display name, extratags and
// geometry, with one query for all address lines and one for geometries.
func (ix *Index) finish(ctx context.Context, recs []*record, out Output) ([]Place, error) {
	ids := make([]int64, len(recs))
	for i, r := range recs {
		ids[i] = r.PlaceID
	}
	lines, err := ix.addressLines(ctx, ids)
	if err != nil {
		return nil, err
	}
	var geoms map[int64]orb.Geometry
	if out.Geometry {
		var err error
		if geoms, err = ix.geometries(ctx, ids, out.Threshold); err != nil {
			return nil, err
		}
	}
	var ents map[int64][]Entrance
	if out.Entrances {
		if ents, err = ix.entrances(ctx, ids); err != nil {
			return nil, err
		}
	}
	loc := out.locales()
	res := make([]Place, len(recs))
	for i, r := range recs {
		r.Names = maps.Clone(r.Names)
		et := decodeTags(r.extraJSON)
		ix.assemble(&r.Place, lines[r.PlaceID], loc, et)
		if out.ExtraTags {
			r.ExtraTags = et
		}
		if geoms != nil {
			r.Geometry = geoms[r.PlaceID]
		}
		if out.Entrances {
			r.Entrances = ents[r.PlaceID]
		}
		res[i] = r.Place
	}
	return res, nil
}

// addressLines loads the isaddress lines of ids (one query), each
// place's lines ordered rank_address descending, best candidate first.
func (ix *Index) addressLines(ctx context.Context, ids []int64) (map[int64][]addressLine, error) {
	lines := map[int64][]addressLine{}
	if len(ids) == 0 {
		return lines, nil
	}
	rows, err := ix.stLines.QueryContext(ctx, idList(ids))
	if err != nil {
		return nil, fmt.Errorf("geocode: load addresses: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var l addressLine
		if err := rows.Scan(&id, &l.parent, &l.rankAddress); err != nil {
			return nil, fmt.Errorf("geocode: load addresses: %w", err)
		}
		lines[id] = append(lines[id], l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: load addresses: %w", err)
	}
	var pids []int64
	for _, ls := range lines {
		for _, l := range ls {
			pids = append(pids, l.parent)
		}
	}
	if err := ix.loadParents(ctx, pids); err != nil {
		return nil, err
	}
	return lines, nil
}

// geometries loads and simplifies the geometries of ids.
func (ix *Index) geometries(ctx context.Context, ids []int64, threshold float64) (map[int64]orb.Geometry, error) {
	out := map[int64]orb.Geometry{}
	rows, err := ix.stGeom.QueryContext(ctx, idList(ids))
	if err != nil {
		return nil, fmt.Errorf("geocode: load geometry: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var blob []byte
		if err := rows.Scan(&id, &blob); err != nil {
			return nil, fmt.Errorf("geocode: load geometry: %w", err)
		}
		g, err := placegeom.Decode(blob)
		if err != nil {
			continue
		}
		out[id] = Simplify(g, threshold)
	}
	return out, rows.Err()
}
