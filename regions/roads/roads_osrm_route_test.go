package roads_test

// OSRM's route scenarios (issue 12): every "When I route I should get"
// table of testdata/osrm/*.feature, on a map built the way OSRM's harness
// builds it (features/step_definitions/data.js: a node map on a 100 m grid
// unless the scenario sets one, a character column half a cell, origin
// 1,1; ways tagged highway=primary and named after their node string
// unless the table says otherwise; digits are locations, not nodes). Each
// row routes between its from and to nodes (or its waypoints) and compares
// the route (step names joined by commas, features/support/route.js), turns
// and modes columns, and those of guidance (lanes, destinations, exits,
// ref: the guidance features, guidance_*.feature, issue 34); other columns
// (time, distance, speed, weights, intersections, locations) are not
// compared: speeds and penalties are ours. Scenarios that need what this
// harness or our engine does not have (a custom profile, traffic files,
// conditional restrictions, matrix requests) are skipped with a counted
// reason. Rows we differ on deliberately are in testdata/osrm/differs.txt
// as "file:line route reason".

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/osmfixture"
)

// routeScenario is a feature scenario prepared for our import and engine.
type routeScenario struct {
	featureScenario
	profile route.Profile
	skip    string // why it is not run ("": it is)
	m       *osmfixture.Map
	tables  []*gherkinTable // its route tables
	snapAny bool            // query option snapping=any
	exclude route.Exclude   // query option exclude
}

// comparedColumns are the route table columns compared with OSRM's: the
// step names, maneuvers and modes, and the guidance's lanes, destinations,
// exits and refs (features/support/route.js's lists).
var comparedColumns = []string{"route", "turns", "modes", "lanes", "destinations", "exits", "ref"}

// harmlessQueryOptions change only the response's shape, or (snapping=any)
// what SnapRequest.AnyComponent does.
var harmlessQueryOptions = map[string]bool{"overview": true, "geometries": true, "annotations": true, "snapping": true, "steps": true}

var (
	quotedRe = regexp.MustCompile(`"[^"]*"`)
	gridRe   = regexp.MustCompile(`^a grid size of ([0-9.]+) meters$`)
	originRe = regexp.MustCompile(`^the origin ([-+0-9.]+),([-+0-9.]+)$`)
)

