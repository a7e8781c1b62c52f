// places_write.go writes the rows built by the places stage into the tables
// of places_schema.go, with prepared statements in the stage's single
// transaction, and creates the secondary indexes after the bulk load.
// Search text is normalized with engine/text (see the schema contract).

package places

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"waymark/engine/geocode"

	"waymark/engine/text"
	"waymark/regions/extract"
)

const (
	insertPlace = `INSERT INTO place_rows(place_id, osm_type, osm_id, kind, admin_level, name, names,
		housenumber, street, addr_place, postcode, country_code, extratags, rank_search, rank_address,
		importance, parent_place_id, linked_place_id, interpolated, lat7, lon7, south7, west7, north7,
		east7, geometry) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`
	insertKind = `INSERT INTO place_kinds(kind, class, type) VALUES(?,?,?)`
	// Address lines go to a temporary table of the same shape first and
	// are copied into place_addressline at the end (copyLines).
	linesTemp  = `CREATE TEMP TABLE lines` + addressLineColumns
	insertLine = `INSERT OR IGNORE INTO temp.lines(place_id, address_place_id, rank_address, isaddress, distance, fromarea, inherits) VALUES(?,?,?,?,?,?,?)`
	// The search rows go to a temporary table first: search_name keeps
	// no text (contentless), and the autocomplete index is built from it
	// (writeAutocomplete).
	searchText   = `CREATE TEMP TABLE search_text(rowid INTEGER PRIMARY KEY, name TEXT, housenumber TEXT, address TEXT, class_type TEXT, full_names TEXT)`
	insertSearch = `INSERT INTO temp.search_text(rowid, name, housenumber, address, class_type, full_names) VALUES(?,?,?,?,?,?)`
	insertRtree  = `INSERT INTO places_rtree(id, min_lon, max_lon, min_lat, max_lat, rank_address, rank_search) VALUES(?,?,?,?,?,?,?)`
	insertArea   = `INSERT INTO address_areas(place_id, rank_address, rank_search, class, type, area, min_lat, min_lon, max_lat, max_lon, geometry) VALUES(?,?,?,?,?,?,?,?,?,?,?)`
	insertAreaRt = `INSERT INTO address_areas_rtree(id, min_lon, max_lon, min_lat, max_lat) VALUES(?,?,?,?,?)`
	insertPcode  = `INSERT OR IGNORE INTO postcodes(postcode, country_code, place_id, lat, lon, min_lat, min_lon, max_lat, max_lon, count, area_place_id) VALUES(?,?,?,?,?,?,?,?,?,?,?)`
)

// stmts holds the prepared statements of the write step.
type stmts struct {
	place, kind, line, search, rtree, area, areaRt, pcode *sql.Stmt
}

func prepareAll(ctx context.Context, tx *sql.Tx) (*stmts, error) {
	s := &stmts{}
	for _, x := range []struct {
		dst **sql.Stmt
		q   string
	}{
		{&s.place, insertPlace}, {&s.kind, insertKind}, {&s.line, insertLine}, {&s.search, insertSearch},
		{&s.rtree, insertRtree}, {&s.area, insertArea}, {&s.areaRt, insertAreaRt}, {&s.pcode, insertPcode},
	} {
		st, err := tx.PrepareContext(ctx, x.q)
		if err != nil {
			s.close()
			return nil, fmt.Errorf("prepare: %w", err)
		}
		*x.dst = st
	}
	return s, nil
}

func (s *stmts) close() {
	for _, st := range []*sql.Stmt{s.place, s.kind, s.line, s.search, s.rtree, s.area, s.areaRt, s.pcode} {
		if st != nil {
			st.Close()
		}
	}
}

func jsonObject(m map[string]string) string {
	if len(m) == 0 {
		return "{}"
	}
	b, _ := json.Marshal(m) // map[string]string always marshals; keys sorted
	return string(b)
}

