package roads

// Values of the tags the road profiles read that are measures: a car's
// size limits (maxheight, maxwidth, maxlength, maxweight: lengths in
// metres, feet and inches; weights in tonnes, kilograms, pounds) and ferry
// durations.

import (
	"strconv"
	"strings"

	"github.com/paulmach/osm"
)

// The car's size (car.lua's vehicle_height, _width, _length, _weight).
const (
	carHeight = 2.0  // m
	carWidth  = 1.9  // m
	carLength = 4.8  // m
	carWeight = 2000 // kg
)

// tooLow reports whether a maxheight is below the car's height.
func tooLow(maxheight string) bool {
	v, ok := parseMeters(maxheight)
	return ok && v < carHeight
}

// tooSmall reports a way the car does not fit on, as car.lua's physical
// limits: its width (maxwidth:physical, maxwidth, width or est_width, the
// first given) at most the car's, or its maxheight, maxlength, maxweight
// or maxweightrating below the car's.
func tooSmall(tags osm.Tags) bool {
	for _, k := range []string{"maxwidth:physical", "maxwidth", "width", "est_width"} {
		if v := tags.Find(k); v != "" {
			if w, ok := parseMeters(v); ok && w <= carWidth {
				return true
			}
			break
		}
	}
	for _, k := range []string{"maxheight:physical", "maxheight"} {
		if v := tags.Find(k); v != "" {
			if tooLow(v) {
				return true
			}
			break
		}
	}
	if l, ok := parseMeters(tags.Find("maxlength")); ok && l < carLength {
		return true
	}
	for _, k := range []string{"maxweight", "maxweightrating"} {
		if w, ok := parseKilograms(tags.Find(k)); ok && w < carWeight {
			return true
		}
	}
	return false
}

// parseMeters reads a length in meters ("1.9", "1.9 m", "1m") or feet and
// inches ("6'", "6'2\""); ok is false for anything else ("default",
// "none", "unsigned").
func parseMeters(v string) (float64, bool) {
	v = strings.TrimSpace(v)
	if ft, rest, found := strings.Cut(v, "'"); found {
		f, err := strconv.ParseFloat(strings.TrimSpace(ft), 64)
		if err != nil {
			return 0, false
		}
		in := 0.0
		if rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), `"`)); rest != "" {
			if in, err = strconv.ParseFloat(rest, 64); err != nil {
				return 0, false
			}
		}
		return (f*12 + in) * 0.0254, true
	}
	m, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(v, "m")), 64)
	return m, err == nil
}

// parseKilograms reads a weight: tonnes ("3.5", "8.9t", "8.9 t"),
// kilograms ("35000 kg") or pounds ("0.1 lbs").
func parseKilograms(v string) (float64, bool) {
	v = strings.TrimSpace(v)
	for _, u := range []struct {
		suffix string
		kg     float64
	}{{"kg", 1}, {"lbs", 0.4536}, {"lb", 0.4536}, {"t", 1000}, {"", 1000}} {
		if n, found := strings.CutSuffix(v, u.suffix); found {
			if f, err := strconv.ParseFloat(strings.TrimSpace(n), 64); err == nil {
				return f * u.kg, true
			}
			return 0, false
		}
	}
	return 0, false
}

// parseDuration parses an OSM duration (minutes, "HH:MM", "HH:MM:SS" or
// ISO 8601 "PT1H30M") into seconds; 0 when unparsable.
func parseDuration(v string) float64 {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if strings.HasPrefix(v, "PT") || strings.HasPrefix(v, "P") {
		s := strings.TrimPrefix(strings.TrimPrefix(v, "P"), "T")
		total, num := 0.0, ""
		for _, c := range s {
			switch {
			case c >= '0' && c <= '9' || c == '.':
				num += string(c)
			case c == 'H' || c == 'M' || c == 'S' || c == 'T':
				f, _ := strconv.ParseFloat(num, 64)
				total += f * map[rune]float64{'H': 3600, 'M': 60, 'S': 1, 'T': 0}[c]
				num = ""
			default:
				return 0
			}
		}
		return total
	}
	parts := strings.Split(v, ":")
	if len(parts) > 3 {
		return 0
	}
	total := 0.0
	if len(parts) == 1 { // minutes
		f, err := strconv.ParseFloat(parts[0], 64)
		if err != nil || f < 0 {
			return 0
		}
		return f * 60
	}
	units := []float64{3600, 60, 1}
	for i, p := range parts {
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || f < 0 {
			return 0
		}
		total += f * units[i]
	}
	return total
}
