// Package state keeps what the window remembers between runs — the last map
// view, the region packs the user opened, the tour being planned, the
// loopback server settings, the chosen theme and the folder of the last file
// dialog — as one JSON file, state.json, in the user's
// config directory (os.UserConfigDir()/waymark).
//
// Design choices: the file is written atomically (temporary file, then
// rename) so a crash never leaves half a file; a missing file is the zero
// State, and an unreadable one is reported but never stops the window from
// opening (the caller falls back to defaults). Unknown fields are ignored so
// older and newer versions can share the file. No GUI imports: it is tested
// without a display.
package state

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// FileName is the name of the state file inside the config directory.
const FileName = "state.json"

// ErrNoConfigDir is returned by DefaultDir when the platform has no user config directory.
var ErrNoConfigDir = errors.New("state: no user config directory")

// View is a map view: centre (degrees) and zoom.
type View struct {
	Lon  float64 `json:"lon"`
	Lat  float64 `json:"lat"`
	Zoom float64 `json:"zoom"`
}

// Stop is one tour stop.
type Stop struct {
	Name string  `json:"name"`
	Lon  float64 `json:"lon"`
	Lat  float64 `json:"lat"`
}

// Tour is the tour being planned.
type Tour struct {
	// Doc is the id of the saved tour it belongs to ("" never saved);
	// Name its name ("" untitled).
	Doc       string `json:"doc,omitempty"`
	Name      string `json:"name,omitempty"`
	Stops     []Stop `json:"stops,omitempty"`
	Profile   string `json:"profile,omitempty"` // "driving", "walking" or "cycling"
	Roundtrip bool   `json:"roundtrip,omitempty"`
	Exclude   string `json:"exclude,omitempty"` // roads avoided: "motorway,toll,ferry" (route.ParseExclude)
}

// Server holds the loopback server settings.
type Server struct {
	Addr  string `json:"addr,omitempty"` // host:port
	Token string `json:"token,omitempty"`
	// Open serves requests without a key too (api.Config.Open); off by
	// default.
	Open bool `json:"open,omitempty"`
}

// State is everything the window remembers.
type State struct {
	View   *View    `json:"view,omitempty"` // nil: open on the first pack's home area
	Packs  []string `json:"packs,omitempty"`
	Tour   Tour     `json:"tour"`
	Server Server   `json:"server"`
	Tab    string   `json:"tab,omitempty"` // sidebar tab shown last
	// Sidebar is the sidebar's width in logical pixels (0: the default).
	Sidebar float32 `json:"sidebar,omitempty"`
	// Theme is the chosen look of the window and map: "light", "dark", or
	// "" to follow the system.
	Theme string `json:"theme,omitempty"`
	// FileDir is the folder a file dialog was last used in ("": the
	// user's documents folder).
	FileDir string `json:"fileDir,omitempty"`
}

// DefaultDir returns os.UserConfigDir()/waymark.
func DefaultDir() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil || d == "" {
		return "", fmt.Errorf("%w: %v", ErrNoConfigDir, err)
	}
	return filepath.Join(d, "waymark"), nil
}

// Load reads dir/state.json. A missing file gives the zero State and no error.
func Load(dir string) (State, error) {
	var s State
	b, err := os.ReadFile(filepath.Join(dir, FileName))
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("state: read: %w", err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return State{}, fmt.Errorf("state: parse %s: %w", filepath.Join(dir, FileName), err)
	}
	return s, nil
}

// Save writes s to dir/state.json atomically, creating dir if needed.
func Save(dir string, s State) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("state: save: %w", err)
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("state: save: %w", err)
	}
	f, err := os.CreateTemp(dir, ".state-*.json")
	if err != nil {
		return fmt.Errorf("state: save: %w", err)
	}
	tmp := f.Name()
	_, werr := f.Write(append(b, '\n'))
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		return fmt.Errorf("state: save: %w", errors.Join(werr, cerr))
	}
	if err := os.Rename(tmp, filepath.Join(dir, FileName)); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("state: save: %w", err)
	}
	return nil
}
