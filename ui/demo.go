package ui

import (
	"fmt"
	"image"
	"image/png"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
)

// demoStep is one scripted action of the demo: it runs on the UI goroutine
// and may ask to wait (for background work) before the next step.
type demoStep struct {
	name string
	run  func() error
	// wait, when set, is polled on the UI goroutine until it returns true.
	wait func() bool
	// settle is how long the window runs before the step, so the frames
	// of what the previous steps changed are painted (screenshots).
	settle time.Duration
}

// runDemo drives the window through a script (see Options.Demo), saving
// screenshots, then closes the window. It runs on its own goroutine.
func (w *Window) runDemo(name, dir string) {
	if dir == "" {
		dir = "."
	}
	steps, err := w.demoScript(name, dir)
	if err == nil {
		err = w.playDemo(steps)
	}
	if err != nil {
		w.demoErr = fmt.Errorf("%w: %v", ErrDemo, err)
		log.Print(w.demoErr)
	}
	fyne.Do(func() { w.win.Close() })
}

func (w *Window) playDemo(steps []demoStep) error {
	// Let the window appear and lay out first.
	time.Sleep(500 * time.Millisecond)
	for _, st := range steps {
		time.Sleep(st.settle)
		var err error
		fyne.DoAndWait(func() {
			if st.run != nil {
				err = st.run()
			}
		})
		if err != nil {
			return fmt.Errorf("step %s: %w", st.name, err)
		}
		if st.wait == nil {
			time.Sleep(150 * time.Millisecond)
			continue
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			done := false
			fyne.DoAndWait(func() { done = st.wait() })
			if done {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("step %s: timed out", st.name)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	return nil
}

// mapSettled reports whether every tile of the current view is drawn.
func (w *Window) mapSettled() bool { return !w.mapw.Animating() && w.mapw.TilesPending() == 0 }

// screenshotStep captures the window canvas into dir/name.
func (w *Window) screenshotStep(dir, name string) demoStep {
	return demoStep{name: "screenshot " + name, settle: 300 * time.Millisecond, run: func() error {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		img := w.win.Canvas().Capture()
		if !isBlank(img) {
			return savePNG(img, path)
		}
		// Some GL stacks (Xvfb's) keep no front buffer to read back: take
		// the screen with ImageMagick's import instead, when it is installed.
		if _, err := exec.LookPath("import"); err != nil {
			return fmt.Errorf("the window capture is blank and ImageMagick's import is not installed")
		}
		if out, err := exec.Command("import", "-window", "root", path).CombinedOutput(); err != nil {
			return fmt.Errorf("import -window root: %v: %s", err, out)
		}
		return nil
	}}
}

// waitStep pauses the script until cond holds (tiles drawn, route computed).
func waitStep(name string, cond func() bool) demoStep {
	return demoStep{name: name, wait: cond}
}

// isBlank reports whether img is missing or of one colour.
func isBlank(img image.Image) bool {
	if img == nil || img.Bounds().Empty() {
		return true
	}
	b := img.Bounds()
	r0, g0, b0, a0 := img.At(b.Min.X, b.Min.Y).RGBA()
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bb, a := img.At(x, y).RGBA()
			if r != r0 || g != g0 || bb != b0 || a != a0 {
				return false
			}
		}
	}
	return true
}

// pauseStep lets the window run for d (animations, redraws).
func pauseStep(d time.Duration) demoStep {
	var until time.Time
	return demoStep{name: "pause", run: func() error { until = time.Now().Add(d); return nil },
		wait: func() bool { return time.Now().After(until) }}
}

func savePNG(img image.Image, path string) error {
	if img == nil {
		return fmt.Errorf("screenshot: the canvas gave no image")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
