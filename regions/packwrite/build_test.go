package packwrite

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine/pack"
	"waymark/regions/extract"
	"waymark/regions/internal/fixture"
	"waymark/regions/stage"
)

func TestFormatVersionMatchesEngine(t *testing.T) {
	if FormatVersion != pack.FormatVersion {
		t.Fatalf("regions.FormatVersion = %d, pack.FormatVersion = %d; keep them equal", FormatVersion, pack.FormatVersion)
	}
}

func TestLoadXML(t *testing.T) {
	d, err := extract.Load(context.Background(), fixture.Write(t, fixture.OSM), nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.NodeCount != 4 || d.TaggedNodeCount() != 1 || d.WayCount() != 1 {
		t.Errorf("Load: %d nodes, %d tagged nodes, %d ways; want 4, 1, 1", d.NodeCount, d.TaggedNodeCount(), d.WayCount())
	}
	if d.MissingNodeRefs != 1 {
		t.Errorf("MissingNodeRefs = %d, want 1", d.MissingNodeRefs)
	}
	if w := d.Way(10); w == nil || len(w.Line()) != 2 {
		t.Errorf("Way(10) = %+v, want a way with 2 located nodes", w)
	} else if p, ok := w.Point(1); !ok || p[1] != 47.15 {
		t.Errorf("way node coordinates not filled: %+v", w.Nodes)
	}
	if d.Timestamp.Year() != 2020 {
		t.Errorf("Timestamp = %v, want 2020", d.Timestamp)
	}
}

func TestHomeBoundPicksMainCluster(t *testing.T) {
	d, err := extract.Load(context.Background(), fixture.Write(t, fixture.OSM), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := d.Home
	if !got.Contains(orb.Point{9.52, 47.15}) || got.Contains(orb.Point{-86.5, 32.5}) {
		t.Errorf("Data.Home = %v, want the Vaduz cluster only", got)
	}
}

func TestBuildWritesMetaAndOpens(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fix.waymark")
	var stages []string
	sum, err := Build(context.Background(), fixture.Write(t, fixture.OSM), out, Options{
		Stages:   []stage.Stage{},
		Progress: func(st extract.Status) { stages = append(stages, st.Stage) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Counts["nodes"] != 4 || sum.ProblemCount != 1 {
		t.Errorf("summary counts %v, problems %d", sum.Counts, sum.ProblemCount)
	}
	p, err := pack.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.Info.Name != "fix" || p.Info.BuildID == "" || p.Info.OSMTime.Year() != 2020 {
		t.Errorf("pack info = %+v", p.Info)
	}
	if p.Info.Home.Contains(orb.Point{-86.5, 32.5}) || !p.Info.Bound.Contains(orb.Point{-86.5, 32.5}) {
		t.Errorf("home %v / bound %v", p.Info.Home, p.Info.Bound)
	}
}

// TestBuildRemovesOldImages: a pack built over another removes the
// images (graphs, autocomplete) the engine left beside the old one (they
// are of its build), and nothing else.
func TestBuildRemovesOldImages(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "fix.waymark")
	keep := filepath.Join(dir, "fix.waymark.notes")
	images := []string{out + ".driving.graph", out + ".walking.graph", out + ".autocomplete"}
	for _, p := range append(images, keep) {
		if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Build(context.Background(), fixture.Write(t, fixture.OSM), out, Options{Stages: []stage.Stage{}}); err != nil {
		t.Fatal(err)
	}
	for _, p := range images {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v)", p, err)
		}
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("%s went too: %v", keep, err)
	}
}

func TestBuildFailureLeavesOutputUntouched(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "region.waymark")
	old := []byte("previous pack bytes")
	if err := os.WriteFile(out, old, 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("stage exploded")
	in := fixture.Write(t, fixture.OSM)
	ctx, cancel := context.WithCancel(context.Background())
	// hog holds 64 MB live until the import is stopped (at most 10 s).
	hog := func(ctx context.Context, _ *stage.Import) error {
		buf := make([]byte, 64<<20)
		for i := range buf {
			buf[i] = byte(i)
		}
		runtime.GC()
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
		}
		runtime.KeepAlive(buf)
		return ctx.Err()
	}
	tests := []struct {
		name     string
		ctx      context.Context
		stages   []stage.Stage
		in       string
		memLimit int64
		want     error // nil: any error
	}{
		{"stage error", context.Background(), []stage.Stage{{Name: "bad", Run: func(context.Context, *stage.Import) error { return boom }}}, in, 0, boom},
		{"cancelled", ctx, []stage.Stage{{Name: "cancel", Run: func(context.Context, *stage.Import) error { cancel(); return nil }}}, in, 0, context.Canceled},
		{"bad input", context.Background(), nil, fixture.Write(t, "<osm><node id='1' lat='x'"), 0, nil},
		{"missing input", context.Background(), nil, filepath.Join(dir, "nope.osm.pbf"), 0, nil},
		{"over the memory budget", context.Background(), []stage.Stage{{Name: "hog", Run: hog}}, in, 32 << 20, extract.ErrMemoryBudget},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Build(tc.ctx, tc.in, out, Options{Stages: tc.stages, MemoryLimit: tc.memLimit})
			if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) {
				t.Fatalf("Build = %v, want an error (%v)", err, tc.want)
			}
			got, _ := os.ReadFile(out)
			if !bytes.Equal(got, old) {
				t.Errorf("output changed to %q", got)
			}
			ents, _ := os.ReadDir(dir)
			for _, e := range ents {
				if strings.Contains(e.Name(), ".tmp-") {
					t.Errorf("temporary file left behind: %s", e.Name())
				}
			}
		})
	}
}

func TestStageWritesInTransaction(t *testing.T) {
	out := filepath.Join(t.TempDir(), "t.waymark")
	st := stage.Stage{Name: "t", Run: func(ctx context.Context, im *stage.Import) error {
		if _, err := im.Tx.Exec(`CREATE TABLE t(x)`); err != nil {
			return err
		}
		im.Count("rows", 2)
		im.Problem("broken ring in way %d", 7)
		return im.SetMeta("extra", "yes")
	}}
	sum, err := Build(context.Background(), fixture.Write(t, fixture.OSM), out, Options{Stages: []stage.Stage{st}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Counts["rows"] != 2 || !strings.Contains(sum.String(), "broken ring in way 7") {
		t.Errorf("summary:\n%s", sum)
	}
	db, err := sql.Open("sqlite3", out)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v string
	if err := db.QueryRow(`SELECT value FROM meta WHERE key='extra'`).Scan(&v); err != nil || v != "yes" {
		t.Errorf("meta extra = %q, %v", v, err)
	}
}

func TestRegionName(t *testing.T) {
	for in, want := range map[string]string{
		"/x/liechtenstein.osm.pbf": "liechtenstein", "li/monaco.waymark": "monaco", "a.osm": "a",
	} {
		if got := RegionName(in); got != want {
			t.Errorf("RegionName(%q) = %q, want %q", in, got, want)
		}
	}
}
