package route

import (
	"context"
	"math/rand"
	"testing"

	"github.com/paulmach/orb"
)

// gridNetwork makes an n×n grid of streets (~100 m apart) with random
// oneways, speeds, restrictions and destination-only streets, seeded.
func gridNetwork(seed int64, n int) *Network {
	rng := rand.New(rand.NewSource(seed))
	net := &Network{Profile: Driving, Barriers: map[int64]bool{}, Signals: map[int64]bool{}}
	id := func(x, y int) int64 { return int64(y*n + x + 1) }
	pt := func(x, y int) orb.Point { return orb.Point{9.5 + float64(x)*0.0013, 47.1 + float64(y)*0.0009} }
	wid := int64(1)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			for _, d := range [][2]int{{1, 0}, {0, 1}} {
				x2, y2 := x+d[0], y+d[1]
				if x2 >= n || y2 >= n || rng.Intn(10) == 0 {
					continue
				}
				sp := []float64{25, 40, 55}[rng.Intn(3)]
				w := NetWay{ID: wid, Forward: sp, Backward: sp, Class: ClassResidential}
				switch rng.Intn(6) {
				case 0:
					w.Backward = 0
				case 1:
					w.Forward = 0
				}
				net.AddWay(w, []int64{id(x, y), id(x2, y2)}, []orb.Point{pt(x, y), pt(x2, y2)})
				wid++
			}
			if rng.Intn(15) == 0 {
				net.Signals[id(x, y)] = true
			}
		}
	}
	// random via-node restrictions between ways sharing a node
	byNode := map[int64][]int64{}
	for wi, nodes := range net.wayNodes() {
		for _, nd := range nodes {
			byNode[nd] = append(byNode[nd], net.Ways[wi].ID)
		}
	}
	for nd, ws := range byNode {
		if len(ws) >= 2 && rng.Intn(8) == 0 {
			net.Restrictions = append(net.Restrictions, Restriction{From: ws[0], ViaNode: nd, To: ws[1], Only: rng.Intn(3) == 0})
		}
	}
	// destination-only streets (restricted.go), drawn apart so that the
	// draws above stay those of earlier versions
	rr := rand.New(rand.NewSource(seed + 1))
	for i := range net.Ways {
		if rr.Intn(12) == 0 {
			net.Ways[i].RestrictedForward, net.Ways[i].RestrictedBackward = true, rr.Intn(2) == 0
		}
	}
	return net
}

func TestCHEqualsDijkstra(t *testing.T) {
	seed := int64(20261121)
	t.Logf("seed %d", seed)
	g, st, err := Build(context.Background(), gridNetwork(seed, 30), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", st)
	rng := rand.New(rand.NewSource(seed))
	bb := orb.Bound{Min: orb.Point{9.5, 47.1}, Max: orb.Point{9.5 + 29*0.0013, 47.1 + 29*0.0009}}
	mismatch := 0
	for i := 0; i < 1000; i++ {
		a := orb.Point{bb.Min[0] + rng.Float64()*(bb.Max[0]-bb.Min[0]), bb.Min[1] + rng.Float64()*(bb.Max[1]-bb.Min[1])}
		b := orb.Point{bb.Min[0] + rng.Float64()*(bb.Max[0]-bb.Min[0]), bb.Min[1] + rng.Float64()*(bb.Max[1]-bb.Min[1])}
		sa, err1 := g.Snap(a, SnapOptions{Ties: true})
		sb, err2 := g.Snap(b, SnapOptions{Ties: true})
		if err1 != nil || err2 != nil {
			t.Fatalf("snap: %v %v", err1, err2)
		}
		path, w, ok := g.shortestArcs(sa[0], sb[0], 0)
		wd, okd := g.dijkstraRoute(sa[0], sb[0], 0)
		if ok != okd || (ok && w != wd) {
			mismatch++
			if mismatch < 5 {
				t.Errorf("seed %d pair %d: CH %d,%v dijkstra %d,%v", seed, i, w, ok, wd, okd)
			}
			continue
		}
		if ok {
			if got := g.pathWeight(path, sa[0], sb[0]); got != w {
				t.Errorf("seed %d pair %d: unpacked path weight %d, search weight %d", seed, i, got, w)
			}
		}
	}
	if mismatch > 0 {
		t.Errorf("seed %d: %d of 1000 pairs differ", seed, mismatch)
	}
}
