// Package osmfixture turns small ASCII maps into OSM XML extracts and
// region packs for tests, in the spirit of OSRM's cucumber node maps:
//
//	a - b - c
//	|       |
//	d - - - e
//
// Every letter or digit of Map is a node placed on a grid (one character
// column ≈ 10 m east, one line ≈ 20 m north of the origin 9.5, 47.1); all
// other characters are decoration. A Map with Cell set is laid out as
// OSRM's own harness does instead (features/step_definitions/data.js). Ways list node letters in order with
// their tags; relations name their members by way index or node letter.
// Build writes the extract and builds a pack with the given stages.
package osmfixture

import (
	"context"
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/paulmach/orb"

	"waymark/regions"
)

// Grid spacing in degrees: about 10 m per column and 20 m per line at 47°N.
const (
	ColDeg  = 0.000131
	LineDeg = 0.00018
	Lon0    = 9.5
	Lat0    = 47.1
)

// Way is a way of a fixture: Nodes are node letters in order, Tags
// "k=v k=v" (values cannot hold spaces; write ~ for a space,
// it is turned back into a space).
type Way struct {
	Nodes string
	Tags  string
}

// Member of a relation: "from:w0", "via:n:b", "via:w2", "to:w1".
type Relation struct {
	Tags    string
	Members string
}

// Map is an ASCII fixture.
type Map struct {
	// Origin is the coordinate of the map's top-left character; zero
	// means (Lon0, Lat0).
	Origin    orb.Point
	Map       string
	Ways      []Way
	NodeTags  map[byte]string
	Relations []Relation
	// Cell, when > 0, lays Map out like OSRM's cucumber node maps: one
	// character column is half a cell east, one line a cell south of
	// Origin, in meters (OSRM's default grid is 100 m), measured with
	// cheap-ruler as OSRM's harness does; only lowercase letters are OSM
	// nodes, digits are locations that Point gives but the extract has
	// not, and everything else is decoration.
	Cell float64
	// Locations places nodes (or, with Cell, digit locations) at the
	// given coordinates, whether or not Map has them (OSRM's "the node
	// locations").
	Locations map[byte]orb.Point
}

// isNode reports whether character c of the map is an OSM node.
func (m *Map) isNode(c byte) bool {
	if m.Cell > 0 {
		return c >= 'a' && c <= 'z'
	}
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// cellOffset returns o moved dx meters east and dy meters north, by
// cheap-ruler's WGS84 approximation at o's latitude (OSRM's harness
// places node-map nodes with it).
func cellOffset(o orb.Point, dx, dy float64) orb.Point {
	const (
		re = 6378.137 // km, WGS84 equatorial radius
		fe = 1 / 298.257223563
		e2 = fe * (2 - fe)
	)
	rad := math.Pi / 180
	m := rad * re * 1000
	cos := math.Cos(o[1] * rad)
	w2 := 1 / (1 - e2*(1-cos*cos))
	w := math.Sqrt(w2)
	kx, ky := m*w*cos, m*w*w2*(1-e2) // meters per degree of lon, lat
	return orb.Point{o[0] + dx/kx, o[1] + dy/ky}
}

// Point returns the coordinate of node c.
func (m *Map) Point(c byte) orb.Point {
	if p, ok := m.Locations[c]; ok {
		return p
	}
	for row, line := range strings.Split(strings.Trim(m.Map, "\n"), "\n") {
		if col := strings.IndexByte(line, c); col >= 0 {
			// a column is a character, as OSRM's harness counts them (maps
			// draw with box-drawing characters)
			col = utf8.RuneCountInString(line[:col])
			o := m.Origin
			if o == (orb.Point{}) {
				o = orb.Point{Lon0, Lat0}
			}
			if m.Cell > 0 {
				return cellOffset(o, float64(col)*m.Cell/2, -float64(row)*m.Cell)
			}
			return orb.Point{o[0] + float64(col)*ColDeg, o[1] - float64(row)*LineDeg}
		}
	}
	panic(fmt.Sprintf("osmfixture: node %q not on the map", c))
}

// Between returns the point at fraction f of the way from node a to node b.
func (m *Map) Between(a, b byte, f float64) orb.Point {
	p, q := m.Point(a), m.Point(b)
	return orb.Point{p[0] + f*(q[0]-p[0]), p[1] + f*(q[1]-p[1])}
}

func nodeID(c byte) int64 { return int64(c) }

func tagsXML(tags string) string {
	var b strings.Builder
	for _, kv := range strings.Fields(tags) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			panic("osmfixture: bad tag " + kv)
		}
		fmt.Fprintf(&b, `<tag k="%s" v="%s"/>`, html.EscapeString(k), html.EscapeString(strings.ReplaceAll(v, "~", " ")))
	}
	return b.String()
}

