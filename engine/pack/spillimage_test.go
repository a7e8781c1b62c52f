package pack_test

import (
	"bytes"
	"testing"

	"waymark/engine/pack"
	"waymark/engine/route"
	"waymark/internal/testpacks"
)

// TestSpilledGraphImages: the image written from a spilled decoding (its
// pages dropped as it goes) is the image of the graph decoded onto the
// heap, byte for byte, for every graph of the test regions' packs.
func TestSpilledGraphImages(t *testing.T) {
	for _, name := range []string{"liechtenstein", "monaco", "andorra"} {
		packFile := testpacks.Copy(t, name)
		for _, p := range route.Profiles {
			t.Run(name+"/"+p.String(), func(t *testing.T) {
				spilled, heap, err := pack.SpilledAndHeapGraphImage(packFile, p)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(spilled, heap) {
					n := 0
					for n < min(len(spilled), len(heap)) && spilled[n] == heap[n] {
						n++
					}
					t.Fatalf("spilled image of %d bytes differs from the heap graph's (%d bytes) from byte %d", len(spilled), len(heap), n)
				}
				t.Logf("%d bytes alike", len(heap))
			})
		}
	}
}
