package main

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"waymark/engine"
	"waymark/internal/testpacks"
)

// TestCheckCaches: waymark check reports a pack's caches: all ok after an
// open wrote them; a damaged one (exit status 1) and a stale one, which
// -fix removes (exit 0), and the next open rebuilds.
func TestCheckCaches(t *testing.T) {
	pack := packCopy(t, "monaco")
	warm := func() {
		e, err := engine.Open(pack)
		if err != nil {
			t.Fatal(err)
		}
		e.WarmPlaces(context.Background())
		e.Packs()[0].WaitGraphs()
		e.Close()
	}
	warm()
	bin := headlessBin(t)
	check := func(args ...string) (string, int) {
		out, err := exec.Command(bin, append([]string{"check"}, args...)...).CombinedOutput()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}
	out, code := check(pack)
	if code != 0 || !strings.Contains(out, "caches: 6 of 6 ok") {
		t.Fatalf("check of a fresh pack: exit %d\n%s", code, out)
	}
	g := pack + ".walking.graph"
	b, _ := os.ReadFile(g)
	os.WriteFile(g, b[:len(b)-100], 0o644)
	ac, _ := os.ReadFile(testpacks.Path(t, "liechtenstein") + ".autocomplete")
	if ac == nil {
		t.Skip("no LI autocomplete image to make a stale cache of")
	}
	os.WriteFile(pack+".autocomplete", ac, 0o644)
	out, code = check(pack)
	if code != 1 || !strings.Contains(out, "monaco.waymark.walking.graph: DAMAGED") || !strings.Contains(out, "monaco.waymark.autocomplete: stale") {
		t.Fatalf("check with a damaged and a stale cache: exit %d\n%s", code, out)
	}
	out, code = check("-fix", pack)
	if code != 0 || strings.Count(out, "removed") != 2 {
		t.Fatalf("check -fix: exit %d\n%s", code, out)
	}
	warm()
	if out, code = check(pack); code != 0 || !strings.Contains(out, "caches: 6 of 6 ok") {
		t.Fatalf("check after the next open: exit %d\n%s", code, out)
	}
}

// TestServeRebuildsCaches: served alone (copied without its caches), a
// pack's caches are rebuilt with a progress line each, after the
// listening line.
func TestServeRebuildsCaches(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	pack := packCopy(t, "monaco")
	sc := bufio.NewScanner(serveProcess(t, nil, "-token", "T", pack))
	var lines []string
	rebuilt := 0
	for rebuilt < 6 && sc.Scan() {
		lines = append(lines, sc.Text())
		if strings.Contains(sc.Text(), "rebuilt:") {
			rebuilt++
		}
	}
	if rebuilt < 6 || !strings.Contains(lines[0], "listening on") {
		t.Fatalf("serve of a pack without caches printed:\n%s", strings.Join(lines, "\n"))
	}
	for _, c := range []string{"driving.graph", "walking.graph", "cycling.graph", "autocomplete", "nearby", "reverse"} {
		if !strings.Contains(strings.Join(lines, "\n"), "monaco: rebuilding cache monaco.waymark."+c) {
			t.Errorf("no progress line for the %s cache:\n%s", c, strings.Join(lines, "\n"))
		}
	}
}
