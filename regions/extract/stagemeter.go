package extract

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

	"waymark/internal/rusage"
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
	// bytes: exact when the stage raised the process's peak (Linux
	// VmHWM), else the largest sampled every meterInterval (VmRSS); 0
	// where the system does not tell. The process's peak is not reset,
	// so /usr/bin/time and getrusage still tell the import's.
	PeakRSS int64
	// PeakHeap is the largest live heap seen during the stage (sampled
	// every meterInterval), in bytes.
	PeakHeap int64
}

// MeterInterval is how often the meter samples the live heap and the
// resident set.
const MeterInterval = 100 * time.Millisecond

// StageMeter records a StageStat per stage; its sampler runs until Stop.
type StageMeter struct {
	mu     sync.Mutex
	cur    StageStat
	start  time.Time
	cpu    time.Duration // processCPU at the stage's start
	hwm    int64         // the process's peak resident set at the stage's start
	active bool
	stats  []StageStat
	onEnd  func(StageStat) // Options.StageDone; nil for none
	quit   chan struct{}
	done   chan struct{}
}

func NewStageMeter(onEnd func(StageStat)) *StageMeter {
	m := &StageMeter{onEnd: onEnd, quit: make(chan struct{}), done: make(chan struct{})}
	go m.sample()
	return m
}

func (m *StageMeter) sample() {
	defer close(m.done)
	tick := time.NewTicker(MeterInterval)
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

// note takes a sample of the live heap and resident set for the running
// stage.
func (m *StageMeter) note() {
	live := liveHeap()
	rss, _ := ResidentSet()
	m.mu.Lock()
	if m.active {
		m.cur.PeakHeap = max(m.cur.PeakHeap, live)
		m.cur.PeakRSS = max(m.cur.PeakRSS, rss)
	}
	m.mu.Unlock()
}

// Begin starts stage name.
func (m *StageMeter) Begin(name string) {
	_, hwm := ResidentSet()
	m.mu.Lock()
	m.cur, m.start, m.cpu, m.hwm, m.active = StageStat{Name: name}, time.Now(), rusage.CPU(), hwm, true
	m.mu.Unlock()
	m.note()
}

// End ends the running stage, records it and tells onEnd.
func (m *StageMeter) End() {
	m.note()
	m.mu.Lock()
	if !m.active {
		m.mu.Unlock()
		return
	}
	m.cur.Duration = time.Since(m.start)
	m.cur.CPU = rusage.CPU() - m.cpu
	if _, hwm := ResidentSet(); hwm > m.hwm {
		m.cur.PeakRSS = max(m.cur.PeakRSS, hwm) // the stage made the process's peak
	}
	m.stats = append(m.stats, m.cur)
	m.active = false
	st := m.cur
	m.mu.Unlock()
	if m.onEnd != nil {
		m.onEnd(st)
	}
}

// Stop ends the sampler and returns the stages recorded.
func (m *StageMeter) Stop() []StageStat {
	close(m.quit)
	<-m.done
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stats
}

// ResidentSet returns the process's resident set and its peak so far
// (Linux /proc/self/status VmRSS and VmHWM), in bytes; 0s where the
// system does not tell.
func ResidentSet() (rss, peak int64) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, 0
	}
	return statusKB(b, "VmRSS:"), statusKB(b, "VmHWM:")
}

// statusKB returns the value of a "Key:   123 kB" line of
// /proc/self/status in bytes, 0 when absent.
func statusKB(status []byte, key string) int64 {
	_, rest, ok := bytes.Cut(status, []byte(key))
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

// PerMillion returns v per million of n (0 when n is 0).
func PerMillion(v float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return v * 1e6 / float64(n)
}
