package roads_test

// Reading OSRM's cucumber feature files (testdata/osrm/*.feature) into
// scenarios: the Gherkin subset the car and foot features use (Background,
// Scenario, steps with a """ docstring or a | table |).

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// gherkinTable is a step's table: the header and the rows, each row with
// the line it stands on.
type gherkinTable struct {
	header []string
	rows   [][]string
	lines  []int
}

// hashes returns the rows as column → cell maps (cucumber's table.hashes()).
func (t *gherkinTable) hashes() []map[string]string {
	out := make([]map[string]string, len(t.rows))
	for i, r := range t.rows {
		out[i] = map[string]string{}
		for j, h := range t.header {
			if j < len(r) {
				out[i][h] = r[j]
			} else {
				out[i][h] = ""
			}
		}
	}
	return out
}

// tableCells splits a table line (| a | b\|c |) into its trimmed cells;
// \| is a pipe inside a cell (turn:lanes values), \\ a backslash, as
// Gherkin escapes them.
func tableCells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '\\' && i+1 < len(line) && (line[i+1] == '|' || line[i+1] == '\\'):
			cur.WriteByte(line[i+1])
			i++
		case c == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	if rest := strings.TrimSpace(cur.String()); rest != "" {
		cells = append(cells, rest) // no closing pipe
	}
	return cells
}

// gherkinStep is one Given/When/Then/And line without its keyword, with its
// docstring or table if any.
type gherkinStep struct {
	text  string
	line  int
	doc   string
	table *gherkinTable
}

// featureScenario is one scenario of a feature file: the background's
// steps followed by its own.
type featureScenario struct {
	file  string // base name
	line  int
	title string
	tags  []string // the feature's and the scenario's (@todo...)
	steps []gherkinStep
}

// readFeature parses a feature file into its scenarios.
func readFeature(path string) ([]featureScenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read feature: %w", err)
	}
	defer f.Close()
	base := filepath.Base(path)
	var (
		background []gherkinStep
		out        []featureScenario
		inBack     bool // reading the background
		featTags   []string
		tags       []string // tags read for the next Feature or Scenario
		inDoc      bool
		docIndent  int
		doc        []string
	)
	// cur returns the step list being read (nil before any).
	cur := func() *[]gherkinStep {
		switch {
		case inBack:
			return &background
		case len(out) > 0:
			return &out[len(out)-1].steps
		}
		return nil
	}
	last := func() *gherkinStep {
		if c := cur(); c != nil && len(*c) > 0 {
			return &(*c)[len(*c)-1]
		}
		return nil
	}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		raw := sc.Text()
		s := strings.TrimSpace(raw)
		if inDoc {
			if s == `"""` {
				inDoc = false
				if st := last(); st != nil {
					st.doc = strings.Join(doc, "\n")
				}
				continue
			}
			// cucumber strips the opening quotes' indentation, or all of
			// a line's indentation where it is less (gherkin's
			// getLineText: spaces and tabs count alike)
			n := len(raw) - len(strings.TrimLeft(raw, " \t"))
			if n < docIndent {
				doc = append(doc, raw[n:])
			} else {
				doc = append(doc, raw[docIndent:])
			}
			continue
		}
		switch {
		case strings.HasPrefix(s, `"""`):
			// an opening delimiter may carry a content type (`""""` is
			// one of type ")
			inDoc, doc = true, nil
			docIndent = len(raw) - len(strings.TrimLeft(raw, " \t"))
		case strings.HasPrefix(s, "@"):
			tags = append(tags, strings.Fields(s)...)
		case strings.HasPrefix(s, "Feature:"):
			featTags, tags = tags, nil
		case s == "" || strings.HasPrefix(s, "#"):
		case strings.HasPrefix(s, "Background"):
			// a Background inside a scenario (car_classes.feature has
			// some) sets that scenario up
			inBack = len(out) == 0
		case strings.HasPrefix(s, "Scenario"):
			_, title, _ := strings.Cut(s, ":")
			out = append(out, featureScenario{file: base, line: line, title: strings.TrimSpace(title),
				tags: append(append([]string(nil), featTags...), tags...), steps: append([]gherkinStep(nil), background...)})
			tags = nil
			inBack = false
		case strings.HasPrefix(s, "|"):
			st := last()
			if st == nil {
				return nil, fmt.Errorf("%s:%d: table outside a step", base, line)
			}
			cells := tableCells(s)
			if st.table == nil {
				st.table = &gherkinTable{header: cells}
			} else {
				st.table.rows = append(st.table.rows, cells)
				st.table.lines = append(st.table.lines, line)
			}
		default:
			kw, rest, _ := strings.Cut(s, " ")
			switch kw {
			case "Given", "When", "Then", "And", "But":
			default:
				continue // free text describing the feature or scenario
			}
			c := cur()
			if c == nil {
				return nil, fmt.Errorf("%s:%d: step outside a scenario", base, line)
			}
			*c = append(*c, gherkinStep{text: rest, line: line})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read feature %s: %w", base, err)
	}
	return out, nil
}
