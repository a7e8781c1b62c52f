package pack_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"waymark/engine/pack"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

// damage changes a pack in place with SQL statements (what a bad disk or
// a stray edit does to it, in a way Check tells exactly).
func damage(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// TestOpenRefusesDamagedPacks (issue 38, item 3): opening a pack makes
// the quick part of Check, so a pack whose small tables differ from what
// was built (meta, the countries, the search configuration) is refused
// with ErrDamaged by Open (engine.Open's test: TestOpenRefusesDamaged), and
// opened with AllowDamaged with Damage telling why; damage to a large table is
// left to Check. Before, every one of them opened silently.
func TestOpenRefusesDamagedPacks(t *testing.T) {
	sound := testpacks.Copy(t, "monaco")
	pk, err := pack.Open(sound)
	if err != nil {
		t.Fatalf("Open(sound pack) = %v", err)
	}
	if pk.Damage() != nil {
		t.Errorf("sound pack: Damage = %v, want nil", pk.Damage())
	}
	pk.Close()
	tests := []struct {
		name    string
		stmts   []string
		table   string // the table the problem names; "" when the quick check leaves it to Check
		damaged bool
	}{
		{"meta value", []string{`UPDATE meta SET value = value || 'x' WHERE key = 'source'`}, "meta", true},
		{"country row", []string{`UPDATE countries SET name = name || 'x' WHERE country_code = (SELECT max(country_code) FROM countries)`}, "countries", true},
		{"map class gone", []string{`DELETE FROM map_classes WHERE rowid = (SELECT min(rowid) FROM map_classes)`}, "map_classes", true},
		{"small table dropped", []string{`DROP TABLE postcodes`}, "postcodes", true},
		{"large table's last row", []string{`UPDATE map_runs SET data = data || x'00' WHERE run = (SELECT max(run) FROM map_runs)`}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := testpacks.Copy(t, "monaco")
			damage(t, path, tt.stmts...)
			if _, err := pack.Check(context.Background(), path); !errors.Is(err, pack.ErrDamaged) {
				t.Fatalf("Check = %v, want ErrDamaged (the test's damage is damage)", err)
			}
			pk, err := pack.Open(path)
			if !tt.damaged {
				if err != nil {
					t.Fatalf("Open = %v, want it opened (a large table is Check's)", err)
				}
				pk.Close()
				return
			}
			if !errors.Is(err, pack.ErrDamaged) || !strings.Contains(err.Error(), tt.table) {
				if pk != nil {
					pk.Close()
				}
				t.Fatalf("Open = %v, want ErrDamaged naming table %s", err, tt.table)
			}
			dp, err := pack.OpenWith(path, pack.Options{AllowDamaged: true})
			if err != nil {
				t.Fatalf("OpenWith(AllowDamaged) = %v, want the pack opened", err)
			}
			defer dp.Close()
			if d := dp.Damage(); !errors.Is(d, pack.ErrDamaged) || !strings.Contains(d.Error(), tt.table) {
				t.Errorf("Damage = %v, want ErrDamaged naming %s", d, tt.table)
			}
			if ps := dp.Problems(); len(ps) == 0 || !strings.Contains(ps[0], "table "+tt.table) {
				t.Errorf("Problems = %q, want the first naming table %s", ps, tt.table)
			}
		})
	}
}

// TestQuickCheckCovers: on the three test packs the quick check compares
// most tables (every small one) and finds nothing.
func TestQuickCheckCovers(t *testing.T) {
	for _, name := range []string{"liechtenstein", "monaco", "andorra"} {
		pk, err := pack.OpenWith(testpacks.Path(t, name), pack.Options{NoGraphs: true})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := pack.QuickCheck(pk)
		pk.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s: %d tables compared", name, rep.Tables)
		if rep.Tables < 15 {
			t.Errorf("%s: quick check compared %d tables, want the small ones (at least 15)", name, rep.Tables)
		}
	}
}

// BenchmarkQuickCheck: the quick check an open makes, on the three test
// packs (their files in the page cache).
func BenchmarkQuickCheck(b *testing.B) {
	for _, name := range []string{"liechtenstein", "monaco", "andorra"} {
		b.Run(name, func(b *testing.B) {
			pk, err := pack.OpenWith(testpacks.Path(b, name), pack.Options{NoGraphs: true})
			if err != nil {
				b.Fatal(err)
			}
			defer pk.Close()
			var lat benchstat.Latencies
			b.ReportAllocs()
			for b.Loop() {
				lat.Time(func() {
					if _, err := pack.QuickCheck(pk); err != nil {
						b.Fatal(err)
					}
				})
			}
			lat.Report(b)
		})
	}
}
