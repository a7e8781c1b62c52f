package api_test

// nominatim_bdd_test.go: TestNominatimBDD runs every scenario of
// Nominatim's own API features (search, reverse, lookup, details, status;
// testdata/nominatim/scenarios.json, see nominatim_bdd_parse_test.go)
// against an open server (no key, as Nominatim's tests send none) on the
// LI pack, which is built from Nominatim's API test extract. Each step is
// carried out as Nominatim's step definitions (test/bdd/conftest.py,
// test_api.py, utils/api_result.py, utils/checks.py) carry it out: the
// same requests (geocoding: jsonv2 with addressdetails=1; reverse
// geocoding: jsonv2), Content-Type checks, result normalisation (XML
// attributes and children, geojson properties and bbox, geocodejson
// geocoding objects) and comparisons (str() of the value, !fm full
// regexp match, !in_box, !wkt, !:d).
//
// The scenarios this server differs on are listed in bddDiffers with the
// reason; they are run and reported, and the test fails when one of them
// starts passing (so the list stays true).

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"waymark/engine/api"
)

// bddDiffers are the scenarios (feature/name) this server answers
// differently, with the reason. None is a difference of the API's
// dialect: they are data a region pack does not hold, and search or
// reverse results of the engine (engine/geocode).
var bddDiffers = map[string]string{
	"status/failures/Failed status as text": "no database to lose: the packs are opened before the server starts and stay open; /status answers from them",
	"status/failures/Failed status as json": "no database to lose: the packs are opened before the server starts and stay open; /status answers from them",

	"search/queries/TIGER house number":                          tiger,
	"reverse/v1_json/Reverse json - Tiger address":               tiger,
	"reverse/v1_xml/Reverse XML - Tiger address":                 tiger,
	"reverse/v1_geojson/Reverse geojson - Tiger address":         tiger,
	"reverse/v1_geocodejson/Reverse geocodejson - Tiger address": tiger,

	"reverse/queries/Reverse - Unknown countries fall back to default country grid": "data: a pack holds the countries of its extract; there is no world country grid (the point is in South Dakota)",
	"search/queries/Ignore country searches when query is restricted to countries":  "data: \"fr\" finds France in Nominatim's country table; a pack holds the countries of its extract only",
	"search/params/Overly large limit number for search results":                    "engine/geocode: \"restaurant\" returns name matches besides the amenity=restaurant places (50 results; Nominatim's special-phrase search gives its 35 restaurants)",

	"reverse/geometry/Reverse - for polygons return the centroid as center point": "engine/geocode: the building's centroid is 4e-7° (3 cm) off PostGIS's",
	"reverse/v1_json/Reverse json - Interpolation address [json]":                 interpolated,
	"reverse/v1_json/Reverse json - Interpolation address [jsonv2]":               interpolated,
	"reverse/v1_xml/Reverse XML - Interpolation address":                          interpolated,

	"reverse/layers/Reverse search with manmade layers [natural | waterway | river]":     "engine/geocode: layer=natural picks the stream Pine Creek, nearer than the river Autauga Creek Nominatim returns",
	"reverse/queries/Reverse - inherited address is not shown with address layer":        "engine/geocode: layer=address still returns the office node with the building's address; Nominatim returns the building way",
	"search/queries/Place searches with a country component should not return countries": "engine/geocode: \"Liechtenstein, LI\" ranks the towns of the country (rank 16) above the place named Liechtenstein (rank 30)",
	"search/structured/Structured search restricts rank":                                 "engine/geocode: structured city=Steg also returns the lake Stausee Steg; Nominatim keeps city results to settlements (#176)",
	"search/simple/Garbage Searches [aussenstelle universitat lichtenstein wachterhaus aussenstelle universitat lichtenstein wachterhaus aussenstelle universitat lichtenstein wachterhaus aussenstelle universitat lichtenstein wachterhaus]": "engine/geocode: typo tolerance (issue 32) reads \"lichtenstein\" as \"liechtenstein\" and finds the Aussenstelle Universität Liechtenstein Wächterhaus the query names four times; Nominatim has no typo tolerance",
}

