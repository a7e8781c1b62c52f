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
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"

	"waymark/regions"
)

func runImport(args []string) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	out := fs.String("o", "", "output region pack `file` (e.g. liechtenstein.waymark)")
	name := fs.String("name", "", "region name (default: output file name)")
	quiet := fs.Bool("q", false, "no progress bar")
	memFlag := fs.String("mem", "", "memory `budget` of the import, e.g. 800M or 2G (default: half the physical memory)")
	tmpDir := fs.String("tmp", "", "`directory` for temporary files (default: beside the output)")
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
	budget := physicalMemory() / 2
	if *memFlag != "" {
		b, err := parseSize(*memFlag)
		if err != nil {
			fmt.Fprintf(os.Stderr, "waymark import: -mem: %v\n", err)
			return 2
		}
		budget = b
	}
	// The Go heap stays within the budget (less SQLite's page cache, which
	// regions sizes from it); SQLite's sorts spill to files in tmp.
	debug.SetMemoryLimit(budget - budget/8)
	tmp := *tmpDir
	if tmp == "" {
		tmp = filepath.Dir(*out)
	}
	os.Setenv("SQLITE_TMPDIR", tmp)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	bar := newProgressBar(os.Stderr, *quiet)
	sum, err := regions.BuildAll(ctx, fs.Args(), *out, regions.Options{Progress: bar.update, Name: *name, Memory: budget})
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
	return 0
}

// progressBar draws "stage  [spinner] N objects" on one terminal line, or
// one line per stage when the output is not a terminal.
type progressBar struct {
	w     io.Writer
	tty   bool
	quiet bool
	stage string
	last  int64
}

func newProgressBar(w *os.File, quiet bool) *progressBar {
	st, err := w.Stat()
	tty := err == nil && st.Mode()&os.ModeCharDevice != 0
	return &progressBar{w: w, tty: tty, quiet: quiet}
}

func (p *progressBar) update(stage string, done int64) {
	if p.quiet {
		return
	}
	if stage != p.stage {
		if p.tty && p.stage != "" {
			fmt.Fprintln(p.w)
		}
		p.stage, p.last = stage, -1
		if !p.tty {
			fmt.Fprintf(p.w, "import: %s…\n", stage)
		}
	}
	if !p.tty || done == p.last {
		return
	}
	p.last = done
	const width = 24
	pos := int(done/5000) % (2 * width)
	if pos >= width {
		pos = 2*width - 1 - pos
	}
	bar := make([]byte, width)
	for i := range bar {
		bar[i] = ' '
	}
	bar[pos] = '#'
	fmt.Fprintf(p.w, "\r%-10s [%s] %10d objects", stage, bar, done)
}

func (p *progressBar) done() {
	if p.tty && !p.quiet && p.stage != "" {
		fmt.Fprintln(p.w)
	}
}

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
