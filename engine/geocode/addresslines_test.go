package geocode_test

import (
	"context"
	"reflect"
	"testing"

	"waymark/engine/geocode"
	"waymark/engine/pack"
	"waymark/internal/testpacks"
)

// copiedLinesSQL turns a format 3 pack's place_addressline into the
// layout of older packs: every house holds copies of its street's rows
// (isaddress only below the street's rank) and no inherits column.
const copiedLinesSQL = `
CREATE TABLE copied(place_id INTEGER NOT NULL, address_place_id INTEGER NOT NULL, rank_address INTEGER NOT NULL,
	isaddress INTEGER NOT NULL, distance REAL NOT NULL, fromarea INTEGER NOT NULL,
	PRIMARY KEY(place_id, address_place_id)) WITHOUT ROWID;
INSERT INTO copied SELECT place_id, address_place_id, rank_address, isaddress, distance, fromarea FROM place_addressline;
INSERT OR IGNORE INTO copied SELECT h.place_id, b.address_place_id, b.rank_address,
	b.isaddress AND b.rank_address < h.rank_address, b.distance, b.fromarea
	FROM place_addressline h JOIN place_addressline b ON b.place_id = h.address_place_id WHERE h.inherits;
DROP TABLE place_addressline;
ALTER TABLE copied RENAME TO place_addressline;`

// TestAddressLinesCopied checks that a house's address read through its
// street's rows (format 3) is the address of a pack where every house
// holds copies of them (older formats, which the engine still reads):
// every place of the LI pack, compared whole.
func TestAddressLinesCopied(t *testing.T) {
	src := testpacks.Path(t, "liechtenstein")
	old, db := olderCopy(t, src, `CREATE TEMP TABLE inheriting AS SELECT count(*) AS n FROM place_addressline WHERE inherits;`+copiedLinesSQL)
	var inheriting int
	if err := db.QueryRow(`SELECT n FROM temp.inheriting`).Scan(&inheriting); err != nil || inheriting < 1000 {
		t.Fatalf("LI pack: %d inheriting rows (%v), want the houses' (> 1000)", inheriting, err)
	}
	ids := column[int64](t, db, `SELECT place_id FROM places ORDER BY place_id`)

	places := func(path string) []geocode.Place {
		pk, err := pack.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer pk.Close()
		ix, err := geocode.Open(context.Background(), packDB(t, pk))
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		var out []geocode.Place
		for len(ids) > 0 && len(out) < len(ids) {
			batch := ids[len(out):min(len(ids), len(out)+500)]
			res, err := ix.Places(context.Background(), batch, geocode.Output{})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, res...)
		}
		return out
	}
	got, want := places(src), places(old)
	if len(got) != len(ids) || len(want) != len(ids) {
		t.Fatalf("Places(all %d ids) = %d and %d places", len(ids), len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i].Address, want[i].Address) || got[i].DisplayName != want[i].DisplayName {
			t.Fatalf("place %d: address %v (%q), with copied lines %v (%q)", ids[i],
				got[i].Address, got[i].DisplayName, want[i].Address, want[i].DisplayName)
		}
	}
}
