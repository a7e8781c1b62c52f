// Package tourstore keeps a planner's saved tours: one GeoJSON file per
// tour (package tourfile's format, docs/tour-format.md) in a folder of the
// user's data directory, listed, opened, saved, duplicated, renamed and
// deleted by id.
//
// Design choices: a tour's id is its file name without ".geojson", made
// once from its name and the time of the first save, so renaming never
// moves a file and two tours may share a name. Files are written
// atomically (temporary file, then rename): a crash leaves the old tour or
// the new one, never half a file. The list reads every file (a 100-stop
// tour is ~15 kB and parses in well under a millisecond); a file that does
// not parse is listed with its error rather than hidden. The date listed is
// the file's modification time. No GUI imports.
package tourstore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/ui/tourfile"
	"waymark/ui/tourmodel"
)

// Ext is the file name extension of a saved tour.
const Ext = ".geojson"

// Sentinel errors.
var (
	// ErrNotFound: no saved tour has the id.
	ErrNotFound = errors.New("tourstore: no such tour")
	// ErrID: an id that is not a plain file name.
	ErrID = errors.New("tourstore: invalid tour id")
	// ErrNoDataDir: the platform has no user data directory.
	ErrNoDataDir = errors.New("tourstore: no user data directory")
)

// DefaultDir returns the folder of saved tours: $XDG_DATA_HOME/waymark/tours
// (~/.local/share/waymark/tours) on Linux and BSD, the user config
// directory's waymark/tours elsewhere; beside the region packs.
func DefaultDir() (string, error) {
	if runtime.GOOS == "linux" || runtime.GOOS == "freebsd" {
		if d := os.Getenv("XDG_DATA_HOME"); d != "" {
			return filepath.Join(d, "waymark", "tours"), nil
		}
		home, err := os.UserHomeDir()
		if err != nil || home == "" {
			return "", fmt.Errorf("%w: %v", ErrNoDataDir, err)
		}
		return filepath.Join(home, ".local", "share", "waymark", "tours"), nil
	}
	d, err := os.UserConfigDir()
	if err != nil || d == "" {
		return "", fmt.Errorf("%w: %v", ErrNoDataDir, err)
	}
	return filepath.Join(d, "waymark", "tours"), nil
}

// Doc is a saved tour: the tour, and the route it had when saved.
type Doc struct {
	Tour tourmodel.Tour // Tour.Doc is the id
	// Route is the main route's line; Distance (meters) and Duration
	// (seconds) its totals; all zero when the tour had no route.
	Route    orb.LineString
	Distance float64
	Duration float64
}

// Entry is one saved tour in the list.
type Entry struct {
	ID       string
	Name     string
	Stops    int
	Distance float64 // meters; 0 when saved without a route
	Duration float64 // seconds
	Modified time.Time
	// Err is set when the file cannot be read (the other fields but ID
	// and Modified are then zero).
	Err error
}