// prepareScenario reads a scenario's steps into a fixture map and route
// tables, or says why it is skipped.
func prepareScenario(fs featureScenario) routeScenario {
	rs := routeScenario{featureScenario: fs, profile: route.Driving,
		m: &osmfixture.Map{Cell: 100, Origin: orb.Point{1, 1}, NodeTags: map[byte]string{}}}
	skip := func(reason string) {
		if rs.skip == "" {
			rs.skip = reason
		}
	}
	for _, tag := range fs.tags {
		if tag == "@todo" || tag == "@stress" {
			skip("tagged " + tag + ": OSRM's own suite does not run it (cucumber.mjs)")
		}
	}
	wayIndex := map[string]int{}
	var relations []*gherkinTable
	other := ""
	for _, st := range fs.steps {
		switch t := st.text; {
		case t == `the profile "car"`:
			rs.profile = route.Driving
		case t == `the profile "foot"`:
			rs.profile = route.Walking
		case t == `the profile "bicycle"`:
			rs.profile = route.Cycling
		case t == `the profile file "bicycle" initialized with` && strings.TrimSpace(st.doc) == "profile.excludable = Sequence { Set { 'ferry' } }":
			// bicycle.lua made to exclude ferries: ours always may
			rs.profile = route.Cycling
		case strings.HasPrefix(t, "the profile file"):
			skip("custom profile (Lua)")
		case strings.HasPrefix(t, "the profile "):
			skip(t + ": not ours")
		case gridRe.MatchString(t):
			rs.m.Cell, _ = strconv.ParseFloat(gridRe.FindStringSubmatch(t)[1], 64)
		case originRe.MatchString(t):
			s := originRe.FindStringSubmatch(t)
			lon, _ := strconv.ParseFloat(s[1], 64)
			lat, _ := strconv.ParseFloat(s[2], 64)
			rs.m.Origin = orb.Point{lon, lat}
		case t == "the node map":
			rs.m.Map += st.doc + "\n"
		case t == "the node locations":
			if rs.m.Locations == nil {
				rs.m.Locations = map[byte]orb.Point{}
			}
			for _, row := range st.table.hashes() {
				lon, err1 := strconv.ParseFloat(row["lon"], 64)
				lat, err2 := strconv.ParseFloat(row["lat"], 64)
				if len(row["node"]) != 1 || err1 != nil || err2 != nil {
					skip("bad node location " + row["node"])
					continue
				}
				rs.m.Locations[row["node"][0]] = orb.Point{lon, lat}
			}
		case t == "the nodes":
			for _, row := range st.table.hashes() {
				var tags []string
				for k, v := range row {
					if k != "node" && k != "id" && v != "" && v != "(nil)" {
						tags = append(tags, k+"="+strings.ReplaceAll(v, " ", "~"))
					}
				}
				sort.Strings(tags)
				rs.m.NodeTags[row["node"][0]] = strings.Join(tags, " ")
			}
		case t == "the ways" || t == "the ways with locations":
			for _, row := range st.table.hashes() {
				tags := map[string]string{"highway": "primary", "name": row["nodes"]}
				for k, v := range row {
					switch {
					case k == "nodes":
					case v == "" || v == "(nil)" || v == `""` || v == "''":
						// OSRM writes an empty value (a highway="" is no
						// highway to its profiles) or drops the tag
						delete(tags, k)
					default:
						tags[k] = v
					}
				}
				wayIndex[row["nodes"]] = len(rs.m.Ways)
				rs.m.Ways = append(rs.m.Ways, osmfixture.Way{Nodes: row["nodes"], Tags: tagString(tags)})
			}
		case t == "the relations":
			relations = append(relations, st.table)
		case t == "I route I should get":
			rs.tables = append(rs.tables, st.table)
		case t == "the data has been saved to disk" || strings.HasPrefix(t, "I try to run") || strings.HasPrefix(t, "it should "):
			skip("runs OSRM's tools on the data (no route table)")
		case t == "routability should be":
			// TestOSRMRoutability reads these
		case t == `the extract extra arguments "--parse-conditional-restrictions"`:
			// only changes conditional restrictions, skipped below
		case t == "the query options":
			for _, r := range append([][]string{st.table.header}, st.table.rows...) {
				if r[0] == "exclude" {
					x, err := route.ParseExclude(r[1])
					if err != nil {
						skip("query option exclude=" + r[1])
					}
					rs.exclude = x
					continue
				}
				if !harmlessQueryOptions[r[0]] {
					skip("query option " + r[0])
				}
				rs.snapAny = rs.snapAny || r[0] == "snapping" && r[1] == "any"
			}
		case strings.HasPrefix(t, "I request a travel") || strings.HasPrefix(t, "I plan a trip") || strings.HasPrefix(t, "I match"):
			other = "table, trip or match request"
		case strings.HasPrefix(t, "the contract extra arguments") || strings.HasPrefix(t, "the customize extra arguments"):
			if strings.Contains(t, "time-zone") {
				skip("conditional restrictions (time zones, a given clock)")
			} else {
				skip("traffic data (speed or turn penalty files)")
			}
		default:
			skip(quotedRe.ReplaceAllString(t, `"…"`))
		}
	}
	for _, tab := range relations {
		for _, row := range tab.rows {
			var tags, members []string
			for i, h := range tab.header {
				v := row[i]
				kind, role, _ := strings.Cut(h, ":")
				switch kind {
				case "node", "way":
					for _, name := range strings.Split(v, ",") {
						if name = strings.TrimSpace(name); name == "" {
							continue
						}
						if kind == "node" {
							members = append(members, role+":n:"+name)
						} else if k, ok := wayByName(wayIndex, name); ok {
							members = append(members, fmt.Sprintf("%s:w%d", role, k))
						} else {
							skip("relation member way " + name + " not in the ways table")
						}
					}
				case "relation":
					if v != "" {
						skip("relation of relations")
					}
				default:
					if v != "" {
						tags = append(tags, h+"="+strings.ReplaceAll(v, " ", "~"))
					}
				}
			}
			if strings.Contains(strings.Join(tags, " "), ":conditional=") {
				skip("conditional restriction")
			}
			rs.m.Relations = append(rs.m.Relations, osmfixture.Relation{Tags: strings.Join(tags, " "), Members: strings.Join(members, " ")})
		}
	}
	if len(rs.tables) == 0 && other != "" {
		skip(other)
	}
	if rs.m.Map == "" && len(rs.m.Locations) == 0 && len(rs.tables) > 0 {
		skip("no node map (node locations)")
	}
	return rs
}

