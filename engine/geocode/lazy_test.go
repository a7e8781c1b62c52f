package geocode_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/internal/testpacks"
)

// TestLazyCandidates: search answers exactly as it did reading the row of
// every candidate before ranking (lazy.go), on every shared extract's
// pack: 2000 of its distinct place names (all of Monaco's and Andorra's),
// and 1000 names cut short, misspelt, with their town, as structured
// fields, under each limit, dedupe, country, viewbox (preferred and
// bounded), layer and featureType filter; and 1000 on LI in the layout of
// packs before format 3.
func TestLazyCandidates(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"liechtenstein", "monaco", "andorra", "liechtenstein-unranked"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := testpacks.Path(t, strings.TrimSuffix(name, "-unranked"))
			names, variants := 2000, 1000
			if strings.HasSuffix(name, "-unranked") {
				// Rowids that are place ids (packs before format 3): the
				// bounds are read from places.
				bm25, _ := olderCopy(t, path, bm25SQL)
				path, _ = olderCopy(t, bm25, unrankedSQL)
				names, variants = 600, 400
			}
			ix, _ := openIndex(t, path)
			reqs := lazyRequests(t, testpacks.DB(t, path), 1, names, variants)
			results := 0
			for _, req := range reqs {
				want, werr := ix.SearchReadingAll(ctx, req)
				got, err := ix.Search(ctx, req)
				if fmt.Sprint(err) != fmt.Sprint(werr) {
					t.Fatalf("%+v: error %v, reading every row %v", req, err, werr)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%+v:\n%s\nreading every row:\n%s", req, placeLines(got), placeLines(want))
				}
				results += len(got)
			}
			t.Logf("%d requests, %d results, the same", len(reqs), results)
		})
	}
}

// placeLines lists places one a line, for failure messages.
func placeLines(ps []geocode.Place) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "  %d %s (%s/%s rank %d, score %.6f)\n", p.PlaceID, p.DisplayName, p.Class, p.Type, p.RankSearch, p.Score)
	}
	return b.String()
}

// lazyRequests returns the requests of TestLazyCandidates on the pack of
// db: up to names of its distinct place names, then variants of a random
// sample of variants of them and of its addresses, each with filters and
// options drawn from seed.
func lazyRequests(tb testing.TB, db *sql.DB, seed int64, names, variants int) []geocode.Request {
	tb.Helper()
	type row struct{ name, town, street, hn, cc string }
	rows, err := db.Query(`SELECT p.name, p.housenumber, p.street, p.country_code,
		coalesce((SELECT t.name FROM place_addressline a JOIN places t ON t.place_id = a.address_place_id
		 WHERE (a.place_id = p.place_id OR a.place_id = (SELECT h.address_place_id FROM place_addressline h
		   WHERE h.place_id = p.place_id AND h.inherits)) AND a.isaddress AND a.rank_address BETWEEN 13 AND 16
		 ORDER BY a.rank_address DESC LIMIT 1), '')
		FROM places p WHERE p.name != '' OR (p.housenumber != '' AND p.street != '') ORDER BY p.place_id`)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	var all []row
	var ccs []string
	var box orb.Bound
	seen := map[string]bool{}
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.name, &r.hn, &r.street, &r.cc, &r.town); err != nil {
			tb.Fatal(err)
		}
		all = append(all, r)
		if !seen["cc:"+r.cc] {
			seen["cc:"+r.cc] = true
			ccs = append(ccs, r.cc)
		}
	}
	if err := rows.Err(); err != nil {
		tb.Fatal(err)
	}
	if err := db.QueryRow(`SELECT min(lon), min(lat), max(lon), max(lat) FROM places`).Scan(&box.Min[0], &box.Min[1], &box.Max[0], &box.Max[1]); err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewSource(seed))
	// withOptions draws the filters and options of one request.
	withOptions := func(req geocode.Request) geocode.Request {
		req.Limit = []int{0, 1, 10, 50, 3}[rng.Intn(5)]
		req.Dedupe = rng.Intn(2) == 0
		switch rng.Intn(8) {
		case 0:
			req.CountryCodes = []string{ccs[rng.Intn(len(ccs))]}
		case 1:
			req.CountryCodes = []string{"xx", ccs[0]}
		}
		if rng.Intn(6) == 0 {
			// A quarter of the pack's extent somewhere in it.
			w, h := (box.Max[0]-box.Min[0])/2, (box.Max[1]-box.Min[1])/2
			lo := orb.Point{box.Min[0] + rng.Float64()*w, box.Min[1] + rng.Float64()*h}
			req.Viewbox = &orb.Bound{Min: lo, Max: orb.Point{lo[0] + w, lo[1] + h}}
			req.Bounded = rng.Intn(2) == 0
		}
		if rng.Intn(8) == 0 {
			req.Layers = geocode.Layer(1 + rng.Intn(int(geocode.LayerAll)))
		}
		if rng.Intn(10) == 0 {
			ft := []string{"country", "state", "city", "settlement"}[rng.Intn(4)]
			req.MinRank, req.MaxRank, _ = geocode.FeatureTypeRanks(ft)
		}
		return req
	}
	var distinct []string
	for _, r := range all {
		if r.name != "" && !seen[r.name] {
			seen[r.name] = true
			distinct = append(distinct, r.name)
		}
	}
	rng.Shuffle(len(distinct), func(i, j int) { distinct[i], distinct[j] = distinct[j], distinct[i] })
	var reqs []geocode.Request
	for _, n := range distinct[:min(names, len(distinct))] {
		reqs = append(reqs, withOptions(geocode.Request{Query: n}))
	}
	for range min(variants, len(all)) {
		r := all[rng.Intn(len(all))]
		var req geocode.Request
		switch n := r.name; {
		case r.hn != "" && rng.Intn(2) == 0:
			req.Query = r.street + " " + r.hn + ", " + r.town
			if rng.Intn(3) == 0 {
				req = geocode.Request{Street: r.hn + " " + r.street, City: r.town}
			}
		case n == "":
			req.Query = r.street + " " + r.hn
		case rng.Intn(4) == 0 && r.town != "":
			req = geocode.Request{Amenity: n, City: r.town}
			if rng.Intn(2) == 0 {
				req = geocode.Request{City: n}
			}
		default:
			req.Query = typo(rng, n)
			if r.town != "" && rng.Intn(3) == 0 {
				req.Query += ", " + r.town
			}
		}
		reqs = append(reqs, withOptions(req))
	}
	return reqs
}

// typo returns name, cut short, with one letter dropped, doubled or
// changed, or its first word alone.
func typo(rng *rand.Rand, name string) string {
	rs := []rune(name)
	if len(rs) < 5 {
		return name
	}
	i := 1 + rng.Intn(len(rs)-2)
	switch rng.Intn(5) {
	case 0:
		return string(rs[:i+1])
	case 1:
		return string(rs[:i]) + string(rs[i+1:])
	case 2:
		return string(rs[:i]) + string(rs[i]) + string(rs[i:])
	case 3:
		return string(rs[:i]) + "e" + string(rs[i+1:])
	}
	return strings.Fields(name)[0]
}
