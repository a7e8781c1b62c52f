// Command imagerun writes the place images (autocomplete, nearby,
// reverse) of a pack, as `waymark import` does after its stages
// (pack.WriteImages, its graphs left: the budget given it is below what
// a graph takes; with -graphs, the graphs' first, as the import does),
// with the import's memory settings (the runtime's limit from the
// budget, GOGC 50), and prints what that took: peak RSS (VmHWM) and its
// anonymous and file-backed parts at the highest sample, the peak live
// heap, CPU and wall time, and the same for each phase (the graphs',
// then each place image's). -heapprofile writes the heap profile as the
// live heap reaches a new peak in each phase (to file.graphs,
// file.reverse, file.autocomplete, file.nearby); -rsslog a line of the
// resident set's parts every 25 ms; -spikelog, every 5 ms, what the
// process does each time its resident set passes its highest by 16 MiB
// above 256 MiB (rusage.CatchSpikes: the largest mappings and every
// goroutine's stack), for a peak too short for -rsslog's samples. The
// images are written beside the pack: hard-link a pack into a scratch
// directory first.
//
//	go run -tags sqlite_fts5 ./internal/imagerun -heapprofile /tmp/img/heap /tmp/img/li400.waymark
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"waymark/engine/pack"
	"waymark/regions"

	"waymark/internal/rusage"
)

func main() {
	budget := flag.Int64("mem", 920, "memory `budget` in MiB (the runtime's limit is regions.HeapLimit of it)")
	heap := flag.String("heapprofile", "", "write the heap profile at the live heap's peak to `file`")
	rss := flag.String("rsslog", "", "write the resident set's parts every 25 ms to `file`")
	spikes := flag.String("spikelog", "", "write what the process does to `file` each time its resident set passes its highest by 16 MiB above 256 MiB (looked at every 5 ms)")
	graphs := flag.Bool("graphs", false, "write the graphs' images too, first, as the import does (the phases' figures are then the place images' and the graphs' together)")
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	debug.SetMemoryLimit(regions.HeapLimit(*budget << 20))
	debug.SetGCPercent(50)
	if *spikes != "" {
		stop, err := rusage.CatchSpikes(*spikes, 256<<20, 16<<20, 5*time.Millisecond)
		if err != nil {
			fmt.Fprintln(os.Stderr, "imagerun: -spikelog:", err)
			os.Exit(2)
		}
		defer stop()
	}
	w := newWatch(flag.Arg(0), *heap, *rss)
	start := time.Now()
	most := int64(1) // 1 byte: no graph
	if *graphs {
		most = *budget << 20
	}
	rep, err := pack.WriteImages(context.Background(), flag.Arg(0), most)
	wall := time.Since(start)
	w.stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "imagerun:", err)
		os.Exit(1)
	}
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	hwm := rusage.Status("VmHWM")[0]
	fmt.Printf("written %v\n", rep.Written)
	fmt.Printf("peak RSS %.0f MiB (at the highest sample: anon %.0f, file %.0f), peak live heap %.0f MiB, cpu %.1f s, wall %.1f s, load %s\n",
		mib(hwm), mib(w.peakAnon), mib(w.peakFile), mib(w.peakLive), cpu.Seconds(), wall.Seconds(), loadAvg())
	for i, p := range w.phases[:4] {
		fmt.Printf("  %-12s RSS %4.0f MiB (anon %4.0f, file %4.0f), live heap %4.0f MiB\n", phaseNames[i], mib(p.rss), mib(p.anon), mib(p.file), mib(p.live))
	}
}

func mib(b uint64) float64 { return float64(b) / (1 << 20) }

// watch samples the resident set and the live heap every 25 ms.
type watch struct {
	quit, done                  chan struct{}
	peakRSS, peakAnon, peakFile uint64
	peakLive                    uint64
	phases                      [5]phasePeak // by phase (building)
}

// phasePeak is the highest resident set and live heap seen in a phase.
type phasePeak struct{ rss, anon, file, live uint64 }

// phaseNames are the builds in the order WriteImages runs them.
var phaseNames = [...]string{"graphs", "reverse", "autocomplete", "nearby", "done"}

// building returns the phase under way: the graphs' while a graph's
// spill file is open (spill.New's, unlinked: known by its name in
// /proc/self/fd), else the first of the place images not yet beside the
// pack.
func building(packPath string) int {
	if spilling() {
		return 0
	}
	for i, ext := range phaseNames[1:4] {
		if _, err := os.Stat(packPath + "." + ext); err != nil {
			return i + 1
		}
	}
	return 4
}

// spilling reports whether the process has a spill arena's file open.
func spilling() bool {
	fds, _ := filepath.Glob("/proc/self/fd/*")
	for _, fd := range fds {
		if name, err := os.Readlink(fd); err == nil && strings.Contains(filepath.Base(name), ".spill") {
			return true
		}
	}
	return false
}

func newWatch(packPath, heapFile, rssFile string) *watch {
	w := &watch{quit: make(chan struct{}), done: make(chan struct{})}
	var log *bufio.Writer
	if rssFile != "" {
		f, err := os.Create(rssFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "imagerun: -rsslog:", err)
			os.Exit(2)
		}
		log = bufio.NewWriter(f)
		fmt.Fprintln(log, "sec rss anon file live building")
		defer func() { go func() { <-w.done; log.Flush(); f.Close() }() }()
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	start := time.Now()
	go func() {
		defer close(w.done)
		var lastProfile [5]uint64
		for {
			select {
			case <-w.quit:
				return
			case <-time.After(25 * time.Millisecond):
			}
			st := rusage.Status("VmRSS", "RssAnon", "RssFile")
			metrics.Read(s)
			live := s[0].Value.Uint64()
			if st[0] > w.peakRSS {
				w.peakRSS, w.peakAnon, w.peakFile = st[0], st[1], st[2]
			}
			w.peakLive = max(w.peakLive, live)
			ph := building(packPath)
			if p := &w.phases[ph]; st[0] > p.rss {
				p.rss, p.anon, p.file = st[0], st[1], st[2]
			}
			w.phases[ph].live = max(w.phases[ph].live, live)
			if log != nil {
				fmt.Fprintf(log, "%.1f %.0f %.0f %.0f %.0f %s\n", time.Since(start).Seconds(), mib(st[0]), mib(st[1]), mib(st[2]), mib(live), phaseNames[ph])
			}
			if heapFile != "" && live > lastProfile[ph]+lastProfile[ph]/16 {
				lastProfile[ph] = live
				if f, err := os.Create(heapFile + "." + phaseNames[ph]); err == nil {
					pprof.Lookup("heap").WriteTo(f, 0)
					f.Close()
				}
			}
		}
	}()
	return w
}

func (w *watch) stop() { close(w.quit); <-w.done }

// loadAvg returns the system's load averages (/proc/loadavg's first three).
func loadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := bytes.Fields(b)
	if len(f) < 3 {
		return "?"
	}
	return string(bytes.Join(f[:3], []byte(" ")))
}
