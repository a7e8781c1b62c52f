//go:build linux

package extract

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"unsafe"
)

// TestMapWritableRandomReads: a mapping written in order through
// MapWritable and then read at random bytes keeps resident about the
// pages read and their fault-around windows (64 kB), not whole large
// folios of the page cache: 256 reads of a 64 MB mapping leave at most
// 24 MB of it resident (with readahead's large folios they left nearly
// all of it).
func TestMapWritableRandomReads(t *testing.T) {
	f, err := CreateUnlinked(t.TempDir(), "maptest-*")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const size = 64 << 20
	fd, ok := MapWritable(f, 0, size)
	if !ok {
		t.Skip("no writable mapping here")
	}
	defer fd.Unmap()
	for i := range fd.Data {
		fd.Data[i] = byte(i)
	}
	fd.Drop(0, size)
	r := rand.New(rand.NewPCG(3, 4))
	sum := 0
	for range 256 {
		sum += int(fd.Data[r.IntN(size)])
	}
	rss, err := mappingRSS(uintptr(unsafe.Pointer(&fd.Data[0])))
	if err != nil {
		t.Skip(err)
	}
	t.Logf("%d kB resident", rss>>10)
	if rss > 24<<20 {
		t.Errorf("256 random reads left %d MB of a 64 MB mapping resident (sum %d)", rss>>20, sum)
	}
}

// mappingRSS returns the resident bytes of the mapping that starts at
// addr (/proc/self/smaps).
func mappingRSS(addr uintptr) (int64, error) {
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return 0, err
	}
	start := fmt.Sprintf("%x-", addr)
	in := false
	for _, l := range bytes.Split(b, []byte("\n")) {
		if len(l) > 0 && l[0] != ' ' && bytes.IndexByte(l, '-') > 0 && !bytes.Contains(l[:bytes.IndexByte(l, ' ')+1], []byte(":")) {
			in = bytes.HasPrefix(l, []byte(start))
			continue
		}
		if in && bytes.HasPrefix(l, []byte("Rss:")) {
			f := bytes.Fields(l)
			kb, err := strconv.ParseInt(string(f[1]), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no mapping at %x", addr)
}
