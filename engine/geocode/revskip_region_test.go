package geocode_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/internal/testpacks"
)

// TestRevSkip: the skip set read from the R*Tree's shadow table is the
// set of entries nearBoxes' SQL filter rejects, and reverse answers the
// same with it as with the filter, at street zooms, on every region.
func TestRevSkip(t *testing.T) {
	for _, region := range []string{"liechtenstein", "monaco", "andorra"} {
		t.Run(region, func(t *testing.T) {
			ix, pk := openIndex(t, testpacks.Path(t, region))
			if !ix.WaitRevSkip() {
				t.Fatal("the skip set did not load")
			}
			db := packDB(t, pk)
			ids := func(q string) []int64 {
				rows, err := db.Query(q)
				if err != nil {
					t.Fatal(err)
				}
				defer rows.Close()
				var out []int64
				for rows.Next() {
					var id int64
					rows.Scan(&id)
					out = append(out, id)
				}
				slices.Sort(out)
				return out
			}
			shadow := ids(geocode.RevSkipSQL)
			vtab := ids(`SELECT id FROM places_rtree WHERE NOT (rank_address BETWEEN 26 AND 30 OR rank_search BETWEEN 26 AND 30)`)
			if len(vtab) == 0 || !slices.Equal(shadow, vtab) {
				t.Fatalf("shadow table gives %d ids, the virtual table %d", len(shadow), len(vtab))
			}
			answers := func() []string {
				rng := rand.New(rand.NewPCG(11, 12))
				h := pk.Info.Home
				var out []string
				for range 600 {
					pt := orb.Point{h.Min[0] + rng.Float64()*(h.Max[0]-h.Min[0]), h.Min[1] + rng.Float64()*(h.Max[1]-h.Min[1])}
					for _, z := range []int{18, 17, 16} {
						p, err := ix.Reverse(context.Background(), geocode.ReverseRequest{Point: pt, Zoom: z})
						b, _ := json.Marshal(p)
						out = append(out, fmt.Sprintf("%v %d %s %v", pt, z, b, err))
					}
				}
				return out
			}
			with := answers()
			ix.SetRevSkip(false)
			without := answers()
			ix.SetRevSkip(true)
			for i := range with {
				if with[i] != without[i] {
					t.Fatalf("answer %d differs:\n with the set    %.300s\n with the filter %.300s", i, with[i], without[i])
				}
			}
		})
	}
}
