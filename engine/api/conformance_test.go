package api_test

// conformance_test.go: scenarios reconstructed from Nominatim's BDD API
// features (test/bdd/api/{search,reverse,lookup,details,status}), kept in
// testdata/conformance/scenarios.json (format: testdata/conformance/README.md),
// run against the server on the LI pack. The LI extract is Nominatim's API test database,
// so the queries, coordinates, OSM ids and expected values are the ones its
// feature files use. The harness normalises every output format the way
// Nominatim's test steps do (geojson properties, geocodejson geocoding
// objects, XML attributes and address children) and applies its
// comparison rules: a row without an ID must hold for every result, a value
// starting with ^ is a regular expression matched against the whole field,
// "address of result N is" compares the complete key set.
//
// TestConformanceLI reports a pass/fail table per feature at the end
// (go test -v); a scenario with a "known" cause is reported, not failed.

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"waymark/engine/api"
)

// cstep is one request of a scenario and its assertions.
type cstep struct {
	Path   string   `json:"path"`             // endpoint path, e.g. "/search"
	Params []string `json:"params,omitempty"` // key, value pairs (the test key is added)
	Header string   `json:"header,omitempty"` // HTTP Accept-Language header, if any
	Checks []ccheck `json:"checks"`
}

// cscen is one scenario (one example row of a scenario outline).
type cscen struct {
	Feature string `json:"feature"` // Nominatim feature file, e.g. "search/params"
	Name    string `json:"name"`
	// Note says where the scenario departs from Nominatim's (a query
	// word absent from the extract replaced).
	Note string `json:"note,omitempty"`
	// Known is the cause of a known failure: the scenario is run and
	// reported but does not fail the test.
	Known string  `json:"known,omitempty"`
	Steps []cstep `json:"steps"`
}

// cresp is a response normalised as Nominatim's test steps do.
type cresp struct {
	status  int
	ctype   string
	body    string
	format  string
	results []map[string]any
	header  map[string]any // XML root attributes, geojson/geocodejson top level, error
	perr    error
	prev    *cresp // the previous step's response
}

// ccheck is one assertion as data: its operation and arguments, written
// to and read from testdata/conformance/scenarios.json as a JSON array
// (["field", 0, "class", "amenity"]). Index arguments of -1 mean "every
// result" (Nominatim's table rows without an ID column).
type ccheck []any

// eval runs the assertion on r.
func (c ccheck) eval(r *cresp) error {
	if len(c) == 0 {
		return fmt.Errorf("empty check")
	}
	op, _ := c[0].(string)
	num := func(i int) float64 {
		if i < len(c) {
			if f, ok := c[i].(float64); ok {
				return f
			}
			if n, ok := c[i].(int); ok {
				return float64(n)
			}
		}
		return math.NaN()
	}
	strs := func(from int) []string {
		var out []string
		for _, v := range c[min(from, len(c)):] {
			out = append(out, fmt.Sprint(v))
		}
		return out
	}
	switch op {
	case "status":
		return statusFn(int(num(1)))(r)
	case "valid":
		return validFn()(r)
	case "userError":
		return userErrorFn()(r)
	case "nres":
		return nresFn(int(num(1)), int(num(2)))(r)
	case "noResult":
		return noResultFn()(r)
	case "field":
		return fieldFn(int(num(1)), strs(2)...)(r)
	case "addr":
		return addrFn(int(num(1)), strs(2)...)(r)
	case "addrIs":
		return addrIsFn(int(num(1)), strs(2)...)(r)
	case "has", "lacks":
		return hasFn(int(num(1)), op == "has", strs(2)...)(r)
	case "headerHas":
		return headerHasFn(strs(1)...)(r)
	case "headerLacks":
		return headerLacksFn(strs(1)...)(r)
	case "centroid":
		return centroidFn(int(num(1)), num(2), num(3), num(4))(r)
	case "bboxIn":
		return bboxInFn(num(1), num(2), num(3), num(4))(r)
	case "centroidIn":
		return centroidInFn(num(1), num(2), num(3), num(4))(r)
	case "dups":
		return dupsFn(c[1] == true)(r)
	case "bodyIs":
		return bodyIsFn(fmt.Sprint(c[1]))(r)
	case "bodyMatch":
		return bodyMatchFn(fmt.Sprint(c[1]))(r)
	case "excludesPrev":
		return excludesPrevFn()(r)
	}
	return fmt.Errorf("unknown check %q", op)
}

