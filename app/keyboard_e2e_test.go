//go:build gui

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestWindowKeyboardE2E drives the real window under Xvfb with the keyboard
// alone, as xdotool types it: Ctrl+F, a misspelled search and Enter, then
// Ctrl+Q typed inside the search field must quit (a text field takes every
// Ctrl shortcut it is given: the window's shortcuts live in its main menu,
// which the driver asks first) and save the window's state.
func TestWindowKeyboardE2E(t *testing.T) {
	pack, bin, tmp := e2eSetup(t, "xdotool")
	home := filepath.Join(tmp, "home")
	// The window starts in the background; xdotool waits for it, types,
	// and the script's status is the window's.
	script := `"$0" "$1" & pid=$!
xdotool search --sync --onlyvisible --name Waymark >/dev/null
sleep 4
xdotool key ctrl+f; xdotool type --delay 40 Vadutz; xdotool key Return
sleep 3
xdotool key ctrl+f; xdotool type --delay 40 Balz
sleep 1
xdotool key ctrl+q
wait $pid`
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xvfb-run", "-a", "-s", fmt.Sprintf("-screen 0 %dx%dx24", e2eScreenW, e2eScreenH),
		"sh", "-c", script, bin, pack)
	cmd.Env = append(os.Environ(),
		"LANG=C.UTF-8", "LANGUAGE=en_US", "GSETTINGS_BACKEND=memory", "FYNE_SCALE=1",
		"HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local/share"), "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("Ctrl+Q typed in the search field did not quit the window within 90 s\n%s", e2eTail(out, 20))
	}
	if err != nil {
		t.Fatalf("window: %v\n%s", err, e2eTail(out, 30))
	}
	b, err := os.ReadFile(filepath.Join(home, ".config", "waymark", "state.json"))
	if err != nil {
		t.Fatalf("the window quit without saving its state: %v", err)
	}
	var st struct {
		Tab string `json:"tab"`
	}
	if err := json.Unmarshal(b, &st); err != nil || st.Tab != "Search" {
		t.Errorf("saved state %s (%v), want the Search tab shown last", b, err)
	}
}
