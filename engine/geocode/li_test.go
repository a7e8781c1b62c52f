package geocode_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/engine/pack"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

var (
	liOnce sync.Once
	liPack *pack.Pack
	liIx   *geocode.Index
	liErr  error
)

// liIndex opens the geocoding index of the LI pack once per test binary.
func liIndex(tb testing.TB) (*geocode.Index, *pack.Pack) {
	tb.Helper()
	path := testpacks.Path(tb, "liechtenstein")
	liOnce.Do(func() {
		liPack, liErr = pack.Open(path)
		if liErr == nil {
			liIx, liErr = geocode.Open(context.Background(), packDB(tb, liPack))
		}
	})
	if liErr != nil {
		tb.Fatal(liErr)
	}
	return liIx, liPack
}

func TestLISearch(t *testing.T) {
	ix, _ := liIndex(t)
	ctx := context.Background()
	tests := []struct {
		name  string
		req   geocode.Request
		check func(p geocode.Place) bool
		want  string
	}{
		{"town first", geocode.Request{Query: "Vaduz"}, func(p geocode.Place) bool {
			return p.Name == "Vaduz" && p.CountryCode == "li" && p.AddressType == "town"
		}, "the town of Vaduz in li"},
		{"umlaut-free spelling", geocode.Request{Query: "Suecka"}, func(p geocode.Place) bool { return p.Name == "Sücka" }, "Sücka"},
		{"abbreviation", geocode.Request{Query: "Austr. 11, Vaduz"}, func(p geocode.Place) bool {
			return p.HouseNumber == "11" && strings.Contains(p.DisplayName, "Austrasse")
		}, "Austrasse 11"},
		{"house number first", geocode.Request{Query: "11 Austrasse Vaduz"}, func(p geocode.Place) bool { return p.HouseNumber == "11" }, "house 11"},
		{"interpolation", geocode.Request{Query: "Grosssteg 1023, Triesenberg"}, func(p geocode.Place) bool {
			return p.HouseNumber == "1023" && p.Interpolated
		}, "interpolated 1023"},
		{"letter house number", geocode.Request{Query: "Dorfstrasse 39A/B, Triesen"}, func(p geocode.Place) bool { return p.HouseNumber == "39A/B" }, "39A/B"},
		{"street fallback", geocode.Request{Query: "Bündaweg 555"}, func(p geocode.Place) bool {
			return p.Class == "highway" && p.HouseNumber == ""
		}, "the street Bündaweg"},
		{"postcode", geocode.Request{Query: "9490"}, func(p geocode.Place) bool {
			return p.Type == "postcode" && strings.Contains(p.DisplayName, "Vaduz")
		}, "postcode 9490 in Vaduz"},
		{"country", geocode.Request{Query: "Liechtenstein"}, func(p geocode.Place) bool { return p.RankAddress == 4 }, "the country"},
		{"structured", geocode.Request{Street: "Austrasse 11", City: "Vaduz"}, func(p geocode.Place) bool { return p.HouseNumber == "11" }, "house 11"},
		{"structured country code", geocode.Request{City: "Vaduz", Country: "li"}, func(p geocode.Place) bool { return p.Name == "Vaduz" }, "Vaduz"},
		{"feature type", geocode.Request{Query: "Vaduz", MinRank: 14, MaxRank: 16}, func(p geocode.Place) bool { return p.RankAddress == 16 }, "only city ranks"},
		{"category near coordinate", geocode.Request{Query: "restaurant near 47.16712,9.51100"}, func(p geocode.Place) bool { return p.Type == "restaurant" }, "a restaurant"},
		{"language", geocode.Request{Query: "Liechtenstein", Output: geocode.Output{Languages: []string{"ru"}}}, func(p geocode.Place) bool {
			return strings.HasPrefix(p.DisplayName, "Лихтенштейн")
		}, "the Russian name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := ix.Search(ctx, tc.req)
			if err != nil {
				t.Fatalf("Search(%+v): %v", tc.req, err)
			}
			if len(res) == 0 {
				t.Fatalf("Search(%q): no result, want %s", tc.req.Query, tc.want)
			}
			if !tc.check(res[0]) {
				t.Errorf("Search(%q)[0] = %s/%s %q (%s), want %s", tc.req.Query, res[0].Class, res[0].Type, res[0].DisplayName, res[0].HouseNumber, tc.want)
			}
		})
	}
	t.Run("no match", func(t *testing.T) {
		for _, q := range []string{"xnznxvcx", "sporry, N 47 15 7 W 9 61 26"} {
			if res, err := ix.Search(ctx, geocode.Request{Query: q}); err != nil || len(res) != 0 {
				t.Errorf("Search(%q) = %d results, %v; want none", q, len(res), err)
			}
		}
	})
	t.Run("bounded viewbox", func(t *testing.T) {
		vb := orb.Bound{Min: orb.Point{9.49712, 47.16242}, Max: orb.Point{9.52605, 47.17122}}
		res, err := ix.Search(ctx, geocode.Request{Query: "restaurant", Viewbox: &vb, Bounded: true})
		if err != nil || len(res) == 0 {
			t.Fatalf("Search bounded: %d, %v", len(res), err)
		}
		for _, p := range res {
			if !vb.Contains(p.Centroid) {
				t.Errorf("%q at %v outside the viewbox", p.DisplayName, p.Centroid)
			}
		}
	})
}

