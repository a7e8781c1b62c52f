package main

import (
	"fmt"
	"os"
	"runtime"

	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"waymark/engine"
)

// runWindow opens the window on the given packs.
func runWindow(packs []string) int {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Fprintln(os.Stderr, "waymark: no display (DISPLAY and WAYLAND_DISPLAY are unset); "+
			"run it in a desktop session, or use `waymark serve` / `waymark import` headless")
		return 1
	}
	title := "Waymark"
	var names []string
	if len(packs) > 0 {
		eng, err := engine.Open(packs...)
		if err != nil {
			fmt.Fprintf(os.Stderr, "waymark: %v\n", err)
			return 1
		}
		defer eng.Close()
		for _, p := range eng.Packs() {
			names = append(names, p.Info.Name)
		}
	}
	a := fyneapp.NewWithID("app.waymark")
	w := a.NewWindow(title)
	label := "No region pack open"
	if len(names) > 0 {
		label = "Region: " + fmt.Sprint(names)
	}
	w.SetContent(container.NewVBox(widget.NewLabel(label), widget.NewLabel("© OpenStreetMap contributors")))
	w.ShowAndRun()
	return 0
}
