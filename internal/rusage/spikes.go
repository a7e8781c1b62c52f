package rusage

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// CatchSpikes looks at the resident set every interval and, each time it
// passes the highest seen so far by more than step bytes above floor,
// writes to file what the process is doing: the resident set's parts, its
// largest mappings by resident size (/proc/self/smaps) and every
// goroutine's stack. A peak of under a second, which sampling tools'
// logs miss (internal/stagerun, internal/imagerun -rsslog), is then named
// by its mapping and its code. Linux only: elsewhere nothing passes the
// floor and the file stays empty.
func CatchSpikes(file string, floor, step uint64, interval time.Duration) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriter(f)
	quit, done := make(chan struct{}), make(chan struct{})
	start := time.Now()
	stacks := make([]byte, 1<<20)
	go func() {
		defer close(done)
		high := floor
		for {
			select {
			case <-quit:
				return
			case <-time.After(interval):
			}
			st := Status("VmRSS", "RssAnon", "RssFile", "VmHWM")
			if st[0] < high+step && st[3] < high+step {
				continue
			}
			high = max(st[0], st[3])
			fmt.Fprintf(w, "=== %.3f s: rss %d MiB anon %d file %d hwm %d\n", time.Since(start).Seconds(), st[0]>>20, st[1]>>20, st[2]>>20, st[3]>>20)
			sizes := openFileSizes()
			for _, m := range bigMappings(8) {
				fmt.Fprintf(w, "  %6d MiB  %s", m.rss>>20, m.name)
				if n, ok := sizes[strings.TrimSuffix(m.name, " (deleted)")]; ok {
					fmt.Fprintf(w, " (file of %d MiB)", n>>20)
				}
				fmt.Fprintln(w)
			}
			n := runtime.Stack(stacks, true)
			w.Write(stacks[:n])
			w.Flush()
		}
	}()
	return func() { close(quit); <-done; w.Flush(); f.Close() }, nil
}

type mapping struct {
	name string
	rss  uint64
}

// bigMappings returns the k mappings of /proc/self/smaps with the most
// resident bytes, those of one name (anonymous ones by their range) summed.
func bigMappings(k int) []mapping {
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return nil
	}
	sum := map[string]uint64{}
	var cur string
	for _, l := range bytes.Split(b, []byte("\n")) {
		f := bytes.Fields(l)
		if len(f) == 0 {
			continue
		}
		if bytes.Contains(f[0], []byte("-")) && !bytes.HasSuffix(f[0], []byte(":")) {
			cur = string(f[0])
			if len(f) >= 6 {
				cur = string(f[5])
			}
			continue
		}
		if string(f[0]) == "Rss:" && len(f) >= 2 {
			kb, _ := strconv.ParseUint(string(f[1]), 10, 64)
			sum[cur] += kb << 10
		}
	}
	var out []mapping
	for n, r := range sum {
		out = append(out, mapping{n, r})
	}
	slices.SortFunc(out, func(x, y mapping) int { return cmp.Compare(y.rss, x.rss) })
	return out[:min(k, len(out))]
}

// openFileSizes returns the sizes of the process's open files by the
// names /proc/self/smaps gives their mappings (an unlinked file's is its
// directory and inode), so that a mapping is known by its file's size.
func openFileSizes() map[string]int64 {
	out := map[string]int64{}
	fds, _ := filepath.Glob("/proc/self/fd/*")
	for _, fd := range fds {
		name, err := os.Readlink(fd)
		if err != nil {
			continue
		}
		if st, err := os.Stat(fd); err == nil {
			out[strings.TrimSuffix(name, " (deleted)")] = st.Size()
		}
	}
	return out
}
