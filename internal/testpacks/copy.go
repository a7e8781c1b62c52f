package testpacks

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// Copy copies the pack for the named extract (Path) into a temporary
// directory of tb, without the caches beside it, and returns the copy's
// path: tests that write images beside a pack, or damage it, use a copy.
func Copy(tb testing.TB, name string) string {
	tb.Helper()
	src, err := os.Open(Path(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	defer src.Close()
	dst := filepath.Join(tb.TempDir(), name+".waymark")
	out, err := os.Create(dst)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := io.Copy(out, src); err != nil {
		tb.Fatal(err)
	}
	if err := out.Close(); err != nil {
		tb.Fatal(err)
	}
	return dst
}
