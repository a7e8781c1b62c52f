package api_test

// conformance_checks_test.go: the assertions a conformance scenario can
// make (status, result counts, fields, address keys, headers, geometry
// boxes), each named after the Nominatim test step it mirrors.

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// status checks the HTTP status.
func statusFn(code int) checkFn {
	return func(r *cresp) error {
		if r.status != code {
			return fmt.Errorf("status %d, want %d (body %.200s)", r.status, code, r.body)
		}
		return nil
	}
}

// valid checks a 200 answer that parses in its format.
func validFn() checkFn {
	return func(r *cresp) error {
		if r.status != 200 {
			return fmt.Errorf("status %d, want 200 (body %.200s)", r.status, r.body)
		}
		return r.perr
	}
}

// userError is Nominatim's "a json user error is returned".
func userErrorFn() checkFn {
	return func(r *cresp) error {
		if r.status != 400 || !strings.Contains(r.body, `{"error":`) {
			return fmt.Errorf("status %d body %.200s, want 400 with an error object", r.status, r.body)
		}
		return nil
	}
}

// nres checks min <= number of results <= max (max < 0: unbounded).
func nresFn(min, max int) checkFn {
	return func(r *cresp) error {
		if err := validFn()(r); err != nil && !(min == 0 && r.status == 404) {
			return err
		}
		n := len(r.results)
		if n < min || (max >= 0 && n > max) {
			return fmt.Errorf("%d results, want %d..%d", n, min, max)
		}
		return nil
	}
}

// noResult is a reverse answer without a place ("Unable to geocode").
func noResultFn() checkFn {
	return func(r *cresp) error {
		if len(r.results) != 0 {
			return fmt.Errorf("got %s, want no result", short(r.results[0]))
		}
		if r.header["error"] == nil {
			return fmt.Errorf("status %d body %.200s, want an error 'Unable to geocode'", r.status, r.body)
		}
		return nil
	}
}

// field checks result idx (-1: every result) has field = want.
func fieldFn(idx int, kv ...string) checkFn {
	return func(r *cresp) error {
		ids, err := targets(r, idx)
		if err != nil {
			return err
		}
		for _, i := range ids {
			for j := 0; j+1 < len(kv); j += 2 {
				got, ok := fieldOf(r.results[i], kv[j])
				if !ok {
					return fmt.Errorf("result %d (%s) has no field %s", i, short(r.results[i]), kv[j])
				}
				if !matchValue(kv[j+1], got) {
					return fmt.Errorf("result %d (%s): %s = %q, want %q", i, short(r.results[i]), kv[j], got, kv[j+1])
				}
			}
		}
		return nil
	}
}

// addr checks address keys of result idx (-1: every result).
func addrFn(idx int, kv ...string) checkFn {
	return func(r *cresp) error {
		ids, err := targets(r, idx)
		if err != nil {
			return err
		}
		for _, i := range ids {
			a, _ := r.results[i]["address"].(map[string]any)
			for j := 0; j+1 < len(kv); j += 2 {
				got, ok := a[kv[j]].(string)
				if !ok || !matchValue(kv[j+1], got) {
					return fmt.Errorf("result %d (%s): address %s = %q, want %q (address %v)", i, short(r.results[i]), kv[j], got, kv[j+1], a)
				}
			}
		}
		return nil
	}
}

// addrIs is "address of result idx is": exactly these keys.
func addrIsFn(idx int, kv ...string) checkFn {
	return func(r *cresp) error {
		if err := addrFn(idx, kv...)(r); err != nil {
			return err
		}
		a, _ := r.results[idx]["address"].(map[string]any)
		extra := []string{}
		for k := range a {
			found := false
			for j := 0; j < len(kv); j += 2 {
				found = found || kv[j] == k
			}
			if !found {
				extra = append(extra, k+"="+fmt.Sprint(a[k]))
			}
		}
		if len(extra) > 0 {
			sort.Strings(extra)
			return fmt.Errorf("additional address parts %v", extra)
		}
		return nil
	}
}

