package packwrite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	_ "github.com/mattn/go-sqlite3" // SQLite driver; build with -tags sqlite_fts5 (see Makefile GO_TAGS)
	"github.com/paulmach/orb"

	"waymark/engine/pack"
	"waymark/regions/extract"
	"waymark/regions/stage"
)

// FormatVersion is the pack format this code writes and the engine reads.
// Bump it whenever a table changes shape; the engine refuses other versions.
const FormatVersion = 7

// Options tune Build. The zero value builds a full pack.
type Options struct {
	// Progress receives stage progress; nil for none.
	Progress extract.Progress
	// Stages replaces the default stage list (tests use it to build partial packs).
	Stages []stage.Stage
	// Name overrides the region name (default: output base name).
	Name string
	// Memory is the import's memory budget in bytes (0: DefaultMemory).
	// It sizes SQLite's page cache and decides whether the routing
	// graphs of the profiles are built at once or one after the other;
	// the caller sets the Go runtime's limit (debug.SetMemoryLimit).
	Memory int64
	// ContractArcs, when not 0, is the most arcs of a routing graph
	// contracted at once (route.WriteOptions.CellArcs); 0 sizes it from
	// Memory. Measurements set it to see a graph contracted in cells
	// without a budget that would also hold back the other stages.
	ContractArcs int
	// TempDir is where the import keeps its temporary files (the ways of
	// the extract); default: the output's directory.
	TempDir string
	// MemoryLimit stops the import with ErrMemoryBudget when its live
	// heap outgrows it (extract/memwatch.go); 0 for no limit.
	MemoryLimit int64
	// StageDone, when set, is told what each stage took as it ends (the
	// same StageStat Summary.Stages lists at the end), so a long import
	// logs its stages as it goes.
	StageDone func(extract.StageStat)
}

// DefaultMemory is the memory budget of an import when none is given.
const DefaultMemory = 2 << 30

// HeapLimit is the Go runtime's memory limit (debug.SetMemoryLimit) that
// keeps an import's resident memory within budget: the budget less
// SQLite's page cache, the way store's pages a pass keeps resident
// (Data.Ways gives them back every waysDropStep) and 64 MB for the
// program, the decoder's C memory and SQLite's own.
func HeapLimit(budget int64) int64 {
	return max(budget-sqliteCache(budget)-2*extract.WaysDropStep-64<<20, budget/2)
}

// sqliteCache returns the page cache size for a budget: a sixteenth of it,
// between 16 and 64 MB. More did not make LI ×16 faster and stayed
// resident (SQLite's pages are C memory the Go runtime does not return).
func sqliteCache(budget int64) int64 {
	return min(max(budget/16, 16<<20), 64<<20)
}

// Build imports the OSM extract at in and writes the region pack out.
//
// The pack is written to a temporary file beside out and renamed over out
// only when every stage succeeded, so a failed or cancelled import leaves an
// existing out untouched and no temporary file behind; the temporary files
// of earlier imports that were killed are removed first (extract/tempfile.go).
func Build(ctx context.Context, in, out string, opts Options) (*stage.Summary, error) {
	return BuildAll(ctx, []string{in}, out, opts)
}

// BuildAll imports several extracts into one pack as one extract (see
// LoadAll: objects in more than one are kept once), so that neighbouring
// regions route, search and draw as one; otherwise as Build.
func BuildAll(ctx context.Context, ins []string, out string, opts Options) (*stage.Summary, error) {
	if len(ins) == 0 {
		return nil, errors.New("regions: no extract to import")
	}
	start := time.Now()
	sum := &stage.Summary{Counts: map[string]int{}}
	stages := opts.Stages
	if stages == nil {
		stages = DefaultStages()
	}
	names := make([]string, len(stages))
	for i, s := range stages {
		names[i] = s.Name
	}
	t := extract.NewTracker(opts.Progress, names)
	if opts.MemoryLimit > 0 {
		var cancel context.CancelCauseFunc
		ctx, cancel = context.WithCancelCause(ctx)
		defer cancel(nil)
		go extract.WatchMemory(ctx, cancel, opts.MemoryLimit, t.Current)
		sum, err := buildAll(ctx, ins, out, opts, stages, t, start, sum)
		if cause := context.Cause(ctx); err != nil && errors.Is(cause, extract.ErrMemoryBudget) {
			return nil, cause
		}
		return sum, err
	}
	return buildAll(ctx, ins, out, opts, stages, t, start, sum)
}

