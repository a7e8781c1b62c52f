package regions_test

import (
	"context"
	"encoding/xml"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/testpacks"
	"waymark/internal/testregions"
	"waymark/regions"
)

// writePart writes the part of d whose nodes satisfy in, as osmium's
// "complete ways" strategy cuts: every node inside, every way with a node
// inside (with all its nodes), every relation with a member inside (and
// every relation of relations), to an OSM XML file.
func writePart(t *testing.T, d *regions.Data, in func(orb.Point) bool, path string) {
	t.Helper()
	// Data keeps the locations of way nodes, tagged nodes and relation
	// members: every node that can matter to a pack.
	coords := map[osm.NodeID]orb.Point{}
	for _, w := range d.Ways() {
		for i, id := range w.Nodes {
			if p, ok := w.Point(i); ok {
				coords[id] = p
			}
		}
	}
	for n := range d.TaggedNodes() {
		coords[n.ID] = n.Point()
	}
	for r := range d.Relations() {
		for _, m := range r.Members {
			if p, ok := d.MemberPoint(osm.NodeID(m.Ref)); ok && m.Type == osm.TypeNode {
				coords[osm.NodeID(m.Ref)] = p
			}
		}
	}
	nodes := map[osm.NodeID]bool{}
	for id, p := range coords {
		if in(p) {
			nodes[id] = true
		}
	}
	out := &osm.OSM{Version: "0.6"}
	ways := map[osm.WayID]bool{}
	for _, w := range d.Ways() {
		keep := false
		for _, id := range w.Nodes {
			if nodes[id] {
				keep = true
				break
			}
		}
		if keep {
			ways[w.ID] = true
			ow := &osm.Way{ID: w.ID, Tags: w.Tags, Visible: true}
			for _, id := range w.Nodes {
				ow.Nodes = append(ow.Nodes, osm.WayNode{ID: id})
			}
			out.Ways = append(out.Ways, ow)
		}
	}
	for _, w := range out.Ways {
		for _, wn := range w.Nodes {
			nodes[wn.ID] = true
		}
	}
	for id := range nodes {
		p, ok := coords[id]
		if !ok {
			continue
		}
		n := &osm.Node{ID: id, Lon: p[0], Lat: p[1], Visible: true}
		if tagged := d.Node(id); tagged != nil {
			n.Tags = tagged.Tags
		}
		out.Nodes = append(out.Nodes, n)
	}
	for r := range d.Relations() {
		keep := false
		for _, m := range r.Members {
			if m.Type == osm.TypeRelation || m.Type == osm.TypeNode && nodes[osm.NodeID(m.Ref)] || m.Type == osm.TypeWay && ways[osm.WayID(m.Ref)] {
				keep = true
				break
			}
		}
		if keep {
			or := &osm.Relation{ID: r.ID, Tags: r.Tags, Visible: true}
			for _, m := range r.Members {
				or.Members = append(or.Members, osm.Member{Type: m.Type, Ref: m.Ref, Role: m.Role})
			}
			out.Relations = append(out.Relations, or)
		}
	}
	b, err := xml.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append([]byte(xml.Header), b...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMergedExtractsRouteAsOne: LI cut into a north and a south part that
// overlap by ~4 km, imported together, routes across the cut exactly as
// the pack of the single file.
func TestMergedExtractsRouteAsOne(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an LI pack from two parts")
	}
	ctx := context.Background()
	d, err := regions.Load(ctx, testregions.Extract(t, "liechtenstein"), nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	north, south := filepath.Join(dir, "north.osm"), filepath.Join(dir, "south.osm")
	writePart(t, d, func(p orb.Point) bool { return p[1] >= 47.14 }, north)
	writePart(t, d, func(p orb.Point) bool { return p[1] <= 47.18 }, south)
	merged := filepath.Join(dir, "merged.waymark")
	if _, err := regions.BuildAll(ctx, []string{north, south}, merged, regions.Options{}); err != nil {
		t.Fatal(err)
	}
	one, err := engine.Open(testpacks.Path(t, "liechtenstein"))
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	two, err := engine.Open(merged)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()
	seed := uint64(21)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 3))
	compared := 0
	for k := 0; k < 60; k++ {
		a := orb.Point{9.50 + rng.Float64()*0.06, 47.20 + rng.Float64()*0.03} // north of the overlap
		b := orb.Point{9.50 + rng.Float64()*0.05, 47.06 + rng.Float64()*0.06} // south of it
		for _, prof := range route.Profiles {
			req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: []orb.Point{a, b}}}
			want, werr := one.Directions(ctx, req)
			got, gerr := two.Directions(ctx, req)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%s %v→%v: merged err %v, single err %v", prof, a, b, gerr, werr)
			}
			if werr != nil {
				continue
			}
			w, g := want.Routes[0], got.Routes[0]
			if w.Duration != g.Duration || w.Distance != g.Distance {
				t.Errorf("%s %v→%v: merged pack %.1f s %.1f m, single-file pack %.1f s %.1f m", prof, a, b, g.Duration, g.Distance, w.Duration, w.Distance)
			}
			compared++
		}
	}
	if compared < 60 {
		t.Errorf("only %d routes compared", compared)
	}
	t.Logf("%d routes across the cut compared", compared)
}
