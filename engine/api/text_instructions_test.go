package api_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"waymark/internal/testpacks"
)

// nodeModules returns the node_modules directory holding
// osrm-text-instructions (make test installs it into var/npm), or skips
// the test without it (fails in CI).
func nodeModules(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("WAYMARK_NODE_MODULES")
	if dir == "" {
		dir, _ = filepath.Abs(filepath.Join("..", "..", "var", "npm", "node_modules"))
	}
	_, errNode := exec.LookPath("node")
	_, errMod := os.Stat(filepath.Join(dir, "osrm-text-instructions"))
	if errNode != nil || errMod != nil {
		msg := fmt.Sprintf("node (%v) or osrm-text-instructions in %s (%v) missing: make test installs them", errNode, dir, errMod)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return dir
}

// TestTextInstructions has OSRM's own osrm-text-instructions (npm) word the
// steps of 20 LI routes (10 driving, 10 walking; two with a via stop): each
// step gets an English sentence with nothing undefined in it, legs start
// with "Head" and end with an arrival, and a turn onto a named road names
// it and its side.
func TestTextInstructions(t *testing.T) {
	modules := nodeModules(t)
	s := liAPI(t)
	db, err := sql.Open("sqlite3", "file:"+testpacks.Path(t, "liechtenstein")+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var towns []string
	rows, err := db.Query(`SELECT printf('%.6f,%.6f', lon, lat) FROM places
		WHERE class = 'place' AND type IN ('town', 'village') AND country_code = 'li' ORDER BY place_id LIMIT 11`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			t.Fatal(err)
		}
		towns = append(towns, c)
	}
	rows.Close()
	if len(towns) < 11 {
		t.Fatalf("%d LI towns, want 11", len(towns))
	}
	type request struct{ profile, coords string }
	var reqs []request
	for i := 0; i < 10; i++ {
		coords := towns[i] + ";" + towns[i+1]
		if i == 3 {
			coords += ";" + towns[0] // a via stop
		}
		reqs = append(reqs, request{"driving", coords}, request{"foot", towns[i+1] + ";" + towns[i]})
	}
	var resps []json.RawMessage
	var steps [][]stepJSON
	for _, rq := range reqs {
		code, body := get(t, s, "/route/v1/"+rq.profile+"/"+rq.coords, url.Values{"steps": {"true"}})
		if code != 200 {
			t.Fatalf("route %s %s = %d %s", rq.profile, rq.coords, code, body)
		}
		var r struct {
			Routes []struct {
				Legs []struct {
					Steps []stepJSON `json:"steps"`
				} `json:"legs"`
			} `json:"routes"`
		}
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatal(err)
		}
		var all []stepJSON
		for _, leg := range r.Routes[0].Legs {
			all = append(all, leg.Steps...)
		}
		resps, steps = append(resps, body), append(steps, all)
	}
	in, _ := json.Marshal(resps)
	cmd := exec.Command("node", filepath.Join("testdata", "text_instructions.js"))
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var sentences [][]string
	if err := json.Unmarshal(out, &sentences); err != nil {
		t.Fatalf("node printed %q: %v", out, err)
	}
	total := 0
	for i, rq := range reqs {
		got, want := sentences[i], steps[i]
		if len(got) != len(want) {
			t.Fatalf("route %d (%s): %d sentences for %d steps", i, rq.profile, len(got), len(want))
		}
		for k, text := range got {
			st := want[k]
			total++
			where := fmt.Sprintf("route %d (%s %s) step %d %s/%s %q: %q", i, rq.profile, rq.coords, k, st.Maneuver.Type, st.Maneuver.Modifier, st.Name, text)
			if text == "" || strings.Contains(text, "undefined") || strings.Contains(text, "null") || strings.Contains(text, "NaN") || strings.Contains(text, "[object") {
				t.Errorf("%s: not a sentence", where)
			}
			switch {
			case st.Maneuver.Type == "depart" && !strings.HasPrefix(text, "Head "):
				t.Errorf("%s: a departure, want Head ...", where)
			case st.Maneuver.Type == "arrive" && !strings.Contains(text, "arrived"):
				t.Errorf("%s: an arrival, want ... arrived ...", where)
			case st.Maneuver.Type == "turn" && st.Name != "" && !strings.Contains(text, st.Name):
				t.Errorf("%s: a turn onto a named road, want its name", where)
			case st.Maneuver.Type == "turn" && strings.HasSuffix(st.Maneuver.Modifier, "left") && !strings.Contains(text, "left"),
				st.Maneuver.Type == "turn" && strings.HasSuffix(st.Maneuver.Modifier, "right") && !strings.Contains(text, "right"):
				t.Errorf("%s: the sentence misses the side", where)
			}
		}
	}
	t.Logf("%d routes, %d steps worded; e.g. %q", len(reqs), total, sentences[0])
}

type stepJSON struct {
	Name     string `json:"name"`
	Maneuver struct {
		Type     string `json:"type"`
		Modifier string `json:"modifier"`
	} `json:"maneuver"`
}
