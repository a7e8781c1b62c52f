package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"waymark/engine/pack"
)

// runCheck verifies packs: SQLite's integrity check and every table
// against the checksums written at import, then the caches beside each
// (missing, stale, damaged or left behind by an interrupted writer); -fix
// removes the stale, damaged and leftover ones (the next open rebuilds
// them). Exit status 1 when a pack or a cache is damaged (and not fixed).
func runCheck(args []string) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fix := fs.Bool("fix", false, "remove stale, damaged and leftover caches (the next open rebuilds them)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: waymark check [-fix] PACK.waymark...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	status := 0
	packDamaged := false
	for _, p := range fs.Args() {
		rep, err := pack.Check(context.Background(), p)
		switch {
		case err != nil:
			status, packDamaged = 1, true
			fmt.Printf("%s: DAMAGED\n", p)
			if rep != nil {
				for _, pr := range rep.Problems {
					fmt.Printf("  %s\n", pr)
				}
			} else {
				fmt.Printf("  %v\n", err)
			}
			continue
		case rep.Tables == 0:
			fmt.Printf("%s: ok (structure only: built before packs carried checksums)\n", p)
		default:
			fmt.Printf("%s: ok (%d tables match their checksums)\n", p, rep.Tables)
		}
		if !checkCaches(p, *fix) {
			status = 1
		}
	}
	if packDamaged {
		fmt.Fprintln(os.Stderr, "waymark check: a damaged pack gives wrong or no answers; build it again with waymark import")
	}
	return status
}

// checkCaches reports the caches beside pack p, removing the stale,
// damaged and leftover ones with fix; false when one is damaged and left.
func checkCaches(p string, fix bool) bool {
	caches, err := pack.CheckCaches(context.Background(), p)
	if err != nil {
		fmt.Printf("  caches: %v\n", err)
		return false
	}
	ok, size := 0, int64(0)
	sound := true
	for _, c := range caches {
		size += c.Size
		if c.State == pack.CacheOK {
			ok++
			continue
		}
		what := map[pack.CacheState]string{
			pack.CacheMissing:  "missing: the next open rebuilds it",
			pack.CacheStale:    "stale (of another build of the pack): the next open rebuilds it",
			pack.CacheDamaged:  fmt.Sprintf("DAMAGED (%v): remove it (waymark check -fix); the next open rebuilds it", c.Err),
			pack.CacheLeftover: "left behind by an interrupted writer: remove it (waymark check -fix)",
		}[c.State]
		if fix && c.State != pack.CacheMissing {
			if err := os.Remove(c.Path); err != nil {
				what = fmt.Sprintf("%s; not removed: %v", what, err)
			} else {
				what = c.State.String() + ": removed; the next open rebuilds it"
				if c.State == pack.CacheLeftover {
					what = "leftover: removed"
				}
				size -= c.Size
				if c.State == pack.CacheDamaged {
					c.State = pack.CacheMissing
				}
			}
		}
		if c.State == pack.CacheDamaged {
			sound = false
		}
		fmt.Printf("  cache %s: %s\n", filepath.Base(c.Path), what)
	}
	fmt.Printf("  caches: %d of %d ok, %s on disk\n", ok, len(caches), sizeString(size))
	return sound
}

// sizeString formats a byte count for the command line.
func sizeString(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d kB", n>>10)
}
