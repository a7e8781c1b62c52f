package unlinked

import (
	"io"
	"os"
	"testing"
)

// TestCreateLeavesNoName: the file reads back what was written and the
// directory stays empty, before and after it is closed.
func TestCreateLeavesNoName(t *testing.T) {
	dir := t.TempDir()
	f, err := Create(dir, ".test-*")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("hello"); err != nil {
		t.Fatal(err)
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("the directory holds %v", names)
	}
	f.Seek(0, io.SeekStart)
	if b, _ := io.ReadAll(f); string(b) != "hello" {
		t.Errorf("read %q", b)
	}
	f.Close()
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("the directory holds %v after close", names)
	}
	if _, err := Create(dir+"/missing", ".test-*"); err == nil {
		t.Error("a file in a missing directory")
	}
}
