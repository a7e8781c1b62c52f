package packwrite

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"waymark/internal/testregions"
	"waymark/regions/extract"
)

// TestMain lets the kill test run Build in a child process: the test
// binary re-executed with WAYMARK_TEST_BUILD_CHILD="IN OUT".
func TestMain(m *testing.M) {
	if args := os.Getenv("WAYMARK_TEST_BUILD_CHILD"); args != "" {
		var in, out string
		fmt.Sscan(args, &in, &out)
		if _, err := Build(context.Background(), in, out, Options{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// dirNames lists the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// TestKilledImportLeavesNothing: imports killed with SIGKILL at random
// points leave the previous pack byte-identical; their temporary files
// stay until the next import, which removes them and leaves only the pack.
func TestKilledImportLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the Monaco pack several times")
	}
	in := testregions.Extract(t, "monaco")
	dir := t.TempDir()
	out := filepath.Join(dir, "monaco.waymark")
	if _, err := Build(context.Background(), in, out, Options{}); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// A full Monaco import takes about a second or two here; kill within it.
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 5))
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	leftovers := 0
	for k := 0; k < 4; k++ {
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), "WAYMARK_TEST_BUILD_CHILD="+in+" "+out)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(100+rng.IntN(900)) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		after, err := os.ReadFile(out)
		if err != nil || !bytes.Equal(after, before) {
			t.Fatalf("kill %d: the previous pack changed (err %v)", k, err)
		}
		leftovers = len(dirNames(t, dir)) - 1
	}
	if leftovers == 0 {
		t.Log("no kill landed during an import; nothing to clean up")
	}
	sum, err := Build(context.Background(), in, out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := dirNames(t, dir); len(got) != 1 || got[0] != "monaco.waymark" {
		t.Errorf("after the next import the directory holds %v, want only monaco.waymark", got)
	}
	var said []string
	for _, p := range sum.Problems {
		if strings.HasPrefix(p, "removed ") {
			said = append(said, p)
		}
	}
	if len(said) != leftovers {
		t.Errorf("the next import reported %v, want %d removed leftovers", said, leftovers)
	}
}

// TestRunningImportTempKept: the temporary file of an import still
// running (its lock held) is not taken for a leftover.
func TestRunningImportTempKept(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.waymark")
	running, release, err := extract.CreateTemp(out)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	dead := filepath.Join(filepath.Dir(out), ".x.waymark.tmp-dead")
	if err := os.WriteFile(dead, []byte("left by a killed import"), 0o600); err != nil {
		t.Fatal(err)
	}
	removed, err := extract.RemoveStaleTemps(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(removed) != 1 || removed[0] != dead {
		t.Errorf("removeStaleTemps(%s) = %v, want [%s]", out, removed, dead)
	}
	if _, err := os.Stat(running); err != nil {
		t.Errorf("the running import's file was removed: %v", err)
	}
}
