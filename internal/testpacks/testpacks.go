// Package testpacks gives integration tests and benchmarks a region pack
// built from a shared extract. `make test` and `make bench` build the packs
// once with the current code into $WAYMARK_TEST_PACKS; without that variable
// the pack is built on first use into a temporary directory, once per test
// binary. Test files that use it must be external test packages
// (package foo_test), since regions imports the engine packages.
package testpacks

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"waymark/internal/testregions"
	"waymark/regions"
)

type built struct {
	once sync.Once
	path string
	err  error
}

var (
	mu    sync.Mutex
	packs = map[string]*built{}
)

// Path returns the path of a pack for the named extract ("liechtenstein",
// "monaco", "andorra"), skipping or failing tb as testregions.Extract does
// when the extract is missing.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	return WithStages(tb, name)
}

// WithStages is Path for a pack holding only the given import stages (all
// of them when none are given): tests that need one stage build less. A
// full pack from $WAYMARK_TEST_PACKS serves every stage set.
func WithStages(tb testing.TB, name string, stages ...regions.Stage) string {
	tb.Helper()
	if dir := os.Getenv("WAYMARK_TEST_PACKS"); dir != "" {
		p := filepath.Join(dir, name+".waymark")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	src := testregions.Extract(tb, name)
	key := name
	for _, st := range stages {
		key += "+" + st.Name
	}
	b := once(key, func() (string, error) {
		dir, err := os.MkdirTemp("", "waymark-testpack-")
		if err != nil {
			return "", err
		}
		path := filepath.Join(dir, name+".waymark")
		_, err = regions.Build(context.Background(), src, path, regions.Options{Stages: stages})
		return path, err
	})
	if b.err != nil {
		tb.Fatalf("build %s pack (%s): %v", name, key, b.err)
	}
	return b.path
}

// onceShared is once for packs built into a directory that test binaries
// share ($WAYMARK_TEST_PACKS/cut, the tiles, the scaled pack): the build
// holds a file lock of key's (lockShared), so binaries of several packages
// that go test runs at once (engine and regions both cut LI) build it one
// after the other — the second finds it fresh — instead of writing the
// same files together.
func onceShared(key string, build func() (string, error)) *built {
	return once(key, func() (string, error) {
		unlock := lockShared(key)
		defer unlock()
		return build()
	})
}

// once builds the pack of key with build the first time it is asked for,
// once per test binary, and returns the result every time.
func once(key string, build func() (string, error)) *built {
	mu.Lock()
	b := packs[key]
	if b == nil {
		b = &built{}
		packs[key] = b
	}
	mu.Unlock()
	b.once.Do(func() { b.path, b.err = build() })
	return b
}

// lockShared takes an exclusive lock on a file named for key beside the
// shared packs ($WAYMARK_TEST_PACKS, else the temporary directory) and
// returns its release. Without a lock file to take (a read-only
// directory) it returns at once: the build then runs unguarded, as before.
func lockShared(key string) (unlock func()) {
	dir := os.Getenv("WAYMARK_TEST_PACKS")
	if dir == "" {
		dir = os.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return func() {}
	}
	name := ".lock-" + strings.NewReplacer("/", "_", string(os.PathSeparator), "_").Replace(key)
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return func() {}
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return func() {}
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}
}
