package complete

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"waymark/engine/flat"
)

// imageOf writes ix's image and returns it 8-aligned, as a mapping is.
func imageOf(t *testing.T, ix *Index) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := flat.NewWriter(&buf, "WMTEST01")
	ix.WriteImage(w)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return flat.Aligned(append([]byte{0}, buf.Bytes()...)[1:])
}

func readImage(data []byte) (*Index, error) {
	r, err := flat.NewReader(data, "WMTEST01")
	if err != nil {
		return nil, err
	}
	ix, err := ReadImage(r)
	if err != nil {
		return nil, err
	}
	return ix, r.Close()
}

// TestImageAnswersAsBuilt: an index read from its image has the built
// one's arrays and answers.
func TestImageAnswersAsBuilt(t *testing.T) {
	built, query := groupedIndex(7, 400)
	mapped, err := readImage(imageOf(t, built))
	if err != nil {
		t.Fatal(err)
	}
	bf, mf := built.imageFields(), mapped.imageFields()
	for i := range bf {
		if !reflect.DeepEqual(bf[i], mf[i]) {
			t.Errorf("array %d differs", i)
		}
	}
	for i := 0; i < 1000; i++ {
		q := query()
		if a, b := built.Search(q), mapped.Search(q); fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("Search(%+v) = %v built, %v from the image", q, a, b)
		}
	}
}

// TestImageRejects: an image whose arrays do not fit together, or that
// is cut, is an error, never a panic.
func TestImageRejects(t *testing.T) {
	built, _ := groupedIndex(8, 50)
	img := imageOf(t, built)
	for n := 0; n < len(img); n += 1 + n/100 {
		if _, err := readImage(img[:n]); !errors.Is(err, flat.ErrImage) {
			t.Fatalf("image cut to %d bytes: %v, want ErrImage", n, err)
		}
	}
	// Arrays of the right sizes that do not fit: a vocabulary of one word
	// more than its offsets say.
	bad, err := readImage(img)
	if err != nil {
		t.Fatal(err)
	}
	bad.vlen = append(bad.vlen[:len(bad.vlen):len(bad.vlen)], 1)
	if _, err := readImage(imageOf(t, bad)); !errors.Is(err, flat.ErrImage) {
		t.Errorf("mismatched lengths: %v, want ErrImage", err)
	}
}
