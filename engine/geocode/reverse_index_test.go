package geocode_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/flat"
	"waymark/engine/geocode"
	"waymark/internal/testpacks"
)

// reverseAnswers reverses n points of the pack around ix: half uniform in
// its home box, half within ~60 m of a random candidate place (towns,
// house numbers), at the street zooms and with several layer sets.
func reverseAnswers(t *testing.T, ix *geocode.Index, centres []orb.Point, home orb.Bound, n int) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(21, 22))
	layerSets := []geocode.Layer{0, geocode.LayerAddress, geocode.LayerPOI, geocode.LayerAll,
		geocode.LayerRailway | geocode.LayerNatural | geocode.LayerManmade}
	var out []string
	for k := range n {
		var pt orb.Point
		if k%2 == 0 || len(centres) == 0 {
			pt = orb.Point{home.Min[0] + rng.Float64()*(home.Max[0]-home.Min[0]), home.Min[1] + rng.Float64()*(home.Max[1]-home.Min[1])}
		} else {
			c := centres[rng.IntN(len(centres))]
			pt = orb.Point{c[0] + (rng.Float64()-0.5)*0.0015, c[1] + (rng.Float64()-0.5)*0.001}
		}
		for _, z := range []int{18, 17, 16} {
			layers := layerSets[rng.IntN(len(layerSets))]
			p, err := ix.Reverse(context.Background(), geocode.ReverseRequest{Point: pt, Zoom: z, Layers: layers})
			b, _ := json.Marshal(p)
			if err != nil {
				b = []byte(err.Error())
			}
			out = append(out, fmt.Sprintf("%v z%d l%d %s", pt, z, layers, b))
		}
	}
	return out
}

// TestReverseIndexSameAnswers: reverse gives the same answers (every
// field, the distance included) from the pack's reverse index, built and
// read back from its image, as from SQLite, on every region.
func TestReverseIndexSameAnswers(t *testing.T) {
	for _, region := range []string{"liechtenstein", "monaco", "andorra"} {
		t.Run(region, func(t *testing.T) {
			ix, pk := openIndex(t, testpacks.Path(t, region))
			ri, err := geocode.NewReverseIndex(context.Background(), ix)
			if err != nil {
				t.Fatal(err)
			}
			if ri.Len() == 0 {
				t.Fatal("no candidates")
			}
			var buf bytes.Buffer
			if err := ri.WriteImage(&buf, "build-1"); err != nil {
				t.Fatal(err)
			}
			mapped, id, err := geocode.ReadReverseImage(flat.Aligned(buf.Bytes()))
			if err != nil || id != "build-1" || mapped.Len() != ri.Len() {
				t.Fatalf("image: %v, build %q, %d candidates of %d", err, id, mapped.Len(), ri.Len())
			}
			var centres []orb.Point
			for i := range ri.Len() {
				centres = append(centres, geocode.ReverseIndexCentroid(ri, i))
			}
			const n = 500
			ix.SetReverseIndex(nil)
			want := reverseAnswers(t, ix, centres, pk.Info.Home, n)
			defer ix.SetReverseIndex(nil)
			for name, r := range map[string]*geocode.ReverseIndex{"built": ri, "image": mapped} {
				ix.SetReverseIndex(r)
				got := reverseAnswers(t, ix, centres, pk.Info.Home, n)
				found := 0
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%s index: answer %d differs:\n index  %.400s\n SQLite %.400s", name, i, got[i], want[i])
					}
					if bytes.Contains([]byte(want[i]), []byte(`"PlaceID"`)) {
						found++
					}
				}
				if found < len(want)/3 {
					t.Errorf("only %d of %d reverses found a place", found, len(want))
				}
			}
		})
	}
}

// TestReverseImageRefusesCuts: every cut of a reverse image is refused,
// not misread.
func TestReverseImageRefusesCuts(t *testing.T) {
	ix, _ := openIndex(t, testpacks.Path(t, "monaco"))
	ri, err := geocode.NewReverseIndex(context.Background(), ix)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := ri.WriteImage(&buf, "b"); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	step := max(1, len(data)/3000)
	for cut := 0; cut < len(data); cut += step {
		if _, _, err := geocode.ReadReverseImage(flat.Aligned(data[:cut])); err == nil {
			t.Fatalf("image cut at %d of %d bytes read", cut, len(data))
		}
	}
}

// TestPlaceNodesNear: the place node reverse picks from the index by rank
// and longitude is the one a scan of every node picks, for points near
// nodes and anywhere, every rank window of the zooms, with and without a
// containing area.
func TestPlaceNodesNear(t *testing.T) {
	for _, region := range []string{"liechtenstein", "monaco", "andorra"} {
		t.Run(region, func(t *testing.T) {
			ix, pk := openIndex(t, testpacks.Path(t, region))
			centres := geocode.PlaceNodeCentroids(ix)
			if len(centres) == 0 {
				t.Fatal("no place nodes")
			}
			rng := rand.New(rand.NewPCG(31, 32))
			h := pk.Info.Home
			found := 0
			for k := range 4000 {
				pt := orb.Point{h.Min[0] + rng.Float64()*(h.Max[0]-h.Min[0]), h.Min[1] + rng.Float64()*(h.Max[1]-h.Min[1])}
				if k%2 == 1 {
					c := centres[rng.IntN(len(centres))]
					pt = orb.Point{c[0] + (rng.Float64()-0.5)*0.05, c[1] + (rng.Float64()-0.5)*0.05}
				}
				maxRank := geocode.ZoomRank(rng.IntN(19))
				areaRank := 4 + rng.IntN(max(1, maxRank-4))
				var area orb.Geometry
				if k%3 == 0 {
					d := 0.01 + rng.Float64()*0.05
					area = orb.Polygon{{{pt[0] - d, pt[1] - d}, {pt[0] + d, pt[1] - d}, {pt[0] + d, pt[1] + d}, {pt[0] - d, pt[1] + d}, {pt[0] - d, pt[1] - d}}}
				}
				got, scan := geocode.PlaceNodeNear(ix, pt, areaRank, maxRank, area)
				if got != scan {
					t.Fatalf("point %v ranks (%d, %d], area %v: node %d, the scan's %d", pt, areaRank, maxRank, area != nil, got, scan)
				}
				if got != 0 {
					found++
				}
			}
			if found < 400 {
				t.Errorf("only %d of 4000 lookups found a node", found)
			}
		})
	}
}
