//go:build race

package ui

// raceEnabled: the race detector slows the window's tests ~10×; the
// heaviest ones use fewer stops under it.
const raceEnabled = true