// wayByName finds a way by its node string, either way round (OSRM's
// findWayByName).
func wayByName(index map[string]int, name string) (int, bool) {
	if k, ok := index[name]; ok {
		return k, true
	}
	r := []byte(name)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	k, ok := index[string(r)]
	return k, ok
}

// routeRow is one route table row's outcome.
type routeRow struct {
	id        string            // "file:line"
	want, got map[string]string // compared columns
	skip      string
}

// location returns the point of a node or location name.
func location(m *osmfixture.Map, name string) (orb.Point, error) {
	if _, ok := m.Locations[name[0]]; len(name) == 1 && ok {
		return m.Point(name[0]), nil
	}
	if len(name) != 1 || !strings.Contains(m.Map, name) {
		return orb.Point{}, fmt.Errorf("unknown node %q", name)
	}
	return m.Point(name[0]), nil
}

// parseBearings reads a bearings cell ("90,10 270" : value[,range] per
// waypoint, range 10° when left out).
func parseBearings(s string) ([]*route.Bearing, error) {
	var out []*route.Bearing
	for _, f := range strings.Fields(s) {
		v, r, ok := strings.Cut(f, ",")
		b := &route.Bearing{Range: 10}
		var err error
		if b.Value, err = strconv.ParseFloat(v, 64); err != nil {
			return nil, fmt.Errorf("bearing %q: %w", f, err)
		}
		if ok {
			if b.Range, err = strconv.ParseFloat(r, 64); err != nil {
				return nil, fmt.Errorf("bearing %q: %w", f, err)
			}
		}
		out = append(out, b)
	}
	return out, nil
}

// runRoutes routes every row of a scenario's tables on e.
func runRoutes(e *engine.Engine, rs routeScenario) []routeRow {
	var out []routeRow
	for _, tab := range rs.tables {
		for i, row := range tab.hashes() {
			r := routeRow{id: fmt.Sprintf("%s:%d", rs.file, tab.lines[i]), want: map[string]string{}, got: map[string]string{}}
			for _, c := range comparedColumns {
				if v, ok := row[c]; ok {
					r.want[c] = v
				}
			}
			out = append(out, r)
			rr := &out[len(out)-1]
			if len(r.want) == 0 {
				rr.skip = "no compared column"
				continue
			}
			if _, ok := row["request"]; ok {
				rr.skip = "raw request"
				continue
			}
			names := []string{row["from"], row["to"]}
			if row["from"] == "" {
				names = strings.Split(row["waypoints"], ",")
			}
			req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: rs.profile, AnyComponent: rs.snapAny, Exclude: rs.exclude}}
			req.Options.Steps = true
			var err error
			for _, n := range names {
				var p orb.Point
				if p, err = location(rs.m, strings.TrimSpace(n)); err != nil {
					break
				}
				req.Coordinates = append(req.Coordinates, p)
			}
			if err == nil && row["bearings"] != "" {
				req.Bearings, err = parseBearings(row["bearings"])
			}
			if err != nil {
				rr.skip = err.Error()
				continue
			}
			res, err := e.Directions(context.Background(), req)
			lists := map[string][]string{}
			if err == nil && len(res.Routes) > 0 {
				for _, leg := range res.Routes[0].Legs {
					for _, s := range leg.Steps {
						for c, v := range stepColumns(s) {
							lists[c] = append(lists[c], v)
						}
					}
				}
			}
			for c := range rr.want {
				rr.got[c] = strings.TrimSpace(strings.Join(lists[c], ","))
			}
		}
	}
	return out
}

