package roads_test

// OSRM's own scenarios, run on our import (issue 12): the feature files in
// testdata/osrm are copies of Project-OSRM/osrm-backend's features/
// (commit 4fc76cad, © Project OSRM contributors, BSD 2-clause: see
// testdata/osrm/LICENSE.osrm). This test
// reads their "routability should be" tables as OSRM's harness builds
// them (features/support/data.js: one five-node way a–e per row, tagged
// highway=primary unless the row says otherwise, node/ tags on the middle
// node; routable from b to d when a route starts on that way) and
// compares every row. Rows we differ on are listed, with the reason, in
// testdata/osrm/differs.txt; the test fails when a row differs that is
// not listed, and when a listed row no longer differs, so the list stays
// the exact difference. Tables of scenarios that set up more than the
// profile (a custom Lua profile, node maps) are not read here; the route
// tables are TestOSRMRoutes' (roads_osrm_route_test.go). With -v both
// tests log, per feature file, the rows that agree with OSRM.

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/osmfixture"
)

// routabilityRow is one row of a routability table.
type routabilityRow struct {
	id                string // "file:line"
	wayTags, nodeTags map[string]string
	want              map[string]bool // forw, backw: routable
}

// readRoutability returns the rows of the routability tables of a
// feature file and its profile.
func readRoutability(t *testing.T, path string) (route.Profile, []routabilityRow) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	profile := route.Driving
	var rows []routabilityRow
	var header []string
	inTable, given := false, false
	inScenario, bgGiven := false, false // bgGiven: the background sets up more than the profile
	// the next scenario, or the feature, is tagged @todo: OSRM's suite
	// does not run it (cucumber.mjs)
	todo, featureTodo := false, false
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(s, `Given the profile "foot"`):
			profile = route.Walking
		case strings.HasPrefix(s, `Given the profile "bicycle"`):
			profile = route.Cycling
		case strings.HasPrefix(s, `Given the profile "car"`) || strings.HasPrefix(s, "Given a grid size"):
		case strings.HasPrefix(s, "@"):
			todo = todo || strings.Contains(s, "@todo")
		case strings.HasPrefix(s, "Scenario"):
			inTable, given, header, inScenario = false, bgGiven || todo || featureTodo, nil, true
			todo = false
		case strings.HasPrefix(s, "Feature"):
			featureTodo, todo = todo, false
		case strings.HasPrefix(s, "Given"):
			given = true // scenario-specific setup (a custom profile...): not read
			bgGiven = bgGiven || !inScenario
		case s == "Then routability should be" && !given:
			inTable = true
		case strings.HasPrefix(s, "|") && inTable:
			cells := tableCells(s)
			if header == nil {
				header = cells
				continue
			}
			row := routabilityRow{id: fmt.Sprintf("%s:%d", filepath.Base(path), line),
				wayTags: map[string]string{"highway": "primary"}, nodeTags: map[string]string{}, want: map[string]bool{}}
			skip := false
			for i, h := range header {
				v := ""
				if i < len(cells) {
					v = cells[i]
				}
				switch {
				case h == "forw" || h == "backw":
					row.want[h] = v != ""
				case h == "bothw":
					row.want["forw"], row.want["backw"] = v != "", v != ""
				case strings.HasSuffix(h, "_rate") || h == "" || strings.HasPrefix(h, "#"):
					skip = skip || strings.HasSuffix(h, "_rate")
				case v == "":
				case strings.HasPrefix(h, "node/"):
					row.nodeTags[strings.TrimPrefix(h, "node/")] = v
				case v == "(nil)":
					delete(row.wayTags, h)
				default:
					row.wayTags[h] = v
				}
			}
			if !skip && len(row.want) > 0 {
				rows = append(rows, row)
			}
		default:
			inTable = inTable && s == ""
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return profile, rows
}

