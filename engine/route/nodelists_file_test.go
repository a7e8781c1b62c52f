package route

import (
	"errors"
	"slices"
	"testing"
)

// TestNodeListsFile: lists that go to a file come back as added, across
// several of its writes and a pass's page drops, the same as lists in
// memory; a network whose lists are not finished is refused, and Close
// empties them.
func TestNodeListsFile(t *testing.T) {
	list := func(k int) []int64 {
		n := k % 7 // some empty, some of one node
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = int64(k)*1_000_003 + int64(i*i) - 50
		}
		return ids
	}
	const n = 1_500_000 // ~11 MB: several flushes, and a pass drops pages behind it
	var l NodeLists
	if err := l.SpillTo(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for k := range n {
		l.Add(list(k))
	}
	net := &Network{WayNodes: l, Ways: make([]NetWay, n)}
	if err := net.check(); !errors.Is(err, ErrNetwork) {
		t.Fatalf("unfinished lists: check = %v, want ErrNetwork", err)
	}
	if err := l.Finish(); err != nil {
		t.Fatal(err)
	}
	if l.file.Bytes() == nil || &l.data[0] != &l.file.Bytes()[0] {
		t.Fatal("the lists are not read from the file's mapping")
	}
	if l.Bytes() <= nodeListsDrop {
		t.Fatalf("%d bytes: the test wants several flushes", l.Bytes())
	}
	net.WayNodes = l
	if err := net.check(); err != nil {
		t.Fatal(err)
	}
	for pass := range 2 {
		k := 0
		for i, ids := range l.all() {
			if i != k || !slices.Equal(ids, list(k)) {
				t.Fatalf("pass %d: list %d (yielded as %d) = %v, want %v", pass, k, i, ids, list(k))
			}
			k++
		}
		if k != n {
			t.Fatalf("pass %d: %d lists, want %d", pass, k, n)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if l.Len() != 0 || l.Bytes() != 0 {
		t.Fatalf("closed lists: %d lists, %d bytes", l.Len(), l.Bytes())
	}
}
