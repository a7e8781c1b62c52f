package geocode_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"waymark/engine/geocode"
	"waymark/internal/benchstat"
	"waymark/regions"
)

// coverWords are the words of the names of sameNamesOSM: town names, the
// second words the copies of a country's towns get (LI ×400 distinct:
// "Vaduz Lodor"), and the members of an abbreviation group (st, sankt,
// saint, street), so that names made of query words alone come in every
// form the floor of lazy_cover.go must see: the word itself, another
// spelling of it ("St." for "Sankt"), the word twice ("Vaduz-Vaduz"), two
// spellings in a row ("Sankt Saint"). (The floor leaves the queries of
// words of several spellings alone, coverWordsMax; their answers are
// compared all the same.)
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

// sameNamesIndex builds a pack of sameNamesOSM(rng, copies, n) in dir
// (places stage only) and opens its index.
func sameNamesIndex(t testing.TB, dir string, rng *rand.Rand, copies, n int) *geocode.Index {
	t.Helper()
	in, out := filepath.Join(dir, "same.osm"), filepath.Join(dir, "same.waymark")
	if err := os.WriteFile(in, []byte(sameNamesOSM(rng, copies, n)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := regions.Build(context.Background(), in, out, regions.Options{Stages: []regions.Stage{regions.PlacesStage()}}); err != nil {
		t.Fatalf("build pack: %v", err)
	}
	return openTempIndex(t, out)
}

// BenchmarkSearchSameNames: one-word searches of a town whose name 400
// towns of one importance share, all but one with a second word (LI ×400
// distinct: "Vaduz", "Vaduz Lodor", ...; "Kelomi", "Sankt", "Tador"
// here), among 2,000 places named from the same words.
func BenchmarkSearchSameNames(b *testing.B) {
	ix := sameNamesIndex(b, b.TempDir(), rand.New(rand.NewSource(1)), 400, 2000)
	ctx := context.Background()
	for _, q := range []string{"Kelomi", "Sankt", "Tador", "Vaduz"} {
		b.Run(q, func(b *testing.B) {
			var lat benchstat.Latencies
			b.ReportAllocs()
			for b.Loop() {
				lat.Time(func() {
					if got, err := ix.Search(ctx, geocode.Request{Query: q, Dedupe: true}); err != nil || len(got) == 0 {
						b.Fatalf("%q: %d results, %v", q, len(got), err)
					}
				})
			}
			lat.Report(b)
		})
	}
}
