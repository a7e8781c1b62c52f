package geocode_test

import (
	"bytes"
	"context"
	"fmt"
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

// TestCompleterImageAcrossParts: the stored index read in two passes
// (its documents, then its bytes past them) gives the same image and
// completer whatever its parts: cut into parts of a few bytes, so that
// varints and the documents' end fall across parts, numbered with gaps.
func TestCompleterImageAcrossParts(t *testing.T) {
	ctx := context.Background()
	src := testpacks.Path(t, "liechtenstein")
	srcIx, _ := openIndex(t, src)
	var want bytes.Buffer
	if err := geocode.WriteCompleterImage(ctx, srcIx, &want, "build-1"); err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{7, 1000} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			path, db := olderCopy(t, src, "")
			parts := column[[]byte](t, db, `SELECT data FROM autocomplete ORDER BY part`)
			all := bytes.Join(parts, nil)
			tx, err := db.Begin()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tx.Exec(`DELETE FROM autocomplete`); err != nil {
				t.Fatal(err)
			}
			for i := 0; i*size < len(all); i++ {
				if _, err := tx.Exec(`INSERT INTO autocomplete(part, data) VALUES(?, ?)`, 3*i+2, all[i*size:min((i+1)*size, len(all))]); err != nil {
					t.Fatal(err)
				}
			}
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
			ix, _ := openIndex(t, path)
			var got, loaded bytes.Buffer
			if err := geocode.WriteCompleterImage(ctx, ix, &got, "build-1"); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("image from parts of %d bytes: %d bytes, differing from the pack's %d", size, got.Len(), want.Len())
			}
			c, err := geocode.NewCompleter(ctx, ix)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.WriteImage(&loaded, "build-1"); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(loaded.Bytes(), want.Bytes()) {
				t.Errorf("completer loaded from parts of %d bytes: image of %d bytes, differing from the pack's %d", size, loaded.Len(), want.Len())
			}
		})
	}
}