const (
	tiger        = "data: Nominatim's test database adds US TIGER house numbers; a pack holds OSM data only"
	interpolated = "engine/geocode: the interpolated house's longitude is 1e-7° (1 cm) off Nominatim's"
)

var (
	liOpenOnce sync.Once
	liOpen     *api.Server
	liOpenErr  error
)

// liOpenAPI is an open server (no key) over the LI pack's engine.
func liOpenAPI(t *testing.T) *api.Server {
	t.Helper()
	liAPI(t)
	liOpenOnce.Do(func() {
		liOpen, liOpenErr = api.New(liServer.Engine(), api.Config{Open: true, Hosts: []string{"example.com"}})
	})
	if liOpenErr != nil {
		t.Fatal(liOpenErr)
	}
	return liOpen
}

func TestNominatimBDD(t *testing.T) {
	if *nominatimFeatures != "" {
		writeBDDScenarios(t, *nominatimFeatures)
	}
	b, err := os.ReadFile(bddScenariosFile)
	if err != nil {
		t.Fatal(err)
	}
	var scens []bddScenario
	if err := json.Unmarshal(b, &scens); err != nil {
		t.Fatalf("%s: %v", bddScenariosFile, err)
	}
	s := liOpenAPI(t)
	type tally struct{ pass, differ, skip int }
	byFeature := map[string]*tally{}
	for _, sc := range scens {
		key := sc.Feature + "/" + sc.Name
		tl := byFeature[sc.Feature]
		if tl == nil {
			tl = &tally{}
			byFeature[sc.Feature] = tl
		}
		if sc.Skip {
			tl.skip++
			continue
		}
		err := runBDD(s, sc)
		reason, differs := bddDiffers[key]
		switch {
		case err == nil && differs:
			t.Errorf("%s passes now; remove it from bddDiffers (%s)", key, reason)
		case err == nil:
			tl.pass++
		case differs:
			tl.differ++
			t.Logf("differs: %s (%s): %v", key, reason, err)
		default:
			t.Errorf("%s: %v", key, err)
		}
	}
	var names []string
	for f := range byFeature {
		names = append(names, f)
	}
	sort.Strings(names)
	var sum tally
	var rep strings.Builder
	for _, f := range names {
		tl := byFeature[f]
		fmt.Fprintf(&rep, "%-24s %3d pass %3d differ %3d skipped (@skip)\n", f, tl.pass, tl.differ, tl.skip)
		sum.pass, sum.differ, sum.skip = sum.pass+tl.pass, sum.differ+tl.differ, sum.skip+tl.skip
	}
	fmt.Fprintf(&rep, "%-24s %3d pass %3d differ %3d skipped", "all", sum.pass, sum.differ, sum.skip)
	t.Logf("Nominatim's API scenarios:\n%s", rep.String())
}

// bddRun is the state of one scenario: the last response and result.
type bddRun struct {
	s       *api.Server
	headers [][2]string
	status  int
	ctype   string
	body    string
	res     *apiResult
}

var (
	reSend      = regexp.MustCompile(`^sending v1/(\S+)(?: with format (\S+))?$`)
	reGeocode   = regexp.MustCompile(`^geocoding(?: "(.*)")?$`)
	reReverse   = regexp.MustCompile(`^reverse geocoding ([\d.-]*),([\d.-]*)$`)
	reStatus    = regexp.MustCompile(`^a HTTP (\d+) is returned$`)
	rePage      = regexp.MustCompile(`^the page content equals "(.*)"$`)
	reValid     = regexp.MustCompile(`^the result is valid (\S+)(?: with (\d+) results?)?$`)
	reCount     = regexp.MustCompile(`^([a-z ]+) (\d+) results? (?:are|is) returned$`)
	reMetaNo    = regexp.MustCompile(`^the result metadata has no attributes (.*)$`)
	reContains  = regexp.MustCompile(`^the result contains(?: in field (\S+))?$`)
	reHas       = regexp.MustCompile(`^the result has attributes (.*)$`)
	reHasNo     = regexp.MustCompile(`^the result has no attributes (.*)$`)
	reArray     = regexp.MustCompile(`^the result contains array field (\S+) where element (\d+) contains$`)
	reSet       = regexp.MustCompile(`^the result set contains( exactly)?$`)
	reAllHave   = regexp.MustCompile(`^all results have attributes (.*)$`)
	reAllHaveNo = regexp.MustCompile(`^all results have no attributes (.*)$`)
	reAllCont   = regexp.MustCompile(`^all results contain(?: in field (\S+))?$`)
	reNth       = regexp.MustCompile(`^result (\d+) contains(?: in field (\S+))?$`)
)

