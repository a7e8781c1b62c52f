// Package benchstat records per-operation latencies inside Go benchmarks and
// reports their percentiles as benchmark metrics, so `make bench` can print
// p50 and p99 next to the allocation figures of `go test -bench`.
package benchstat

import (
	"sort"
	"testing"
	"time"
)

// Latencies collects the duration of each operation of a benchmark.
// The zero value is ready to use. It is not safe for concurrent use.
type Latencies struct {
	d []time.Duration
}

// Add records one operation's duration.
func (l *Latencies) Add(d time.Duration) { l.d = append(l.d, d) }

// Time runs f once and records how long it took.
func (l *Latencies) Time(f func()) {
	t := time.Now()
	f()
	l.d = append(l.d, time.Since(t))
}

// Percentile returns the p-th percentile (0 < p <= 100) by nearest rank,
// or 0 when nothing was recorded.
func (l *Latencies) Percentile(p float64) time.Duration {
	if len(l.d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), l.d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(float64(len(s))*p/100+0.5) - 1
	if i < 0 {
		i = 0
	}
	if i >= len(s) {
		i = len(s) - 1
	}
	return s[i]
}

// Report adds the p50-ns and p99-ns metrics to b.
func (l *Latencies) Report(b *testing.B) {
	b.ReportMetric(float64(l.Percentile(50).Nanoseconds()), "p50-ns")
	b.ReportMetric(float64(l.Percentile(99).Nanoseconds()), "p99-ns")
}
