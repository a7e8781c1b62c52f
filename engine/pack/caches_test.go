package pack_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"waymark/engine"
	"waymark/engine/pack"
	"waymark/internal/testpacks"
)

// copyAlone copies the named test pack, without its caches, into a new
// directory, as a pack copied to another machine.
func copyAlone(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(testpacks.Path(t, name))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name+".waymark")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCopiedPackRebuildsCaches: a pack copied alone rebuilds its five
// caches on its first open, telling Options.Caches of each (a progress
// line as it starts and when it is written); the next open maps them and
// rebuilds none; DiskUse counts them with the pack, RemoveImages removes
// them all.
func TestCopiedPackRebuildsCaches(t *testing.T) {
	path := copyAlone(t, "monaco")
	open := func() []pack.CacheEvent {
		var mu sync.Mutex
		var evs []pack.CacheEvent
		e, err := engine.OpenWith(engine.Options{Caches: func(ev pack.CacheEvent) {
			mu.Lock()
			evs = append(evs, ev)
			mu.Unlock()
		}}, path)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.WarmPlaces(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := e.Packs()[0].WaitGraphs(); err != nil {
			t.Fatal(err)
		}
		e.Close()
		return evs
	}
	evs := open()
	started, done := map[string]bool{}, map[string]bool{}
	for _, ev := range evs {
		line := ev.String()
		if !strings.HasPrefix(line, "monaco: ") || !strings.Contains(line, ev.Cache) {
			t.Errorf("progress line %q does not name the pack and the cache", line)
		}
		if ev.Err != nil {
			t.Errorf("%s", line)
		}
		if ev.Done {
			done[ev.Cache] = ev.Size > 0
		} else {
			started[ev.Cache] = true
		}
	}
	want := []string{"monaco.waymark.autocomplete", "monaco.waymark.cycling.graph", "monaco.waymark.driving.graph",
		"monaco.waymark.nearby", "monaco.waymark.reverse", "monaco.waymark.walking.graph"}
	for _, c := range want {
		if !started[c] || !done[c] {
			t.Errorf("cache %s: started %v, written %v; events %v", c, started[c], done[c], evs)
		}
	}
	files := pack.CacheFiles(path)
	var names []string
	var sum int64
	for _, f := range files {
		names = append(names, filepath.Base(f))
		st, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		sum += st.Size()
	}
	slices.Sort(names)
	if !slices.Equal(names, want) {
		t.Errorf("CacheFiles = %v, want %v", names, want)
	}
	packBytes, cacheBytes, err := pack.DiskUse(path)
	st, _ := os.Stat(path)
	if err != nil || packBytes != st.Size() || cacheBytes != sum || cacheBytes == 0 {
		t.Errorf("DiskUse = %d + %d, %v; want %d + %d", packBytes, cacheBytes, err, st.Size(), sum)
	}
	if again := open(); len(again) != 0 {
		t.Errorf("second open rebuilt caches: %v", again)
	}
	if err := pack.RemoveImages(path); err != nil {
		t.Fatal(err)
	}
	if left := pack.CacheFiles(path); len(left) != 0 {
		t.Errorf("after RemoveImages: %v", left)
	}
}

// TestCheckCaches: CheckCaches says ok of the caches an open wrote, and
// finds one cut short (damaged), one of another pack's build (stale), one
// missing and a temporary file left behind.
func TestCheckCaches(t *testing.T) {
	ctx := context.Background()
	path := copyAlone(t, "monaco")
	e, err := engine.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.WarmPlaces(ctx); err != nil {
		t.Fatal(err)
	}
	e.Packs()[0].WaitGraphs()
	e.Close()
	states := func() map[string]pack.CacheState {
		t.Helper()
		rep, err := pack.CheckCaches(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]pack.CacheState{}
		for _, c := range rep {
			m[strings.TrimPrefix(filepath.Base(c.Path), "monaco.waymark.")] = c.State
		}
		return m
	}
	for name, st := range states() {
		if st != pack.CacheOK {
			t.Errorf("fresh cache %s: %v, want ok", name, st)
		}
	}
	if len(states()) != 6 {
		t.Errorf("CheckCaches found %d caches, want 6", len(states()))
	}
	// damage them
	graph := path + ".driving.graph"
	data, err := os.ReadFile(graph)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(graph, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	other := testpacks.Path(t, "andorra") + ".reverse"
	if _, err := os.Stat(other); err != nil {
		if e2, err := engine.Open(testpacks.Path(t, "andorra")); err == nil {
			e2.WarmPlaces(ctx)
			e2.Close()
		}
	}
	if b, err := os.ReadFile(other); err == nil {
		os.WriteFile(path+".reverse", b, 0o644)
	} else {
		t.Fatal(err)
	}
	os.Remove(path + ".nearby")
	os.WriteFile(filepath.Join(filepath.Dir(path), ".monaco.waymark.nearby.tmp123"), []byte("x"), 0o644)
	got := states()
	want := map[string]pack.CacheState{"driving.graph": pack.CacheDamaged, "walking.graph": pack.CacheOK,
		"cycling.graph": pack.CacheOK, "reverse": pack.CacheStale, "nearby": pack.CacheMissing, "autocomplete": pack.CacheOK}
	for name, st := range want {
		if got[name] != st {
			t.Errorf("cache %s: %v, want %v", name, got[name], st)
		}
	}
	if got[".monaco.waymark.nearby.tmp123"] != pack.CacheLeftover {
		t.Errorf("temporary file: %v, want leftover (%v)", got[".monaco.waymark.nearby.tmp123"], got)
	}
}
