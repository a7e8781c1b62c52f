package regions

// The import's stage meter: what each stage took, in time and memory,
// for the summary (Summary.Stages) and the importer's cost model
// (doc.go, internal/scalebench).

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
)

// StageStat is what one stage of an import took ("read" is the loading
// of the extract).
type StageStat struct {
	Name     string
	Duration time.Duration
	// CPU is the CPU time (user and system, all threads) the process
	// used during the stage: on a machine shared with other work it
	// measures the stage's cost where Duration measures the wait too.
	CPU time.Duration
	// PeakRSS is the process's largest resident set during the stage, in
	// bytes (Linux: VmHWM, reset when the stage starts); 0 where the
	// system does not tell.
	PeakRSS int64
	// PeakHeap is the largest live heap seen during the stage (sampled
	// every meterInterval), in bytes.
	PeakHeap int64
}

// meterInterval is how often the meter samples the live heap.
const meterInterval = 100 * time.Millisecond

// stageMeter records a StageStat per stage; its sampler runs until stop.
type stageMeter struct {
	mu     sync.Mutex
	cur    StageStat
	start  time.Time
	cpu    time.Duration // processCPU at the stage's start
	active bool
	stats  []StageStat
	quit   chan struct{}
	done   chan struct{}
}

func newStageMeter() *stageMeter {
	m := &stageMeter{quit: make(chan struct{}), done: make(chan struct{})}
	go m.sample()
	return m
}

func (m *stageMeter) sample() {
	defer close(m.done)
	tick := time.NewTicker(meterInterval)
	defer tick.Stop()
	for {
		select {
		case <-m.quit:
			return
		case <-tick.C:
			m.note()
		}
	}
}

// note takes a sample of the live heap for the running stage.
func (m *stageMeter) note() {
	live := liveHeap()
	m.mu.Lock()
	if m.active {
		m.cur.PeakHeap = max(m.cur.PeakHeap, live)
	}
	m.mu.Unlock()
}

// begin starts stage name: its peak resident set counts from now.
func (m *stageMeter) begin(name string) {
	resetPeakRSS()
	m.mu.Lock()
	m.cur, m.start, m.cpu, m.active = StageStat{Name: name}, time.Now(), processCPU(), true
	m.mu.Unlock()
	m.note()
}

// end ends the running stage and records it.
func (m *stageMeter) end() {
	m.note()
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.active {
		return
	}
	m.cur.Duration = time.Since(m.start)
	m.cur.CPU = processCPU() - m.cpu
	m.cur.PeakRSS = peakRSS()
	m.stats = append(m.stats, m.cur)
	m.active = false
}

// stop ends the sampler and returns the stages recorded.
func (m *stageMeter) stop() []StageStat {
	close(m.quit)
	<-m.done
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stats
}

// resetPeakRSS makes the process's peak resident set (VmHWM) start again
// from the current one (Linux /proc/self/clear_refs; elsewhere nothing).
func resetPeakRSS() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSS returns the process's peak resident set since the last
// resetPeakRSS, in bytes, or 0 where the system does not tell.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	_, rest, ok := bytes.Cut(b, []byte("VmHWM:"))
	if !ok {
		return 0
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	kb, err := strconv.ParseInt(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(line), []byte("kB")))), 10, 64)
	if err != nil {
		return 0
	}
	return kb << 10
}

// String formats the stage as the summary prints it.
func (s StageStat) String() string {
	return fmt.Sprintf("stage %-9s %8.1f s  CPU %8.1f s  peak RSS %5d MB  live heap %5d MB",
		s.Name, s.Duration.Seconds(), s.CPU.Seconds(), s.PeakRSS>>20, s.PeakHeap>>20)
}

// perMillion returns v per million of n (0 when n is 0).
func perMillion(v float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return v * 1e6 / float64(n)
}
