package testpacks

import (
	"context"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/internal/testregions"
	"waymark/regions"
)

// CutPacks are the packs of LI cut into a north and a south part that
// overlap by ~4.4 km (north: latitude ≥ 47.14, south: ≤ 47.18, each cut
// as osmium's "complete ways" strategy cuts), each imported alone, and
// the pack of both parts imported together (regions.BuildAll).
type CutPacks struct {
	North, South, Merged string
}

// CutNorth and CutSouth are the latitudes of the cut: the north part holds
// what lies at or north of CutNorth, the south part at or south of CutSouth.
const (
	CutNorth = 47.14
	CutSouth = 47.18
)

// Cut returns the packs of the LI cut, built once per test binary with
// the current code; in $WAYMARK_TEST_PACKS/cut they are reused while newer
// than that directory's LI pack (make testpacks rebuilds it), elsewhere
// built into a temporary directory.
func Cut(tb testing.TB) CutPacks {
	tb.Helper()
	src := testregions.Extract(tb, "liechtenstein")
	dir := ""
	fresh := func(string) bool { return false }
	if d := os.Getenv("WAYMARK_TEST_PACKS"); d != "" {
		dir = filepath.Join(d, "cut")
		if li := filepath.Join(d, "liechtenstein.waymark"); exists(li) {
			fresh = func(p string) bool { return newer(p, li) }
		} else {
			fresh = func(p string) bool { return newer(p, src) }
		}
	}
	b := onceShared("cut", func() (string, error) {
		if dir == "" {
			d, err := os.MkdirTemp("", "waymark-cut-")
			if err != nil {
				return "", err
			}
			dir = d
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		cp := cutPaths(dir)
		if fresh(cp.North) && fresh(cp.South) && fresh(cp.Merged) {
			return dir, nil
		}
		ctx := context.Background()
		d, err := regions.Load(ctx, src, nil)
		if err != nil {
			return "", err
		}
		north, south := filepath.Join(dir, "north.osm"), filepath.Join(dir, "south.osm")
		if err := WritePart(d, func(p orb.Point) bool { return p[1] >= CutNorth }, north); err != nil {
			return "", err
		}
		if err := WritePart(d, func(p orb.Point) bool { return p[1] <= CutSouth }, south); err != nil {
			return "", err
		}
		for _, part := range [][2]string{{north, cp.North}, {south, cp.South}} {
			if _, err := regions.Build(ctx, part[0], part[1], regions.Options{}); err != nil {
				return "", fmt.Errorf("import %s: %w", filepath.Base(part[0]), err)
			}
		}
		if _, err := regions.BuildAll(ctx, []string{north, south}, cp.Merged, regions.Options{}); err != nil {
			return "", fmt.Errorf("import both parts: %w", err)
		}
		return dir, nil
	})
	if b.err != nil {
		tb.Fatalf("LI cut packs: %v", b.err)
	}
	return cutPaths(b.path)
}

func cutPaths(dir string) CutPacks {
	return CutPacks{North: filepath.Join(dir, "li-north.waymark"), South: filepath.Join(dir, "li-south.waymark"),
		Merged: filepath.Join(dir, "li-merged.waymark")}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// WritePart writes the part of d whose nodes satisfy in, as osmium's
// "complete ways" strategy cuts: every node inside, every way with a node
// inside (with all its nodes), every relation with a member inside (and
// every relation of relations), to an OSM XML file.
func WritePart(d *regions.Data, in func(orb.Point) bool, path string) error {
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
		return err
	}
	return os.WriteFile(path, append([]byte(xml.Header), b...), 0o644)
}