// has checks the presence (want true) or absence of attributes on result
// idx (-1: every result).
func hasFn(idx int, want bool, names ...string) checkFn {
	return func(r *cresp) error {
		ids, err := targets(r, idx)
		if err != nil {
			return err
		}
		for _, i := range ids {
			for _, n := range names {
				_, ok := r.results[i][n]
				if ok != want {
					return fmt.Errorf("result %d (%s): attribute %s present=%v, want %v", i, short(r.results[i]), n, ok, want)
				}
			}
		}
		return nil
	}
}

// headerHas checks top-level attributes (XML root, geojson collection).
func headerHasFn(kv ...string) checkFn {
	return func(r *cresp) error {
		for j := 0; j+1 < len(kv); j += 2 {
			got, ok := fieldOf(r.header, kv[j])
			if !ok || !matchValue(kv[j+1], got) {
				return fmt.Errorf("header %s = %q (present %v), want %q", kv[j], got, ok, kv[j+1])
			}
		}
		return nil
	}
}

func headerLacksFn(names ...string) checkFn {
	return func(r *cresp) error {
		for _, n := range names {
			if _, ok := r.header[n]; ok {
				return fmt.Errorf("header has %s", n)
			}
		}
		return nil
	}
}

// centroid checks result idx lies within tol degrees of lon, lat.
func centroidFn(idx int, lon, lat, tol float64) checkFn {
	return func(r *cresp) error {
		ids, err := targets(r, idx)
		if err != nil {
			return err
		}
		for _, i := range ids {
			s, _ := fieldOf(r.results[i], "centroid")
			var x, y float64
			fmt.Sscanf(s, "%g %g", &x, &y)
			if math.Abs(x-lon) > tol || math.Abs(y-lat) > tol {
				return fmt.Errorf("result %d centroid %s, want %v %v", i, s, lon, lat)
			}
		}
		return nil
	}
}

// bboxIn is "result has bounding box in lat1,lat2,lon1,lon2" for all results.
func bboxInFn(lat1, lat2, lon1, lon2 float64) checkFn {
	return func(r *cresp) error {
		ids, err := targets(r, -1)
		if err != nil {
			return err
		}
		for _, i := range ids {
			s, _ := fieldOf(r.results[i], "boundingbox")
			f := strings.Split(strings.ReplaceAll(s, " ", ""), ",")
			if len(f) != 4 {
				return fmt.Errorf("result %d boundingbox %q", i, s)
			}
			v := make([]float64, 4)
			for k := range f {
				v[k], _ = strconv.ParseFloat(f[k], 64)
			}
			if v[0] < lat1 || v[1] > lat2 || v[2] < lon1 || v[3] > lon2 {
				return fmt.Errorf("result %d boundingbox %v not in %v,%v,%v,%v", i, v, lat1, lat2, lon1, lon2)
			}
		}
		return nil
	}
}

// centroidIn checks every result's centroid is in the box lon1,lat1,lon2,lat2.
func centroidInFn(lon1, lat1, lon2, lat2 float64) checkFn {
	return func(r *cresp) error {
		ids, err := targets(r, -1)
		if err != nil {
			return err
		}
		for _, i := range ids {
			s, _ := fieldOf(r.results[i], "centroid")
			var x, y float64
			fmt.Sscanf(s, "%g %g", &x, &y)
			if x < lon1 || x > lon2 || y < lat1 || y > lat2 {
				return fmt.Errorf("result %d (%s) centroid %s outside the box", i, short(r.results[i]), s)
			}
		}
		return nil
	}
}

// dups checks for (want true) or against duplicates by osm_type, class,
// type, display_name.
func dupsFn(want bool) checkFn {
	return func(r *cresp) error {
		seen := map[string]bool{}
		found := false
		for _, res := range r.results {
			var parts []string
			for _, f := range []string{"osm_type", "class", "type", "display_name"} {
				v, _ := fieldOf(res, f)
				parts = append(parts, v)
			}
			k := strings.Join(parts, "|")
			found = found || seen[k]
			seen[k] = true
		}
		if found != want {
			return fmt.Errorf("duplicates=%v, want %v (%d results)", found, want, len(r.results))
		}
		return nil
	}
}

// bodyIs / bodyMatch check the raw page.
func bodyIsFn(s string) checkFn {
	return func(r *cresp) error {
		if r.body != s {
			return fmt.Errorf("body %.200q, want %q", r.body, s)
		}
		return nil
	}
}
