//go:build !gui

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// guiName is the window program's file name.
func guiName() string {
	if runtime.GOOS == "windows" {
		return "waymark-gui.exe"
	}
	return "waymark-gui"
}

// guiPath returns the window program beside this executable, or an error
// saying how to get it (a server install has none).
func guiPath() (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find the window program: %w", err)
	}
	if real, err := filepath.EvalSymlinks(self); err == nil {
		self = real
	}
	p := filepath.Join(filepath.Dir(self), guiName())
	if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("this build has no window (%s not found beside %s): `make build` builds it; serve, import, search and route work without it", guiName(), filepath.Base(self))
	} else if err != nil {
		return "", fmt.Errorf("find the window program: %w", err)
	}
	return p, nil
}