// bodyMatchFn checks the raw page against a ^regex (whole body).
func bodyMatchFn(re string) checkFn {
	return func(r *cresp) error {
		if !matchValue(re, r.body) {
			return fmt.Errorf("body %.200q does not match %s", r.body, re)
		}
		return nil
	}
}

// excludesPrevFn checks that no result is the first result of the
// previous step (exclude_place_ids).
func excludesPrevFn() checkFn {
	return func(r *cresp) error {
		if r.prev == nil || len(r.prev.results) == 0 {
			return fmt.Errorf("no previous result")
		}
		ex, _ := fieldOf(r.prev.results[0], "place_id")
		for _, res := range r.results {
			if id, _ := fieldOf(res, "place_id"); id == ex {
				return fmt.Errorf("excluded place %s returned", ex)
			}
		}
		return nil
	}
}

// checkFn is an assertion on a response.
type checkFn func(r *cresp) error

// formatOf returns the requested output format with the endpoint default.
func formatOf(path string, params []string) string {
	for i := 0; i+1 < len(params); i += 2 {
		if params[i] == "format" {
			return params[i+1]
		}
	}
	switch path {
	case "/reverse":
		return "xml"
	case "/status":
		return "text"
	}
	return "json"
}

// runStep sends a step's request. A parameter value "$prev.FIELD" is
// replaced by FIELD of the first result of the previous step (prev).
func runStep(s *api.Server, stp cstep, prev *cresp) *cresp {
	v := url.Values{}
	for i := 0; i+1 < len(stp.Params); i += 2 {
		val := stp.Params[i+1]
		if f, ok := strings.CutPrefix(val, "$prev."); ok && prev != nil && len(prev.results) > 0 {
			val, _ = fieldOf(prev.results[0], f)
		}
		v.Add(stp.Params[i], val)
	}
	v.Set("key", testKey)
	req := httptest.NewRequest("GET", stp.Path+"?"+v.Encode(), nil)
	if stp.Header != "" {
		req.Header.Set("Accept-Language", stp.Header)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	r := &cresp{status: rec.Code, ctype: rec.Header().Get("Content-Type"), body: rec.Body.String(),
		format: formatOf(stp.Path, stp.Params), header: map[string]any{}, prev: prev}
	if r.status == 200 || r.status == 404 {
		// 404 is reverse's "Unable to geocode" (a result-less answer).
		r.perr = r.parse()
	} else {
		var m map[string]any
		if json.Unmarshal([]byte(r.body), &m) == nil {
			r.header = m
		}
	}
	return r
}

func (r *cresp) parse() error {
	body := strings.TrimSpace(r.body)
	if r.format == "text" {
		return nil
	}
	if strings.HasPrefix(body, "<") {
		return r.parseXML(body)
	}
	if m := regexp.MustCompile(`^([A-Za-z_$][\w$.\[\]]*)\(`).FindStringSubmatch(body); m != nil && strings.HasSuffix(body, ")") {
		r.header["json_func"] = m[1]
		body = body[len(m[0]) : len(body)-1]
	}
	var v any
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		return fmt.Errorf("invalid json: %v", err)
	}
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if m, ok := e.(map[string]any); ok {
				r.results = append(r.results, m)
			}
		}
	case map[string]any:
		if _, ok := x["error"]; ok {
			r.header["error"] = x["error"]
			return nil
		}
		if x["type"] == "FeatureCollection" {
			for k, val := range x {
				if k != "features" {
					r.header[k] = val
				}
			}
			feats, _ := x["features"].([]any)
			for _, f := range feats {
				fm, _ := f.(map[string]any)
				props, _ := fm["properties"].(map[string]any)
				if g, ok := props["geocoding"].(map[string]any); ok {
					props = g
				}
				res := map[string]any{}
				for k, val := range props {
					res[k] = val
				}
				res["geojson"] = fm["geometry"]
				if bb, ok := fm["bbox"].([]any); ok && len(bb) == 4 {
					res["boundingbox"] = []any{bb[1], bb[3], bb[0], bb[2]}
				}
				r.results = append(r.results, res)
			}
			return nil
		}
		r.results = append(r.results, x)
	}
	return nil
}

