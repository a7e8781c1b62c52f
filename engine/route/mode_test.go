package route

import (
	"bytes"
	"context"
	"slices"
	"testing"
)

// TestPushedDirectionsKept: the directions where a bike is pushed
// (NetWay.PushForward/PushBackward, kept per edge apart from the full
// edge flags) give the "pushing bike" mode in that direction only, and
// survive Write (the import's streaming encoding), Decode and the graph
// image; a V6 encoding (before them) decodes without any.
func TestPushedDirectionsKept(t *testing.T) {
	net := gridNetwork(3, 4)
	net.Profile = Cycling
	net.Ways[0].PushForward = true
	net.Ways[1].PushBackward = true
	built, _, err := Build(context.Background(), cloneNetwork(net), nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := Write(context.Background(), &buf, cloneNetwork(net), WriteOptions{TempDir: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	written, err := Decode(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var img bytes.Buffer
	if err := written.WriteImage(&img); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadImage(img.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	v6, err := Decode(marshalV6(built))
	if err != nil {
		t.Fatal(err)
	}
	count := func(g *Graph, back bool) int {
		n := 0
		for e := range g.eFrom {
			if g.mode(uint32(e), back) == "pushing bike" {
				n++
			}
		}
		return n
	}
	fwd, bwd := count(built, false), count(built, true)
	if fwd == 0 || bwd == 0 {
		t.Fatalf("built graph: %d edges pushed forward, %d backward; want both some", fwd, bwd)
	}
	for _, tt := range []struct {
		name string
		g    *Graph
	}{{"written", written}, {"image", loaded}} {
		if !slices.Equal(tt.g.ePush, built.ePush) {
			t.Errorf("%s: pushed directions differ from the built graph's", tt.name)
		}
		if f, b := count(tt.g, false), count(tt.g, true); f != fwd || b != bwd {
			t.Errorf("%s: %d/%d edges pushed forward/backward, want %d/%d", tt.name, f, b, fwd, bwd)
		}
	}
	if v6.ePush != nil || count(v6, false)+count(v6, true) != 0 {
		t.Error("a V6 encoding decoded with pushed directions")
	}
	plain, _, err := Build(context.Background(), gridNetwork(3, 4), nil)
	if err != nil {
		t.Fatal(err)
	}
	if plain.ePush != nil {
		t.Error("a graph without pushed ways keeps a pushed-direction array")
	}
}
