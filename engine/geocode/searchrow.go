package geocode

// Rows of search_name (pack format 3) carry, in their rowid, the rank of
// the place's importance above its place_id, so that the FTS index, which
// reads matches in rowid order, reads them most important first: the best
// 30 by importance are the first 30, and a query that matches a whole
// country's worth of rows can stop after the first hundred.
//
//	rowid = rank << bits | place_id
//
// rank is the place's position among the pack's distinct importance
// values, largest first (places of equal importance follow place_id);
// bits, the width of the largest place_id, is the pack's meta value
// SearchRowBitsKey. Packs without it use rowid = place_id.

// SearchRowBitsKey is the meta key of the place_id width of search rowids.
const SearchRowBitsKey = "search_rowid_bits"

// SearchRowID returns the search_name rowid of a place (format 3).
func SearchRowID(placeID int64, rank int, bits uint) int64 { return int64(rank)<<bits | placeID }
