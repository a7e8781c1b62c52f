package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"waymark/engine"
	"waymark/engine/api"
	"waymark/internal/testpacks"
)

// TestRoundaboutSteps routes through roundabouts of LI (Adlerkreisel,
// Vaduz) and Monaco and compares the steps (type, modifier, exit, name)
// with lists checked by hand against the extracts' ways: the ring's nodes
// in their order and, at each, the roads one may leave by (a one-way road
// arriving at the ring is no exit). Adlerkreisel, from Herrengasse:
// Lettstrasse, Äulestrasse, Städtle, Herrengasse; from Äulestrasse:
// Städtle, Herrengasse, Lettstrasse. The ring Avenue Saint-Charles
// enters (Monaco), from it: Boulevard Princesse Charlotte, Boulevard des
// Moulins, Avenue de la Madone, Boulevard des Moulins (one way); from
// Boulevard des Moulins: Avenue de la Madone, Boulevard des Moulins,
// Boulevard Princesse Charlotte. osrm-text-instructions (when installed)
// words each step, the roundabout with its exit and the road it leads to.
func TestRoundaboutSteps(t *testing.T) {
	eng, err := engine.Open(testpacks.Path(t, "liechtenstein"), testpacks.Path(t, "monaco"))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	s, err := api.New(eng, api.Config{Tokens: []api.Token{{Key: testKey}}, Hosts: []string{"example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, coords string
		want         []string
		ordinal      string // the roundabout's sentence names this exit
		road         string // and this road
	}{
		{"Adlerkreisel from Äulestrasse to Lettstrasse", "9.520938,47.140809;9.520739,47.141042", []string{
			"depart Äulestrasse", "roundabout right exit 3 Lettstrasse", "exit roundabout straight exit 3 Lettstrasse", "arrive Lettstrasse"}, "3rd exit", "Lettstrasse"},
		{"Adlerkreisel from Herrengasse to Äulestrasse", "9.520888,47.141161;9.520867,47.140859", []string{
			"depart Herrengasse", "roundabout right exit 2 Äulestrasse", "exit roundabout straight exit 2 Äulestrasse", "arrive Äulestrasse"}, "2nd exit", "Äulestrasse"},
		{"Avenue Saint-Charles to Avenue de la Madone", "7.427083,43.742164;7.427083,43.741395", []string{
			"depart Avenue Saint-Charles", "roundabout right exit 3 Avenue de la Madone", "exit roundabout right exit 3 Avenue de la Madone", "arrive Avenue de la Madone"}, "3rd exit", "Avenue de la Madone"},
		{"Boulevard des Moulins to Boulevard Princesse Charlotte", "7.426414,43.741288;7.425909,43.741667", []string{
			"depart Boulevard des Moulins", "roundabout right exit 3 Boulevard Princesse Charlotte", "exit roundabout right exit 3 Boulevard Princesse Charlotte", "arrive Boulevard Princesse Charlotte"}, "3rd exit", "Boulevard Princesse Charlotte"},
	}
	var bodies []json.RawMessage
	for _, tc := range cases {
		code, body := get(t, s, "/route/v1/driving/"+tc.coords, url.Values{"steps": {"true"}})
		if code != 200 {
			t.Fatalf("%s: %d %s", tc.name, code, body)
		}
		var r struct {
			Routes []struct {
				Legs []struct {
					Steps []struct {
						Name     string `json:"name"`
						Maneuver struct {
							Type     string `json:"type"`
							Modifier string `json:"modifier"`
							Exit     int    `json:"exit"`
						} `json:"maneuver"`
					} `json:"steps"`
				} `json:"legs"`
			} `json:"routes"`
		}
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, st := range r.Routes[0].Legs[0].Steps {
			m := st.Maneuver
			s := m.Type
			if m.Modifier != "" && m.Type != "depart" && m.Type != "arrive" {
				s += " " + m.Modifier
			}
			if m.Exit > 0 {
				s += fmt.Sprintf(" exit %d", m.Exit)
			}
			got = append(got, s+" "+st.Name)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: steps\n%q\nwant\n%q", tc.name, got, tc.want)
		}
		bodies = append(bodies, body)
	}
	t.Run("worded", func(t *testing.T) {
		modules := nodeModules(t)
		in, _ := json.Marshal(bodies)
		cmd := exec.Command("node", filepath.Join("testdata", "text_instructions.js"))
		cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
		cmd.Stdin = bytes.NewReader(in)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("node: %v", err)
		}
		var sentences [][]string
		if err := json.Unmarshal(out, &sentences); err != nil {
			t.Fatalf("node printed %q: %v", out, err)
		}
		for i, tc := range cases {
			for _, text := range sentences[i] {
				if text == "" || strings.Contains(text, "undefined") || strings.Contains(text, "null") {
					t.Errorf("%s: %q is not a sentence", tc.name, text)
				}
			}
			if rb := sentences[i][1]; !strings.Contains(rb, tc.ordinal) || !strings.Contains(rb, tc.road) {
				t.Errorf("%s: roundabout worded %q, want the %s and %s", tc.name, rb, tc.ordinal, tc.road)
			}
			t.Logf("%s: %q", tc.name, sentences[i])
		}
	})
}
