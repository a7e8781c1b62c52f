package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime/metrics"
	"time"

	"waymark/internal/rusage"
)

// logResident writes to file, every interval, a line of what the
// process's resident set is made of, in MiB: its total and its anonymous
// and file-backed pages (/proc/self/status: the Go heap and C memory such
// as SQLite's page cache are anonymous; the mapped way store and cold
// store are file pages), the memory the Go runtime holds from the system
// (what its limit counts: mapped minus released), the Go heap's live
// bytes at the last collection and the bytes of its objects now. The
// anonymous pages less the runtime's are memory the Go runtime does not
// know (C allocations). Linux only: elsewhere the resident columns are 0.
func logResident(file string, interval time.Duration) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "sec rss anon file go_held live objects")
	samples := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
	}
	quit, done := make(chan struct{}), make(chan struct{})
	start := time.Now()
	line := func() {
		st := rusage.Status("VmRSS", "RssAnon", "RssFile")
		metrics.Read(samples)
		mib := func(b uint64) float64 { return float64(b) / (1 << 20) }
		held := samples[0].Value.Uint64() - samples[1].Value.Uint64()
		fmt.Fprintf(w, "%.0f %.0f %.0f %.0f %.0f %.0f %.0f\n", time.Since(start).Seconds(),
			mib(st[0]), mib(st[1]), mib(st[2]), mib(held), mib(samples[2].Value.Uint64()), mib(samples[3].Value.Uint64()))
		w.Flush()
	}
	go func() {
		defer close(done)
		for {
			select {
			case <-quit:
				line()
				return
			case <-time.After(interval):
				line()
			}
		}
	}()
	return func() { close(quit); <-done; f.Close() }, nil
}
