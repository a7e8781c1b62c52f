package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"waymark/engine/pack"
	"waymark/regions"
)

func runImport(args []string) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	out := fs.String("o", "", "output region pack `file` (e.g. liechtenstein.waymark)")
	name := fs.String("name", "", "region name (default: output file name)")
	quiet := fs.Bool("q", false, "no progress bar (each stage's line is still printed as it ends)")
	memFlag := fs.String("mem", "", "memory `budget` of the import, e.g. 800M or 2G (default: what the input needs, at most 920M and half the physical memory)")
	tmpDir := fs.String("tmp", "", "`directory` for temporary files (default: beside the output)")
	images := fs.Bool("images", true, "write the pack's images beside it (indexes and routing graphs as they are in memory), so that its first open is as fast as any later one")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: waymark import -o OUT.waymark IN.osm.pbf [MORE.osm.pbf...]  (several extracts make one pack)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	budget := defaultBudget(fs.Args())
	// The import stops with a clear message when its live data outgrows
	// a budget given with -mem, or, without one, 60% of the machine's
	// memory (before the system would kill it).
	limit := physicalMemory() * 6 / 10
	if *memFlag != "" {
		b, err := parseSize(*memFlag)
		if err != nil {
			fmt.Fprintf(os.Stderr, "waymark import: -mem: %v\n", err)
			return 2
		}
		budget, limit = b, b
	}
	// The Go heap stays within the budget (less SQLite's page cache, which
	// regions sizes from it, and the rest regions.HeapLimit counts);
	// SQLite's sorts spill to files in tmp.
	debug.SetMemoryLimit(regions.HeapLimit(budget))
	// A collection when the heap has grown by half, not doubled: the
	// import's heap is mostly long-lived stage state, so this costs
	// little time (LI ×16: same import time) and a fifth of the peak.
	debug.SetGCPercent(50)
	tmp := *tmpDir
	if tmp == "" {
		tmp = filepath.Dir(*out)
	}
	os.Setenv("SQLITE_TMPDIR", tmp)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	bar := newProgressBar(os.Stderr, *quiet)
	sum, err := regions.BuildAll(ctx, fs.Args(), *out, regions.Options{Progress: bar.update, Name: *name, Memory: budget, TempDir: tmp, MemoryLimit: limit,
		StageDone: func(st regions.StageStat) { bar.line(st.String()) }})
	bar.done()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintln(os.Stderr, "waymark import: cancelled; existing output left untouched")
			return 130
		}
		fmt.Fprintf(os.Stderr, "waymark import: %v\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "wrote %s\n%s", *out, sum)
	if *images {
		writeImages(ctx, *out, budget, *quiet, bar)
	}
	return 0
}

// writeImages writes the images of the pack at out within what the
// import's memory budget leaves beside what the process holds after its
// stages (LI ×64: the images step peaked at 878 MiB against an 861 MiB
// budget when given the whole budget), and prints what that took as a
// stage line ("images": scalebench and the cost model count it with the
// stages; its peak RSS is exact when it is the import's, as it was at LI
// ×400, else sampled). They are a cache: when they cannot be written the
// first open writes them, so a failure is a warning, not a failed import.
func writeImages(ctx context.Context, out string, budget int64, quiet bool, bar *progressBar) {
	start := time.Now()
	debug.FreeOSMemory() // the stages' heap is garbage
	meter := regions.NewStageMeter(func(st regions.StageStat) { bar.line(st.String()) })
	meter.Begin("images")
	rep, err := pack.WriteImages(ctx, out, budget-residentBytes())
	meter.End()
	meter.Stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark import: warning: images not written (the first open writes them): %v\n", err)
		return
	}
	if !quiet {
		fmt.Fprintf(os.Stderr, "images: %s in %s\n", strings.Join(rep.Written, ", "), time.Since(start).Round(100*time.Millisecond))
	}
	for _, left := range rep.Left {
		fmt.Fprintf(os.Stderr, "images: left to the first open: %s\n", left)
	}
}

// progressBar draws "stage  [####....] 42%  N objects  3m10s left  RSS 812 MB"
// on one terminal line, or, when the output is not a terminal, one line
// per stage and one every 10% of the import.
type progressBar struct {
	w      io.Writer
	tty    bool
	quiet  bool
	stage  string
	tenths int
	last   time.Time
}

func newProgressBar(w *os.File, quiet bool) *progressBar {
	st, err := w.Stat()
	tty := err == nil && st.Mode()&os.ModeCharDevice != 0
	return &progressBar{w: w, tty: tty, quiet: quiet}
}

