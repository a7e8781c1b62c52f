package extract

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"waymark/internal/unlinked"
)

// Temporary packs. Build writes a pack to ".OUT.tmp-*" beside OUT and
// holds an exclusive advisory lock (flock) on it for as long as the
// import runs. The kernel drops that lock when the process ends, however
// it ends (kill -9, power loss, a crash), so the next import of OUT can
// tell a leftover of a dead import (lock free) from the file of an import
// still running (lock held) and removes only the leftovers. Process ids
// in names would be reused; locks are not.

// tempPattern is the glob of the temporary files of imports into out.
func tempPattern(out string) string {
	return filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".tmp-*")
}

// CreateTemp creates the temporary pack beside out and locks it. The
// returned release unlocks and closes it (it does not remove the file).
func CreateTemp(out string) (path string, release func(), err error) {
	f, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".tmp-*")
	if err != nil {
		return "", nil, fmt.Errorf("regions: temporary pack: %w", err)
	}
	if ok, err := tryLock(f); err != nil || !ok {
		f.Close()
		os.Remove(f.Name())
		return "", nil, fmt.Errorf("regions: lock temporary pack %s: %v", f.Name(), err)
	}
	return f.Name(), func() { f.Close() }, nil
}

// RemoveStaleTemps removes the temporary packs (and their SQLite journals)
// that imports into out left behind when they were killed, and returns
// their paths. Files of imports still running are kept.
func RemoveStaleTemps(out string) ([]string, error) {
	paths, err := filepath.Glob(tempPattern(out))
	if err != nil {
		return nil, fmt.Errorf("regions: stale temporary packs: %w", err)
	}
	var removed []string
	for _, p := range paths {
		if strings.HasSuffix(p, "-journal") {
			continue
		}
		f, err := os.OpenFile(p, os.O_RDWR, 0)
		if err != nil {
			continue // gone meanwhile, or not ours to touch
		}
		ok, err := tryLock(f)
		if err == nil && ok {
			if os.Remove(p) == nil {
				removed = append(removed, p)
			}
			os.Remove(p + "-journal")
		}
		f.Close()
	}
	return removed, nil
}

// CreateUnlinked creates a temporary file in dir without a name
// (unlinked.Create; pattern as os.CreateTemp's where names are needed).
func CreateUnlinked(dir, pattern string) (*os.File, error) { return unlinked.Create(dir, pattern) }
