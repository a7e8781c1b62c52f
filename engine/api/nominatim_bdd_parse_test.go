package api_test

// nominatim_bdd_parse_test.go: the scenarios of Nominatim's API features
// (osm-search/Nominatim test/bdd/features/api/{search,reverse,lookup,
// details,status}/*.feature) as data for TestNominatimBDD. They are kept
// in testdata/nominatim/scenarios.json, one scenario a line, outlines
// expanded (one scenario per example row), background steps prepended;
// refresh them from a Nominatim checkout with
//
//	go test -run TestNominatimBDD -nominatim-features DIR/test/bdd/features/api
//
// The parser reads the Gherkin that those files use: Feature, Background,
// Scenario, Scenario Outline with Examples, @skip tags, steps with data
// tables (cells trimmed, "\|" for a pipe), # comments.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var nominatimFeatures = flag.String("nominatim-features", "", "rewrite testdata/nominatim/scenarios.json from Nominatim's test/bdd/features/api `dir`")

const bddScenariosFile = "testdata/nominatim/scenarios.json"

// bddStep is one step: its text (keyword dropped) and data table.
type bddStep struct {
	Text  string     `json:"text"`
	Table [][]string `json:"table,omitempty"`
}

// bddScenario is one scenario of a feature (one example row of an
// outline, its values in Name).
type bddScenario struct {
	Feature string    `json:"feature"` // e.g. "search/simple"
	Name    string    `json:"name"`
	Skip    bool      `json:"skip,omitempty"` // tagged @skip in Nominatim
	Steps   []bddStep `json:"steps"`
}

// parseFeature parses one feature file.
func parseFeature(feature string, src []byte) ([]bddScenario, error) {
	type block struct {
		name     string
		skip     bool
		outline  bool
		steps    []bddStep
		examples [][]string
	}
	var background []bddStep
	var blocks []*block
	var cur *block
	inBackground, inExamples, skipNext := false, false, false
	sc := bufio.NewScanner(bytes.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "@"):
			skipNext = skipNext || strings.Contains(line, "@skip")
		case strings.HasPrefix(line, "Feature:"):
		case strings.HasPrefix(line, "Background:"):
			inBackground, inExamples, cur = true, false, nil
		case strings.HasPrefix(line, "Scenario Outline:"), strings.HasPrefix(line, "Scenario:"):
			outline := strings.HasPrefix(line, "Scenario Outline:")
			_, name, _ := strings.Cut(line, ":")
			cur = &block{name: strings.TrimSpace(name), skip: skipNext, outline: outline}
			blocks = append(blocks, cur)
			inBackground, inExamples, skipNext = false, false, false
		case strings.HasPrefix(line, "Examples:"):
			// A plain Scenario with Examples is an outline too (pytest-bdd).
			inExamples = true
			if cur != nil {
				cur.outline = true
			}
		case strings.HasPrefix(line, "|"):
			row := tableRow(line)
			switch {
			case inExamples && cur != nil:
				cur.examples = append(cur.examples, row)
			case inBackground && len(background) > 0:
				background[len(background)-1].Table = append(background[len(background)-1].Table, row)
			case cur != nil && len(cur.steps) > 0:
				cur.steps[len(cur.steps)-1].Table = append(cur.steps[len(cur.steps)-1].Table, row)
			default:
				return nil, fmt.Errorf("%s:%d: table row outside a step", feature, n)
			}
		default:
			kw, text, ok := strings.Cut(line, " ")
			if !ok || !map[string]bool{"Given": true, "When": true, "Then": true, "And": true, "But": true}[kw] {
				if cur == nil && !inBackground {
					continue // the feature's description
				}
				return nil, fmt.Errorf("%s:%d: cannot read %q", feature, n, line)
			}
			st := bddStep{Text: strings.TrimSpace(text)}
			if inBackground {
				background = append(background, st)
			} else if cur != nil {
				cur.steps = append(cur.steps, st)
			}
		}
	}
	var out []bddScenario
	for _, b := range blocks {
		steps := append(append([]bddStep(nil), background...), b.steps...)
		if !b.outline {
			out = append(out, bddScenario{Feature: feature, Name: b.name, Skip: b.skip, Steps: steps})
			continue
		}
		if len(b.examples) < 2 {
			return nil, fmt.Errorf("%s: outline %q without examples", feature, b.name)
		}
		head := b.examples[0]
		for _, row := range b.examples[1:] {
			sub := func(s string) string {
				for i, h := range head {
					s = strings.ReplaceAll(s, "<"+h+">", row[i])
				}
				return s
			}
			var ex []bddStep
			for _, st := range steps {
				e := bddStep{Text: sub(st.Text)}
				for _, r := range st.Table {
					var cells []string
					for _, c := range r {
						cells = append(cells, sub(c))
					}
					e.Table = append(e.Table, cells)
				}
				ex = append(ex, e)
			}
			out = append(out, bddScenario{Feature: feature, Name: b.name + " [" + strings.Join(row, " | ") + "]", Skip: b.skip, Steps: ex})
		}
	}
	return out, nil
}

// tableRow splits "| a | b\|c |" into its trimmed cells.
func tableRow(line string) []string {
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(line[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// writeBDDScenarios parses every feature under dir and writes the file.
func writeBDDScenarios(t *testing.T, dir string) {
	var files []string
	for _, group := range []string{"search", "reverse", "lookup", "details", "status"} {
		m, _ := filepath.Glob(filepath.Join(dir, group, "*.feature"))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatalf("no feature files under %s/{search,reverse,lookup,details,status}", dir)
	}
	sort.Strings(files)
	var b bytes.Buffer
	b.WriteString("[\n")
	first := true
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, f)
		scens, err := parseFeature(strings.TrimSuffix(filepath.ToSlash(rel), ".feature"), src)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range scens {
			line, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			if !first {
				b.WriteString(",\n")
			}
			first = false
			b.Write(line)
		}
	}
	b.WriteString("\n]\n")
	if err := os.MkdirAll(filepath.Dir(bddScenariosFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bddScenariosFile, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestParseFeature: outlines expand per example row, backgrounds are
// prepended, @skip is kept, table cells are trimmed and unescaped.
func TestParseFeature(t *testing.T) {
	src := `Feature: Demo
    Background:
        Given an unknown database

    Scenario Outline: Outline <x>
        When sending v1/search with format <fmt>
          | q   | type!fm |
          | <x> | a\|b    |
        Then a HTTP 200 is returned

        Examples:
          | x  | fmt  |
          | 1  | json |
          | two | xml |

    @skip
    # a comment
    Scenario: Skipped
        When sending v1/status
        Then a HTTP 200 is returned
`
	got, err := parseFeature("demo", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d scenarios, want 3: %+v", len(got), got)
	}
	if got[1].Name != "Outline <x> [two | xml]" || got[1].Steps[0].Text != "an unknown database" ||
		got[1].Steps[1].Text != "sending v1/search with format xml" || got[1].Steps[1].Table[1][0] != "two" || got[1].Steps[1].Table[1][1] != "a|b" {
		t.Errorf("second = %+v", got[1])
	}
	if !got[2].Skip || got[0].Skip || len(got[2].Steps) != 3 {
		t.Errorf("skip = %v %v, steps %d", got[0].Skip, got[2].Skip, len(got[2].Steps))
	}
}
