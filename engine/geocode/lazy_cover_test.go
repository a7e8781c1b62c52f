package geocode_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"waymark/engine/geocode"
	"waymark/regions"
)

// coverWords are the words of the names of sameNamesOSM: town names, the
// second words the copies of a country's towns get (LI ×400 distinct:
// "Vaduz Lodor"), and the members of an abbreviation group (st, sankt,
// saint, street), so that names made of query words alone come in every
// form the floor of lazy_cover.go must see: the word itself, another
// spelling of it ("St." for "Sankt"), the word twice ("Vaduz-Vaduz"), two
// spellings in a row ("Sankt Saint").
var coverWords = []string{"Vaduz", "Vaduz", "Schaan", "Lodor", "Midor", "Sankt", "St.", "Saint", "Street", "Ober"}

// sameNamesOSM returns an extract of the copies of two towns: "Kelomi"
// and towns "Kelomi <word>" (copies towns, each a second word of
// coverWords), towns "Sankt <word>" and a few named in other spellings of
// "Sankt" alone, towns "Tador <word>" and a few "Tador" (copies towns
// each); and n places whose names are one to three words of
// coverWords drawn by rng: settlements of three ranks, each with a
// translation, and restaurants; 2 km apart (nothing folds).
func sameNamesOSM(rng *rand.Rand, copies, n int) string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n")
	second := []string{"Lodor", "Midor", "Ober"}
	for i := range 3 * copies {
		name := "Kelomi"
		switch first := []string{"Kelomi", "Sankt", "Tador"}[i/copies]; {
		case first == "Sankt" && rng.Intn(10) == 0:
			// a whole name of other spellings of "Sankt"
			name = []string{"Saint", "St.", "Street Sankt", "Saint-Saint"}[rng.Intn(4)]
		case first == "Tador" && rng.Intn(10) == 0:
			name = "Tador" // a word of one spelling
		case first != "Kelomi":
			name = first + " " + second[rng.Intn(len(second))]
		case i > 0:
			name += " " + coverWords[rng.Intn(len(coverWords))]
		}
		fmt.Fprintf(&b, " <node id=\"%d\" lat=\"%.4f\" lon=\"%.4f\"><tag k=\"place\" v=\"town\"/><tag k=\"name\" v=\"%s\"/></node>\n",
			100000+i, 46.0+float64(i/20)*0.02, 9.0+float64(i%20)*0.03, name)
	}
	for i := range n {
		words := make([]string, 1+rng.Intn(3))
		for k := range words {
			words[k] = coverWords[rng.Intn(len(coverWords))]
		}
		sep := " "
		if rng.Intn(5) == 0 {
			sep = "-"
		}
		name := strings.Join(words, sep)
		lat, lon := 47.0+float64(i/20)*0.02, 9.0+float64(i%20)*0.03
		fmt.Fprintf(&b, " <node id=\"%d\" lat=\"%.4f\" lon=\"%.4f\">", i+1, lat, lon)
		switch rng.Intn(4) {
		case 0:
			fmt.Fprintf(&b, `<tag k="amenity" v="restaurant"/>`)
		default:
			fmt.Fprintf(&b, `<tag k="place" v="%s"/><tag k="name:ru" v="%s %d"/>`,
				[]string{"town", "village", "hamlet"}[rng.Intn(3)], words[0], rng.Intn(3))
		}
		fmt.Fprintf(&b, "<tag k=\"name\" v=\"%s\"/></node>\n", name)
	}
	b.WriteString("</osm>\n")
	return b.String()
}

// TestLazyCoverFloor: on packs of many places sharing their names and
// importance, search with the floor under the penalty of the candidates
// it does not read (lazy_cover.go) answers exactly as reading the row of
// every candidate, for each query word, each pair, under each limit and
// dedupe; and the floor spares most rows of a query that names hundreds
// of places, most of them in part ("Vaduz": "Vaduz Lodor", ...).
func TestLazyCoverFloor(t *testing.T) {
	seed := time.Now().UnixNano()
	if s := os.Getenv("WAYMARK_SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	t.Logf("seed %d (WAYMARK_SEED repeats it)", seed)
	rng := rand.New(rand.NewSource(seed))
	ctx := context.Background()
	queries := []string{"Kelomi", "Sankt", "Tador"}
	for _, a := range coverWords[1:] {
		queries = append(queries, a)
		for _, b := range []string{"Vaduz", "Lodor", "St"} {
			queries = append(queries, a+" "+b)
		}
	}
	for pk := range 2 {
		dir := t.TempDir()
		in, out := filepath.Join(dir, "same.osm"), filepath.Join(dir, "same.waymark")
		if err := os.WriteFile(in, []byte(sameNamesOSM(rng, 200, 600)), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := regions.Build(ctx, in, out, regions.Options{Stages: []regions.Stage{regions.PlacesStage()}}); err != nil {
			t.Fatalf("build pack: %v", err)
		}
		ix := openTempIndex(t, out)
		var lazyRows, allRows int
		for _, q := range queries {
			for _, limit := range []int{1, 3, 10} {
				req := geocode.Request{Query: q, Limit: limit, Dedupe: rng.Intn(2) == 0}
				want, wrows, werr := ix.SearchCountingRows(ctx, req, true)
				got, rows, err := ix.SearchCountingRows(ctx, req, false)
				if err != nil || werr != nil {
					t.Fatalf("pack %d %+v: %v, reading every row %v", pk, req, err, werr)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("pack %d %+v:\n%s\nreading every row:\n%s", pk, req, placeLines(got), placeLines(want))
				}
				if q == "Kelomi" && limit == 10 {
					lazyRows, allRows = rows, wrows
				}
			}
		}
		t.Logf("pack %d: %d queries, the same; \"Kelomi\" read %d rows of %d", pk, len(queries)*3, lazyRows, allRows)
		if allRows < 100 || lazyRows*3 > allRows {
			t.Errorf("pack %d: \"Kelomi\" read %d candidate rows of %d: the floor spared too few", pk, lazyRows, allRows)
		}
	}
}