// buildAll is BuildAll once the stages and progress are set up.
func buildAll(ctx context.Context, ins []string, out string, opts Options, stages []stage.Stage, t *extract.Tracker, start time.Time, sum *stage.Summary) (*stage.Summary, error) {
	dir := filepath.Dir(out)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("regions: output directory: %w", err)
	}
	tmpDir := opts.TempDir
	if tmpDir == "" {
		tmpDir = dir
	}
	meter := extract.NewStageMeter(opts.StageDone)
	defer func() { sum.Stages = meter.Stop() }()
	t.Begin("read", 0)
	meter.Begin("read")
	data, err := extract.LoadWith(ctx, ins, tmpDir, t)
	meter.End()
	if err != nil {
		return nil, err
	}
	defer data.Close()
	name := opts.Name
	if name == "" {
		name = RegionName(out)
	}

	stale, err := extract.RemoveStaleTemps(out)
	if err != nil {
		return nil, err
	}
	for _, p := range stale {
		sum.Problem(fmt.Sprintf("removed %s, left by an import that was killed", filepath.Base(p)))
	}
	tmpPath, release, err := extract.CreateTemp(out)
	if err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		release()
		if !ok {
			os.Remove(tmpPath)
			os.Remove(tmpPath + "-journal")
		}
	}()

	db, err := sql.Open("sqlite3", "file:"+tmpPath+"?_journal_mode=OFF&_synchronous=OFF&_foreign_keys=0")
	if err != nil {
		return nil, fmt.Errorf("regions: open pack: %w", err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if opts.Memory <= 0 {
		opts.Memory = DefaultMemory
	}
	pragmas := fmt.Sprintf(`PRAGMA page_size=4096; PRAGMA cache_size=-%d; PRAGMA temp_store=FILE`, sqliteCache(opts.Memory)>>10)
	if _, err := db.ExecContext(ctx, pragmas); err != nil {
		return nil, fmt.Errorf("regions: configure pack: %w", err)
	}
	if err := createMeta(ctx, db, name, ins, data); err != nil {
		return nil, err
	}
	sum.Counts["nodes"] = data.NodeCount
	sum.Counts["ways"] = data.WayCount()
	sum.Counts["relations"] = data.RelationCount()
	if data.MissingNodeRefs > 0 {
		sum.Problem(fmt.Sprintf("%d way node references point outside the extract", data.MissingNodeRefs))
	}

	for _, st := range stages {
		// Each stage's working memory is garbage once it ends: give it
		// back to the system, so the peak is the largest stage's, not
		// the sum the runtime would otherwise keep mapped.
		debug.FreeOSMemory()
		data.ReleasePages()
		if err := resetCache(ctx, db, st, opts.Memory); err != nil {
			return nil, err
		}
		meter.Begin(st.Name)
		err := runStage(ctx, db, st, data, name, opts, t, sum)
		meter.End()
		if err != nil {
			return nil, err
		}
	}
	meter.Begin("finish")
	if err := finishPack(ctx, db, tmpPath); err != nil {
		return nil, err
	}
	meter.End()
	// The pack is closed: what SQLite freed goes back to the system
	// before whatever the process does next (the import's images). Its
	// arenas held 111 MB after LI ×64's stages (six of 15–24 MB, with 2 MB
	// of Go heap in use), which the images step's peak stood on.
	trimC()
	// CreateTemp makes the file private; a pack is plain map data.
	if err := os.Chmod(tmpPath, 0o644); err != nil {
		return nil, fmt.Errorf("regions: pack permissions: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := os.Rename(tmpPath, out); err != nil {
		return nil, fmt.Errorf("regions: install pack: %w", err)
	}
	ok = true
	// The images of the pack replaced (graphs, autocomplete) are of
	// another build: the engine would write them again, but they need
	// not take the disk till then.
	pack.RemoveImages(out)
	sum.Duration = time.Since(start)
	return sum, nil
}

// finishPack analyzes the pack, writes its checksums, closes it and
// syncs its file.
func finishPack(ctx context.Context, db *sql.DB, path string) error {
	if _, err := db.ExecContext(ctx, `ANALYZE`); err != nil {
		return fmt.Errorf("regions: analyze pack: %w", err)
	}
	if err := pack.WriteChecksums(ctx, db); err != nil {
		return err
	}
	if err := db.Close(); err != nil {
		return fmt.Errorf("regions: close pack: %w", err)
	}
	return syncFile(path)
}

// resetCache empties SQLite's page cache between stages and sizes it
// for stage st: the last stage's pages are clean once committed, and
// SQLite's memory is C memory the Go runtime neither counts nor returns.
// Its pages are freed (shrink_memory) and the C heap's free pages handed
// back (trimC): glibc keeps what SQLite frees in per-thread arenas, which
// held ~98 MB during the roads stage of LI ×400 (four arenas of 20–28
// MB for a 57 MiB cache), where with the Go heap at its limit the
// import's resident set reached 964 MiB (1.01e9 bytes).
func resetCache(ctx context.Context, db *sql.DB, st stage.Stage, budget int64) error {
	cache := sqliteCache(budget)
	if st.SmallCache {
		cache = stage.SmallCacheBytes
	}
	if _, err := db.ExecContext(ctx, fmt.Sprintf(`PRAGMA shrink_memory; PRAGMA cache_size=-%d`, cache>>10)); err != nil {
		return fmt.Errorf("regions: stage %s: page cache: %w", st.Name, err)
	}
	trimC()
	return nil
}

func runStage(ctx context.Context, db *sql.DB, st stage.Stage, data *extract.Data, name string, opts Options, t *extract.Tracker, sum *stage.Summary) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var total int64
	if st.Total != nil {
		total = st.Total(data)
	}
	t.Begin(st.Name, total)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("regions: stage %s: %w", st.Name, err)
	}
	im := stage.NewImport(tx, data, name, opts.Memory, t, sum)
	im.ContractArcs = opts.ContractArcs
	if err := st.Run(ctx, im); err != nil {
		tx.Rollback()
		return fmt.Errorf("regions: stage %s: %w", st.Name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("regions: stage %s: commit: %w", st.Name, err)
	}
	return nil
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("regions: sync pack: %w", err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("regions: sync pack: %w", err)
	}
	return nil
}

// RegionName derives a region name from a pack or extract path:
// "/x/liechtenstein.osm.pbf" and "li/liechtenstein.waymark" give "liechtenstein".
func RegionName(path string) string {
	base := filepath.Base(path)
	for _, ext := range []string{".waymark", ".pbf", ".osm"} {
		base = strings.TrimSuffix(base, ext)
	}
	return base
}

func createMeta(ctx context.Context, db *sql.DB, name string, ins []string, d *extract.Data) error {
	sources := make([]string, len(ins))
	for i, in := range ins {
		sources[i] = filepath.Base(in)
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("regions: create meta: %w", err)
	}
	var id [8]byte
	rand.Read(id[:])
	home := d.Home
	rows := [][2]string{
		{"format_version", fmt.Sprint(FormatVersion)},
		{"name", name},
		{"build_id", hex.EncodeToString(id[:])},
		{"source", strings.Join(sources, ", ")},
		{"osm_timestamp", d.Timestamp.UTC().Format(time.RFC3339)},
		{"build_time", time.Now().UTC().Format(time.RFC3339)},
		{"bbox", formatBound(d.Bound)},
		{"home_bbox", formatBound(home)},
		{"attribution", "© OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright"},
	}
	for _, r := range rows {
		if _, err := db.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES(?, ?)`, r[0], r[1]); err != nil {
			return fmt.Errorf("regions: write meta: %w", err)
		}
	}
	return nil
}

func formatBound(b orb.Bound) string {
	return fmt.Sprintf("%.7f,%.7f,%.7f,%.7f", b.Min[0], b.Min[1], b.Max[0], b.Max[1])
}
