//go:build gui

package main

import (
	"errors"
	"os"
	"runtime"

	fyneapp "fyne.io/fyne/v2/app"

	"waymark/ui"
)

// AppID is the application id (desktop entry, preferences, D-Bus name).
const AppID = "org.waymark.Waymark"

// ErrNoDisplay is returned by openWindow when no graphical display is available.
var ErrNoDisplay = errors.New("no graphical display: DISPLAY and WAYLAND_DISPLAY are unset (use the serve or import commands, or run under xvfb-run)")

// openWindow opens the desktop window with opts and blocks until it is
// closed. On Linux and BSD without a display it returns ErrNoDisplay instead
// of letting GLFW panic.
func openWindow(opts ui.Options) error {
	if err := checkDisplay(); err != nil {
		return err
	}
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(ui.AppIcon())
	return ui.Run(a, opts)
}

// checkDisplay reports ErrNoDisplay when a windowing system is needed
// (Linux, BSD) and none is reachable.
func checkDisplay() error {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return ErrNoDisplay
		}
	}
	return nil
}
