package geocode_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"waymark/engine/geocode"
	"waymark/regions"
)

func TestFullNameTokens(t *testing.T) {
	tok := geocode.FullNameToken
	tests := []struct {
		query      string
		want, not  []string // names whose token the expression holds, or not
		wantTokens int
	}{
		{"de France", []string{"de france", "de", "france"}, nil, 3},
		{"Hotel Meierhof, Triesen", []string{"hotel meierhof", "hotel", "meierhof", "triesen"}, []string{"meierhof triesen"}, 4},
		{"a b c d e", []string{"a b c d", "b c d e"}, []string{"a b c d e"}, 14},
		{"Zürich", []string{"zurich"}, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			expr := geocode.FullNameExpr(tt.query)
			for _, n := range tt.want {
				if !strings.Contains(expr, tok(n)) {
					t.Errorf("expression %q lacks the token of %q", expr, n)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(expr, tok(n)) {
					t.Errorf("expression %q holds the token of %q", expr, n)
				}
			}
			if got := strings.Count(expr, "wmf"); got != tt.wantTokens {
				t.Errorf("expression %q has %d tokens, want %d", expr, got, tt.wantTokens)
			}
		})
	}
	if a, b := tok("de france"), tok("de francf"); a == b || len(a) != 13 || len(b) != 13 {
		t.Errorf("tokens %q, %q: want distinct, 13 characters", a, b)
	}
	if got := geocode.FullNameTokens([]string{"Straße", "Strasse"}); got != tok("strasse")+" "+tok("strase") && !strings.Contains(got, tok("strasse")) {
		t.Errorf("FullNameTokens(Straße, Strasse) = %q, want the token of strasse", got)
	}
}

// TestFullNameNotCrowdedOut: a place whose whole name is the query is
// found however many places before it in index order carry the query's
// words (150 hotels "Hotel de France n" of the same importance and lower
// place ids, against one "de France"); the test of the bm25 layout shows
// what format 4 packs did.
func TestFullNameNotCrowdedOut(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<osm version=\"0.6\">\n")
	for i := 1; i <= 150; i++ {
		fmt.Fprintf(&b, ` <node id="%d" lat="47.%04d" lon="9.%04d"><tag k="tourism" v="hotel"/><tag k="name" v="Hotel de France %d"/></node>`+"\n", i, i, i, i)
	}
	b.WriteString(` <node id="999" lat="47.5" lon="9.5"><tag k="tourism" v="hotel"/><tag k="name" v="de France"/></node>` + "\n</osm>\n")
	dir := t.TempDir()
	in, out := filepath.Join(dir, "hotels.osm"), filepath.Join(dir, "hotels.waymark")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := regions.Build(context.Background(), in, out, regions.Options{Stages: []regions.Stage{regions.PlacesStage()}}); err != nil {
		t.Fatal(err)
	}
	noFull, _ := olderCopy(t, out, rebuildSearchSQL("doc", ", content = ''", " ")+noFullNames)
	for _, tc := range []struct {
		name, path string
	}{{"full-name tokens", out}, {"bm25 (format 4)", noFull}} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := openTempIndex(t, tc.path).Search(context.Background(), geocode.Request{Query: "de France", Limit: 5})
			if err != nil {
				t.Fatal(err)
			}
			if len(res) == 0 || res[0].OSMID != 999 {
				var got []string
				for _, p := range res {
					got = append(got, p.Name)
				}
				t.Errorf("Search(de France) = %q, want the hotel de France (node 999) first", got)
			}
		})
	}
}