func TestLIReverse(t *testing.T) {
	ix, _ := liIndex(t)
	ctx := context.Background()
	pt := orb.Point{9.5036065, 47.0660892} // Dorfbäckerei Herrmann, Balzers
	tests := []struct {
		zoom  int
		check func(p *geocode.Place) bool
		want  string
	}{
		{18, func(p *geocode.Place) bool { return p.Class == "shop" && p.HouseNumber == "29" }, "the bakery at 29"},
		{16, func(p *geocode.Place) bool { return p.AddressType == "road" }, "a street"},
		{10, func(p *geocode.Place) bool { return p.Name == "Balzers" && p.AddressType == "town" }, "the town Balzers"},
		{3, func(p *geocode.Place) bool { return p.Name == "Liechtenstein" && p.RankAddress == 4 }, "the country"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint("zoom ", tc.zoom), func(t *testing.T) {
			p, err := ix.Reverse(ctx, geocode.ReverseRequest{Point: pt, Zoom: tc.zoom})
			if err != nil {
				t.Fatalf("Reverse zoom %d: %v", tc.zoom, err)
			}
			if !tc.check(p) {
				t.Errorf("Reverse zoom %d = %s/%s %q, want %s", tc.zoom, p.Class, p.Type, p.DisplayName, tc.want)
			}
		})
	}
	if _, err := ix.Reverse(ctx, geocode.ReverseRequest{Point: orb.Point{0, 0}, Zoom: 18}); err != geocode.ErrNotFound {
		t.Errorf("Reverse(0,0) err = %v, want ErrNotFound", err)
	}
}

func TestLILookup(t *testing.T) {
	ix, _ := liIndex(t)
	res, err := ix.Lookup(context.Background(), []geocode.OSMRef{{Type: 'R', ID: 1155956}, {Type: 'N', ID: 1}, {Type: 'W', ID: 1}}, geocode.Output{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) == 0 || res[0].OSMID != 1155956 || res[0].OSMType != "relation" || res[0].Name != "Vaduz" {
		t.Fatalf("Lookup(R1155956) = %+v, want Vaduz", res)
	}
	if len(res) != 3 || res[1].OSMType != "node" || res[2].OSMType != "way" {
		t.Errorf("Lookup(R1155956, N1, W1) = %d places, want all three in order", len(res))
	}
}

// benchQueries derives search queries from the pack's own data: names of
// places and "street number, town" addresses, seeded.
func benchQueries(tb testing.TB, db *sql.DB, seed int64) []string {
	tb.Helper()
	names, addrs := benchQuerySets(tb, db, seed)
	q := append(names[:min(150, len(names))], addrs[:min(100, len(addrs))]...)
	if len(q) < 200 {
		tb.Fatalf("only %d benchmark queries", len(q))
	}
	return q
}

// benchQuerySets returns the names ("Rathaus", "Bäckerei, Vaduz") and the
// addresses ("Landstrasse 10, Schaan") of the pack's places, in a random
// order of seed.
func benchQuerySets(tb testing.TB, db *sql.DB, seed int64) (names, addrs []string) {
	tb.Helper()
	rows, err := db.Query(`SELECT p.name, p.housenumber, p.street, p.rank_address,
		(SELECT t.name FROM place_addressline a JOIN places t ON t.place_id = a.address_place_id
		 WHERE (a.place_id = p.place_id OR a.place_id = (SELECT h.address_place_id FROM place_addressline h
		   WHERE h.place_id = p.place_id AND h.inherits)) AND a.isaddress AND a.rank_address = 16 LIMIT 1)
		FROM places p WHERE (p.name != '' OR (p.housenumber != '' AND p.street != ''))
		AND p.linked_place_id = 0 AND p.interpolated = 0 ORDER BY p.place_id`)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name, hn, street string
		var rank int
		var town sql.NullString
		if err := rows.Scan(&name, &hn, &street, &rank, &town); err != nil {
			tb.Fatal(err)
		}
		switch {
		case hn != "" && street != "" && town.String != "":
			addrs = append(addrs, street+" "+hn+", "+town.String)
		case name != "" && town.String != "" && rank >= 26:
			names = append(names, name+", "+town.String)
		case name != "":
			names = append(names, name)
		}
	}
	rng := rand.New(rand.NewSource(seed))
	rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	rng.Shuffle(len(addrs), func(i, j int) { addrs[i], addrs[j] = addrs[j], addrs[i] })
	return names, addrs
}

