//go:build !gui && unix

package main

import (
	"fmt"
	"os"
	"syscall"
)

// runWindow replaces this process with the window program, waymark-gui
// beside this executable, passing the arguments on. The command line is
// built without the GUI toolkit, so that serve, import, search and route
// neither load nor log it (Fyne's initialisation reads the locale and logs
// an error under LANG=C.UTF-8, before main runs); only the window program
// links it. One main package builds both: `-tags gui` selects the window.
func runWindow(args []string) int {
	gui, err := guiPath()
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark: %v\n", err)
		return 2
	}
	err = syscall.Exec(gui, append([]string{gui}, args...), os.Environ())
	fmt.Fprintf(os.Stderr, "waymark: start the window: %v\n", err)
	return 1
}
