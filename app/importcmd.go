package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"waymark/regions"
)

func runImport(args []string) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	out := fs.String("o", "", "output region pack `file` (e.g. liechtenstein.waymark)")
	name := fs.String("name", "", "region name (default: output file name)")
	quiet := fs.Bool("q", false, "no progress bar")
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	bar := newProgressBar(os.Stderr, *quiet)
	sum, err := regions.BuildAll(ctx, fs.Args(), *out, regions.Options{Progress: bar.update, Name: *name})
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
