package geocode_test

import (
	"context"
	"math/rand"
	"slices"
	"strconv"
	"testing"

	"github.com/paulmach/orb"
)

// TestCategoryInBox: the places of a category in a box, read through the
// R*Tree for a small box, are the ones categorySQL reads by category, for
// random boxes over the LI pack from a street's size to the country's.
func TestCategoryInBox(t *testing.T) {
	ix, pk := liIndex(t)
	db := packDB(t, pk)
	ctx := context.Background()
	const seed = 5
	rng := rand.New(rand.NewSource(seed))
	cats := [][2]string{{"amenity", "parking"}, {"amenity", "restaurant"}, {"highway", "bus_stop"}, {"tourism", "hotel"}, {"amenity", "bench"}}
	for i := range 200 {
		c := cats[i%len(cats)]
		size := 0.001 * float64(int(1)<<rng.Intn(9)) // 0.001° .. 0.256°
		lon, lat := 9.47+rng.Float64()*0.16, 47.05+rng.Float64()*0.2
		box := orb.Bound{Min: orb.Point{lon - size, lat - size}, Max: orb.Point{lon + size, lat + size}}
		got, err := ix.CategoryInBox(ctx, c[0], c[1], box)
		if err != nil {
			t.Fatal(err)
		}
		want := column[int64](t, db, `SELECT place_id FROM places WHERE class = '`+c[0]+`' AND type = '`+c[1]+`'
			AND linked_place_id = 0 AND lon BETWEEN `+ftoa(box.Min[0])+` AND `+ftoa(box.Max[0])+`
			AND lat BETWEEN `+ftoa(box.Min[1])+` AND `+ftoa(box.Max[1])+` ORDER BY place_id LIMIT 5000`)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: CategoryInBox(%v, %v) = %d places, want %d", seed, c, box, len(got), len(want))
		}
	}
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
