package complete

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// randomGroupedDocs returns n random documents in address groups, the
// groups' texts, and a generator of queries over their words.
func randomGroupedDocs(seed int64, n int) ([]Doc, []string, func() Query) {
	rng := rand.New(rand.NewSource(seed))
	words := []string{"vaduz", "schaan", "landstrasse", "kirche", "liechtenstein", "lichtenstajn", "furstentum", "balzers", "triesen", "oberland", "unterland", "strasse", "platz", "12", "9490", "ä", "x"}
	pick := func(n int) string {
		var s []string
		for i := 0; i < n; i++ {
			s = append(s, words[rng.Intn(len(words))])
		}
		return strings.Join(s, " ")
	}
	groups := []string{pick(6), pick(6), pick(3)}
	var docs []Doc
	for i := 0; i < n; i++ {
		d := Doc{Name: []string{pick(1 + rng.Intn(2))}, Address: []string{pick(rng.Intn(3))}, Importance: rng.Float64(), Lon: 9.5 + rng.Float64()/10, Lat: 47.1 + rng.Float64()/10, Preferred: i%5 == 0}
		for g := range groups {
			if rng.Intn(3) > 0 {
				d.Groups = append(d.Groups, int32(g))
			}
		}
		docs = append(docs, d)
	}
	query := func() Query {
		q := Query{Words: strings.Fields(pick(1 + rng.Intn(3))), LastIsPrefix: rng.Intn(2) == 0, Limit: 10}
		if rng.Intn(2) == 0 {
			w := q.Words[len(q.Words)-1]
			q.Words[len(q.Words)-1] = w[:1+rng.Intn(len(w))]
		}
		q.noShort = rng.Intn(2) == 0
		q.Prefer = rng.Intn(2) == 0
		return q
	}
	return docs, groups, query
}

// prefOf returns the Preferred marks of ix's documents.
func prefOf(ix *Index) []bool {
	out := make([]bool, ix.Len())
	for d := range out {
		out[d] = ix.preferred(uint32(d))
	}
	return out
}

// groupedIndex builds an index of n random documents in address groups.
func groupedIndex(seed int64, n int) (*Index, func() Query) {
	docs, groups, query := randomGroupedDocs(seed, n)
	return BuildGroups(docs, groups), query
}

// TestLoadAnswersAsBuilt: an index stored and loaded has the built one's
// tables and answers.
func TestLoadAnswersAsBuilt(t *testing.T) {
	built, query := groupedIndex(3, 400)
	loaded, err := Load(built.AppendBinary(nil), slices.Clone(built.imp), slices.Clone(built.lon), slices.Clone(built.lat), prefOf(built))
	if err != nil {
		t.Fatal(err)
	}
	for name, pair := range map[string][2]any{
		"words": {built.words, loaded.words}, "wordOff": {built.wordOff, loaded.wordOff},
		"post": {built.post, loaded.post}, "postOff": {built.postOff, loaded.postOff},
		"wg": {built.wg, loaded.wg}, "wgOff": {built.wgOff, loaded.wgOff}, "gd": {built.gd, loaded.gd}, "gdOff": {built.gdOff, loaded.gdOff},
		"triKeys": {built.triKeys, loaded.triKeys}, "triOff": {built.triOff, loaded.triOff}, "triIDs": {built.triIDs, loaded.triIDs},
		"vlen":      {built.vlen, loaded.vlen},
		"shortKeys": {built.shortKeys, loaded.shortKeys}, "shortOff": {built.shortOff, loaded.shortOff}, "shortHits": {built.shortHits, loaded.shortHits},
		"pref": {built.pref, loaded.pref}, "rankOff": {built.rankOff, loaded.rankOff}, "rank": {built.rank, loaded.rank},
		"docOff": {built.docOff, loaded.docOff}, "docWord": {built.docWord, loaded.docWord},
	} {
		if !reflect.DeepEqual(pair[0], pair[1]) {
			t.Errorf("loaded %s differs from the built one", name)
		}
	}
	for i := 0; i < 500; i++ {
		q := query()
		if a, b := built.Search(q), loaded.Search(q); fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("Search(%+v) = %v built, %v loaded", q, a, b)
		}
	}
	if _, err := Load(built.AppendBinary(nil), built.imp[1:], built.lon[1:], built.lat[1:], nil); err == nil {
		t.Error("Load with one document too few: no error")
	}
	if _, err := Load(built.AppendBinary(nil), built.imp, built.lon, built.lat, make([]bool, 1)); err == nil {
		t.Error("Load with one preferred mark: no error")
	}
}

// FuzzLoad: no input makes Load panic; what it accepts can be searched.
func FuzzLoad(f *testing.F) {
	ix, _ := groupedIndex(5, 30)
	f.Add(ix.AppendBinary(nil))
	f.Add([]byte{1, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		imp := make([]float32, len(ix.imp))
		loaded, err := Load(b, imp, imp, imp, make([]bool, len(imp)))
		if err != nil {
			return
		}
		for _, w := range []string{"va", "vaduz", "strass", "x"} {
			loaded.Search(Query{Words: []string{w}, LastIsPrefix: true, Limit: 5, Prefer: true})
		}
	})
}