var bddContentTypes = map[string]string{
	"json": "application/json; charset=utf-8", "xml": "text/xml; charset=utf-8", "geojson": "application/json; charset=utf-8",
	"geocodejson": "application/json; charset=utf-8", "html": "text/html; charset=utf-8",
}

// runBDD carries out a scenario's steps; the first failing one ends it.
func runBDD(s *api.Server, sc bddScenario) error {
	r := &bddRun{s: s}
	for i, st := range sc.Steps {
		if err := r.step(st); err != nil {
			return fmt.Errorf("step %d %q: %w", i+1, st.Text, err)
		}
	}
	return nil
}

// pairs reads a data table as Nominatim's steps do: a param/value table
// gives its rows, any other its header with its first row.
func pairs(table [][]string) [][2]string {
	var out [][2]string
	if len(table) == 0 {
		return nil
	}
	if len(table[0]) == 2 && table[0][0] == "param" && table[0][1] == "value" {
		for _, r := range table[1:] {
			out = append(out, [2]string{r[0], r[1]})
		}
		return out
	}
	if len(table) < 2 {
		return nil
	}
	for i, k := range table[0] {
		out = append(out, [2]string{k, table[1][i]})
	}
	return out
}

func (r *bddRun) get(endpoint string, params [][2]string) {
	v := url.Values{}
	for _, p := range params {
		v.Set(p[0], p[1])
	}
	req := httptest.NewRequest("GET", "/"+endpoint+"?"+v.Encode(), nil)
	for _, h := range r.headers {
		req.Header.Set(h[0], h[1])
	}
	rec := httptest.NewRecorder()
	r.s.ServeHTTP(rec, req)
	r.status, r.ctype, r.body, r.res = rec.Code, rec.Header().Get("Content-Type"), rec.Body.String(), nil
}

// apiRequest is the geocoding / reverse geocoding step: a jsonv2 request
// that must answer 200 with JSON, lat and lon strings, and a centroid.
func (r *bddRun) apiRequest(endpoint string, base [][2]string, table [][]string, simple bool) error {
	params := append(append(base, [2]string{"format", "jsonv2"}), pairs(table)...)
	r.get(endpoint, params)
	if r.status != 200 || r.ctype != bddContentTypes["json"] {
		return fmt.Errorf("%d %s: %.300s", r.status, r.ctype, r.body)
	}
	res, err := parseAPIResult("json", r.body)
	if err != nil {
		return err
	}
	if res.simple() != simple {
		return fmt.Errorf("result simple = %v, want %v: %.300s", res.simple(), simple, r.body)
	}
	for _, o := range res.objects() {
		lat, ok1 := o.get("lat").(string)
		lon, ok2 := o.get("lon").(string)
		if !ok1 || !ok2 {
			return fmt.Errorf("lat/lon are not strings: %.300s", r.body)
		}
		o.set("centroid", "POINT("+lon+" "+lat+")")
	}
	r.res = res
	return nil
}

