package route

import (
	"bytes"
	"context"
	"errors"
	"math/rand"
	"testing"

	"github.com/paulmach/orb"
)

// classedNetwork is gridNetwork with motorways (fast), toll roads and
// ferries (slow) drawn among its streets, seeded apart so that the grid
// is gridNetwork's.
func classedNetwork(seed int64, n int) *Network {
	net := gridNetwork(seed, n)
	rng := rand.New(rand.NewSource(seed + 2))
	for i := range net.Ways {
		w := &net.Ways[i]
		switch rng.Intn(25) {
		case 0, 1:
			w.Class = ClassMotorway
			w.Forward, w.Backward = 2*w.Forward, 2*w.Backward
		case 2:
			w.Guidance = net.AddGuidance(WayGuidance{Toll: true})
			w.Forward, w.Backward = 1.5*w.Forward, 1.5*w.Backward
		case 3:
			w.Guidance, w.Class = net.AddGuidance(WayGuidance{Toll: true}), ClassMotorwayLink
		case 4:
			w.Ferry, w.Class = true, ClassFerry
			w.Forward, w.Backward = min(w.Forward, 5), min(w.Backward, 5)
		}
	}
	return net
}

func TestParseExclude(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Exclude
		err  bool
	}{
		{"", 0, false},
		{"motorway", ExcludeMotorway, false},
		{"toll,ferry", ExcludeToll | ExcludeFerry, false},
		{"ferry,motorway,toll", ExcludeMotorway | ExcludeToll | ExcludeFerry, false},
		{"motorway,motorway", 0, true},
		{"tunnel", 0, true},
		{"motorway,", 0, true},
		{"Motorway", 0, true},
	} {
		got, err := ParseExclude(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseExclude(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.err)
		}
		if err != nil && !errors.Is(err, ErrInvalidValue) {
			t.Errorf("ParseExclude(%q) error %v does not wrap ErrInvalidValue", tt.in, err)
		}
		if err == nil {
			if again, _ := ParseExclude(got.String()); again != got {
				t.Errorf("ParseExclude(%q).String() = %q reads back as %v", tt.in, got.String(), again)
			}
		}
	}
}

// TestExcludeEqualsDijkstra: for every combination of classes, the CH
// search with the exclusion finds the weight plain Dijkstra finds on the
// graph without those roads, its unpacked path has that weight and uses
// none of them; on the decoded graph and on its image too.
func TestExcludeEqualsDijkstra(t *testing.T) {
	seed := int64(20260917)
	t.Logf("seed %d", seed)
	built, st, err := Build(context.Background(), classedNetwork(seed, 24), nil)
	if err != nil {
		t.Fatal(err)
	}
	plain, _, err := Build(context.Background(), gridNetwork(seed, 24), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v; classes cost %d hierarchy edges more than without (%d)", st, built.NumShortcuts()-plain.NumShortcuts(), plain.NumShortcuts())
	if built.up.mask == nil || built.down.mask == nil {
		t.Fatal("no hierarchy edge has a class")
	}
	blob, err := built.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := Decode(blob)
	if err != nil {
		t.Fatal(err)
	}
	mapped, err := LoadImage(imageOf(t, decoded))
	if err != nil {
		t.Fatal(err)
	}
	bb := orb.Bound{Min: orb.Point{9.5, 47.1}, Max: orb.Point{9.5 + 23*0.0013, 47.1 + 23*0.0009}}
	for name, g := range map[string]*Graph{"built": built, "decoded": decoded, "image": mapped} {
		rng := rand.New(rand.NewSource(seed))
		mismatch, routes, none := 0, 0, 0
		for i := 0; i < 300; i++ {
			x := Exclude(rng.Intn(8))
			a := orb.Point{bb.Min[0] + rng.Float64()*(bb.Max[0]-bb.Min[0]), bb.Min[1] + rng.Float64()*(bb.Max[1]-bb.Min[1])}
			b := orb.Point{bb.Min[0] + rng.Float64()*(bb.Max[0]-bb.Min[0]), bb.Min[1] + rng.Float64()*(bb.Max[1]-bb.Min[1])}
			sa, err1 := g.Snap(a, SnapOptions{Ties: true, Exclude: x})
			sb, err2 := g.Snap(b, SnapOptions{Ties: true, Exclude: x})
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: snap: %v %v", name, err1, err2)
			}
			if g.Excluded(sa[0], x) || g.Excluded(sb[0], x) {
				t.Fatalf("%s pair %d: snapped onto an excluded road (%v)", name, i, x)
			}
			path, w, ok := g.shortestArcs(sa[0], sb[0], x)
			wd, okd := g.dijkstraRoute(sa[0], sb[0], x)
			if ok != okd || ok && w != wd {
				mismatch++
				if mismatch < 5 {
					t.Errorf("%s pair %d exclude %v: CH %d,%v dijkstra %d,%v", name, i, x, w, ok, wd, okd)
				}
				continue
			}
			if !ok {
				none++
				continue
			}
			routes++
			if got := g.pathWeight(path, sa[0], sb[0]); got != w {
				t.Errorf("%s pair %d exclude %v: unpacked path weight %d, search weight %d", name, i, x, got, w)
			}
			for _, arc := range path {
				if g.arcMask(arc)&uint8(x) != 0 {
					t.Errorf("%s pair %d exclude %v: the route uses arc %d of classes %v", name, i, x, arc, Exclude(g.arcMask(arc)))
					break
				}
			}
		}
		if mismatch > 0 {
			t.Errorf("%s: seed %d: %d of 300 pairs differ", name, seed, mismatch)
		}
		if routes < 200 {
			t.Errorf("%s: %d routes, %d without one: the fixture tests little", name, routes, none)
		}
	}
}