// stepColumns returns what each compared column says of one step, as
// OSRM's harness writes it (features/support/route.js: wayList, turnList,
// modeList, lanesList, destinationsList, exitsList, refList).
func stepColumns(s route.Step) map[string]string {
	var lanes []string
	for _, x := range s.Intersections {
		var ls []string
		for _, l := range x.Lanes {
			ls = append(ls, strings.Join(l.Indications, ";")+":"+strconv.FormatBool(l.Valid))
		}
		lanes = append(lanes, strings.Join(ls, " "))
	}
	return map[string]string{"route": s.Name, "turns": turnString(s), "modes": s.Mode, "lanes": strings.Join(lanes, ";"),
		"destinations": s.Destinations, "exits": s.Exits, "ref": s.Ref}
}

// turnString writes a step's maneuver as OSRM's harness does
// (features/support/route.js turnList): an exit the answer leaves out (0)
// reads "undefined", as JavaScript writes it.
func turnString(s route.Step) string {
	m := s.Maneuver
	exit := "undefined"
	if m.Exit != 0 {
		exit = strconv.Itoa(m.Exit)
	}
	switch m.Type {
	case route.Depart, route.Arrive:
		return m.Type.String()
	case route.Roundabout:
		return "roundabout-exit-" + exit
	case route.Rotary:
		if s.RotaryName != "" {
			return s.RotaryName + "-exit-" + exit
		}
		return "rotary-exit-" + exit
	case route.RoundaboutTurn:
		return fmt.Sprintf("%s %s exit-%s", m.Type, m.Modifier, exit)
	}
	return strings.TrimSpace(m.Type.String() + " " + m.Modifier.String())
}

// routeFileStats counts one feature file's route rows: those that agree
// with OSRM on every compared column, and on the step names (route).
type routeFileStats struct {
	pass, names, total, skippedRows, skippedScenarios int
}

