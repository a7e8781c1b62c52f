// places_schema.go: the DDL of the geocoding tables written by the places
// stage. The doc comment of placesSchema is the contract for engine/geocode
// (search, reverse, lookup) and for autocomplete/nearby.

package places

// placesSchema holds the geocoding tables of a region pack: the contract between the places import
// stage (this package) and the query side (engine/geocode, autocomplete,
// nearby). Column names are stable; new columns are only ever added.
//
// The design follows Nominatim's placex / place_addressline / search_name /
// location_postcode model so that ranks, class/type and address parts behave
// like Nominatim's on the same data.
//
// # Conventions
//
//   - Coordinates are WGS84 degrees. Distances are meters.
//   - Geometry is WKB (github.com/paulmach/orb/encoding/wkb): Point for nodes
//     and interpolated addresses; LineString for open ways (streets, rivers);
//     Polygon for closed area ways (buildings, landuse, closed boundary ways);
//     Polygon or MultiPolygon for multipolygon/boundary relations; relations
//     that are not areas (or whose rings are broken) get the Point of their
//     centroid. Never NULL.
//   - Country codes are lower-case ISO 3166-1 alpha-2 ("li", "ch", "at",
//     "us"), ” when the object lies in no admin_level=2 boundary of the
//     extract (and has no country tag).
//   - Text JSON columns are JSON objects of string to string, never NULL
//     ('{}' when empty).
//   - Empty strings, never NULL, for absent text values; 0 for absent ids.
//
// # places: one row per searchable/addressable object (Nominatim's placex)
//
// Since pack format 5, places is a view (placesView) over two tables:
// place_rows, which holds a place's columns but class and type (a
// place_kinds number, kind; indexed as places_kind) and its coordinates
// (integers of 1e-7 degree: lat7, lon7, and the box as the distances
// south7, west7, north7, east7 of its edges from lat7/lon7, 0 for a
// point), and place_kinds(kind, class, type). Empty extratags are stored
// as an empty string. The view gives back the columns below, so queries read
// packs of any format alike. A coordinate computed by the import (a
// line's middle point) is stored to the nearest 1e-7 degree, the precision
// of OSM and of every answer: the same digits print; what changes is the
// box drawn around a point-like place that is not a node (BoundOf), by at
// most 1e-7 degree. At ×64 LI this saves a fifth of the places table.
//
//	place_id        INTEGER PRIMARY KEY. Local to the pack (1..n); public ids
//	                are engine.PlaceID(packIndex, place_id).
//	osm_type        'N', 'W', 'R'; '' for rows with no OSM object: postcode
//	                centroids computed from addresses (class place, type
//	                postcode) and countries whose boundary relation did not
//	                assemble (class place, type country, rank 4; geometry is
//	                the convex hull of the extract's places of that country,
//	                the way Nominatim falls back on its country grid; not an
//	                address area).
//	osm_id          OSM id (0 when osm_type is ''). (osm_type, osm_id) is
//	                NOT unique: an object with two main tags (amenity=cafe +
//	                tourism=hotel) gives two rows like in Nominatim, and an
//	                addr:interpolation way gives one row per interpolated
//	                number (see interpolated). Lookup takes the row with the
//	                lowest place_id whose interpolated = 0, else (an
//	                interpolation way, e.g. the synthetic W1 of the LI
//	                extract) the lowest interpolated one.
//	class, type     The OSM key/value that made the object a place, as in
//	                Nominatim: place/town, boundary/administrative,
//	                boundary/postal_code, highway/residential,
//	                amenity/restaurant, building/yes, waterway/river,
//	                place/house (plain address without another main tag),
//	                place/postcode (postcode centroid rows),
//	                place/house for interpolated addresses.
//	admin_level     admin_level tag of boundary=administrative rows; 15 for
//	                every other row and when absent (Nominatim).
//	name            The default name: tag name, else the first of
//	                official_name, short_name, int_name, alt_name, loc_name,
//	                old_name (only for the display fallback), ref,
//	                addr:housename; '' for unnamed addresses.
//	names           JSON of every name tag, keyed by the OSM key: "name",
//	                "name:de", "alt_name", "alt_name:de", "old_name",
//	                "official_name", "short_name", "int_name", "loc_name",
//	                "nat_name", "reg_name", "ref", "addr:housename", ... This
//	                is namedetails. For boundaries linked to a place node the
//	                place node's names are merged in under their own keys
//	                (the boundary's own win; Nominatim keeps them as
//	                "_place_name:xx", we merge so that name:ru of the node
//	                Vaduz serves the boundary Vaduz).
//	housenumber     addr:housenumber (or addr:conscriptionnumber /
//	                addr:streetnumber combined "c/s"), trimmed, as tagged.
//	street          addr:street as tagged ('' when none).
//	addr_place      addr:place as tagged ('' when none).
//	postcode        The effective postcode: the tagged one (addr:postcode,
//	                postcode or postal_code; trimmed, upper-cased; POI nodes
//	                without address take their building's), else for places
//	                of rank_search > 8 that are not long rivers (like
//	                Nominatim): the boundary=postal_code area's containing
//	                the centroid, (streets) the most common code of their
//	                houses, (houses/POIs) the parent street's, else for areas
//	                the one postcode centroid inside (Triesen: 9495; none if
//	                several, Oberland), for the rest the nearest postcode
//	                centroid of the country within 0.05°; '' otherwise.
//	country_code    see Conventions.
//	extratags       JSON of the remaining useful tags (wikidata, wikipedia,
//	                website, phone, opening_hours, population, capital,
//	                ISO3166-1, ISO3166-2 (state boundaries: statecode),
//	                place (for boundaries that carry place=*), ...). Name,
//	                addr:* and the main class tag are not repeated; noise keys
//	                (source*, note*, fixme, created_by, tiger:*, ...) are
//	                dropped. Boundaries linked to a place node get
//	                "linked_place": the node's place value (e.g. "town") —
//	                that is Nominatim's addresstype for them.
//	rank_search     Nominatim search rank 0..30 (country 4, state 8, county
//	                12, city 16, town 18, village 19, suburb 19, hamlet 20,
//	                neighbourhood 20, street 26, house/POI 30, ...).
//	rank_address    Nominatim address rank 0..30: the level this object
//	                fills in an address (country 4, state 8, county 12,
//	                city/town/village 16, suburb 20, hamlet/neighbourhood
//	                20/22, street 26, house/POI 30); 0 = not part of
//	                addresses (rivers, peaks, parks, postcodes, ...). Admin
//	                boundaries are shifted below their parent like Nominatim
//	                (parent rank + 2 when equal). Boundaries linked to a
//	                place node take that node's address rank.
//	importance      0..1, see places_importance.go for the formula (rank
//	                based default, raised by wikipedia/wikidata and
//	                population). Always > 0 for named places.
//	parent_place_id For rank >= 26 objects: the street (or addr:place
//	                object) this object's address hangs on; for other
//	                places the isaddress parent of the highest rank
//	                (Nominatim's insert_addresslines); 0 if none.
//	linked_place_id 0, or for a place node represented by a boundary (e.g.
//	                Vaduz's place=town node, linked to the admin_level=8
//	                boundary) the boundary's place_id. Linked rows are kept
//	                for lookup (with their own address lines) but are NOT
//	                in search_name/places_rtree/address_areas
//	                and are never an address_place_id in place_addressline.
//	interpolated    1 for rows expanded from an addr:interpolation way
//	                (osm_type 'W', osm_id = the interpolation way), else 0.
//	lat, lon        Centroid: the node position; for areas a point inside
//	                the area (the linked place node when inside, else the
//	                area centroid when inside, else a point on the surface);
//	                for lines the middle point along the line.
//	min_lat, min_lon, max_lat, max_lon  bounding box of geometry.
//	geometry        WKB, see Conventions.
//
// # place_addressline: the address hierarchy (Nominatim's place_addressline)
//
// For every place (also linked rows, and rank_address 0 features such as
// rivers and peaks) its parents, one row per (place_id, address_place_id):
//
//	place_id          the child.
//	address_place_id  the parent place (never a linked row).
//	rank_address      the parent's rank_address (its level in this address).
//	isaddress         1 when the parent is THE part of the address at that
//	                  rank (exactly one per rank: the street/addr:place
//	                  object at 26 (or its own rank when addr:place is a
//	                  place), else the smallest containing area, else the
//	                  nearest place node within its rank radius); 0 for
//	                  other candidates that only add search terms.
//	distance          meters from the child's centroid to the parent's
//	                  (0 when the parent's area contains it).
//	fromarea          1 when found by point-in-polygon, 0 by node radius /
//	                  parent street.
//	inherits          1 on the one row of a house or POI that hangs on a
//	                  parent (its street or addr:place place, rank < 28,
//	                  = places.parent_place_id): its address continues
//	                  with that parent's rows of a lower rank_address,
//	                  which are not copied (format 3; in older packs every
//	                  house carries copies of its street's rows).
//
// Build the address of place P with:
//
//	SELECT p.* FROM (
//	  SELECT address_place_id, rank_address FROM place_addressline
//	  WHERE place_id = ?1 AND isaddress
//	  UNION ALL
//	  SELECT b.address_place_id, b.rank_address FROM place_addressline h
//	  JOIN place_addressline b ON b.place_id = h.address_place_id
//	  WHERE h.place_id = ?1 AND h.inherits AND b.isaddress AND b.rank_address < h.rank_address
//	) a JOIN places p ON p.place_id = a.address_place_id ORDER BY a.rank_address DESC
//
// The parent street of a house is itself an addressline row (rank 26,
// isaddress 1), so the query above gives house -> street -> suburb -> town ->
// county -> state -> country with the house's own row excluded. The postcode
// is places.postcode of P; the country name is the rank 4 row's name.
//
// # search_name: FTS5 word index (one row per searchable place)
//
// The rowid is geocode.SearchRowID: the rank of the place's importance
// among the pack's distinct values (largest first) above its place_id,
// so matches come most important first; place_id = rowid & (1<<b - 1)
// with b the meta value search_rowid_bits (format 3; older packs have no
// such key and rowid = place_id).
//
// Searchable = named places (name != ”) and addresses (housenumber != ”),
// excluding linked rows. Every text is normalized with engine/text: each
// value v is indexed as strings.Join(text.Variants(v), " ") (Normalize plus
// transliterations and expanded abbreviations), values separated by " | "
// (the tokenizer drops the bar):
//
//	name         all values of names (every language, alt/old/official/
//	             short/ref names), then a full-name token "wmf…" per
//	             distinct spelling of each whole name (format 5;
//	             geocode.FullNameToken). For plain addresses empty.
//	housenumber  normalized housenumber and its parts ("12a" gives "12a 12 a";
//	             "3/5" gives "3/5 3 5" normalized: "3 5").
//	address      names of every place_addressline parent (isaddress or not;
//	             default names plus all name variants), addr:street,
//	             addr:place, and the postcode; for places outside an
//	             assembled country boundary also the country's names.
//	             An area or place parent (rank_address < 26: country to
//	             suburb) is written as one token "wmp<n>" instead
//	             of its names (parents with the same names share the
//	             token of the first; format 3): a country's hundred-odd translations in
//	             every row made ~90% of the index, and a town's name in
//	             every house's row made each {name} query read the whole
//	             town. The names are in search_parent; a query word
//	             matching them matches the token too (see below).
//	class_type   "class type" words (e.g. "amenity restaurant") so category
//	             phrases can be matched inside FTS.
//
// The table is contentless (an empty content option, format 4): it holds
// the index only, and the text is the import's (temp.search_text), read
// once more to build the autocomplete index (stored in the pack: geocode's
// autocomplete_load.go, table autocomplete). Nothing else read the text,
// 8% of a pack.
//
// Tokenizer: unicode61 remove_diacritics 2, no prefix indexes: the engine
// sends whole words only (autocomplete has its own index), and a prefix
// query ("vad*") still works by reading the range of terms (the prefix
// indexes for 1–3 letters were 65% of search_name_data). Filter per
// column ({name}: ... AND {address}: ...); packs of format 5 keep no
// column sizes (columnsize=0, no search_name_docsize: bm25 is not
// available, full-name tokens rank instead; meta search_full_names = 1),
// older packs rank with bm25(search_name, 10.0, 5.0, 1.0, 0.5).
// Vocabulary and token frequencies: search_name_vocab (fts5vocab 'row').
//
// # search_parent: names of the parents written as tokens in search_name
//
//	name   the parent's name column text (as search_name.name)
//	token  "wmp<n>" of the first parent with these names, unindexed: n
//	       counts the tokens in order of first use, in base 36 (packs
//	       built before 2026-11-25 have the place_id; the engine reads
//	       tokens as opaque words)
//
// A query word w that should match the address column matches
// {name address}: (w OR <token>...) with the tokens of
// SELECT token FROM search_parent WHERE search_parent MATCH w, which is
// what the parent's names in every row matched before. The autocomplete
// loader replaces a token in address by the name text.
//
// Packs before format 3 also have search_trigram, an FTS5 trigram index
// of the names that no query ever read (the autocomplete index has its
// own trigrams); newer packs leave it out.
//
// # places_rtree: R*Tree over every non-linked places row's bbox (id = place_id)
//
//	id, min_lon, max_lon, min_lat, max_lat, +rank_address, +rank_search
//
// Auxiliary columns rank_address and rank_search allow rank filtering
// without joining places (reverse/nearby). Bounds are float32, rounded
// outward by SQLite, so refine with places.lat/lon or the geometry.
//
// # address_areas: polygons for point-in-polygon reverse lookups
//
// Every non-linked place with an areal geometry (Polygon/MultiPolygon) and
// rank_address 1..25 (admin boundaries, place areas, named residential
// landuse…), plus boundary=postal_code areas (rank_address 0). Buildings
// and other rank 30 areas are not here (reverse finds them by distance
// through places_rtree):
//
//	place_id INTEGER PRIMARY KEY (= places.place_id), rank_address,
//	rank_search, class, type, area (square degrees, for smallest-first),
//	min_lat, min_lon, max_lat, max_lon, geometry (WKB, same as places)
//
// address_areas_rtree (id, min_lon, max_lon, min_lat, max_lat) indexes it.
// Place nodes without an area are in places_rtree only. Nominatim's reverse
// treats them as circles of reverse_place_diameter(rank_search) degrees:
// rank <=4: 5.0, <=8: 1.8, <=12: 0.6, <=17: 0.16, 18: 0.08, 19: 0.04, else
// 0.02. (For addresses the import uses Nominatim's place_node_fuzzy_area:
// squares of ±0.707·r with r = 15 km city, 4 km town, 2 km village, 1 km
// hamlet, 500 m smaller places; see address_lines.go.)
//
// # postcodes: one row per (country_code, postcode)
//
//	postcode      upper-cased, trimmed ("9490", "36067").
//	country_code  lower-case country of the centroid.
//	place_id      the places row (class place, type postcode, osm_type '')
//	              carrying this centroid, searchable like any place.
//	lat, lon      centroid: mean of the addresses carrying the postcode
//	              (outliers farther than 20 km from the median dropped), or
//	              the boundary=postal_code area's centroid when no address
//	              carries it.
//	min_lat, min_lon, max_lat, max_lon  bbox of the contributing points.
//	count         number of addresses carrying it (0 for area-only codes).
//	area_place_id the boundary=postal_code place with this code, or 0.
//
// # address_countries: the countries in some place's address
//
//	place_id      a rank 4 place that is the address_place_id of some
//	              place_addressline row (format 3; older packs find them
//	              with an index on address_place_id).
//
// # countries: one row per country of the extract
//
//	country_code  lower-case ISO 3166-1 alpha-2, PRIMARY KEY.
//	name          default name of the country relation (or place=country
//	              node), e.g. "Schweiz/Suisse/Svizzera/Svizra".
//	names         JSON of its name tags (name:en, name:de, ...), for
//	              display_name's country part in the asked language.
//	place_id      the places row of the country (rank 4): its boundary,
//	              or for a boundary that did not assemble (countries cut by
//	              the extract) the osm_type '' hull row; 0 only when no place
//	              of the extract lies in it.
//
// Postcode rows (places and postcodes) have rank_search 21, rank_address 0
// (not part of the address hierarchy: reverse must skip class place/postcode
// and boundary/postal_code unless asked for postcodes).
const placesSchema = `
CREATE TABLE place_kinds(
	kind  INTEGER PRIMARY KEY,
	class TEXT NOT NULL,
	type  TEXT NOT NULL,
	UNIQUE(class, type)
);

CREATE TABLE place_rows(
	place_id        INTEGER PRIMARY KEY,
	osm_type        TEXT    NOT NULL,
	osm_id          INTEGER NOT NULL,
	kind            INTEGER NOT NULL,
	admin_level     INTEGER NOT NULL,
	name            TEXT    NOT NULL,
	names           TEXT    NOT NULL,
	housenumber     TEXT    NOT NULL,
	street          TEXT    NOT NULL,
	addr_place      TEXT    NOT NULL,
	postcode        TEXT    NOT NULL,
	country_code    TEXT    NOT NULL,
	extratags       TEXT    NOT NULL,
	rank_search     INTEGER NOT NULL,
	rank_address    INTEGER NOT NULL,
	importance      REAL    NOT NULL,
	parent_place_id INTEGER NOT NULL,
	linked_place_id INTEGER NOT NULL,
	interpolated    INTEGER NOT NULL,
	lat7            INTEGER NOT NULL,
	lon7            INTEGER NOT NULL,
	south7          INTEGER NOT NULL,
	west7           INTEGER NOT NULL,
	north7          INTEGER NOT NULL,
	east7           INTEGER NOT NULL,
	geometry        BLOB    NOT NULL
);

CREATE TABLE place_addressline` + addressLineColumns + `;

CREATE VIRTUAL TABLE search_name USING fts5(
	name, housenumber, address, class_type,
	tokenize = 'unicode61 remove_diacritics 2', content = '', columnsize = 0
);

CREATE VIRTUAL TABLE search_name_vocab USING fts5vocab(search_name, 'row');

CREATE VIRTUAL TABLE search_parent USING fts5(
	name, token UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2'
);

CREATE VIRTUAL TABLE places_rtree USING rtree(
	id, min_lon, max_lon, min_lat, max_lat, +rank_address, +rank_search
);

CREATE TABLE address_areas(
	place_id     INTEGER PRIMARY KEY,
	rank_address INTEGER NOT NULL,
	rank_search  INTEGER NOT NULL,
	class        TEXT    NOT NULL,
	type         TEXT    NOT NULL,
	area         REAL    NOT NULL,
	min_lat      REAL    NOT NULL,
	min_lon      REAL    NOT NULL,
	max_lat      REAL    NOT NULL,
	max_lon      REAL    NOT NULL,
	geometry     BLOB    NOT NULL
);

CREATE VIRTUAL TABLE address_areas_rtree USING rtree(
	id, min_lon, max_lon, min_lat, max_lat
);

CREATE TABLE address_countries(place_id INTEGER PRIMARY KEY);

CREATE TABLE countries(
	country_code TEXT PRIMARY KEY,
	name         TEXT    NOT NULL,
	names        TEXT    NOT NULL,
	place_id     INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE postcodes(
	postcode      TEXT    NOT NULL,
	country_code  TEXT    NOT NULL,
	place_id      INTEGER NOT NULL,
	lat           REAL    NOT NULL,
	lon           REAL    NOT NULL,
	min_lat       REAL    NOT NULL,
	min_lon       REAL    NOT NULL,
	max_lat       REAL    NOT NULL,
	max_lon       REAL    NOT NULL,
	count         INTEGER NOT NULL,
	area_place_id INTEGER NOT NULL,
	PRIMARY KEY(country_code, postcode)
) WITHOUT ROWID;
`

