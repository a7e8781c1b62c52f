package engine_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"waymark/engine"
	"waymark/engine/pack"
	"waymark/internal/testpacks"
)

// TestCloseStopsPlaces: Close waits for a reverse index loading in the
// background, runs once, and a warm-up or query after it (a window's
// background warm-up outliving its engine) fails with an error, not a
// panic or a read of a closed pack.
func TestCloseStopsPlaces(t *testing.T) {
	path := testpacks.Copy(t, "monaco")
	e, err := engine.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Reverse(context.Background(), engine.ReverseRequest{Point: e.Packs()[0].Info.Home.Center(), Zoom: 18}); err != nil {
		t.Fatal(err) // starts the reverse index's load
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if !e.Closed() || e.Close() != nil {
		t.Error("Close is not done once")
	}
	if err := e.WarmPlaces(context.Background()); err == nil {
		t.Error("WarmPlaces after Close succeeded")
	}
	if _, err := e.Search(context.Background(), engine.SearchRequest{Query: "Monaco"}); err == nil {
		t.Error("Search after Close succeeded")
	}
}

// TestOpenRefusesDamaged: Open refuses a pack the quick check finds
// damaged (pack.ErrDamaged), as pack.Open does (the quick check's own
// tests are package pack's), and OpenWith with AllowDamaged opens it
// with its Damage telling why.
func TestOpenRefusesDamaged(t *testing.T) {
	path := testpacks.Copy(t, "monaco")
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE meta SET value = value || 'x' WHERE key = 'source'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if e, err := engine.Open(path); !errors.Is(err, pack.ErrDamaged) {
		if e != nil {
			e.Close()
		}
		t.Errorf("Open = %v, want pack.ErrDamaged", err)
	}
	e, err := engine.OpenWith(engine.Options{AllowDamaged: true}, path)
	if err != nil {
		t.Fatalf("OpenWith(AllowDamaged) = %v, want the pack opened", err)
	}
	defer e.Close()
	if d := e.Packs()[0].Damage(); !errors.Is(d, pack.ErrDamaged) {
		t.Errorf("Damage = %v, want pack.ErrDamaged", d)
	}
}
