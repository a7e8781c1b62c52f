package geocode

// RevHousesSQL exposes the street-houses query for the query-plan test.
const RevHousesSQL = revHousesSQL

// CountryParentsSQL and LinesSQL expose queries for the query-plan test.
const (
	CountryParentsSQL = countryParentsSQL
	LinesSQL          = linesSQL
	CategorySQL       = categorySQL
)

// FullNameExpr exposes the full-name MATCH expression of a free-text query.
func FullNameExpr(q string) string { return fullNameExpr(plan{phrases: splitPhrases(q)}) }

// DecodeTags exposes decodeTags for its comparison with encoding/json.
var DecodeTags = decodeTags