// TestExcludeTableAndRoute: tables and routes with an exclusion agree with
// the point-to-point search, whose weight never falls below the plain
// one's; some exclusion changes some route.
func TestExcludeTableAndRoute(t *testing.T) {
	seed := int64(7)
	t.Logf("seed %d", seed)
	g, _, err := Build(context.Background(), classedNetwork(seed, 16), nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(seed))
	bb := orb.Bound{Min: orb.Point{9.5, 47.1}, Max: orb.Point{9.5 + 15*0.0013, 47.1 + 15*0.0009}}
	all := ExcludeMotorway | ExcludeToll | ExcludeFerry
	var snaps []Snap
	for range 12 {
		p := orb.Point{bb.Min[0] + rng.Float64()*(bb.Max[0]-bb.Min[0]), bb.Min[1] + rng.Float64()*(bb.Max[1]-bb.Min[1])}
		s, err := g.Snap(p, SnapOptions{Ties: true, Exclude: all})
		if err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, s[0])
	}
	differ := 0
	for _, x := range []Exclude{0, ExcludeMotorway, ExcludeToll | ExcludeFerry, all} {
		tab, err := g.Table(context.Background(), snaps, snaps, TableOptions{Exclude: x})
		if err != nil {
			t.Fatal(err)
		}
		for i := range snaps {
			for j := range snaps {
				_, w, ok := g.shortestArcs(snaps[i], snaps[j], x)
				_, w0, ok0 := g.shortestArcs(snaps[i], snaps[j], 0)
				if ok && (!ok0 || w < w0) {
					t.Errorf("exclude %v: %d→%d weighs %d, less than without (%d, %v)", x, i, j, w, w0, ok0)
				}
				if ok && w != w0 {
					differ++
				}
				d := tab.Durations[i][j]
				routes, err := g.Route(context.Background(), []Snap{snaps[i], snaps[j]}, RouteOptions{Exclude: x})
				switch {
				case !ok:
					if d == d || !errors.Is(err, ErrNoRoute) {
						t.Errorf("exclude %v: %d→%d has no route; table %.1f, Route %v", x, i, j, d, err)
					}
				case i == j:
				case err != nil:
					t.Errorf("exclude %v: Route %d→%d: %v (table %.1f s)", x, i, j, err, d)
				case abs(d-float64(durationOf(w))/10) > 0.05 || abs(routes[0].Duration-d) > 0.5:
					t.Errorf("exclude %v: %d→%d: search %.1f s, table %.1f s, Route %.1f s", x, i, j,
						float64(durationOf(w))/10, d, routes[0].Duration)
				}
			}
		}
	}
	if differ == 0 {
		t.Error("no exclusion changed a route: the fixture tests nothing")
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestExcludeEncodings: a graph with classes streams (Write) to Build's
// bytes, decodes and encodes again to them, and older formats leave the
// classes out (so they are smaller than they would be).
func TestExcludeEncodings(t *testing.T) {
	net := classedNetwork(11, 6)
	built, _, err := Build(context.Background(), cloneNetwork(net), nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := built.MarshalBinary()
	for _, chunk := range []int{0, 1, 7} {
		var buf bytes.Buffer
		if _, err := Write(context.Background(), &buf, cloneNetwork(net), WriteOptions{TempDir: t.TempDir(), chunk: chunk}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Fatalf("Write (chunk %d) wrote %d bytes, not Build's %d", chunk, buf.Len(), len(want))
		}
	}
	g, err := Decode(want)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := g.MarshalBinary(); !bytes.Equal(again, want) {
		t.Fatal("re-encoding differs")
	}
	if !bytes.Equal(g.up.mask, built.up.mask) || !bytes.Equal(g.down.mask, built.down.mask) {
		t.Fatal("the classes decode otherwise")
	}
	// a class changed on one edge changes the encoding and decodes back
	k := bytes.IndexFunc(g.up.mask, func(r rune) bool { return r != 0 })
	if k < 0 {
		t.Fatal("no up edge has a class")
	}
	g.up.mask[k] ^= uint8(ExcludeToll)
	changed, _ := g.MarshalBinary()
	if bytes.Equal(changed, want) {
		t.Fatal("a changed class encodes the same")
	}
}

// TestCheckExclude: a class the profile cannot exclude is ErrInvalidValue;
// a graph read from an encoding before V7 (a pack before exclude=) refuses
// an exclusion when it has roads of an excludable class
// (ErrExcludeUnsupported, which Route and Table return too), and serves
// one when it has none; the same graph encoded now serves it.
func TestCheckExclude(t *testing.T) {
	classed, _, err := Build(context.Background(), classedNetwork(5, 8), nil)
	if err != nil {
		t.Fatal(err)
	}
	plain, _, err := Build(context.Background(), gridNetwork(5, 8), nil)
	if err != nil {
		t.Fatal(err)
	}
	all := ExcludeMotorway | ExcludeToll | ExcludeFerry
	old, err := Decode(marshalOld(classed, func(w *varWriter) { w.v6 = true }))
	if err != nil {
		t.Fatal(err)
	}
	oldPlain, err := Decode(marshalOld(plain, func(w *varWriter) { w.v6 = true }))
	if err != nil {
		t.Fatal(err)
	}
	now, err := Decode(mustMarshal(t, classed))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		g    *Graph
		x    Exclude
		want error
	}{
		{"none", old, 0, nil},
		{"current encoding", now, all, nil},
		{"old encoding with classed roads", old, ExcludeFerry, ErrExcludeUnsupported},
		{"old encoding without classed roads", oldPlain, all, nil},
	} {
		if err := tt.g.CheckExclude(tt.x); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("%s: CheckExclude(%v) = %v, want %v", tt.name, tt.x, err, tt.want)
		}
	}
	if !errors.Is(ErrExcludeUnsupported, ErrInvalidValue) {
		t.Error("ErrExcludeUnsupported does not wrap ErrInvalidValue")
	}
	wnet := gridNetwork(5, 8)
	wnet.Profile = Walking
	walking, _, err := Build(context.Background(), wnet, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := walking.CheckExclude(ExcludeMotorway); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("walking exclude=motorway: %v, want ErrInvalidValue", err)
	}
	if err := walking.CheckExclude(ExcludeFerry); err != nil {
		t.Errorf("walking exclude=ferry: %v", err)
	}
	s, err := old.Snap(old.pts[0], SnapOptions{Radius: 1000})
	if err != nil {
		t.Fatal(err)
	}
	d, err := old.Snap(old.pts[len(old.pts)-1], SnapOptions{Radius: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.Route(context.Background(), []Snap{s[0], d[0]}, RouteOptions{Exclude: ExcludeFerry}); !errors.Is(err, ErrExcludeUnsupported) {
		t.Errorf("Route on the old encoding: %v, want ErrExcludeUnsupported", err)
	}
	if _, err := old.Table(context.Background(), s, d, TableOptions{Exclude: ExcludeFerry}); !errors.Is(err, ErrExcludeUnsupported) {
		t.Errorf("Table on the old encoding: %v, want ErrExcludeUnsupported", err)
	}
}

func mustMarshal(t *testing.T, g *Graph) []byte {
	t.Helper()
	b, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
