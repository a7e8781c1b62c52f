package extract

import (
	"sync"
	"time"
)

// Status is one progress report of an import.
type Status struct {
	// Stage is "read" or the name of the running stage.
	Stage string
	// Done counts the objects handled so far in the stage.
	Done int64
	// Fraction estimates how much of the whole import is done, 0..1: the
	// stages' measured shares of an import's time (LI and LI ×16), with
	// the running stage's share scaled by its own progress.
	Fraction float64
	// Elapsed is the time since the import started; Remaining an estimate
	// of the time left (0 until Fraction is large enough to tell).
	Elapsed, Remaining time.Duration
}

// Progress receives import progress. Implementations must be cheap; they
// are called often. A nil Progress is allowed everywhere one is accepted.
type Progress func(Status)

// stageShare is each default stage's share of an import's time, measured
// on LI ×16 (read 3%, places 30%, roads 50%, features 17%); a stage not
// listed (partial imports in tests) counts as much as the smallest.
var stageShare = map[string]float64{"read": 0.03, "places": 0.30, "roads": 0.50, "features": 0.17}

// Tracker turns stage reports into Status values.
type Tracker struct {
	mu       sync.Mutex
	progress Progress
	start    time.Time
	stages   []string // in order, "read" first
	stage    string
	total    int64 // expected Done at the end of the stage, 0 unknown
	frac     float64
}

// Current returns the running stage's name.
func (t *Tracker) Current() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.stage
}

func NewTracker(p Progress, stages []string) *Tracker {
	return &Tracker{progress: p, start: time.Now(), stages: append([]string{"read"}, stages...)}
}

// Begin starts a stage; total is its expected object count (0 unknown).
func (t *Tracker) Begin(stage string, total int64) {
	if t == nil {
		return
	}
	t.mu.Lock()
	t.stage, t.total, t.frac = stage, total, 0
	t.mu.Unlock()
	t.Report(0, -1)
}

// Report sends done for the running stage; within is the stage's own
// fraction when known (else -1: done/total when there is a total).
func (t *Tracker) Report(done int64, within float64) {
	if t == nil || t.progress == nil {
		return
	}
	t.mu.Lock()
	if within < 0 && t.total > 0 {
		within = float64(done) / float64(t.total)
	}
	if within > t.frac {
		t.frac = min(within, 0.99)
	}
	st := Status{Stage: t.stage, Done: done, Elapsed: time.Since(t.start)}
	st.Fraction = t.fraction()
	t.mu.Unlock()
	if st.Fraction >= 0.02 && st.Elapsed > 2*time.Second {
		st.Remaining = time.Duration(float64(st.Elapsed) * (1 - st.Fraction) / st.Fraction)
	}
	t.progress(st)
}

func (t *Tracker) fraction() float64 {
	share := func(s string) float64 {
		if v, ok := stageShare[s]; ok {
			return v
		}
		return 0.03
	}
	var all, done float64
	seen := false
	for _, s := range t.stages {
		all += share(s)
		switch {
		case s == t.stage:
			done += share(s) * t.frac
			seen = true
		case !seen:
			done += share(s)
		}
	}
	if all == 0 {
		return 0
	}
	return done / all
}