func (r *bddRun) step(st bddStep) error {
	t := st.Text
	need := func() error {
		if r.res == nil {
			return fmt.Errorf("no result parsed (status %d, %.200s)", r.status, r.body)
		}
		return nil
	}
	switch {
	case t == "the HTTP header":
		r.headers = append(r.headers, pairs(st.Table)...)
	case t == "an unknown database":
		return fmt.Errorf("a database that cannot be reached cannot be set up: packs are opened before the server starts")
	case reSend.MatchString(t):
		m := reSend.FindStringSubmatch(t)
		var params [][2]string
		if m[2] != "" {
			params = append(params, [2]string{"format", m[2]})
		}
		r.get(m[1], append(params, pairs(st.Table)...))
	case reGeocode.MatchString(t):
		m := reGeocode.FindStringSubmatch(t)
		base := [][2]string{{"addressdetails", "1"}}
		if m[1] != "" {
			base = append(base, [2]string{"q", m[1]})
		}
		return r.apiRequest("search", base, st.Table, false)
	case reReverse.MatchString(t):
		m := reReverse.FindStringSubmatch(t)
		lat, _ := strconv.ParseFloat(m[1], 64)
		lon, _ := strconv.ParseFloat(m[2], 64)
		return r.apiRequest("reverse", [][2]string{{"lat", pyFloat(lat)}, {"lon", pyFloat(lon)}}, st.Table, true)
	case reStatus.MatchString(t):
		if want := reStatus.FindStringSubmatch(t)[1]; strconv.Itoa(r.status) != want {
			return fmt.Errorf("status %d, want %s: %.300s", r.status, want, r.body)
		}
	case rePage.MatchString(t):
		if want := rePage.FindStringSubmatch(t)[1]; r.body != want {
			return fmt.Errorf("page %q, want %q", r.body, want)
		}
	case t == "the result is valid html":
		return validHTML(r.ctype, r.body)
	case reValid.MatchString(t):
		m := reValid.FindStringSubmatch(t)
		if ct, ok := bddContentTypes[m[1]]; !ok || r.ctype != ct {
			return fmt.Errorf("Content-Type %q, want %q (%.200s)", r.ctype, ct, r.body)
		}
		res, err := parseAPIResult(m[1], r.body)
		if err != nil {
			return err
		}
		r.res = res
		if m[2] != "" && strconv.Itoa(res.len()) != m[2] {
			return fmt.Errorf("%d results, want %s", res.len(), m[2])
		}
	case reCount.MatchString(t):
		if err := need(); err != nil {
			return err
		}
		m := reCount.FindStringSubmatch(t)
		n, _ := strconv.Atoi(m[2])
		if r.res.simple() {
			return fmt.Errorf("a single result, want a list")
		}
		got := r.res.len()
		if ok := map[string]bool{"exactly": got == n, "more than": got > n, "less than": got < n}[m[1]]; !ok {
			return fmt.Errorf("%d results, want %s %d", got, m[1], n)
		}
	case t == "the result metadata contains":
		if err := need(); err != nil {
			return err
		}
		for _, p := range pairs(st.Table) {
			if err := attrEquals(r.res.meta, p[0], p[1]); err != nil {
				return fmt.Errorf("metadata: %w", err)
			}
		}
	case reMetaNo.MatchString(t):
		if err := need(); err != nil {
			return err
		}
		for _, a := range strlist(reMetaNo.FindStringSubmatch(t)[1]) {
			if r.res.meta.has(a) {
				return fmt.Errorf("metadata has %s", a)
			}
		}
	case reArray.MatchString(t):
		if err := need(); err != nil {
			return err
		}
		m := reArray.FindStringSubmatch(t)
		if !r.res.simple() {
			return fmt.Errorf("a list of results, want one")
		}
		for _, p := range pairs(st.Table) {
			if err := attrEquals(r.res.one, m[1]+"+"+m[2]+"+"+p[0], p[1]); err != nil {
				return err
			}
		}
	case reContains.MatchString(t):
		if err := need(); err != nil {
			return err
		}
		if !r.res.simple() {
			return fmt.Errorf("a list of results, want one: %.300s", r.body)
		}
		return containsAll(r.res.one, reContains.FindStringSubmatch(t)[1], st.Table)
	case reHas.MatchString(t), reHasNo.MatchString(t):
		if err := need(); err != nil {
			return err
		}
		if !r.res.simple() {
			return fmt.Errorf("a list of results, want one")
		}
		want := reHas.MatchString(t)
		list := reHas.FindStringSubmatch(t)
		if !want {
			list = reHasNo.FindStringSubmatch(t)
		}
		for _, a := range strlist(list[1]) {
			if r.res.one.has(a) != want {
				return fmt.Errorf("has %s = %v, want %v: %.300s", a, !want, want, r.body)
			}
		}
	case reSet.MatchString(t):
		if err := need(); err != nil {
			return err
		}
		return r.setContains(st.Table, reSet.FindStringSubmatch(t)[1] != "")
	case reAllHave.MatchString(t), reAllHaveNo.MatchString(t):
		if err := need(); err != nil {
			return err
		}
		want := reAllHave.MatchString(t)
		list := reAllHave.FindStringSubmatch(t)
		if !want {
			list = reAllHaveNo.FindStringSubmatch(t)
		}
		if r.res.simple() || r.res.len() == 0 {
			return fmt.Errorf("no list of results: %.300s", r.body)
		}
		for i, o := range r.res.list {
			for _, a := range strlist(list[1]) {
				if o.has(a) != want {
					return fmt.Errorf("result %d has %s = %v, want %v", i, a, !want, want)
				}
			}
		}
	case reAllCont.MatchString(t):
		if err := need(); err != nil {
			return err
		}
		if r.res.simple() || r.res.len() == 0 {
			return fmt.Errorf("no list of results: %.300s", r.body)
		}
		for i, o := range r.res.list {
			if err := containsAll(o, reAllCont.FindStringSubmatch(t)[1], st.Table); err != nil {
				return fmt.Errorf("result %d: %w", i, err)
			}
		}
	case reNth.MatchString(t):
		if err := need(); err != nil {
			return err
		}
		m := reNth.FindStringSubmatch(t)
		n, _ := strconv.Atoi(m[1])
		if r.res.simple() || r.res.len() <= n {
			return fmt.Errorf("no result %d among %d: %.300s", n, r.res.len(), r.body)
		}
		return containsAll(r.res.list[n], m[2], st.Table)
	default:
		return fmt.Errorf("unknown step")
	}
	return nil
}

