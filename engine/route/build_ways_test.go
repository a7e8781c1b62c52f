package route

import (
	"bytes"
	"math/rand"
	"slices"
	"testing"
)

// TestEdgeStringsByWay: the builder's edges keep their way's name, ref
// and destination by way (edgeStrings) and find their way by its edge
// range (wayOf); the per-edge arrays they make and write are those a
// number per edge made, with ways without edges among them.
func TestEdgeStringsByWay(t *testing.T) {
	seed := int64(23)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	for round := range 300 {
		n := rng.Intn(10)
		b := &builder{wayFirst: make([]uint32, n+1)}
		names := newEdgeStrings(make([]uint32, n), b.wayFirst)
		var want [3][]uint32
		var wantWay []int32
		e := uint32(0)
		for wi := range n {
			b.wayFirst[wi] = e
			if rng.Intn(3) == 0 {
				continue // no edges
			}
			tri := [3]uint32{uint32(rng.Intn(3)), uint32(rng.Intn(2)), uint32(rng.Intn(2))}
			names.set(wi, tri)
			for range 1 + rng.Intn(3) {
				for k := range 3 {
					want[k] = append(want[k], tri[k])
				}
				wantWay = append(wantWay, int32(wi))
				e++
			}
		}
		b.wayFirst[n] = e
		for e, wi := range wantWay {
			if got := b.wayOf(uint32(e)); got != wi {
				t.Fatalf("round %d, first edges %v: wayOf(%d) = %d, want %d", round, b.wayFirst, e, got, wi)
			}
		}
		g := &Graph{}
		names.fill(g)
		for k, got := range [][]uint32{g.eName, g.eRef, g.eDest} {
			if !slices.Equal(got, want[k]) && len(got)+len(want[k]) > 0 {
				t.Fatalf("round %d, first edges %v: strings %d made %v, want %v", round, b.wayFirst, k, got, want[k])
			}
		}
		var gotBuf, wantBuf bytes.Buffer
		gw, ww := newVarWriter(&gotBuf), newVarWriter(&wantBuf)
		names.write(gw)
		for k := range 3 {
			ww.u32s(want[k], false)
		}
		gw.flush()
		ww.flush()
		if !bytes.Equal(gotBuf.Bytes(), wantBuf.Bytes()) {
			t.Fatalf("round %d, first edges %v: wrote % x, want % x", round, b.wayFirst, gotBuf.Bytes(), wantBuf.Bytes())
		}
	}
}
