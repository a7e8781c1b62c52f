package geocode

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/paulmach/orb"
)

// coordPatterns are Nominatim's coordinate forms (helpers.COORD_REGEX): a
// coordinate at the start or the end of a query, in these notations:
//
//	N 47.15 E 9.53        47.150° N 9.534° E
//	N 47° 9.0' E 9° 32'   47° 9' N 9° 32' E           (degrees, minutes)
//	N 47 9 0 E 9 32 1     47° 9′ 0″ N 9° 32′ 1″ E     (degrees, minutes, seconds)
//	47.16712, 9.51100     [47.16712 9.51100]          (decimal lat, lon)
var coordPatterns = func() []*regexp.Regexp {
	forms := []string{
		`(?P<ns>[NS])\s*(?P<lat_deg>\d+[0-9.]*)°?\s+(?P<ew>[EW])\s*(?P<lon_deg>\d+[0-9.]*)°?`,
		`(?P<lat_deg>\d+[0-9.]*)°?\s*(?P<ns>[NS])\s+(?P<lon_deg>\d+[0-9.]*)°?\s*(?P<ew>[EW])`,
		`(?P<ns>[NS])\s*(?P<lat_deg>\d+)[°\s]+(?P<lat_min>[0-9.]+)?(?:[′']\s*)?\s+(?P<ew>[EW])\s*(?P<lon_deg>\d+)[°\s]+(?P<lon_min>[0-9.]+)?(?:[′']\s*)?`,
		`(?P<lat_deg>\d+)[°\s]+(?P<lat_min>[0-9.]+)?(?:[′']\s*)?\s*(?P<ns>[NS])\s+(?P<lon_deg>\d+)[°\s]+(?P<lon_min>[0-9.]+)?(?:[′']\s*)?\s*(?P<ew>[EW])`,
		`(?P<ns>[NS])\s*(?P<lat_deg>\d+)[°\s]+(?P<lat_min>\d+)[′'\s]+(?P<lat_sec>[0-9.]+)?(?:["″]\s*)?\s+(?P<ew>[EW])\s*(?P<lon_deg>\d+)[°\s]+(?P<lon_min>\d+)[′'\s]+(?P<lon_sec>[0-9.]+)?(?:["″]\s*)?`,
		`(?P<lat_deg>\d+)[°\s]+(?P<lat_min>\d+)[′'\s]+(?P<lat_sec>[0-9.]+)?(?:["″]\s*)?\s*(?P<ns>[NS])\s+(?P<lon_deg>\d+)[°\s]+(?P<lon_min>\d+)[′'\s]+(?P<lon_sec>[0-9.]+)?(?:["″]\s*)?\s*(?P<ew>[EW])`,
		`\[?(?P<lat_deg>[+-]?\d+\.\d+)[\s,]+(?P<lon_deg>[+-]?\d+\.\d+)\]?`,
	}
	out := make([]*regexp.Regexp, len(forms))
	for i, f := range forms {
		out[i] = regexp.MustCompile(`^(?:(?P<pre>.*?)\s+)??` + f + `(?:\s+(?P<post>.*))?$`)
	}
	return out
}()

// ExtractCoords finds a coordinate at the start or end of query, as
// Nominatim does, and returns the rest of the query (trimmed of spaces and
// commas) and the point [lon, lat]. ok is false when the query holds no
// coordinate of a valid range (|lat| <= 90, |lon| <= 180); then rest is
// the query unchanged. Minutes and seconds are not range-checked, like
// Nominatim ("N 47 15 7 W 9 61 26" is a coordinate).
func ExtractCoords(query string) (rest string, pt orb.Point, ok bool) {
	q := strings.TrimSpace(query)
	for _, re := range coordPatterns {
		m := re.FindStringSubmatch(q)
		if m == nil {
			continue
		}
		g := map[string]string{}
		for i, name := range re.SubexpNames() {
			if name != "" {
				g[name] = m[i]
			}
		}
		if g["pre"] != "" && g["post"] != "" {
			continue
		}
		lat, ok1 := dms(g["lat_deg"], g["lat_min"], g["lat_sec"])
		lon, ok2 := dms(g["lon_deg"], g["lon_min"], g["lon_sec"])
		if !ok1 || !ok2 {
			continue
		}
		if g["ns"] == "S" {
			lat = -lat
		}
		if g["ew"] == "W" {
			lon = -lon
		}
		if lat < -90 || lat > 90 || lon < -180 || lon > 180 {
			continue
		}
		rest = strings.Trim(g["pre"]+g["post"], " ,\t")
		return rest, orb.Point{lon, lat}, true
	}
	return query, orb.Point{}, false
}

func dms(deg, min, sec string) (float64, bool) {
	d, err := strconv.ParseFloat(deg, 64)
	if err != nil {
		return 0, false
	}
	for i, s := range []string{min, sec} {
		if s == "" {
			continue
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, false
		}
		if i == 0 {
			d += v / 60
		} else {
			d += v / 3600
		}
	}
	return d, true
}

// categoryRE finds "[key=value]" (Nominatim's hidden category syntax) and
// "[value]" (a special phrase in brackets) in a query.
var categoryRE = regexp.MustCompile(`\[\s*([\w:.-]+)\s*(?:=\s*([\w:.-]+)\s*)?\]`)

// ExtractCategory removes the first "[key=value]" or "[phrase]" from query
// and returns the rest with the class and type it names; further bracketed
// categories are dropped (Nominatim uses only the first). A bracketed word
// that is no special phrase is left in the query (ok false).
func ExtractCategory(query string) (rest, class, typ string, ok bool) {
	loc := categoryRE.FindStringSubmatchIndex(query)
	if loc == nil {
		return query, "", "", false
	}
	k := query[loc[2]:loc[3]]
	if loc[4] >= 0 {
		class, typ = k, query[loc[4]:loc[5]]
	} else {
		c, ok := phraseCategory(k)
		if !ok {
			return query, "", "", false
		}
		class, typ = c.Class, c.Type
	}
	rest = strings.TrimSpace(query[:loc[0]] + " " + categoryRE.ReplaceAllString(query[loc[1]:], " "))
	return strings.Trim(rest, " ,"), class, typ, true
}
