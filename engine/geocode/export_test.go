package geocode

// RevHousesSQL exposes the street-houses query for the query-plan test.
const RevHousesSQL = revHousesSQL