// nodeNames are the fixture's node symbols, five a row.
const nodeNames = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// routable reports, per row, which directions route on the row's way
// ("forw", "backw"), building one fixture per dozen rows.
func routable(t *testing.T, profile route.Profile, rows []routabilityRow) []map[string]bool {
	t.Helper()
	const perMap = len(nodeNames) / 5
	out := make([]map[string]bool, len(rows))
	for start := 0; start < len(rows); start += perMap {
		chunk := rows[start:min(len(rows), start+perMap)]
		m := &osmfixture.Map{NodeTags: map[byte]string{}}
		var b strings.Builder
		for i, r := range chunk {
			n := nodeNames[5*i : 5*i+5]
			fmt.Fprintf(&b, "%c - - %c - - %c - - %c - - %c\n\n\n\n", n[0], n[1], n[2], n[3], n[4])
			m.Ways = append(m.Ways, osmfixture.Way{Nodes: n, Tags: tagString(r.wayTags) + fmt.Sprintf(" name=w%d", i)})
			if len(r.nodeTags) > 0 {
				m.NodeTags[n[2]] = tagString(r.nodeTags)
			}
		}
		m.Map = b.String()
		e := openFixture(t, m)
		for i := range chunk {
			n := nodeNames[5*i : 5*i+5]
			res := map[string]bool{}
			for dir, ends := range map[string][2]byte{"forw": {n[1], n[3]}, "backw": {n[3], n[1]}} {
				req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: profile,
					Coordinates: []orb.Point{m.Point(ends[0]), m.Point(ends[1])}, Radiuses: []float64{5, 5}}}
				req.Options.Steps = true
				r, err := e.Directions(context.Background(), req)
				res[dir] = err == nil && len(r.Routes) > 0 && len(r.Routes[0].Legs) > 0 &&
					len(r.Routes[0].Legs[0].Steps) > 0 && r.Routes[0].Legs[0].Steps[0].Name == fmt.Sprintf("w%d", i)
			}
			out[start+i] = res
		}
	}
	return out
}

// tagString writes tags as osmfixture wants them (spaces as ~).
func tagString(tags map[string]string) string {
	var parts []string
	for k, v := range tags {
		parts = append(parts, k+"="+strings.ReplaceAll(v, " ", "~"))
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// readDiffers reads differs.txt: "file:line direction reason" lines.
func readDiffers(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "osrm", "differs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.SplitN(l, " ", 3)
		if len(f) < 2 {
			t.Fatalf("differs.txt: bad line %q", l)
		}
		out[f[0]+" "+f[1]] = strings.Join(f[2:], " ")
	}
	return out
}

func TestOSRMRoutability(t *testing.T) {
	differs := readDiffers(t)
	files, err := filepath.Glob(filepath.Join("testdata", "osrm", "*.feature"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no feature files (%v)", err)
	}
	seen := map[string]bool{}
	for _, path := range files {
		profile, rows := readRoutability(t, path)
		got := routable(t, profile, rows)
		pass, total := 0, 0
		for i, r := range rows {
			for _, dir := range []string{"forw", "backw"} {
				if _, ok := r.want[dir]; !ok {
					continue // the table has no column for it
				}
				key := r.id + " " + dir
				seen[key] = true
				total++
				listed := differs[key] != "" || hasKey(differs, key)
				switch same := got[i][dir] == r.want[dir]; {
				case same && listed:
					t.Errorf("%s: %s now agrees with OSRM (routable %v); drop it from differs.txt", key, tagString(r.wayTags), got[i][dir])
				case !same && !listed:
					t.Errorf("%s: way %s node %s: routable %v, OSRM says %v", key, tagString(r.wayTags), tagString(r.nodeTags), got[i][dir], r.want[dir])
				case same:
					pass++
				}
			}
		}
		t.Logf("%s: %d of %d rows (directions) as OSRM", filepath.Base(path), pass, total)
	}
	for key := range differs {
		if !seen[key] && !strings.HasSuffix(key, " route") {
			t.Errorf("differs.txt lists %s, which no table has", key)
		}
	}
}

func hasKey(m map[string]string, k string) bool { _, ok := m[k]; return ok }
