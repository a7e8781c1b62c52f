package api_test

// nominatim_bdd_compare_test.go: ResultAttr's comparisons
// (test/bdd/utils/checks.py) for TestNominatimBDD: Python's str() of a
// value, !i, !fm, !in_box, !:d and !wkt.

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

var osmTypeLetter = map[string]string{"node": "n", "way": "w", "relation": "r", "N": "n", "W": "w", "R": "r"}

// attrEquals is ResultAttr(obj, key) == exp.
func attrEquals(obj *omap, key, exp string) error {
	k, format, _ := strings.Cut(key, "!")
	var val any
	if k == "object" {
		if !obj.has("osm_id") || !obj.has("osm_type") {
			return fmt.Errorf("no osm_type/osm_id for object")
		}
		val = osmTypeLetter[pyStr(obj.get("osm_type"))] + pyStr(obj.get("osm_id"))
		format = "i"
	} else {
		var cur any = obj
		for _, sub := range strings.Split(k, "+") {
			switch c := cur.(type) {
			case []any:
				i, err := strconv.Atoi(sub)
				if err != nil || i >= len(c) {
					return fmt.Errorf("[%s] out of bounds in %s", sub, pyStr(cur))
				}
				cur = c[i]
			case *omap:
				if !c.has(sub) {
					return fmt.Errorf("missing attribute %s (have %v)", k, c.keys)
				}
				cur = c.get(sub)
			default:
				return fmt.Errorf("missing attribute %s", k)
			}
		}
		val = cur
	}
	exp = strings.ReplaceAll(exp, `\\`, `\`)
	s := pyStr(val)
	ok := false
	switch {
	case format == "":
		ok = s == exp
	case format == "i":
		ok = strings.EqualFold(s, exp)
	case format == "fm":
		re, err := regexp.Compile(`^(?:` + exp + `)$`)
		if err != nil {
			return fmt.Errorf("regexp %q: %v", exp, err)
		}
		_, isStr := val.(string)
		ok = isStr && re.MatchString(s)
	case format == "in_box":
		var err error
		if ok, err = withinBox(val, exp); err != nil {
			return err
		}
	case format == ":d":
		n, isNum := val.(json.Number)
		_, err := strconv.ParseInt(string(n), 10, 64)
		ok = isNum && err == nil && string(n) == exp
	case format == "wkt":
		ok = compareWKT(s, exp)
	default:
		return fmt.Errorf("unknown format %q", format)
	}
	if !ok {
		return fmt.Errorf("%s = %q, want %s%q", key, s, map[bool]string{true: "match ", false: ""}[format != ""], exp)
	}
	return nil
}

// pyStr is Python's str() of a decoded JSON value.
func pyStr(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case bool:
		return map[bool]string{true: "True", false: "False"}[x]
	case string:
		return x
	case json.Number:
		if !strings.ContainsAny(string(x), ".eE") {
			return string(x)
		}
		f, _ := strconv.ParseFloat(string(x), 64)
		return pyFloat(f)
	case float64:
		return pyFloat(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = pyRepr(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *omap:
		parts := make([]string, 0, len(x.keys))
		for _, k := range x.keys {
			if x.has(k) {
				parts = append(parts, pyRepr(k)+": "+pyRepr(x.get(k)))
			}
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}

// pyRepr is Python's repr() of a decoded JSON value.
func pyRepr(v any) string {
	s, ok := v.(string)
	if !ok {
		return pyStr(v)
	}
	s = strings.ReplaceAll(s, `\`, `\\`)
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
}

// pyFloat is Python's repr() of a float: the shortest digits, fixed
// notation between 1e-4 and 1e16, ".0" on whole numbers.
func pyFloat(f float64) string {
	if a := math.Abs(f); a != 0 && (a < 1e-4 || a >= 1e16) {
		return strconv.FormatFloat(f, 'e', -1, 64)
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// withinBox is checks.within_box: a point (POINT(x y) or "x,y") inside
// the box, or a bounding box [minlat, maxlat, minlon, maxlon] inside it.
func withinBox(val any, exp string) (bool, error) {
	var coord []float64
	for _, c := range strings.Split(exp, ",") {
		f, err := strconv.ParseFloat(strings.TrimSpace(c), 64)
		if err != nil {
			return false, fmt.Errorf("box %q: %v", exp, err)
		}
		coord = append(coord, f)
	}
	var parts []string
	switch x := val.(type) {
	case string:
		if strings.HasPrefix(x, "POINT") {
			parts = strings.Split(x[6:len(x)-1], " ")
		} else {
			parts = strings.Split(x, ",")
		}
	case []any:
		for _, e := range x {
			parts = append(parts, pyStr(e))
		}
	}
	var v []float64
	for _, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return false, fmt.Errorf("value %v: %v", val, err)
		}
		v = append(v, f)
	}
	switch len(v) {
	case 2:
		return coord[0] <= v[0] && v[0] <= coord[2] && coord[1] <= v[1] && v[1] <= coord[3], nil
	case 4:
		return v[0] >= coord[0] && v[1] <= coord[1] && v[2] >= coord[2] && v[3] <= coord[3], nil
	}
	return false, fmt.Errorf("%v is not a coordinate or bbox", val)
}

var reWKT = regexp.MustCompile(`^(?:(POINT)\(([0-9. -]*)\)|(LINESTRING)\(([0-9,. -]*)\)|(POLYGON)\(\(([0-9,. -]*)\)\))$`)

// compareWKT is ResultAttr.compare_wkt for the forms the API features
// use: "x y" a point, "x y, x y, ..." a line (compared pairwise over the
// shorter of the two, as Python's zip), "(x y, ...)" a polygon (any start
// and winding).
func compareWKT(value, expected string) bool {
	m := reWKT.FindStringSubmatch(value)
	if m == nil {
		return false
	}
	kind, body := m[1]+m[3]+m[5], m[2]+m[4]+m[6]
	pts := func(s string) [][2]float64 {
		var out [][2]float64
		for _, p := range strings.Split(s, ",") {
			x, y, _ := strings.Cut(strings.TrimSpace(p), " ")
			fx, _ := strconv.ParseFloat(x, 64)
			fy, _ := strconv.ParseFloat(strings.TrimSpace(y), 64)
			out = append(out, [2]float64{fx, fy})
		}
		return out
	}
	close := func(a, b [2]float64) bool { return math.Abs(a[0]-b[0]) <= 1e-7 && math.Abs(a[1]-b[1]) <= 1e-7 }
	got := pts(body)
	switch {
	case !strings.Contains(expected, ","):
		return kind == "POINT" && close(got[0], pts(expected)[0])
	case !strings.Contains(expected, "("):
		if kind != "LINESTRING" {
			return false
		}
		want := pts(expected)
		for i := 0; i < min(len(got), len(want)); i++ {
			if !close(got[i], want[i]) {
				return false
			}
		}
		return true
	}
	if kind != "POLYGON" {
		return false
	}
	want := pts(strings.TrimSuffix(strings.TrimPrefix(expected, "("), ")"))
	ring := want[:len(want)-1]
	rev := make([][2]float64, len(ring))
	for i := range ring {
		rev[i] = want[len(want)-1-i]
	}
	for _, line := range [][][2]float64{ring, rev} {
		for i := range line {
			rot := append(append([][2]float64{}, line[i:]...), line[:i]...)
			ok := true
			for j := 0; j < min(len(got), len(rot)); j++ {
				if !close(got[j], rot[j]) {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}
