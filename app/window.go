//go:build gui

package main

import (
	"errors"
	"os"
	"runtime"

	fyneapp "fyne.io/fyne/v2/app"
	"github.com/go-gl/glfw/v3.3/glfw"

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
	opts.Screen = primaryScreen
	return ui.Run(a, opts)
}

// primaryScreen returns the primary monitor's size in pixels. Fyne's
// desktop driver is GLFW and has initialised it by the time the app has
// started (ui.Run asks from the app's OnStarted, on the main thread, as
// GLFW requires).
func primaryScreen() (width, height int, ok bool) {
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return 0, 0, false
	}
	mode := m.GetVideoMode()
	if mode == nil {
		return 0, 0, false
	}
	return mode.Width, mode.Height, true
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
