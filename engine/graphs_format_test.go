package engine_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/pack"
	"waymark/engine/route"
	"waymark/engine/zblob"
	"waymark/internal/testpacks"
)

// TestGraphsOfFormat1 checks that a pack whose graphs sit whole in
// graphs.data (format 1) routes like the same graphs stored in parts.
func TestGraphsOfFormat1(t *testing.T) {
	ctx := context.Background()
	parts := testpacks.Copy(t, "monaco")
	whole := testpacks.Copy(t, "monaco")
	db, err := sql.Open("sqlite3", whole)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM graph_parts GROUP BY profile ORDER BY 1 DESC LIMIT 1`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("monaco's graphs in %d parts (%v); the test joins one", n, err)
	}
	// format 1 stored the encoding itself: decompress the part (zblob)
	for _, p := range route.Profiles {
		var part []byte
		if err := db.QueryRow(`SELECT data FROM graph_parts WHERE profile = ?`, p.String()).Scan(&part); err != nil {
			t.Fatal(err)
		}
		var z zblob.Decoder
		enc, err := z.Append(nil, part, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`UPDATE graphs SET data = ? WHERE profile = ?`, enc, p.String()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`DROP TABLE graph_parts`); err != nil {
		t.Fatal(err)
	}
	if err := pack.WriteChecksums(ctx, db); err != nil {
		t.Fatal(err)
	}
	db.Close()
	a, err := engine.Open(parts)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := engine.Open(whole)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	pts := []orb.Point{{7.4197, 43.7318}, {7.4271, 43.7441}}
	for _, p := range route.Profiles {
		req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: p, Coordinates: pts}}
		ra, err := a.Directions(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := b.Directions(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if ra.Routes[0].Distance != rb.Routes[0].Distance || !ra.Routes[0].Points.Equal(rb.Routes[0].Points) {
			t.Errorf("%s: %v m from parts, %v m from the whole blob", p, ra.Routes[0].Distance, rb.Routes[0].Distance)
		}
	}
}