func (p *progressBar) update(st regions.Status) {
	if p.quiet {
		return
	}
	newStage := st.Stage != p.stage
	if newStage && p.tty && p.stage != "" {
		fmt.Fprintln(p.w)
	}
	p.stage = st.Stage
	pct := int(st.Fraction * 100)
	left := "—"
	if st.Remaining > 0 {
		left = "about " + st.Remaining.Round(time.Second).String() + " left"
	}
	mem := formatMB(residentBytes())
	if !p.tty {
		if t := pct / 10; newStage || t > p.tenths {
			p.tenths = t
			fmt.Fprintf(p.w, "import: %s: %d%%, %d objects, %s, %s resident\n", st.Stage, pct, st.Done, left, mem)
		}
		return
	}
	if !newStage && time.Since(p.last) < 200*time.Millisecond {
		return
	}
	p.last = time.Now()
	const width = 24
	bar := []byte(strings.Repeat(".", width))
	for i := 0; i < width*pct/100; i++ {
		bar[i] = '#'
	}
	fmt.Fprintf(p.w, "\r%-9s [%s] %3d%% %11d objects  %-22s %s resident \x1b[K", st.Stage, bar, pct, st.Done, left, mem)
}

// line prints s on a line of its own (a stage's figures as it ends),
// quiet or not: a log of an import that dies in a later stage (a full
// disk at ×400, after 100 CPU minutes) still holds the stages it finished.
// The summary repeats them all at the end.
func (p *progressBar) line(s string) {
	if p.tty && !p.quiet {
		fmt.Fprintf(p.w, "\r%s\x1b[K\n", s)
		return
	}
	fmt.Fprintln(p.w, s)
}

func (p *progressBar) done() {
	if p.tty && !p.quiet && p.stage != "" {
		fmt.Fprintln(p.w)
	}
}

func formatMB(b int64) string {
	if b <= 0 {
		return "?"
	}
	return fmt.Sprintf("%d MB", b>>20)
}

// residentBytes returns the process's resident memory (Linux
// /proc/self/statm), or the Go runtime's total where that is not available.
func residentBytes() int64 {
	if b, err := os.ReadFile("/proc/self/statm"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 1 {
			if pages, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				return pages * int64(os.Getpagesize())
			}
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.Sys)
}

// defaultBudget is the memory budget of an import without -mem: what the
// inputs need, at most half the physical memory.
func defaultBudget(inputs []string) int64 {
	var size int64
	for _, in := range inputs {
		if st, err := os.Stat(in); err == nil {
			size += st.Size()
		}
	}
	return min(physicalMemory()/2, budgetFor(size))
}

// budgetFor is what an import of size bytes of PBF needs: 5 bytes a byte
// plus 160 MB, at least 768 MB and at most maxBudget. Measured on LI tiled
// 64 times (147 MB, pack format 4): 1.1 GB (6 bytes a byte + 256 MB, the
// budget before) gave a 1,093 MiB peak in 318 s, 900 MB (this budget) a
// 954 MiB peak in 362 s, 3.4 GB (20 bytes a byte) a 2.6 GB peak and was no
// faster. Past ~150 MB of PBF the budget stops growing: the stages keep
// their big sets in temporary files (the ways, the places' leaves, the
// graph's geometry and hierarchy) and hold ~1.6 bytes a PBF byte at most
// (LI ×200, 459 MB: 640-730 MB live reading, 630 MB building the graphs),
// and the collector keeps the heap within the budget (uncapped, LI ×200's
// grew to 2.4 GB of a 2.46 GB budget).
func budgetFor(size int64) int64 { return min(max(768<<20, 5*size+160<<20), maxBudget) }

// maxBudget is the largest default budget, whatever the input: LI ×200
// imports within it at a 897 MiB peak (0.94 GB), in 29 min (1280 MiB: a
// 1.27 GiB peak in 28 min).
const maxBudget = 920 << 20

// parseSize parses a byte size: a number with an optional K, M, G or T
// suffix (powers of 1024; a trailing B or iB is allowed).
func parseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := int64(1)
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:n-1]
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("%q is not a size (e.g. 800M, 2G)", s)
	}
	b := int64(v * float64(mult))
	if b < 64<<20 {
		return 0, fmt.Errorf("%q is below the smallest budget, 64M", s)
	}
	return b, nil
}

// physicalMemory returns the machine's memory in bytes (/proc/meminfo), or
// 4 GiB where that cannot be read.
func physicalMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 4 << 30
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err == nil && kb > 0 {
				return kb << 10
			}
		}
	}
	return 4 << 30
}
