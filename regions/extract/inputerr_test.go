package extract

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"waymark/internal/testregions"
)

// TestLoadExplainsBadInput: a truncated, damaged or foreign file is named
// in the error, with what is wrong and what to do.
func TestLoadExplainsBadInput(t *testing.T) {
	good, err := os.ReadFile(testregions.Extract(t, "monaco"))
	if err != nil {
		t.Fatal(err)
	}
	damaged := append([]byte(nil), good...)
	for i := len(good) / 2; i < len(good)/2+100; i++ {
		damaged[i] ^= 0x5a
	}
	dir := t.TempDir()
	tests := []struct {
		name, file string
		body       []byte
		want       error
		advice     string
	}{
		{"truncated", "cut.osm.pbf", good[:len(good)/2], ErrTruncated, "download the extract again"},
		{"damaged", "bad.osm.pbf", damaged, ErrCorrupt, "download the extract again"},
		{"not a pbf", "text.osm.pbf", []byte("this is a text file, not map data\n"), ErrNotPBF, "give an .osm.pbf extract"},
		{"empty", "empty.osm.pbf", nil, ErrNotPBF, "give an .osm.pbf extract"},
		{"xml that is not osm", "page.osm", []byte("<html><body>404</body></html>"), ErrNotPBF, "OSM XML"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			if err := os.WriteFile(path, tt.body, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Load(context.Background(), path, nil)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tt.advice) {
				t.Errorf("Load(%s) = %v, want %v naming the file and saying %q", tt.file, err, tt.want, tt.advice)
			}
		})
	}
}