// Store is a folder of saved tours.
type Store struct {
	Dir string
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$`)

func (s Store) path(id string) (string, error) {
	if !idPattern.MatchString(id) || strings.Contains(id, "..") {
		return "", fmt.Errorf("%w: %q", ErrID, id)
	}
	return filepath.Join(s.Dir, id+Ext), nil
}

// List returns the saved tours, most recently modified first. A missing
// folder is an empty list.
func (s Store) List() ([]Entry, error) {
	ents, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("tourstore: list: %w", err)
	}
	var out []Entry
	for _, de := range ents {
		name := de.Name()
		if de.IsDir() || !strings.HasSuffix(name, Ext) || strings.HasPrefix(name, ".") {
			continue
		}
		e := Entry{ID: strings.TrimSuffix(name, Ext)}
		if info, err := de.Info(); err == nil {
			e.Modified = info.ModTime()
		}
		d, err := s.Open(e.ID)
		if err != nil {
			e.Err = err
		} else {
			e.Name, e.Stops, e.Distance, e.Duration = d.Tour.Name, len(d.Tour.Stops), d.Distance, d.Duration
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(a, b int) bool {
		if !out[a].Modified.Equal(out[b].Modified) {
			return out[a].Modified.After(out[b].Modified)
		}
		return out[a].ID < out[b].ID
	})
	return out, nil
}

// Open reads the tour id.
func (s Store) Open(id string) (Doc, error) {
	p, err := s.path(id)
	if err != nil {
		return Doc{}, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return Doc{}, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return Doc{}, fmt.Errorf("tourstore: open: %w", err)
	}
	defer f.Close()
	ft, err := tourfile.ReadGeoJSON(f)
	if err != nil {
		return Doc{}, fmt.Errorf("tourstore: open %s: %w", id, err)
	}
	d := FromFile(ft)
	d.Tour.Doc = id
	return d, nil
}

// FromFile converts a tour read by package tourfile.
func FromFile(ft tourfile.Tour) Doc {
	d := Doc{Route: ft.Route, Distance: ft.Distance, Duration: ft.Duration}
	d.Tour.Name = ft.Name
	d.Tour.Roundtrip = ft.Roundtrip
	if p, err := route.ParseProfile(ft.Profile); err == nil {
		d.Tour.Profile = p
	}
	if x, err := route.ParseExclude(ft.Exclude); err == nil { // a class this version does not know: avoid nothing
		d.Tour.Exclude = x
	}
	for _, st := range ft.Stops {
		d.Tour.Stops = append(d.Tour.Stops, tourmodel.Stop{Name: st.Name, Point: st.Point})
	}
	return d
}

// ToFile converts d for package tourfile's writers.
func ToFile(d Doc) tourfile.Tour {
	ft := tourfile.Tour{Name: d.Tour.Name, Profile: d.Tour.Profile.String(), Roundtrip: d.Tour.Roundtrip, Exclude: d.Tour.Exclude.String(),
		Route: d.Route, Distance: d.Distance, Duration: d.Duration}
	for _, st := range d.Tour.Stops {
		ft.Stops = append(ft.Stops, tourfile.Stop{Name: st.Name, Point: st.Point})
	}
	return ft
}

// Save writes d under d.Tour.Doc, or under a new id when that is empty,
// and returns the id.
func (s Store) Save(d Doc) (string, error) {
	id := d.Tour.Doc
	if id == "" {
		var err error
		if id, err = s.newID(d.Tour.Name); err != nil {
			return "", err
		}
	}
	p, err := s.path(id)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return "", fmt.Errorf("tourstore: save: %w", err)
	}
	f, err := os.CreateTemp(s.Dir, ".tour-*"+Ext)
	if err != nil {
		return "", fmt.Errorf("tourstore: save: %w", err)
	}
	tmp := f.Name()
	werr := tourfile.WriteGeoJSON(f, ToFile(d))
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("tourstore: save %s: %w", id, errors.Join(werr, cerr))
	}
	if err := os.Rename(tmp, p); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("tourstore: save %s: %w", id, err)
	}
	return id, nil
}

// newID makes an unused id from name and the current time:
// "museums-of-vaduz-20250501-143012".
func (s Store) newID(name string) (string, error) {
	base := slug(name)
	if base == "" {
		base = "tour"
	}
	base += "-" + time.Now().Format("20060102-150405")
	for i := 0; i < 1000; i++ {
		id := base
		if i > 0 {
			id = fmt.Sprintf("%s-%d", base, i+1)
		}
		p, err := s.path(id)
		if err != nil {
			return "", err
		}
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			return id, nil
		}
	}
	return "", fmt.Errorf("tourstore: no free id for %q", name)
}

// slug keeps the letters and digits of name (ASCII, lower case), joined by
// hyphens, at most 40 bytes.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
		if b.Len() >= 40 {
			break
		}
	}
	return b.String()
}

// Duplicate saves a copy of tour id named "name (copy)" and returns the
// copy's id.
func (s Store) Duplicate(id string) (string, error) {
	d, err := s.Open(id)
	if err != nil {
		return "", err
	}
	d.Tour.Doc = ""
	d.Tour.Name = CopyName(d.Tour.Name)
	return s.Save(d)
}

// CopyName is the name of a duplicate of a tour named name.
func CopyName(name string) string {
	if name == "" {
		name = "Untitled tour"
	}
	return name + " (copy)"
}

// Rename gives tour id a new name (its id stays).
func (s Store) Rename(id, name string) error {
	d, err := s.Open(id)
	if err != nil {
		return err
	}
	d.Tour.Name = name
	_, err = s.Save(d)
	return err
}

// Delete removes tour id.
func (s Store) Delete(id string) error {
	p, err := s.path(id)
	if err != nil {
		return err
	}
	if err := os.Remove(p); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	} else if err != nil {
		return fmt.Errorf("tourstore: delete: %w", err)
	}
	return nil
}
