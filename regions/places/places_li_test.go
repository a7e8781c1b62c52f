// places_li_test.go runs the places stage on the shared extracts (LI,
// Monaco, Andorra) and benchmarks the full LI import (time, CPU, memory).

package places_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"

	"waymark/engine/geocode/placegeom"
	"waymark/internal/rusage"
	"waymark/internal/testregions"
	"waymark/regions/extract"
	"waymark/regions/packwrite"
	"waymark/regions/places"
	"waymark/regions/stage"
)

// liPlacesPack builds the places tables of the LI extract into t's
// temporary directory and opens them.
func liPlacesPack(t *testing.T) (*sql.DB, *stage.Summary, time.Duration) {
	t.Helper()
	src := testregions.Extract(t, "liechtenstein")
	out := filepath.Join(t.TempDir(), "liechtenstein.waymark")
	start := time.Now()
	sum, err := packwrite.Build(context.Background(), src, out, packwrite.Options{Stages: []stage.Stage{places.PlacesStage()}})
	if err != nil {
		t.Fatalf("build LI places: %v", err)
	}
	took := time.Since(start)
	db, err := sql.Open("sqlite3", "file:"+out+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, sum, took
}

func TestPlacesLI(t *testing.T) {
	db, sum, took := liPlacesPack(t)
	t.Logf("LI places import (load + places stage) took %s", took)

	var vaduzID int64
	var vaduzClass, vaduzCountry, linked string
	var vaduzImp float64
	err := db.QueryRow(`SELECT place_id, class||'/'||type, country_code, json_extract(extratags, '$.linked_place'), importance
		FROM places WHERE osm_type='R' AND osm_id=1155956`).Scan(&vaduzID, &vaduzClass, &vaduzCountry, &linked, &vaduzImp)
	if err != nil {
		t.Fatalf("Vaduz boundary: %v", err)
	}
	if vaduzClass != "boundary/administrative" || vaduzCountry != "li" || linked != "town" {
		t.Errorf("Vaduz = %s, country %s, linked_place %s; want boundary/administrative, li, town", vaduzClass, vaduzCountry, linked)
	}
	var villageImp float64
	db.QueryRow(`SELECT max(importance) FROM places WHERE linked_place_id = 0 AND
		(json_extract(extratags, '$.linked_place') = 'village' OR (class='place' AND type='village'))`).Scan(&villageImp)
	if !(vaduzImp > villageImp) || villageImp == 0 {
		t.Errorf("Vaduz importance %.3f, best village %.3f; want Vaduz higher", vaduzImp, villageImp)
	}
	var townNodeLinked int64
	db.QueryRow(`SELECT linked_place_id FROM places WHERE osm_type='N' AND osm_id=1932181216`).Scan(&townNodeLinked)
	if townNodeLinked != vaduzID {
		t.Errorf("place=town node Vaduz linked to %d, want the boundary %d", townNodeLinked, vaduzID)
	}

	// Äulestrasse 20, 9490 Vaduz (node 3439376693).
	var houseID int64
	db.QueryRow(`SELECT place_id FROM places WHERE osm_type='N' AND osm_id=3439376693`).Scan(&houseID)
	rows, err := db.Query(`SELECT q.name, a.rank_address FROM `+addressRows+` a
		JOIN places q ON q.place_id = a.address_place_id ORDER BY a.rank_address DESC`, houseID)
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for rows.Next() {
		var n string
		var r int
		rows.Scan(&n, &r)
		parts = append(parts, n)
	}
	rows.Close()
	addr := strings.Join(parts, ", ")
	for _, want := range []string{"Äulestrasse", "Vaduz", "Oberland", "Liechtenstein"} {
		if !strings.Contains(addr, want) {
			t.Errorf("address of Äulestrasse 20 = %q, want it to contain %q", addr, want)
		}
	}

	var interpolated int
	db.QueryRow(`SELECT count(*) FROM places WHERE interpolated = 1 AND housenumber != '' AND parent_place_id != 0`).Scan(&interpolated)
	if interpolated == 0 {
		t.Errorf("no interpolated address rows")
	}

	// Postcode 9490 centroid lies in Vaduz.
	var lat, lon float64
	if err := db.QueryRow(`SELECT lat, lon FROM postcodes WHERE postcode='9490' AND country_code='li'`).Scan(&lat, &lon); err != nil {
		t.Fatalf("postcode 9490: %v", err)
	}
	var blob []byte
	if err := db.QueryRow(`SELECT geometry FROM address_areas WHERE place_id = ?`, vaduzID).Scan(&blob); err != nil {
		t.Fatalf("Vaduz area: %v", err)
	}
	g, err := placegeom.Decode(blob)
	if err != nil {
		t.Fatalf("Vaduz geometry: %v", err)
	}
	inside := false
	switch g := g.(type) {
	case orb.Polygon:
		inside = planar.PolygonContains(g, orb.Point{lon, lat})
	case orb.MultiPolygon:
		inside = planar.MultiPolygonContains(g, orb.Point{lon, lat})
	}
	if !inside {
		t.Errorf("postcode 9490 centroid %.5f,%.5f not inside Vaduz", lat, lon)
	}

	// Broken rings are reported, not fatal; the Alabama area and the
	// synthetic objects are imported.
	if sum.Counts["broken rings"] == 0 || sum.ProblemCount == 0 {
		t.Errorf("summary reports %d broken rings, %d problems; want some (CH/AT boundaries are cut)", sum.Counts["broken rings"], sum.ProblemCount)
	}
	checks := []struct {
		name  string
		query string
		min   int
	}{
		{"Alabama places have country us", `SELECT count(*) FROM places WHERE country_code='us' AND lat < 34`, 100},
		{"Prattville is a town", `SELECT count(*) FROM places WHERE name='Prattville' AND json_extract(extratags,'$.linked_place')='town'`, 1},
		{"every LI municipality is an address area", `SELECT count(*) FROM address_areas a JOIN places p USING(place_id) WHERE p.admin_level=8 AND p.country_code='li'`, 11},
		{"house numbers searchable", `SELECT count(*) FROM search_name WHERE search_name MATCH 'housenumber: 20 AND address: aeulestrasse'`, 1},
		{"Switzerland searchable though its boundary is cut", `SELECT count(*) FROM search_name s JOIN places p ON p.place_id = (s.rowid & ((1 << (SELECT value FROM meta WHERE key = 'search_rowid_bits')) - 1)) WHERE search_name MATCH 'name: switzerland' AND p.class='place' AND p.type='country' AND p.country_code='ch'`, 1},
		{"Swiss places findable with the country name", `SELECT count(*) FROM search_name s JOIN places p ON p.place_id = (s.rowid & ((1 << (SELECT value FROM meta WHERE key = 'search_rowid_bits')) - 1)) WHERE search_name MATCH
			'address: (schweiz OR ' || (SELECT group_concat(token, ' OR ') FROM search_parent WHERE search_parent MATCH 'schweiz') || ')' AND p.country_code='ch'`, 5},
		{"Triesen gets the one postcode inside it", `SELECT count(*) FROM places WHERE osm_type='R' AND osm_id=1155945 AND postcode='9495'`, 1},
		{"Oberland (several postcodes inside) gets none", `SELECT count(*) FROM places WHERE name='Oberland' AND class='boundary' AND postcode=''`, 1},
		{"alpine hut Guschg gets the nearest postcode", `SELECT count(*) FROM places WHERE osm_type='N' AND osm_id=1086214425 AND postcode='9497'`, 1},
		{"Bündaweg hangs on the village Silum", `SELECT count(*) FROM places p JOIN place_addressline a ON a.place_id=p.place_id JOIN places q ON q.place_id=a.address_place_id
			WHERE p.osm_type='W' AND p.osm_id=329670779 AND a.isaddress AND q.name='Silum'`, 1},
		{"every country has a place row", `SELECT count(*) FROM countries WHERE place_id != 0`, 3},
		{"POI classes", `SELECT count(DISTINCT class) FROM places WHERE rank_search = 30`, 10},
		{"names in other languages", `SELECT count(*) FROM places WHERE json_extract(names, '$."name:ru"') IS NOT NULL`, 20},
	}
	for _, c := range checks {
		var n int
		if err := db.QueryRow(c.query).Scan(&n); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if n < c.min {
			t.Errorf("%s: %d, want at least %d", c.name, n, c.min)
		}
	}
}

// TestPlacesLIFailedImportLeavesOutput cancels an import during the places
// stage: the existing pack must stay byte-identical, with no temp file left.
func TestPlacesLIFailedImportLeavesOutput(t *testing.T) {
	src := testregions.Extract(t, "liechtenstein")
	dir := t.TempDir()
	out := filepath.Join(dir, "li.waymark")
	old := []byte("an earlier pack")
	if err := os.WriteFile(out, old, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	progress := func(st extract.Status) {
		if st.Stage == "places" && st.Done > 0 {
			cancel()
		}
	}
	_, err := packwrite.Build(ctx, src, out, packwrite.Options{Progress: progress, Stages: []stage.Stage{places.PlacesStage()}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Build with cancelled context: err = %v, want context.Canceled", err)
	}
	got, _ := os.ReadFile(out)
	if !bytes.Equal(got, old) {
		t.Errorf("existing output changed after a failed import")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v after a failed import, want only li.waymark", names)
	}
}

// BenchmarkImportLI runs the full LI import (every default stage) and
// reports its time and peak memory (sampled Go heap and process max RSS).
func BenchmarkImportLI(b *testing.B) {
	b.ReportAllocs()
	src := testregions.Extract(b, "liechtenstein")
	dir := b.TempDir()
	var peak uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var ms runtime.MemStats
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak {
				peak = ms.HeapAlloc
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	var total time.Duration
	cpu0 := rusage.CPU()
	for i := 0; i < b.N; i++ {
		// Stage durations from the progress reports (a stage starts with
		// its first report, which Build sends before running it).
		var stages []string
		starts := map[string]time.Time{}
		progress := func(st extract.Status) {
			if _, ok := starts[st.Stage]; !ok {
				starts[st.Stage] = time.Now()
				stages = append(stages, st.Stage)
			}
		}
		start := time.Now()
		sum, err := packwrite.Build(context.Background(), src, filepath.Join(dir, "li.waymark"), packwrite.Options{Progress: progress})
		if err != nil {
			b.Fatal(err)
		}
		end := time.Now()
		total += end.Sub(start)
		if i == 0 {
			var parts []string
			for k, st := range stages {
				next := end
				if k+1 < len(stages) {
					next = starts[stages[k+1]]
				}
				parts = append(parts, fmt.Sprintf("%s %s", st, next.Sub(starts[st]).Round(time.Millisecond)))
			}
			b.Logf("stages: %s", strings.Join(parts, ", "))
			b.Logf("places %d, address lines %d, postcodes %d, broken rings %d",
				sum.Counts["places"], sum.Counts["place address lines"], sum.Counts["postcodes"], sum.Counts["broken rings"])
		}
	}
	close(stop)
	<-done
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "import-ms")
	b.ReportMetric(float64(rusage.CPU()-cpu0)/1e6/float64(b.N), "cpu-ms")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(rusage.PeakRSS())/(1<<20), "maxrss-MB")
}

// TestPlacesCountriesCutExtracts checks country codes in extracts whose
// country relations do not assemble (Monaco's sea border and Andorra's
// neighbours are cut): the border parity rule must tell them apart.
func TestPlacesCountriesCutExtracts(t *testing.T) {
	cases := []struct {
		extract, name, class, want string
	}{
		{"monaco", "Monte-Carlo", "boundary", "mc"},
		{"monaco", "Beausoleil", "boundary", "fr"},
		{"andorra", "Encamp", "boundary", "ad"},
	}
	dbs := map[string]*sql.DB{}
	for _, c := range cases {
		db := dbs[c.extract]
		if db == nil {
			src := testregions.Extract(t, c.extract)
			out := filepath.Join(t.TempDir(), c.extract+".waymark")
			if _, err := packwrite.Build(context.Background(), src, out, packwrite.Options{Stages: []stage.Stage{places.PlacesStage()}}); err != nil {
				t.Fatalf("build %s: %v", c.extract, err)
			}
			var err error
			if db, err = sql.Open("sqlite3", "file:"+out+"?mode=ro"); err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			dbs[c.extract] = db
		}
		var got string
		if err := db.QueryRow(`SELECT country_code FROM places WHERE name = ? AND class = ? ORDER BY rank_search LIMIT 1`, c.name, c.class).Scan(&got); err != nil {
			t.Errorf("%s %s: %v", c.extract, c.name, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: country_code of %s = %q, want %q", c.extract, c.name, got, c.want)
		}
	}
}

// BenchmarkImportLIPlaces runs the LI import with the places stage only
// (load + places), the part this package's geocoding tables cost.
func BenchmarkImportLIPlaces(b *testing.B) {
	b.ReportAllocs()
	src := testregions.Extract(b, "liechtenstein")
	out := filepath.Join(b.TempDir(), "li.waymark")
	cpu0 := rusage.CPU()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := packwrite.Build(context.Background(), src, out, packwrite.Options{Stages: []stage.Stage{places.PlacesStage()}}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "import-ms")
	b.ReportMetric(float64(rusage.CPU()-cpu0)/1e6/float64(b.N), "cpu-ms")
	b.ReportMetric(float64(rusage.PeakRSS())/(1<<20), "maxrss-MB")
}
