package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"waymark/internal/testpacks"
)

// TestHeadlessLinksNoToolkit: the command line's build (no gui tag) does
// not depend on Fyne, so serve, import, search and route cannot load or
// log it.
func TestHeadlessLinksNoToolkit(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-tags", "sqlite_fts5", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "fyne.io/") || strings.Contains(dep, "go-gl/") || strings.Contains(dep, "sqweek/dialog") {
			t.Fatalf("the command line build depends on %s", dep)
		}
	}
}

// headlessBin returns the command line binary: $WAYMARK_BIN, or one built
// into a temporary directory (without the window program beside it).
func headlessBin(t *testing.T) string {
	t.Helper()
	if b := os.Getenv("WAYMARK_BIN"); b != "" {
		abs, err := filepath.Abs(b)
		if err != nil {
			t.Fatal(err)
		}
		return abs
	}
	bin := filepath.Join(t.TempDir(), "waymark")
	if out, err := exec.Command("go", "build", "-tags", "sqlite_fts5", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestServeFirstLine: under LANG=C.UTF-8 (every server and container),
// the first line `waymark serve` prints is the listening line, not a
// toolkit message.
func TestServeFirstLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	stderr := serveProcess(t, append(os.Environ(), "LANG=C.UTF-8", "LC_ALL=", "LANGUAGE="), "-token", "T", testpacks.Path(t, "monaco"))
	line, err := stderr.ReadString('\n')
	if err != nil {
		t.Fatalf("read the first line: %v", err)
	}
	if !strings.HasPrefix(line, "waymark serve: listening on http://127.0.0.1:") {
		t.Errorf("first line of waymark serve = %q, want the listening line", line)
	}
}

// serveProcess starts `waymark serve -addr 127.0.0.1:0 args...` and
// returns what it prints on standard error; env is its environment (nil:
// this process's). It is stopped when the test ends, or after ten minutes.
func serveProcess(t *testing.T, env []string, args ...string) *bufio.Reader {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	cmd := exec.CommandContext(ctx, headlessBin(t), append([]string{"serve", "-addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = env
	stderr, err := cmd.StderrPipe()
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	return bufio.NewReader(stderr)
}

// packCopy copies the test pack of the region, without its caches, into
// a temporary folder and returns its path.
func packCopy(t *testing.T, region string) string {
	t.Helper()
	data, err := os.ReadFile(testpacks.Path(t, region))
	if err != nil {
		t.Fatal(err)
	}
	pack := filepath.Join(t.TempDir(), region+".waymark")
	if err := os.WriteFile(pack, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return pack
}
