//go:build gui

package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"waymark/ui"
)

// runWindow opens the window on the packs given as arguments (or the
// installed ones). -demo runs a scripted session that saves screenshots and
// exits; the window end-to-end test uses it.
func runWindow(args []string) int {
	fs := flag.NewFlagSet("waymark", flag.ContinueOnError)
	demo := fs.String("demo", "", "run a scripted demo (map, search, tour or longtour), save screenshots, then exit")
	demoOut := fs.String("demo-out", ".", "`directory` for the demo's screenshots")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if err := openWindow(ui.Options{Packs: fs.Args(), Demo: *demo, DemoDir: *demoOut}); err != nil {
		fmt.Fprintf(os.Stderr, "waymark: %v\n", err)
		return 1
	}
	return 0
}
