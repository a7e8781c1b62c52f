//go:build race

package api_test

// raceEnabled: the race detector slows matching ~10×, past timing bounds.
const raceEnabled = true
