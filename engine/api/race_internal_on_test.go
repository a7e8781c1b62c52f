//go:build race

package api

// underRace: the race detector slows the server ~10×, past latency bounds.
const underRace = true
