package geocode_test

import (
	"bytes"
	"context"
	"io"
	"testing"

	"waymark/engine/geocode"
	"waymark/internal/testpacks"
)

// TestStreamedImages: the images WriteReverseImage and
// WriteCompleterImage write from the pack (its columns, its stored
// index) are byte for byte those of the indexes built in memory
// (ReverseIndex.WriteImage, Completer.WriteImage), on every region.
func TestStreamedImages(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name     string
		inMemory func(t *testing.T, ix *geocode.Index, w io.Writer) error
		streamed func(t *testing.T, ix *geocode.Index, w io.Writer) error
	}{
		{"reverse",
			func(t *testing.T, ix *geocode.Index, w io.Writer) error {
				ri, err := geocode.NewReverseIndex(ctx, ix)
				if err != nil {
					return err
				}
				return ri.WriteImage(w, "build-1")
			},
			func(t *testing.T, ix *geocode.Index, w io.Writer) error {
				return geocode.WriteReverseImage(ctx, ix, w, "build-1", t.TempDir())
			}},
		{"autocomplete",
			func(t *testing.T, ix *geocode.Index, w io.Writer) error {
				c, err := geocode.NewCompleter(ctx, ix)
				if err != nil {
					return err
				}
				return c.WriteImage(w, "build-1")
			},
			func(t *testing.T, ix *geocode.Index, w io.Writer) error {
				return geocode.WriteCompleterImage(ctx, ix, w, "build-1")
			}},
	} {
		for _, region := range []string{"liechtenstein", "monaco", "andorra"} {
			t.Run(tc.name+"/"+region, func(t *testing.T) {
				ix, _ := openIndex(t, testpacks.Path(t, region))
				var want, got bytes.Buffer
				if err := tc.inMemory(t, ix, &want); err != nil {
					t.Fatal(err)
				}
				if err := tc.streamed(t, ix, &got); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Errorf("streamed image: %d bytes, differing from the in-memory index's %d", got.Len(), want.Len())
				}
			})
		}
	}
}