// addressLineColumns is the shape of place_addressline (also that of the
// import's temporary table of lines, copyLines).
const addressLineColumns = `(
	place_id         INTEGER NOT NULL,
	address_place_id INTEGER NOT NULL,
	rank_address     INTEGER NOT NULL,
	isaddress        INTEGER NOT NULL,
	distance         REAL    NOT NULL,
	fromarea         INTEGER NOT NULL,
	inherits         INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY(place_id, address_place_id)
) WITHOUT ROWID`

// placesView is the view named places over place_rows and place_kinds,
// with the columns of the places table of packs before format 5. It turns
// coordinates back into degrees the way the import read them (xml: OSM
// XML's decimal text, v / 1e7; else the PBF reader's 1e-9 × (100 × v)),
// so a coordinate taken from a node comes back bit for bit.
func placesView(xml bool) string {
	deg := func(e7 string) string { return "(" + e7 + ") * 100 * 1e-9" }
	if xml {
		deg = func(e7 string) string { return "(" + e7 + ") / 1e7" }
	}
	return `CREATE VIEW places AS SELECT r.place_id AS place_id, r.osm_type AS osm_type, r.osm_id AS osm_id,
	k.class AS class, k.type AS type, r.admin_level AS admin_level, r.name AS name, r.names AS names,
	r.housenumber AS housenumber, r.street AS street, r.addr_place AS addr_place, r.postcode AS postcode,
	r.country_code AS country_code,
	CASE r.extratags WHEN '' THEN '{}' ELSE r.extratags END AS extratags,
	r.rank_search AS rank_search, r.rank_address AS rank_address, r.importance AS importance,
	r.parent_place_id AS parent_place_id, r.linked_place_id AS linked_place_id,
	r.interpolated AS interpolated,
	` + deg("r.lat7") + ` AS lat, ` + deg("r.lon7") + ` AS lon,
	` + deg("r.lat7 - r.south7") + ` AS min_lat, ` + deg("r.lon7 - r.west7") + ` AS min_lon,
	` + deg("r.lat7 + r.north7") + ` AS max_lat, ` + deg("r.lon7 + r.east7") + ` AS max_lon,
	r.geometry AS geometry
FROM place_rows r JOIN place_kinds k ON k.kind = r.kind`
}

// placesIndexes are created after the rows are written (faster bulk
// load). Each serves a query of the engine: lookup by OSM id, category
// search, the houses of a street (reverse), postcode search. Packs before
// format 3 also index places by postcode, which no query reads, and
// place_addressline by address_place_id (3.5% of a pack) for the one
// query address_countries now answers.
const placesIndexes = `
CREATE INDEX places_osm ON place_rows(osm_type, osm_id);
CREATE INDEX places_kind ON place_rows(kind);
CREATE INDEX places_parent ON place_rows(parent_place_id) WHERE parent_place_id != 0;
CREATE INDEX postcodes_postcode ON postcodes(postcode);
`