// benchPacks are the packs the geocoding benchmarks run on: LI, and with
// WAYMARK_SCALE=1 a tiled country-sized pack (testpacks.Scaled).
var benchPacks = []struct {
	name string
	open func(testing.TB) (*geocode.Index, *pack.Pack)
}{
	{"liechtenstein", liIndex},
	{testpacks.ScaledName(), func(tb testing.TB) (*geocode.Index, *pack.Pack) { return openIndex(tb, testpacks.Scaled(tb)) }},
}

var (
	openMu  sync.Mutex
	opened  = map[string]*geocode.Index{}
	openedP = map[string]*pack.Pack{}
)

// openIndex opens the geocoding index of the pack at path once per test binary.
func openIndex(tb testing.TB, path string) (*geocode.Index, *pack.Pack) {
	tb.Helper()
	openMu.Lock()
	defer openMu.Unlock()
	if ix := opened[path]; ix != nil {
		return ix, openedP[path]
	}
	pk, err := pack.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	ix, err := geocode.Open(context.Background(), packDB(tb, pk))
	if err != nil {
		tb.Fatal(err)
	}
	opened[path], openedP[path] = ix, pk
	return ix, pk
}

// BenchmarkCompleterLoad measures loading a pack's autocomplete index
// (stored in packs of format 4: decoded and joined with the places).
func BenchmarkCompleterLoad(b *testing.B) {
	benchmarkLoad(b, func(ix *geocode.Index) error {
		_, err := geocode.NewCompleter(context.Background(), ix)
		return err
	})
}

// BenchmarkReverseIndexLoad measures building a pack's reverse index
// from the pack (what an open without its image does, in the background).
func BenchmarkReverseIndexLoad(b *testing.B) {
	benchmarkLoad(b, func(ix *geocode.Index) error {
		_, err := geocode.NewReverseIndex(context.Background(), ix)
		return err
	})
}

// benchmarkLoad times load on each bench pack's index.
func benchmarkLoad(b *testing.B, load func(*geocode.Index) error) {
	for _, bp := range benchPacks {
		b.Run(bp.name, func(b *testing.B) {
			ix, _ := bp.open(b)
			var lat benchstat.Latencies
			b.ReportAllocs()
			for b.Loop() {
				lat.Time(func() {
					if err := load(ix); err != nil {
						b.Fatal(err)
					}
				})
			}
			lat.Report(b)
		})
	}
}

func BenchmarkSearch(b *testing.B) {
	for _, bp := range benchPacks {
		b.Run(bp.name, func(b *testing.B) { benchmarkSearch(b, bp.open) })
	}
}

// BenchmarkSearchAddress: free-text addresses only ("street number,
// town"), whose words also match the parents written as tokens in the
// address column (search_parent): the query kind whose index work grows
// with the parents sharing a word.
func BenchmarkSearchAddress(b *testing.B) {
	for _, bp := range benchPacks {
		b.Run(bp.name, func(b *testing.B) {
			benchmarkSearchOf(b, bp.open, func(db *sql.DB, seed int64) []string {
				_, addrs := benchQuerySets(b, db, seed)
				if len(addrs) < 100 {
					b.Fatalf("only %d address queries", len(addrs))
				}
				return addrs[:min(200, len(addrs))]
			})
		})
	}
}

func benchmarkSearch(b *testing.B, open func(testing.TB) (*geocode.Index, *pack.Pack)) {
	benchmarkSearchOf(b, open, func(db *sql.DB, seed int64) []string { return benchQueries(b, db, seed) })
}

