package geocode_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"waymark/engine/geocode"
	"waymark/regions"
)

// copiesOSM is a country of n copies of two towns, as the LI tiling with
// distinct place names makes them: copy k's "Schaan <word k>" (plain
// "Schaan" in copy 0) has a Landstrasse with house 10, its
// "Triesenberg <word k>" (ISO 3166-2 code LI-10 in every copy, so "10"
// names a parent in every copy) a Dorfstrasse with house 3.
func copiesOSM(n int) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<osm version=\"0.6\">\n")
	id := 0
	node := func(lon, lat float64, tags ...string) int {
		id++
		fmt.Fprintf(&b, ` <node id="%d" lat="%.5f" lon="%.5f">`, id, lat, lon)
		for i := 0; i+1 < len(tags); i += 2 {
			fmt.Fprintf(&b, `<tag k="%s" v="%s"/>`, tags[i], tags[i+1])
		}
		b.WriteString("</node>\n")
		return id
	}
	way := func(nodes []int, tags ...string) int {
		id++
		fmt.Fprintf(&b, ` <way id="%d">`, id)
		for _, nd := range nodes {
			fmt.Fprintf(&b, `<nd ref="%d"/>`, nd)
		}
		for i := 0; i+1 < len(tags); i += 2 {
			fmt.Fprintf(&b, `<tag k="%s" v="%s"/>`, tags[i], tags[i+1])
		}
		b.WriteString("</way>\n")
		return id
	}
	area := func(x0, y0, x1, y1 float64, tags ...string) {
		a, c := node(x0, y0), node(x1, y0)
		d, e := node(x1, y1), node(x0, y1)
		w := way([]int{a, c, d, e, a})
		id++
		fmt.Fprintf(&b, ` <relation id="%d"><member type="way" ref="%d" role="outer"/><tag k="type" v="boundary"/><tag k="boundary" v="administrative"/>`, id, w)
		for i := 0; i+1 < len(tags); i += 2 {
			fmt.Fprintf(&b, `<tag k="%s" v="%s"/>`, tags[i], tags[i+1])
		}
		b.WriteString("</relation>\n")
	}
	area(8.99, 46.99, 9.0+float64(n)*0.1, 47.09, "admin_level", "2", "name", "Testland", "ISO3166-1:alpha2", "LI")
	for k := range n {
		x := 9.0 + float64(k)*0.1
		area(x, 47.0, x+0.04, 47.08, "admin_level", "8", "name", schaanOf(k), "ISO3166-2", "LI-07")
		way([]int{node(x+0.01, 47.04), node(x+0.03, 47.04)}, "highway", "residential", "name", "Landstrasse")
		node(x+0.02, 47.0402, "addr:street", "Landstrasse", "addr:housenumber", "10")
		area(x+0.04, 47.0, x+0.08, 47.08, "admin_level", "8", "name", "Triesenberg "+copyName(k), "ISO3166-2", "LI-10")
		way([]int{node(x+0.05, 47.04), node(x+0.07, 47.04)}, "highway", "residential", "name", "Dorfstrasse")
		node(x+0.06, 47.0402, "addr:street", "Dorfstrasse", "addr:housenumber", "3")
	}
	b.WriteString("</osm>\n")
	return b.String()
}

// copyName is copy k's word ("Kalo", "Lomi", ...).
func copyName(k int) string {
	syl := []string{"ka", "lo", "mi", "ner", "ta", "vu", "sen", "dor"}
	w := syl[k%len(syl)] + syl[(k/len(syl)+k+1)%len(syl)] + "x"
	return strings.ToUpper(w[:1]) + w[1:]
}

func schaanOf(k int) string {
	if k == 0 {
		return "Schaan"
	}
	return "Schaan " + copyName(k)
}

// copiesIndex builds the places stage of copiesOSM(n) and opens it.
func copiesIndex(t *testing.T, n int) *geocode.Index {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "copies.osm")
	if err := os.WriteFile(in, []byte(copiesOSM(n)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "copies.waymark")
	if _, err := regions.Build(context.Background(), in, out, regions.Options{Stages: []regions.Stage{regions.PlacesStage()}}); err != nil {
		t.Fatalf("build copies pack: %v", err)
	}
	return openTempIndex(t, out)
}

var parentToken = regexp.MustCompile(`\bwmp[0-9a-z]+\b`)

// TestAddressParentsByCoverage: an address query's index expressions hold
// the parents its words name whole, not one per copy sharing a word, and
// every copy's house is still found; a word naming parents only in part
// ("Triesenberg" of "Triesenberg Kalox") still finds them.
func TestAddressParentsByCoverage(t *testing.T) {
	const n = 24
	ix := copiesIndex(t, n)
	ctx := context.Background()
	for _, k := range []int{0, 1, 7, n - 1} {
		q := "Landstrasse 10, " + schaanOf(k)
		for _, e := range ix.FTSExprs(ctx, q) {
			// "Schaan" (copy 0) and the copy's own town at most; the
			// old expressions held every Schaan and every LI-10.
			if toks := len(parentToken.FindAllString(e, -1)); toks > 4 {
				t.Errorf("%q: %d parent tokens in %s", q, toks, e)
			}
		}
	}
	for k := range n {
		for _, c := range []struct {
			q, road, town string
		}{
			{"Landstrasse 10, " + schaanOf(k), "Landstrasse", schaanOf(k)},
			{"10 Landstrasse " + schaanOf(k), "Landstrasse", schaanOf(k)},
			{"Dorfstrasse 3, Triesenberg " + copyName(k), "Dorfstrasse", "Triesenberg " + copyName(k)},
		} {
			res, err := ix.Search(ctx, geocode.Request{Query: c.q, Limit: 1})
			if err != nil {
				t.Fatalf("Search(%q): %v", c.q, err)
			}
			if len(res) == 0 || res[0].HouseNumber == "" || !hasPart(res[0], c.road) || !hasPart(res[0], c.town) {
				t.Errorf("Search(%q) = %v, want the house on %s in %s", c.q, firstName(res), c.road, c.town)
			}
		}
	}
	// No copy's town is "Triesenberg" alone: the words name them in part.
	res, err := ix.Search(ctx, geocode.Request{Query: "Dorfstrasse 3, Triesenberg", Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) == 0 || res[0].HouseNumber != "3" || !strings.HasPrefix(res[0].DisplayName, "3, Dorfstrasse, Triesenberg ") {
		t.Errorf(`Search("Dorfstrasse 3, Triesenberg") = %v, want a Dorfstrasse 3 in a Triesenberg`, firstName(res))
	}
}

func hasPart(p geocode.Place, v string) bool {
	for _, a := range p.Address {
		if a.Value == v {
			return true
		}
	}
	return false
}

func firstName(res []geocode.Place) string {
	if len(res) == 0 {
		return "nothing"
	}
	return res[0].DisplayName
}