func (b *placeBuilder) write(ctx context.Context) error {
	tx := b.im.Tx
	if _, err := tx.ExecContext(ctx, placesSchema+";"+placesView(b.d.XML)+";"+searchText+";"+linesTemp); err != nil {
		return fmt.Errorf("create places tables: %w", err)
	}
	s, err := prepareAll(ctx, tx)
	if err != nil {
		return err
	}
	defer s.close()
	if err := b.rankImportance(); err != nil {
		return err
	}
	b.countryRow = map[string]int32{}
	for i, p := range b.records() {
		if p == nil {
			continue
		}
		if p.rankSearch == 4 && p.linked == 0 && p.country != (countryCode{}) && len(p.names()) > 0 {
			if _, ok := b.countryRow[p.country.String()]; !ok || p.area > 0 {
				b.countryRow[p.country.String()] = int32(i)
			}
		}
	}
	lines, searchable, areas := 0, 0, 0
	addrCountries := map[int64]bool{}
	err = b.eachPlace(func(i int32, p *place, leaf bool) error {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		if leaf {
			b.leafPostcode(i, p)
			p.importance = importanceOf(int(p.rankSearch), p.extratags)
		}
		id := int64(i + 1)
		if err := b.writePlace(ctx, s, id, p); err != nil {
			return fmt.Errorf("place %s%d: %w", p.osmTypeName(), p.osmID, err)
		}
		for k, l := range p.lines {
			if b.places[l.parent].rankAddress == 4 {
				addrCountries[int64(l.parent)+1] = true
			}
			inherits := k == 0 && p.is(inherits)
			if _, err := s.line.ExecContext(ctx, id, int64(l.parent)+1, l.rank, boolInt(l.isAddress), l.distance, boolInt(l.fromArea), boolInt(inherits)); err != nil {
				return fmt.Errorf("address line: %w", err)
			}
			lines++
		}
		if p.linked > 0 {
			return nil
		}
		bb := p.bound
		if _, err := s.rtree.ExecContext(ctx, id, bb.Min[0], bb.Max[0], bb.Min[1], bb.Max[1], p.rankAddress, p.rankSearch); err != nil {
			return fmt.Errorf("rtree: %w", err)
		}
		if p.area > 0 && ((p.rankAddress > 0 && p.rankAddress < 26) || p.kind.typ == "postal_code") {
			g := []byte(p.geom) // placegeom's blob (shape)
			if _, err := s.area.ExecContext(ctx, id, p.rankAddress, p.rankSearch, p.kind.class, p.kind.typ, p.area,
				bb.Min[1], bb.Min[0], bb.Max[1], bb.Max[0], g); err != nil {
				return fmt.Errorf("address area: %w", err)
			}
			if _, err := s.areaRt.ExecContext(ctx, id, bb.Min[0], bb.Max[0], bb.Min[1], bb.Max[1]); err != nil {
				return fmt.Errorf("address area rtree: %w", err)
			}
			areas++
		}
		if len(p.names()) > 0 || p.housenumber() != "" {
			if err := b.writeSearch(ctx, s, id, p); err != nil {
				return err
			}
			searchable++
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range b.postcodes {
		if _, err := s.pcode.ExecContext(ctx, r.postcode, r.country, int64(r.place)+1, r.centroid[1], r.centroid[0],
			r.bound.Min[1], r.bound.Min[0], r.bound.Max[1], r.bound.Max[0], r.count, int64(r.area)); err != nil {
			return fmt.Errorf("postcode %s: %w", r.postcode, err)
		}
	}
	if b.parentErr != nil {
		return b.parentErr
	}
	for id := range addrCountries {
		if _, err := tx.ExecContext(ctx, `INSERT INTO address_countries(place_id) VALUES(?)`, id); err != nil {
			return fmt.Errorf("address countries: %w", err)
		}
	}
	if err := b.writeCountries(ctx); err != nil {
		return err
	}
	if err := copyLines(ctx, tx); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, placesIndexes); err != nil {
		return fmt.Errorf("create places indexes: %w", err)
	}
	b.im.Count("places", len(b.places))
	b.im.Count("place address lines", lines)
	b.im.Count("places searchable", searchable)
	b.im.Count("address areas", areas)
	return nil
}

// copyLines copies the address lines from their temporary table into
// place_addressline. The two tables have the same shape, so SQLite copies
// the b-tree in key order page by page (its transfer optimization, as
// VACUUM does), which fills the pages that rows inserted one statement at
// a time leave a fifth empty (a table without rowid gets no append hint):
// LI 618 → 537 kB. Of two rows for one place and parent the first written
// is kept (INSERT OR IGNORE into the temporary table).
func copyLines(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO main.place_addressline SELECT * FROM temp.lines`); err != nil {
		return fmt.Errorf("address lines: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DROP TABLE temp.lines`); err != nil {
		return fmt.Errorf("address lines: %w", err)
	}
	return nil
}

func (b *placeBuilder) writePlace(ctx context.Context, s *stmts, id int64, p *place) error {
	g := []byte(p.geom) // placegeom's blob (shape)
	kind, err := b.kind(ctx, s, p.kind.class, p.kind.typ)
	if err != nil {
		return err
	}
	extratags := p.extratags.JSON()
	if extratags == "{}" {
		extratags = "" // the places view gives back '{}'
	}
	bb := p.bound
	lat, lon := e7(p.centroid[1]), e7(p.centroid[0])
	_, err = s.place.ExecContext(ctx, id, p.osmTypeName(), p.osmID, kind, p.adminLevel, p.name, p.names().JSON(),
		p.housenumber(), p.street(), p.addrPlace(), p.postcode(), p.country.String(), extratags,
		p.rankSearch, p.rankAddress, p.importance, int64(p.parent), int64(p.linked), boolInt(p.is(interpolated)),
		lat, lon, lat-e7(bb.Min[1]), lon-e7(bb.Min[0]), e7(bb.Max[1])-lat, e7(bb.Max[0])-lon, g)
	return err
}

// kind returns the place_kinds row of a class and type, writing it when
// it is new (kinds are numbered in the order places first use them, so a
// pack is the same on every import of an extract).
func (b *placeBuilder) kind(ctx context.Context, s *stmts, class, typ string) (int64, error) {
	k := [2]string{class, typ}
	if id, ok := b.kinds[k]; ok {
		return id, nil
	}
	if b.kinds == nil {
		b.kinds = map[[2]string]int64{}
	}
	id := int64(len(b.kinds) + 1)
	if _, err := s.kind.ExecContext(ctx, id, class, typ); err != nil {
		return 0, fmt.Errorf("place kind %s/%s: %w", class, typ, err)
	}
	b.kinds[k] = id
	return id, nil
}

// e7 returns a coordinate in units of 1e-7 degree (OSM's precision), the
// integer whose decimal digits v prints with at 7 decimals, so that a
// place's coordinates print as before (the places view turns them back
// into degrees the way the PBF reader does: a node's own coordinate comes
// back bit for bit; a computed one, such as a line's middle point, to the
// nearest 1e-7 degree).
func e7(v float64) int64 {
	r := math.Round(v * 1e7)
	if 1e-9*float64(100*int64(r)) == v || r/1e7 == v {
		return int64(r)
	}
	s := strconv.FormatFloat(v, 'f', 7, 64)
	n, err := strconv.ParseInt(strings.Replace(s, ".", "", 1), 10, 64)
	if err != nil {
		return int64(r) // not reached: FormatFloat writes digits, a sign and one point
	}
	return n
}

// textCacheMax is the most search texts searchText keeps (~100 bytes
// each with the map's overhead).
const textCacheMax = 1 << 16

// searchText returns the normalized variants of every name of place i,
// joined as the name column wants them, cached since parents repeat in
// every address.
func (b *placeBuilder) searchText(i int32) string {
	if c, ok := b.textCache[i]; ok {
		return c
	}
	c := namesText(b.places[i])
	if p := b.places[i]; p.rankSearch < 30 && p.rankAddress < 30 {
		// Only a street or an area is another place's parent; a house's
		// or a POI's text is asked for once (LI ×64: 45 MB not cached).
		// The cache is bounded: a country has millions of streets
		// (LI ×400: ~2 M) and the cache held a text for each to the
		// end of the write; emptied when full, a text asked for again
		// is made again (the pack is the same).
		if b.textCache == nil || len(b.textCache) >= textCacheMax {
			b.textCache = map[int32]string{}
		}
		b.textCache[i] = c
	}
	return c
}

// namesText returns the normalized variants of every name of p, joined as
// the name column wants them.
func namesText(p *place) string {
	var parts []string
	seen := map[string]bool{}
	for _, v := range sortedValues(p.names()) {
		if seen[v] {
			continue
		}
		seen[v] = true
		if vs := text.Variants(v); len(vs) > 0 {
			parts = append(parts, strings.Join(vs, " "))
		}
	}
	return strings.Join(parts, " | ")
}

// writeSearch writes the search row of p (search_text, for search_name).
func (b *placeBuilder) writeSearch(ctx context.Context, s *stmts, id int64, p *place) error {
	names := namesText(p)
	if b.places[id-1] != nil {
		names = b.searchText(int32(id - 1)) // cached for a parent
	}
	var addr []string
	hasCountry := false
	b.lineBuf = b.fullLines(p, b.lineBuf)
	for _, l := range b.lineBuf {
		if l.rank < 26 {
			// Areas and places (country … suburb): one token each.
			if tok := b.parentToken(l.parent); tok != "" {
				addr = append(addr, tok)
			}
		} else if a := b.searchText(l.parent); a != "" {
			addr = append(addr, a)
		}
		hasCountry = hasCountry || l.rank == 4
	}
	if ci, ok := b.countryRow[p.country.String()]; ok && !hasCountry && ci != int32(id-1) {
		// Outside an assembled country boundary: still findable with the
		// country's name ("Buchs, Schweiz").
		if tok := b.parentToken(ci); tok != "" {
			addr = append(addr, tok)
		}
	}
	for _, v := range []string{p.street(), p.addrPlace(), p.postcode(), p.keptTags().Find(unofficialPostcodeKey)} {
		if v == "" || (v == p.postcode() && p.kind.typ == "postcode") {
			continue
		}
		if vs := text.Variants(v); len(vs) > 0 {
			addr = append(addr, strings.Join(vs, " "))
		}
	}
	classType := text.Normalize(p.kind.class + " " + p.kind.typ)
	if _, err := s.search.ExecContext(ctx, geocode.SearchRowID(id, b.importanceRank[p.importance], b.rowBits), names, housenumberTerms(p.housenumber()),
		strings.Join(addr, " | "), classType, geocode.FullNameTokens(sortedValues(p.names()))); err != nil {
		return fmt.Errorf("search text: %w", err)
	}
	return nil
}

// rankImportance numbers the distinct importance values of the places,
// largest first, for the rowids of search_name (geocode.SearchRowID), and
// records the place_id width in the pack's meta.
func (b *placeBuilder) rankImportance() error {
	values := make([]float64, 0, len(b.places)-b.leaves.count)
	for _, p := range b.records() {
		if p != nil {
			values = append(values, p.importance)
		}
	}
	leafValues := map[float64]bool{}
	err := eachLeaf(b.leaves, func(_ int, _ int32, p *place) error {
		leafValues[importanceOf(int(p.rankSearch), p.extratags)] = true
		return nil
	})
	if err != nil {
		return err
	}
	for v := range leafValues {
		values = append(values, v)
	}
	slices.Sort(values)
	values = slices.Compact(values)
	b.importanceRank = make(map[float64]int, len(values))
	for i, v := range values {
		b.importanceRank[v] = len(values) - 1 - i
	}
	b.rowBits = uint(bits.Len(uint(len(b.places))))
	return b.im.SetMeta(geocode.SearchRowBitsKey, strconv.Itoa(int(b.rowBits)))
}

// parentToken returns the search_parent token that stands for the names of
// place i in address columns ("" when it has none), writing its
// search_parent row the first time. Parents with the same name text share
// the token of the first of them: a query word then matches one token, not
// one per town of that name (64 "Triesen"s in the LI ×64 tiling, a hundred
// "Neustadt"s in Germany), each a phrase that bm25 weighs for every match.
func (b *placeBuilder) parentToken(i int32) string {
	if tok, ok := b.parentTokens[i]; ok {
		return tok
	}
	tok := ""
	if names := b.searchText(i); names != "" {
		if t, ok := b.tokenOfText[names]; ok {
			tok = t
		} else {
			// Numbered in order of first use, base 36: the country and
			// the towns, in nearly every row, come first and are short
			// (LI ×64: search text 58.6 → 49.7 MB).
			tok = "wmp" + strconv.FormatInt(int64(len(b.tokenOfText)+1), 36)
			if _, err := b.im.Tx.Exec(`INSERT INTO search_parent(name, token) VALUES(?, ?)`, names, tok); err != nil {
				b.parentErr = fmt.Errorf("search_parent: %w", err)
			}
			if b.tokenOfText == nil {
				b.tokenOfText = map[string]string{}
			}
			b.tokenOfText[names] = tok
		}
	}
	if b.parentTokens == nil {
		b.parentTokens = map[int32]string{}
	}
	b.parentTokens[i] = tok
	return tok
}

// housenumberTerms indexes a house number as normalized ("12a") and split
// into number and suffix ("12 a").
func housenumberTerms(hn string) string {
	if hn == "" {
		return ""
	}
	n := text.Normalize(hn)
	terms := []string{n}
	if num, suffix, ok := splitHousenumber(hn); ok && suffix != "" {
		if split := strconv.Itoa(num) + " " + text.Normalize(suffix); split != n {
			terms = append(terms, split)
		}
	}
	return strings.Join(terms, " | ")
}

// sortedValues returns m's values ordered by key, "name" first.
func sortedValues(m extract.TagMap) []string {
	out := make([]string, 0, len(m))
	if v := m.Get("name"); v != "" {
		out = append(out, v)
	}
	for _, p := range m {
		if p.Key != "name" {
			out = append(out, p.Value)
		}
	}
	return out
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}

// writeCountries fills the countries table from the country relations and
// place=country nodes of the extract, whether their area assembled or not.
func (b *placeBuilder) writeCountries(ctx context.Context) error {
	type country struct {
		name  string
		names extract.TagMap
		place int64
		rank  int // 0 relation with a place row, 1 relation, 2 node
	}
	found := map[string]*country{}
	consider := func(code string, names extract.TagMap, place int64, rank int) {
		if code == "" || len(names) == 0 {
			return
		}
		if c, ok := found[code]; ok && c.rank <= rank {
			return
		}
		found[code] = &country{defaultName(names), names, place, rank}
	}
	rowOf := map[int64]int64{}
	nodeOf := map[string]int64{} // place=country node per code
	for i, p := range b.records() {
		if p == nil {
			continue
		}
		if p.osmType == 'R' && p.kind.class == "boundary" && p.adminLevel == 2 {
			rowOf[p.osmID] = int64(i + 1)
		}
		if p.osmType == 0 && p.kind.typ == "country" {
			consider(p.country.String(), p.names(), int64(i+1), 0)
		}
		if p.osmType == 'N' && p.kind.class == "place" && p.kind.typ == "country" && p.country != (countryCode{}) {
			consider(p.country.String(), p.names(), int64(i+1), 2)
			if _, ok := nodeOf[p.country.String()]; !ok {
				nodeOf[p.country.String()] = int64(i + 1)
			}
		}
	}
	for r := range b.d.Relations() {
		if r.Tags.Find("boundary") != "administrative" || strings.TrimSpace(r.Tags.Find("admin_level")) != "2" {
			continue
		}
		names, _ := extractNames(r.Tags)
		if id, ok := rowOf[int64(r.ID)]; ok {
			consider(countryCodeOf(r.Tags), names, id, 0)
		} else {
			consider(countryCodeOf(r.Tags), names, 0, 1)
		}
	}
	for code, c := range found {
		if c.place == 0 {
			c.place = nodeOf[code]
		}
		if _, err := b.im.Tx.ExecContext(ctx, `INSERT INTO countries(country_code, name, names, place_id) VALUES(?,?,?,?)`,
			code, c.name, c.names.JSON(), c.place); err != nil {
			return fmt.Errorf("country %s: %w", code, err)
		}
	}
	b.im.Count("countries", len(found))
	return nil
}

// writeAutocomplete fills search_name from the search rows, then builds
// and stores the autocomplete index from them (geocode.WriteCompleteIndex)
// once the places in memory are let go, and drops the rows.
func (b *placeBuilder) writeAutocomplete(ctx context.Context) error {
	tx := b.im.Tx
	if _, err := tx.ExecContext(ctx, `INSERT INTO search_name(rowid, name, housenumber, address, class_type)
		SELECT rowid, name || ' ' || full_names, housenumber, address, class_type FROM temp.search_text`); err != nil {
		return fmt.Errorf("search_name: %w", err)
	}
	// The insert leaves a segment per flush of FTS5's pending terms (8 at
	// LI ×64, 10 at ×200), and a query looks each of its terms up in every
	// segment: merged into one, search's index queries take half the time
	// at ×64 (1.4 s of import there).
	if _, err := tx.ExecContext(ctx, `INSERT INTO search_name(search_name) VALUES('optimize')`); err != nil {
		return fmt.Errorf("search_name: merge segments: %w", err)
	}
	if err := b.im.SetMeta(geocode.FullNamesKey, "1"); err != nil {
		return err
	}
	b.places, b.textCache, b.parentTokens, b.tokenOfText, b.lineBuf = nil, nil, nil, nil, nil
	debug.FreeOSMemory()
	if err := geocode.WriteCompleteIndex(ctx, tx, "temp.search_text", b.rowBits); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DROP TABLE temp.search_text`); err != nil {
		return fmt.Errorf("search text: %w", err)
	}
	return nil
}
