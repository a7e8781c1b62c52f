//go:build gui

package main

import (
	"errors"
	"runtime"
	"testing"

	"waymark/ui"
)

func TestCheckDisplay(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the display check applies to Linux and the BSDs")
	}
	tests := []struct {
		name             string
		display, wayland string
		want             error
	}{
		{"none", "", "", ErrNoDisplay},
		{"x11", ":0", "", nil},
		{"wayland", "", "wayland-0", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("DISPLAY", tt.display)
			t.Setenv("WAYLAND_DISPLAY", tt.wayland)
			if err := checkDisplay(); !errors.Is(err, tt.want) {
				t.Errorf("checkDisplay() = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestOpenWindowWithoutDisplay(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the display check applies to Linux and the BSDs")
	}
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if err := openWindow(uiOptionsForTest()); !errors.Is(err, ErrNoDisplay) {
		t.Fatalf("openWindow without a display = %v, want ErrNoDisplay (and no GLFW panic)", err)
	}
}

func uiOptionsForTest() ui.Options { return ui.Options{} }
