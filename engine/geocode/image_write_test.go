package geocode_test

import (
	"bytes"
	"context"
	"testing"

	"waymark/engine/geocode"
	"waymark/internal/testpacks"
)

// TestWriteReverseImage: the image WriteReverseImage writes from the
// pack's columns is byte for byte the one NewReverseIndex's index writes
// (ReverseIndex.WriteImage), on every region.
func TestWriteReverseImage(t *testing.T) {
	for _, region := range []string{"liechtenstein", "monaco", "andorra"} {
		t.Run(region, func(t *testing.T) {
			ix, _ := openIndex(t, testpacks.Path(t, region))
			ri, err := geocode.NewReverseIndex(context.Background(), ix)
			if err != nil {
				t.Fatal(err)
			}
			var want, got bytes.Buffer
			if err := ri.WriteImage(&want, "build-1"); err != nil {
				t.Fatal(err)
			}
			if err := geocode.WriteReverseImage(context.Background(), ix, &got, "build-1", t.TempDir()); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("WriteReverseImage: %d bytes, differing from WriteImage's %d (%d candidates)", got.Len(), want.Len(), ri.Len())
			}
		})
	}
}

// TestWriteCompleterImage: the image WriteCompleterImage writes from the
// pack's stored index is byte for byte the one NewCompleter's completer
// writes (Completer.WriteImage), on every region.
func TestWriteCompleterImage(t *testing.T) {
	for _, region := range []string{"liechtenstein", "monaco", "andorra"} {
		t.Run(region, func(t *testing.T) {
			ix, _ := openIndex(t, testpacks.Path(t, region))
			c, err := geocode.NewCompleter(context.Background(), ix)
			if err != nil {
				t.Fatal(err)
			}
			var want, got bytes.Buffer
			if err := c.WriteImage(&want, "build-1"); err != nil {
				t.Fatal(err)
			}
			if err := geocode.WriteCompleterImage(context.Background(), ix, &got, "build-1"); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("WriteCompleterImage: %d bytes, differing from WriteImage's %d", got.Len(), want.Len())
			}
		})
	}
}
