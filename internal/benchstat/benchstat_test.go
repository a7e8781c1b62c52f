package benchstat

import (
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	var l Latencies
	if got := l.Percentile(50); got != 0 {
		t.Errorf("empty Percentile(50) = %v, want 0", got)
	}
	for i := 100; i >= 1; i-- {
		l.Add(time.Duration(i) * time.Millisecond)
	}
	tests := []struct {
		p    float64
		want time.Duration
	}{{50, 50 * time.Millisecond}, {99, 99 * time.Millisecond}, {100, 100 * time.Millisecond}, {1, time.Millisecond}}
	for _, tc := range tests {
		if got := l.Percentile(tc.p); got != tc.want {
			t.Errorf("Percentile(%v) = %v, want %v", tc.p, got, tc.want)
		}
	}
}