// benchmarkSearchOf times Search over the queries of the pack queries gives.
func benchmarkSearchOf(b *testing.B, open func(testing.TB) (*geocode.Index, *pack.Pack), queries func(*sql.DB, int64) []string) {
	ix, pk := open(b)
	const seed = 1
	qs := queries(packDB(b, pk), seed)
	ctx := context.Background()
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		q := qs[i%len(qs)]
		lat.Time(func() {
			if _, err := ix.Search(ctx, geocode.Request{Query: q, Dedupe: true}); err != nil {
				b.Fatalf("Search(%q) seed %d: %v", q, seed, err)
			}
		})
	}
	lat.Report(b)
}

// BenchmarkReverse: reverse at random points of the pack's home area,
// with the pack's reverse index (as the engine serves) and, at zoom 18,
// from SQLite alone (before the index is loaded).
func BenchmarkReverse(b *testing.B) {
	for _, bp := range benchPacks {
		for _, zoom := range []int{18, 10} {
			b.Run(fmt.Sprintf("%s/zoom%d", bp.name, zoom), func(b *testing.B) { benchmarkReverse(b, bp.open, zoom, true) })
		}
		b.Run(fmt.Sprintf("%s/zoom18/sqlite", bp.name), func(b *testing.B) { benchmarkReverse(b, bp.open, 18, false) })
	}
}

func benchmarkReverse(b *testing.B, open func(testing.TB) (*geocode.Index, *pack.Pack), zoom int, index bool) {
	ix, pk := open(b)
	if index {
		ri, err := geocode.NewReverseIndex(context.Background(), ix)
		if err != nil {
			b.Fatal(err)
		}
		ix.SetReverseIndex(ri)
		defer ix.SetReverseIndex(nil)
	}
	const seed = 2
	rng := rand.New(rand.NewSource(seed))
	home := pk.Info.Home
	pts := make([]orb.Point, 1000)
	for i := range pts {
		pts[i] = orb.Point{home.Min[0] + rng.Float64()*(home.Max[0]-home.Min[0]), home.Min[1] + rng.Float64()*(home.Max[1]-home.Min[1])}
	}
	ctx := context.Background()
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		pt := pts[i%len(pts)]
		lat.Time(func() {
			if _, err := ix.Reverse(ctx, geocode.ReverseRequest{Point: pt, Zoom: zoom}); err != nil && err != geocode.ErrNotFound {
				b.Fatalf("Reverse(%v) seed %d: %v", pt, seed, err)
			}
		})
	}
	lat.Report(b)
}

func BenchmarkLookup(b *testing.B) {
	ix, pk := liIndex(b)
	const seed = 3
	rows, err := packDB(b, pk).Query(`SELECT osm_type, osm_id FROM places WHERE osm_type != '' AND interpolated = 0`)
	if err != nil {
		b.Fatal(err)
	}
	var refs []geocode.OSMRef
	for rows.Next() {
		var t string
		var id int64
		rows.Scan(&t, &id)
		refs = append(refs, geocode.OSMRef{Type: t[0], ID: id})
	}
	rows.Close()
	rng := rand.New(rand.NewSource(seed))
	rng.Shuffle(len(refs), func(i, j int) { refs[i], refs[j] = refs[j], refs[i] })
	ctx := context.Background()
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ref := refs[i%len(refs)]
		lat.Time(func() {
			if res, err := ix.Lookup(ctx, []geocode.OSMRef{ref}, geocode.Output{}); err != nil || len(res) != 1 {
				b.Fatalf("Lookup(%v) seed %d: %d, %v", ref, seed, len(res), err)
			}
		})
	}
	lat.Report(b)
}

// TestLIQueryPlans: the per-request queries are index lookups on a real
// pack, never a scan of a table that grows with the pack.
func TestLIQueryPlans(t *testing.T) {
	_, pk := liIndex(t)
	for _, tt := range []struct {
		name, sql, want string
		args            []any
	}{
		{"houses of a street", geocode.RevHousesSQL, "USING INDEX places_parent", []any{1, 0, 1, 0, 1}},
		{"countries that are an address", geocode.CountryParentsSQL, "SEARCH r USING INTEGER PRIMARY KEY (rowid=?)", nil},
		{"places of a class and type", geocode.CategorySQL, "SEARCH r USING INDEX places_kind (kind=?)", []any{"amenity", "restaurant", 9.4, 9.7, 47, 47.3, 100}},
		{"address lines", geocode.LinesSQL, "SEARCH b USING PRIMARY KEY (place_id=?)", []any{"[1]"}},
	} {
		rows, err := packDB(t, pk).Query("EXPLAIN QUERY PLAN "+tt.sql, tt.args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		if got := strings.Join(plan, "; "); !strings.Contains(got, tt.want) {
			t.Errorf("plan of %s = %q, want it to contain %q", tt.name, got, tt.want)
		}
	}
}