func strlist(s string) []string {
	var out []string
	for _, a := range strings.Split(s, ",") {
		out = append(out, strings.TrimSpace(a))
	}
	return out
}

// containsAll checks a data table against one result, its keys under
// field when given.
func containsAll(o *omap, field string, table [][]string) error {
	prefix := ""
	if field != "" {
		prefix = field + "+"
	}
	for _, p := range pairs(table) {
		if err := attrEquals(o, prefix+p[0], p[1]); err != nil {
			return err
		}
	}
	return nil
}

// setContains: every row of the table matches a distinct result; with
// exactly, no result is left over.
func (r *bddRun) setContains(table [][]string, exactly bool) error {
	if r.res.simple() {
		return fmt.Errorf("a single result, want a list")
	}
	left := map[int]bool{}
	for i := range r.res.list {
		left[i] = true
	}
	for _, row := range table[1:] {
		found := -1
		for i := 0; i < r.res.len() && found < 0; i++ {
			if !left[i] {
				continue
			}
			ok := true
			for c, k := range table[0] {
				if attrEquals(r.res.list[i], k, row[c]) != nil {
					ok = false
					break
				}
			}
			if ok {
				found = i
			}
		}
		if found < 0 {
			return fmt.Errorf("no result matches row %v: %.400s", row, r.body)
		}
		delete(left, found)
	}
	if exactly && len(left) > 0 {
		return fmt.Errorf("%d results left over: %.300s", len(left), r.body)
	}
	return nil
}

// validHTML is "the result is valid html": text/html, an XML-parsable
// page with an html root, a body and no script.
func validHTML(ctype, body string) error {
	if ctype != bddContentTypes["html"] {
		return fmt.Errorf("Content-Type %q, want text/html", ctype)
	}
	d := xml.NewDecoder(strings.NewReader(body))
	d.Strict = true
	var root string
	var hasBody, hasScript bool
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("page does not parse: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if root == "" {
				root = se.Name.Local
			}
			hasBody = hasBody || se.Name.Local == "body"
			hasScript = hasScript || se.Name.Local == "script"
		}
	}
	if root != "html" || !hasBody || hasScript {
		return fmt.Errorf("root %q, body %v, script %v", root, hasBody, hasScript)
	}
	return nil
}
