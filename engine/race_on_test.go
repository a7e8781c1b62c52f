//go:build race

package engine_test

// raceEnabled: the race detector slows the engine ~10×; long quality checks
// run on a sample under it.
const raceEnabled = true
