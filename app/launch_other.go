//go:build !gui && !unix

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// runWindow runs the window program, waymark-gui beside this executable,
// with the arguments, and returns its exit status (see launch_unix.go).
func runWindow(args []string) int {
	gui, err := guiPath()
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark: %v\n", err)
		return 2
	}
	cmd := exec.Command(gui, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "waymark: start the window: %v\n", err)
		return 1
	}
	return 0
}
