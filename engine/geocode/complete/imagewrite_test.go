package complete

import (
	"bytes"
	"errors"
	"math/rand"
	"slices"
	"testing"

	"waymark/engine/flat"
	"waymark/engine/text"
)

// loadedImage writes the image of the index Load returns for stored and
// the documents' columns (the in-memory path).
func loadedImage(t *testing.T, stored []byte, imp, lon, lat []float32, pref []bool) []byte {
	t.Helper()
	ix, err := Load(stored, slices.Clone(imp), slices.Clone(lon), slices.Clone(lat), pref)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := flat.NewWriter(&buf, "WMTEST01")
	ix.WriteImage(w)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// storedImage writes the image WriteStoredImage writes from the same,
// transposing docWord chunk entries at a time.
func storedImage(stored []byte, imp, lon, lat []float32, pref []bool, chunk int) ([]byte, error) {
	var buf bytes.Buffer
	w := flat.NewWriter(&buf, "WMTEST01")
	if err := writeStoredImage(w, stored, slices.Clone(imp), slices.Clone(lon), slices.Clone(lat), pref, chunk); err != nil {
		return nil, err
	}
	err := w.Close()
	return buf.Bytes(), err
}

// TestStoredImageEqualsLoaded: the image written from the stored form
// is, byte for byte, the image of the loaded index, for indexes with no
// documents, no preferred documents, one word, documents without words,
// tied importances and many documents per name, whatever the chunks
// docWord is transposed in.
func TestStoredImageEqualsLoaded(t *testing.T) {
	grouped, groups, _ := randomGroupedDocs(3, 400)
	repeated, _ := repeatedDocs(rand.New(rand.NewSource(4)), 2000)
	noPref := slices.Clone(grouped)
	for i := range noPref {
		noPref[i].Preferred = false
	}
	ties := make([]Doc, 50)
	for i := range ties {
		ties[i] = Doc{Name: []string{[]string{"vaduz", "schaan", "vaduz schaan"}[i%3]}, Address: []string{"landstrasse 12"}, Importance: 0.5, Preferred: i%4 == 1}
	}
	for _, c := range []struct {
		name   string
		docs   []Doc
		groups []string
	}{
		{"no documents", nil, nil},
		{"no documents, a group", nil, []string{"liechtenstein vaduz"}},
		{"one word", []Doc{{Name: []string{"vaduz"}, Importance: 0.3, Lon: 9.5, Lat: 47.1}}, nil},
		{"one word, preferred", []Doc{{Name: []string{"vaduz"}, Preferred: true}}, nil},
		{"documents without words", []Doc{{}, {Name: []string{"vaduz"}}, {}, {Address: []string{"schaan"}}, {}}, []string{"li"}},
		{"fixture", fixtureDocs(), nil},
		{"grouped", grouped, groups},
		{"grouped, none preferred", noPref, groups},
		{"repeated names", repeated, nil},
		{"tied importance", ties, []string{"liechtenstein", "oberland"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			built := BuildGroups(c.docs, c.groups)
			stored := built.AppendBinary(nil)
			want := loadedImage(t, stored, built.imp, built.lon, built.lat, prefOf(built))
			for _, chunk := range []int{1, 3, 64, docWordChunk} {
				got, err := storedImage(stored, built.imp, built.lon, built.lat, prefOf(built), chunk)
				if err != nil {
					t.Fatalf("chunk %d: %v", chunk, err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("chunk %d: image of %d bytes differs from the loaded index's (%d bytes) at byte %d", chunk, len(got), len(want), firstDiff(got, want))
				}
			}
		})
	}
}

// fixtureDocs returns complete_test's fixture as fixtureIndex indexes
// it, none preferred.
func fixtureDocs() []Doc {
	docs := make([]Doc, len(fixture))
	for i, f := range fixture {
		docs[i] = Doc{Name: text.Variants(f.name), Address: []string{text.Normalize(f.addr)}, Importance: f.imp, Lon: f.lon, Lat: f.lat}
	}
	return docs
}

// TestStoredImageRefusesAsLoad: stored bytes cut short, or with a
// document too few, are refused with ErrCodec as Load refuses them.
func TestStoredImageRefusesAsLoad(t *testing.T) {
	built, _ := groupedIndex(5, 60)
	stored := built.AppendBinary(nil)
	for n := 0; n < len(stored); n++ {
		_, loadErr := Load(stored[:n], slices.Clone(built.imp), slices.Clone(built.lon), slices.Clone(built.lat), nil)
		_, err := storedImage(stored[:n], built.imp, built.lon, built.lat, nil, 3)
		if (loadErr == nil) != (err == nil) || err != nil && !errors.Is(err, ErrCodec) {
			t.Fatalf("stored bytes cut to %d: %v, Load: %v", n, err, loadErr)
		}
	}
	if _, err := storedImage(stored, built.imp[1:], built.lon[1:], built.lat[1:], nil, 3); !errors.Is(err, ErrCodec) {
		t.Errorf("one document too few: %v, want ErrCodec", err)
	}
	if _, err := storedImage(stored, built.imp, built.lon, built.lat, make([]bool, 1), 3); !errors.Is(err, ErrCodec) {
		t.Errorf("one preferred mark: %v, want ErrCodec", err)
	}
}
