package route

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/flat"
)

// aligned copies b to memory starting 8-aligned (as a mapping does), so
// that tests can change it.
func aligned(b []byte) []byte { return flat.Aligned(append([]byte{0}, b...)[1:]) }

func imageOf(tb testing.TB, g *Graph) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := g.WriteImage(&buf); err != nil {
		tb.Fatal(err)
	}
	return aligned(buf.Bytes())
}

// decodedGrid returns a decoded graph (derived arrays made) of a seeded
// random grid network with restrictions.
func decodedGrid(tb testing.TB) *Graph {
	tb.Helper()
	built, _, err := Build(context.Background(), gridNetwork(8, 9), nil)
	if err != nil {
		tb.Fatal(err)
	}
	blob, err := built.MarshalBinary()
	if err != nil {
		tb.Fatal(err)
	}
	g, err := Decode(blob)
	if err != nil {
		tb.Fatal(err)
	}
	g.SetBuildID("build-1")
	return g
}

// TestImageRoundTrip: a graph loaded from its image writes the same image
// and answers snaps and routes as the decoded graph does.
func TestImageRoundTrip(t *testing.T) {
	g := decodedGrid(t)
	img := imageOf(t, g)
	m, err := LoadImage(img)
	if err != nil {
		t.Fatal(err)
	}
	if again := imageOf(t, m); !bytes.Equal(again, img) {
		t.Fatal("the loaded graph's image differs")
	}
	if m.Profile() != g.Profile() || m.buildID != "build-1" || len(m.strs) != len(g.strs) {
		t.Fatalf("profile %v build %q strings %d, want %v build-1 %d", m.Profile(), m.buildID, len(m.strs), g.Profile(), len(g.strs))
	}
	for i := range g.strs {
		if m.strs[i] != g.strs[i] {
			t.Fatalf("string %d = %q, want %q", i, m.strs[i], g.strs[i])
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	b := g.bound
	point := func() orb.Point {
		return orb.Point{b.Min[0] + rng.Float64()*(b.Max[0]-b.Min[0]), b.Min[1] + rng.Float64()*(b.Max[1]-b.Min[1])}
	}
	answer := func(gr *Graph, p, q orb.Point) string {
		s, err := gr.Snap(p, SnapOptions{Radius: 5000})
		if err != nil {
			return err.Error()
		}
		u, err := gr.Snap(q, SnapOptions{Radius: 5000})
		if err != nil {
			return err.Error()
		}
		rs, err := gr.Route(context.Background(), []Snap{s[0], u[0]}, RouteOptions{Output: Output{Steps: true}})
		if err != nil {
			return err.Error()
		}
		j, _ := json.Marshal(rs)
		return string(j)
	}
	for i := 0; i < 200; i++ {
		p, q := point(), point()
		if a, b := answer(g, p, q), answer(m, p, q); a != b {
			t.Fatalf("route %v → %v differs:\n decoded %s\n image   %s", p, q, a, b)
		}
	}
}

// TestLoadImageRejects: what is not a whole image of this machine's byte
// order gives ErrGraph, never a panic.
func TestLoadImageRejects(t *testing.T) {
	img := imageOf(t, decodedGrid(t))
	otherOrder := aligned(img)
	binary.BigEndian.PutUint32(otherOrder[8:], 0x01020304)
	if binary.LittleEndian.Uint32(otherOrder[8:]) == 0x01020304 {
		binary.LittleEndian.PutUint32(otherOrder[8:], 0x04030201)
	}
	fewer := aligned(img)
	arrays := len((&Graph{}).imageFields(nil, nil))
	binary.LittleEndian.PutUint64(fewer[64+16:], uint64(arrays-1)) // after the header and the 8-byte id "build-1"
	wrongSize := aligned(img)
	binary.LittleEndian.PutUint64(wrongSize[64+24:], 2) // eFrom's element size
	tests := []struct {
		name string
		data []byte
		want string // in the message
	}{
		{"empty", nil, "not a WMGIMG03 image"},
		{"magic only", aligned([]byte(imageMagic)), "cut short"},
		{"bad magic", aligned(append([]byte("WMGIMG99"), img[8:]...)), "not a WMGIMG03 image"},
		{"other byte order", otherOrder, "other byte order"},
		{"array count", fewer, "arrays, not 50"},
		{"element size", wrongSize, "elements of 2 bytes, not 4"},
		{"cut short", aligned(img[:len(img)/2]), "cut short"},
		{"last byte missing", aligned(img[:len(img)-1]), "cut short"},
		{"trailing bytes", aligned(append(append([]byte(nil), img...), 0, 0, 0, 0, 0, 0, 0, 0)), "bytes, not"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadImage(tc.data)
			if !errors.Is(err, ErrGraph) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("LoadImage = %v, want ErrGraph saying %q", err, tc.want)
			}
		})
	}
	t.Run("every cut", func(t *testing.T) {
		for n := 0; n < len(img); n += 1 + n/50 {
			if _, err := LoadImage(aligned(img[:n])); !errors.Is(err, ErrGraph) {
				t.Fatalf("LoadImage of the first %d bytes = %v, want ErrGraph", n, err)
			}
		}
	})
}

// BenchmarkLoadImage: opening a graph from its image (the arrays are
// not read, only the header and the strings').
func BenchmarkLoadImage(b *testing.B) {
	img := imageOf(b, decodedGrid(b))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadImage(img); err != nil {
			b.Fatal(err)
		}
	}
}