// TestOSRMRoutes runs the route tables. For work on the engine:
// WAYMARK_OSRM_SHOW=1 logs the listed rows' answers too;
// WAYMARK_OSRM_ONLY=regexp runs only the feature files it matches (the
// list is then not checked for rows of the others);
// WAYMARK_OSRM_SURVEY=path writes every row's outcome there ("file:line
// ok|differs|listed columns-that-differ", the title, what OSRM says and
// what we say, a line each) and logs rather than fails a row that differs.
func TestOSRMRoutes(t *testing.T) {
	showListed := os.Getenv("WAYMARK_OSRM_SHOW") != ""
	survey := os.Getenv("WAYMARK_OSRM_SURVEY")
	only := regexp.MustCompile(os.Getenv("WAYMARK_OSRM_ONLY"))
	differs := readDiffers(t)
	files, err := filepath.Glob(filepath.Join("testdata", "osrm", "*.feature"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no feature files (%v)", err)
	}
	var scenarios []routeScenario
	var surveyed strings.Builder
	fail := t.Errorf
	if survey != "" {
		fail = t.Logf
	}
	for _, path := range files {
		if !only.MatchString(filepath.Base(path)) {
			continue
		}
		sc, err := readFeature(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sc {
			if rs := prepareScenario(s); len(rs.tables) > 0 || rs.skip != "" {
				scenarios = append(scenarios, rs)
			}
		}
	}
	results := make([][]routeRow, len(scenarios))
	t.Run("scenarios", func(t *testing.T) {
		for i, rs := range scenarios {
			if rs.skip != "" {
				continue
			}
			t.Run(fmt.Sprintf("%s:%d", rs.file, rs.line), func(t *testing.T) {
				t.Parallel()
				results[i] = runRoutes(openFixture(t, rs.m), rs)
			})
		}
	})
	stats := map[string]*routeFileStats{}
	reasons := map[string][2]int{} // reason → scenarios, rows
	seen := map[string]bool{}
	for i, rs := range scenarios {
		st := stats[rs.file]
		if st == nil {
			st = &routeFileStats{}
			stats[rs.file] = st
		}
		if rs.skip != "" {
			n := 0
			for _, tab := range rs.tables {
				n += len(tab.rows)
			}
			st.skippedScenarios++
			st.skippedRows += n
			c := reasons[rs.skip]
			reasons[rs.skip] = [2]int{c[0] + 1, c[1] + n}
			continue
		}
		for _, r := range results[i] {
			if r.skip != "" {
				st.skippedRows++
				c := reasons["row: "+r.skip]
				reasons["row: "+r.skip] = [2]int{c[0], c[1] + 1}
				continue
			}
			key := r.id + " route"
			seen[key] = true
			st.total++
			same := true
			for c, w := range r.want {
				same = same && r.got[c] == w
			}
			if r.got["route"] == r.want["route"] {
				st.names++
			}
			_, listed := differs[key]
			switch {
			case same && listed:
				fail("%s (%s) now agrees with OSRM (%v); drop it from differs.txt", key, rs.title, r.got)
			case !same && !listed:
				fail("%s (%s): got %v, OSRM says %v", key, rs.title, r.got, r.want)
			case same:
				st.pass++
			case showListed:
				t.Logf("listed %s (%s): got %v, OSRM says %v", key, rs.title, r.got, r.want)
			}
			if survey != "" {
				outcome := map[bool]string{true: "ok", false: "differs"}[same]
				if !same && listed {
					outcome = "listed"
				}
				var cols []string
				for _, c := range comparedColumns {
					if w, ok := r.want[c]; ok && r.got[c] != w {
						cols = append(cols, c)
					}
				}
				fmt.Fprintf(&surveyed, "%s %s %s\t%s\n\twant %v\n\tgot  %v\n", r.id, outcome, strings.Join(cols, ","), rs.title, r.want, r.got)
			}
		}
	}
	if survey != "" {
		if err := os.WriteFile(survey, []byte(surveyed.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for key := range differs {
		file, _, _ := strings.Cut(key, ":")
		if strings.HasSuffix(key, " route") && !seen[key] && only.MatchString(file) {
			t.Errorf("differs.txt lists %s, which no route table row has", key)
		}
	}
	var names []string
	for f := range stats {
		names = append(names, f)
	}
	sort.Strings(names)
	var all routeFileStats
	for _, f := range names {
		st := stats[f]
		t.Logf("%-40s routes %3d of %3d as OSRM (names %3d); skipped %d rows (%d scenarios)", f, st.pass, st.total, st.names, st.skippedRows, st.skippedScenarios)
		all.names += st.names
		all.pass, all.total, all.skippedRows, all.skippedScenarios = all.pass+st.pass, all.total+st.total, all.skippedRows+st.skippedRows, all.skippedScenarios+st.skippedScenarios
	}
	t.Logf("%-40s routes %3d of %3d as OSRM (names %3d); skipped %d rows (%d scenarios)", "all", all.pass, all.total, all.names, all.skippedRows, all.skippedScenarios)
	var rs []string
	for r := range reasons {
		rs = append(rs, r)
	}
	sort.Strings(rs)
	for _, r := range rs {
		t.Logf("skipped: %s: %d scenarios, %d rows", r, reasons[r][0], reasons[r][1])
	}
}
