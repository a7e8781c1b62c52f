package packwrite

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"waymark/regions/extract"
	"waymark/regions/internal/fixture"
	"waymark/regions/stage"
)

// TestSummaryMetersStages: the summary has one StageStat per stage, read
// first, with its time and the memory it held: a stage that keeps 64 MB
// live for a while shows a live heap peak of at least that, and (Linux) a
// peak resident set at least that, which the next stage does not inherit.
func TestSummaryMetersStages(t *testing.T) {
	const hold = 64 << 20
	big := stage.Stage{Name: "big", Run: func(ctx context.Context, im *stage.Import) error {
		b := make([]byte, hold)
		for k := 0; k < 4; k++ { // some CPU time as well
			for i := range b {
				b[i] += byte(i + k)
			}
		}
		runtime.GC()
		time.Sleep(3 * extract.MeterInterval)
		runtime.KeepAlive(b)
		return nil
	}}
	small := stage.Stage{Name: "small", Run: func(ctx context.Context, im *stage.Import) error {
		time.Sleep(20 * time.Millisecond)
		return nil
	}}
	out := filepath.Join(t.TempDir(), "m.waymark")
	var told []string
	sum, err := Build(context.Background(), fixture.Write(t, fixture.OSM), out, Options{Stages: []stage.Stage{big, small},
		StageDone: func(st extract.StageStat) { told = append(told, st.Name) }})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, st := range sum.Stages {
		names = append(names, st.Name)
	}
	if got := strings.Join(names, ","); got != "read,big,small,finish" {
		t.Fatalf("stages %q, want read,big,small,finish", got)
	}
	if got := strings.Join(told, ","); got != "read,big,small,finish" {
		t.Errorf("StageDone told %q, want read,big,small,finish", got)
	}
	b, s := sum.Stages[1], sum.Stages[2]
	if b.PeakHeap < hold {
		t.Errorf("big stage's live heap peak %d, want ≥ %d", b.PeakHeap, hold)
	}
	if s.Duration < 20*time.Millisecond || b.Duration < 3*extract.MeterInterval {
		t.Errorf("durations big %v, small %v", b.Duration, s.Duration)
	}
	if b.CPU <= 0 && runtime.GOOS != "windows" {
		t.Errorf("big stage's CPU time %v", b.CPU)
	}
	if runtime.GOOS == "linux" {
		if b.PeakRSS < hold {
			t.Errorf("big stage's peak RSS %d, want ≥ %d", b.PeakRSS, hold)
		}
		if s.PeakRSS >= b.PeakRSS {
			t.Errorf("small stage's peak RSS %d inherits big's %d", s.PeakRSS, b.PeakRSS)
		}
		// The process's own peak is left alone: what /usr/bin/time
		// reports covers the whole import.
		if _, hwm := extract.ResidentSet(); hwm < hold {
			t.Errorf("process peak %d below the big stage's %d held: the meter reset it", hwm, hold)
		}
	}
	if !strings.Contains(sum.String(), "stage big") {
		t.Errorf("summary does not print the stages:\n%s", sum)
	}
}
