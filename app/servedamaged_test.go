package main

import (
	"bufio"
	"context"
	"database/sql"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"waymark/internal/testpacks"
)

// TestServeDamagedPack (issue 38, item 3): serve refuses a pack whose
// quick check at open finds it damaged, saying so and how to serve it
// anyway; with -allow-damaged it serves it and warns, after the
// listening line. Before, it served it silently.
func TestServeDamagedPack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	src, err := os.ReadFile(testpacks.Path(t, "monaco"))
	if err != nil {
		t.Fatal(err)
	}
	pack := filepath.Join(t.TempDir(), "monaco.waymark")
	if err := os.WriteFile(pack, src, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", "file:"+pack)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE meta SET value = value || 'x' WHERE key = 'source'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	bin := headlessBin(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	out, err := exec.CommandContext(ctx, bin, "serve", "-addr", "127.0.0.1:0", "-token", "T", pack).CombinedOutput()
	if code := exitCode(err); code != 1 || !strings.Contains(string(out), "damaged") || !strings.Contains(string(out), "-allow-damaged") {
		t.Errorf("serve DAMAGED = exit %d:\n%s\nwant exit 1 naming the damage and -allow-damaged", code, out)
	}

	cmd := exec.CommandContext(ctx, bin, "serve", "-addr", "127.0.0.1:0", "-token", "T", "-allow-damaged", pack)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	r := bufio.NewReader(stderr)
	first, _ := r.ReadString('\n')
	if !strings.HasPrefix(first, "waymark serve: listening on") {
		t.Errorf("serve -allow-damaged: first line %q, want the listening line", first)
	}
	found := false
	for !found {
		line, err := r.ReadString('\n')
		if strings.Contains(line, "warning") && strings.Contains(line, "damaged") && strings.Contains(line, "table meta") {
			found = true
		}
		if err == io.EOF || err != nil {
			break
		}
	}
	if !found {
		t.Error("serve -allow-damaged: no warning naming the damaged table")
	}
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}