// xnode is a generic XML element.
type xnode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Inner   string     `xml:",innerxml"`
	Text    string     `xml:",chardata"`
	Nodes   []xnode    `xml:",any"`
}

func (n xnode) attrs() map[string]any {
	m := map[string]any{}
	for _, a := range n.Attrs {
		m[a.Name.Local] = a.Value
	}
	return m
}

func (r *cresp) parseXML(body string) error {
	var root xnode
	if err := xml.Unmarshal([]byte(body), &root); err != nil {
		return fmt.Errorf("invalid xml: %v", err)
	}
	r.header = root.attrs()
	fill := func(res map[string]any, n xnode) {
		addr := map[string]any{}
		for _, c := range n.Nodes {
			switch c.XMLName.Local {
			case "geokml":
				res["geokml"] = c.Inner
			case "extratags":
				m := map[string]any{}
				for _, tg := range c.Nodes {
					a := tg.attrs()
					m[fmt.Sprint(a["key"])] = a["value"]
				}
				res["extratags"] = m
			case "namedetails":
				m := map[string]any{}
				for _, nm := range c.Nodes {
					m[fmt.Sprint(nm.attrs()["desc"])] = nm.Text
				}
				res["namedetails"] = m
			case "result", "error":
			case "addressparts":
				for _, a := range c.Nodes {
					addr[a.XMLName.Local] = a.Text
				}
			default:
				addr[c.XMLName.Local] = c.Text
			}
		}
		if len(addr) > 0 {
			res["address"] = addr
		}
	}
	switch root.XMLName.Local {
	case "searchresults", "lookupresults":
		for _, c := range root.Nodes {
			if c.XMLName.Local != "place" {
				continue
			}
			res := c.attrs()
			fill(res, c)
			r.results = append(r.results, res)
		}
	case "reversegeocode":
		var res map[string]any
		for _, c := range root.Nodes {
			switch c.XMLName.Local {
			case "error":
				r.header["error"] = c.Text
			case "result":
				res = c.attrs()
				res["display_name"] = c.Text
				for _, cc := range c.Nodes {
					if cc.XMLName.Local == "geokml" {
						res["geokml"] = cc.Inner
					}
				}
			}
		}
		if res != nil {
			fill(res, root)
			r.results = append(r.results, res)
		}
	default:
		return fmt.Errorf("unexpected XML root %q", root.XMLName.Local)
	}
	return nil
}

// fieldOf returns a field of a result as a string; "geojson+type" walks
// into objects, "centroid" is "lon lat".
func fieldOf(res map[string]any, name string) (string, bool) {
	if name == "centroid" {
		if g, ok := res["geojson"].(map[string]any); ok && g["type"] == "Point" {
			c, _ := g["coordinates"].([]any)
			if len(c) == 2 {
				return fmt.Sprintf("%v %v", c[0], c[1]), true
			}
		}
		lat, ok1 := res["lat"]
		lon, ok2 := res["lon"]
		if !ok1 || !ok2 {
			return "", false
		}
		return fmt.Sprintf("%v %v", lon, lat), true
	}
	var cur any = res
	for _, part := range strings.Split(name, "+") {
		m, ok := cur.(map[string]any)
		if !ok {
			return "", false
		}
		if cur, ok = m[part]; !ok {
			return "", false
		}
	}
	switch x := cur.(type) {
	case string:
		return x, true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			switch e.(type) {
			case map[string]any, []any:
				b, _ := json.Marshal(x)
				return string(b), true
			}
			parts[i] = fmt.Sprint(e)
		}
		return strings.Join(parts, ","), true
	case nil:
		return "", true
	default:
		b, _ := json.Marshal(x)
		return string(b), true
	}
}

