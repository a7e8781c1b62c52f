package pack

// A region is one thing to handle: the pack and the caches beside it
// (images.go: the routing graphs', autocomplete, nearby and reverse
// indexes' images, ~1.3× the pack's size). DiskUse counts them with the
// pack, RemoveImages goes with it, a pack copied alone rebuilds them on
// its first open (telling Options.Caches as it goes), and CheckCaches
// says which are missing, stale (of another build of the pack) or
// damaged.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"waymark/engine/geocode"
)

// CacheEvent tells of a cache beside a pack being rebuilt: when it starts
// (Done false) and when it is written or could not be (Done, Err).
type CacheEvent struct {
	Pack  string // the pack's region name
	Cache string // the cache's file name
	Done  bool
	Size  int64 // bytes written
	Took  time.Duration
	Err   error
}

// String is the event as a progress line.
func (ev CacheEvent) String() string {
	switch {
	case !ev.Done:
		return fmt.Sprintf("%s: rebuilding cache %s (missing or of another build of the pack)...", ev.Pack, ev.Cache)
	case ev.Err != nil:
		return fmt.Sprintf("%s: cache %s not written (%v): loaded from the pack at every open instead", ev.Pack, ev.Cache, ev.Err)
	}
	return fmt.Sprintf("%s: cache %s rebuilt: %s in %.1f s", ev.Pack, ev.Cache, byteSize(ev.Size), ev.Took.Seconds())
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.0f kB", float64(n)/(1<<10))
}

// cacheStarted and cacheDone tell pk's Caches callback, if any, that the
// cache at path is being rebuilt and that it is written (err: not).
func (pk *Pack) cacheStarted(path string) time.Time {
	if pk.caches != nil {
		pk.caches(CacheEvent{Pack: pk.Info.Name, Cache: filepath.Base(path)})
	}
	return time.Now()
}

func (pk *Pack) cacheDone(path string, start time.Time, err error) {
	if pk.caches == nil {
		return
	}
	ev := CacheEvent{Pack: pk.Info.Name, Cache: filepath.Base(path), Done: true, Took: time.Since(start), Err: err}
	if st, serr := os.Stat(path); serr == nil && err == nil {
		ev.Size = st.Size()
	}
	pk.caches(ev)
}

// CacheFiles returns the caches beside the pack at path that exist,
// temporary files an interrupted writer left included.
func CacheFiles(pack string) []string {
	var out []string
	for _, p := range imagePaths(pack) {
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	dir, base := filepath.Dir(pack), filepath.Base(pack)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "."+base+".") && strings.Contains(e.Name(), ".tmp") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

// DiskUse returns the bytes the pack at path takes on disk and those its
// caches take.
func DiskUse(pack string) (packBytes, cacheBytes int64, err error) {
	st, err := os.Stat(pack)
	if err != nil {
		return 0, 0, fmt.Errorf("pack: disk use: %w", err)
	}
	for _, p := range CacheFiles(pack) {
		if cs, err := os.Stat(p); err == nil {
			cacheBytes += cs.Size()
		}
	}
	return st.Size(), cacheBytes, nil
}

// CacheState is what CheckCaches found of a cache.
type CacheState int

// Cache states.
const (
	CacheOK       CacheState = iota
	CacheMissing             // rebuilt on the next open
	CacheStale               // of another build of the pack: rebuilt on the next open
	CacheDamaged             // unreadable: remove it (RemoveImages), rebuilt on the next open
	CacheLeftover            // a temporary file an interrupted writer left
)

func (s CacheState) String() string {
	return [...]string{"ok", "missing", "stale", "damaged", "leftover"}[s]
}

// CacheStatus is one cache of a pack as CheckCaches found it.
type CacheStatus struct {
	Path  string
	Size  int64
	State CacheState
	Err   error // what is wrong with a damaged cache
}

// CheckCaches reads every cache beside the pack at path as an open would
// (a graph's image checked to every index it holds, route.Graph.Verify)
// and says whether it is there and of the pack's build. Caches are checked
// for their structure, not every value: a flipped bit in a coordinate
// goes unseen (as in SQLite's pages until an integrity check).
func CheckCaches(ctx context.Context, path string) ([]CacheStatus, error) {
	pk, err := OpenWith(path, Options{NoGraphs: true})
	if err != nil {
		return nil, err
	}
	defer pk.Close()
	ix, ixErr := geocode.Open(ctx, pk.db)
	stored, err := storedGraphs(pk.db)
	if err != nil {
		return nil, fmt.Errorf("pack: check caches of %s: %w", path, err)
	}
	build := pk.Info.BuildID
	var out []CacheStatus
	check := func(p string, read func([]byte) (string, error)) {
		st := CacheStatus{Path: p}
		fi, err := os.Stat(p)
		if err != nil {
			st.State = CacheMissing
			out = append(out, st)
			return
		}
		st.Size = fi.Size()
		data, err := mapImage(p)
		if err == nil && data == nil {
			err = errors.New("empty")
		}
		if err == nil {
			var id string
			id, err = read(data)
			unmapImage(data)
			if err == nil && id != build {
				st.State = CacheStale
			}
		}
		if err != nil {
			st.State, st.Err = CacheDamaged, err
		}
		out = append(out, st)
	}
	for _, sg := range stored {
		p := sg.p
		check(graphImagePath(path, p), func(data []byte) (string, error) {
			g, id, err := graphImage(p)(data)
			if err == nil {
				err = g.Verify()
			}
			return id, err
		})
	}
	places := []struct {
		path string
		read func([]byte) (string, error)
	}{
		{completerImagePath(path), func(d []byte) (string, error) { _, id, err := geocode.ReadCompleterImage(d, ix); return id, err }},
		{nearbyImagePath(path), func(d []byte) (string, error) { _, id, err := geocode.ReadNearbyImage(d, ix); return id, err }},
		{reverseImagePath(path), func(d []byte) (string, error) { _, id, err := geocode.ReadReverseImage(d); return id, err }},
	}
	for _, pl := range places {
		if ixErr != nil {
			if _, err := os.Stat(pl.path); err != nil {
				continue // a pack without places has none
			}
			check(pl.path, func([]byte) (string, error) { return "", fmt.Errorf("the pack's places cannot be read: %w", ixErr) })
			continue
		}
		check(pl.path, pl.read)
	}
	for _, p := range CacheFiles(path) {
		if strings.HasPrefix(filepath.Base(p), ".") {
			st := CacheStatus{Path: p, State: CacheLeftover}
			if fi, err := os.Stat(p); err == nil {
				st.Size = fi.Size()
			}
			out = append(out, st)
		}
	}
	return out, ctx.Err()
}