// XML renders the fixture as an OSM XML document.
func (m *Map) XML() string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<osm version="0.6" generator="osmfixture">` + "\n")
	var letters []byte
	seen := map[byte]bool{}
	add := func(c byte) {
		if m.isNode(c) && !seen[c] {
			letters, seen[c] = append(letters, c), true
		}
	}
	for _, line := range strings.Split(m.Map, "\n") {
		for i := 0; i < len(line); i++ {
			add(line[i])
		}
	}
	for c := range m.Locations {
		add(c)
	}
	sort.Slice(letters, func(i, j int) bool { return letters[i] < letters[j] })
	for _, c := range letters {
		p := m.Point(c)
		fmt.Fprintf(&b, `<node id="%d" version="1" timestamp="2024-01-01T00:00:00Z" lat="%.7f" lon="%.7f">%s</node>`+"\n",
			nodeID(c), p[1], p[0], tagsXML(m.NodeTags[c]))
	}
	for i, w := range m.Ways {
		fmt.Fprintf(&b, `<way id="%d" version="1" timestamp="2024-01-01T00:00:00Z">`, i+1)
		for j := 0; j < len(w.Nodes); j++ {
			fmt.Fprintf(&b, `<nd ref="%d"/>`, nodeID(w.Nodes[j]))
		}
		b.WriteString(tagsXML(w.Tags) + "</way>\n")
	}
	for i, r := range m.Relations {
		fmt.Fprintf(&b, `<relation id="%d" version="1" timestamp="2024-01-01T00:00:00Z">`, i+1)
		for _, mem := range strings.Fields(r.Members) {
			parts := strings.Split(mem, ":")
			role := parts[0]
			switch {
			case len(parts) == 3 && parts[1] == "n":
				fmt.Fprintf(&b, `<member type="node" ref="%d" role="%s"/>`, nodeID(parts[2][0]), role)
			case len(parts) == 2 && strings.HasPrefix(parts[1], "w"):
				var k int
				fmt.Sscanf(parts[1][1:], "%d", &k)
				fmt.Fprintf(&b, `<member type="way" ref="%d" role="%s"/>`, k+1, role)
			default:
				panic("osmfixture: bad member " + mem)
			}
		}
		b.WriteString(tagsXML(r.Tags) + "</relation>\n")
	}
	b.WriteString("</osm>\n")
	return b.String()
}

// Build writes the fixture to a temporary directory and builds a pack from
// it with the given stages (nil: all default stages). It returns the pack path.
func (m *Map) Build(tb testing.TB, stages ...regions.Stage) string {
	tb.Helper()
	return m.BuildIn(tb, tb.TempDir(), stages...)
}

// BuildIn is Build into dir, for a pack shared by several tests: an engine
// open on it may write images beside it after the test that built it has
// ended, so its directory must not be that test's TempDir.
func (m *Map) BuildIn(tb testing.TB, dir string, stages ...regions.Stage) string {
	tb.Helper()
	src := filepath.Join(dir, "fixture.osm")
	if err := os.WriteFile(src, []byte(m.XML()), 0o644); err != nil {
		tb.Fatal(err)
	}
	out := filepath.Join(dir, "fixture.waymark")
	opts := regions.Options{}
	if len(stages) > 0 {
		opts.Stages = stages
	}
	if _, err := regions.Build(context.Background(), src, out, opts); err != nil {
		tb.Fatalf("build fixture pack: %v", err)
	}
	return out
}