func matchValue(want, got string) bool {
	if strings.HasPrefix(want, "^") {
		re, err := regexp.Compile("(?s)^(?:" + strings.TrimSuffix(want[1:], "$") + ")$")
		if err != nil {
			return false
		}
		return re.MatchString(got)
	}
	return want == got
}

// targets returns the indexes a row applies to: idx, or every result.
func targets(r *cresp, idx int) ([]int, error) {
	if len(r.results) == 0 {
		return nil, fmt.Errorf("no results (status %d, body %.200s)", r.status, r.body)
	}
	if idx < 0 {
		out := make([]int, len(r.results))
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	if idx >= len(r.results) {
		return nil, fmt.Errorf("only %d results, want result %d", len(r.results), idx)
	}
	return []int{idx}, nil
}

func short(res map[string]any) string {
	dn, _ := fieldOf(res, "display_name")
	if dn == "" {
		dn, _ = fieldOf(res, "label")
	}
	ot, _ := fieldOf(res, "osm_type")
	oid, _ := fieldOf(res, "osm_id")
	cl, _ := fieldOf(res, "class")
	if cl == "" {
		cl, _ = fieldOf(res, "category")
	}
	ty, _ := fieldOf(res, "type")
	return fmt.Sprintf("%s %s %s/%s %q", ot, oid, cl, ty, dn)
}

// loadScenarios reads testdata/conformance/scenarios.json.
func loadScenarios(t *testing.T) []cscen {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "conformance", "scenarios.json"))
	if err != nil {
		t.Fatal(err)
	}
	var scens []cscen
	if err := json.Unmarshal(b, &scens); err != nil {
		t.Fatalf("scenarios.json: %v", err)
	}
	seen := map[string]bool{}
	for _, sc := range scens {
		key := sc.Feature + "/" + sc.Name
		if seen[key] || len(sc.Steps) == 0 {
			t.Fatalf("scenarios.json: duplicate or empty scenario %q", key)
		}
		seen[key] = true
	}
	return scens
}

func TestConformanceLI(t *testing.T) {
	s := liAPI(t)
	scens := loadScenarios(t)
	failed := map[string]bool{}
	for _, sc := range scens {
		key := sc.Feature + "/" + sc.Name
		var ferr error
		var prev *cresp
		for si, stp := range sc.Steps {
			r := runStep(s, stp, prev)
			prev = r
			for _, c := range stp.Checks {
				if err := c.eval(r); err != nil {
					ferr = fmt.Errorf("step %d %s?%v: %v", si, stp.Path, stp.Params, err)
					break
				}
			}
			if ferr != nil {
				break
			}
		}
		switch {
		case ferr != nil && sc.Known != "":
			failed[key] = true
			t.Logf("known failure %s (%s): %v", key, sc.Known, ferr)
		case ferr != nil:
			failed[key] = true
			t.Errorf("%s: %v", key, ferr)
		case sc.Known != "":
			t.Logf("known failure %s now passes; remove its \"known\" from scenarios.json", key)
		}
	}
	perFeature := map[string][2]int{}
	for _, sc := range scens {
		c := perFeature[sc.Feature]
		c[0]++
		if !failed[sc.Feature+"/"+sc.Name] {
			c[1]++
		}
		perFeature[sc.Feature] = c
	}
	feats := make([]string, 0, len(perFeature))
	for f := range perFeature {
		feats = append(feats, f)
	}
	sort.Strings(feats)
	var b strings.Builder
	tot, pass := 0, 0
	for _, f := range feats {
		c := perFeature[f]
		fmt.Fprintf(&b, "  %-24s %3d / %3d\n", f, c[1], c[0])
		tot += c[0]
		pass += c[1]
	}
	fmt.Fprintf(&b, "  %-24s %3d / %3d\n", "TOTAL", pass, tot)
	t.Logf("conformance scenarios passing:\n%s", b.String())
}
