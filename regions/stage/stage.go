package stage

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"waymark/regions/extract"
)

// Stage is one step of an import: it reads Data and writes tables of the pack.
// Stages run in order, each in its own transaction; a stage error aborts the
// whole import and leaves no output file.
type Stage struct {
	Name string
	Run  func(ctx context.Context, im *Import) error
	// Total, when set, gives the count Import.Report reaches at the end of
	// the stage (an estimate is fine), for the progress display.
	Total func(d *extract.Data) int64
	// SmallCache says the stage writes its rows in key order and reads
	// few back (the roads stage's graph parts), so SQLite's page cache
	// is kept small (SmallCacheBytes) for its memory to go to the
	// stage's own work.
	SmallCache bool
}

// SmallCacheBytes is SQLite's page cache in a stage with SmallCache.
const SmallCacheBytes = 2 << 20

// Import is what a Stage works with: the extract, the open transaction on
// the pack being written, and the import summary.
type Import struct {
	Tx   *sql.Tx
	Data *extract.Data
	// Name is the region name (the output file's base name without extension).
	Name string
	// Memory is the import's memory budget in bytes (Options.Memory).
	Memory int64
	// ContractArcs is Options.ContractArcs: the most arcs of a routing
	// graph contracted at once, 0 to size it from Memory.
	ContractArcs int

	tracker *extract.Tracker
	Summary *Summary
}

// NewImport returns the Import a stage of the import named name works with:
// tx on the pack, the extract d, the memory budget, and where progress and
// counts go.
func NewImport(tx *sql.Tx, d *extract.Data, name string, memory int64, t *extract.Tracker, sum *Summary) *Import {
	return &Import{Tx: tx, Data: d, Name: name, Memory: memory, tracker: t, Summary: sum}
}

// Report tells the progress display how many objects this stage has handled
// (its share done is done / Stage.Total).
func (im *Import) Report(done int64) { im.tracker.Report(done, -1) }

// ReportFraction is Report for a stage that knows its own share done, 0..1.
func (im *Import) ReportFraction(done int64, fraction float64) { im.tracker.Report(done, fraction) }

// Count adds n to the summary counter key (e.g. "places", "broken rings").
func (im *Import) Count(key string, n int) { im.Summary.add(key, n) }

// Problem records a non-fatal data problem (e.g. a broken ring) for the summary.
func (im *Import) Problem(format string, args ...any) {
	im.Summary.Problem(fmt.Sprintf(format, args...))
}

// SetMeta stores a key in the pack's meta table (replacing an earlier value).
func (im *Import) SetMeta(key, value string) error {
	_, err := im.Tx.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)`, key, value)
	return err
}

// Summary reports what an import wrote and which data problems it skipped.
type Summary struct {
	mu       sync.Mutex
	Counts   map[string]int
	Problems []string // at most maxProblems kept; ProblemCount has the total
	// ProblemCount is the number of problems seen, kept or not.
	ProblemCount int
	Duration     time.Duration
	// Stages holds what each stage took, in order: "read" (loading the
	// extract), the stages, "finish" (ANALYZE, checksums, sync).
	Stages []extract.StageStat
}

const maxProblems = 200

func (s *Summary) add(key string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Counts == nil {
		s.Counts = map[string]int{}
	}
	s.Counts[key] += n
}

func (s *Summary) Problem(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ProblemCount++
	if len(s.Problems) < maxProblems {
		s.Problems = append(s.Problems, msg)
	}
}

// String formats the summary as sorted "key: n" lines followed by problems.
func (s *Summary) String() string {
	var b strings.Builder
	keys := make([]string, 0, len(s.Counts))
	for k := range s.Counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%-24s %d\n", k+":", s.Counts[k])
	}
	if s.ProblemCount > 0 {
		fmt.Fprintf(&b, "problems (skipped, not fatal): %d\n", s.ProblemCount)
		for _, p := range s.Problems {
			fmt.Fprintf(&b, "  - %s\n", p)
		}
		if s.ProblemCount > len(s.Problems) {
			fmt.Fprintf(&b, "  … and %d more\n", s.ProblemCount-len(s.Problems))
		}
	}
	for _, st := range s.Stages {
		n := s.Counts["nodes"]
		fmt.Fprintf(&b, "%s  per M nodes %6.2f s, CPU %6.2f s\n", st, extract.PerMillion(st.Duration.Seconds(), n), extract.PerMillion(st.CPU.Seconds(), n))
	}
	fmt.Fprintf(&b, "took %s\n", s.Duration.Round(time.Millisecond))
	return b.String()
}
