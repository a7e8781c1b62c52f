package ui

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// File dialogs: every file the window asks for (an extract to import, a
// GPS track, a tour to export) is chosen in Fyne's file dialog inside the
// window, not the toolkit's native one: it opens in the folder used last
// (state.State.FileDir) or the user's documents folder, is sized to fit the
// window (1024×640 included), answers the keyboard like the rest of the
// window, and tests can drive it.

// errCancelled is returned by askFile when the user closed the dialog
// without choosing (or the window closed meanwhile).
var errCancelled = errors.New("ui: no file chosen")

// fileRequest describes a file dialog.
type fileRequest struct {
	Title string
	// Exts are the file name endings offered ("gpx" or ".gpx"); none:
	// every file.
	Exts []string
	// Save asks for a file to write, proposing Name.
	Save bool
	Name string
}

// dialogMargin is the room kept between a dialog and the window's edges,
// in logical pixels.
const dialogMargin = 16

// Largest file dialog, in logical pixels: a comfortable size on big screens.
const fileDialogMaxW, fileDialogMaxH = 960, 680

// showFileDialog shows the file dialog for req on the UI goroutine; done
// gets the chosen path, or errCancelled.
func (w *Window) showFileDialog(req fileRequest, done func(path string, err error)) {
	finish := func(uri fyne.URI, err error) {
		switch {
		case err != nil:
			done("", err)
		case uri == nil:
			done("", errCancelled)
		default:
			path := uri.Path()
			w.st.FileDir = filepath.Dir(path)
			w.scheduleSave()
			done(path, nil)
		}
	}
	var d *dialog.FileDialog
	if req.Save {
		d = dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
			var uri fyne.URI
			if wc != nil {
				uri = wc.URI()
				wc.Close() // the caller writes the file (atomically) itself
			}
			finish(uri, err)
		}, w.win)
		if req.Name != "" {
			d.SetFileName(req.Name)
		}
	} else {
		d = dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
			var uri fyne.URI
			if rc != nil {
				uri = rc.URI()
				rc.Close()
			}
			finish(uri, err)
		}, w.win)
	}
	if req.Title != "" {
		d.SetTitleText(req.Title)
	}
	if len(req.Exts) > 0 {
		exts := make([]string, len(req.Exts))
		for i, e := range req.Exts {
			exts[i] = "." + strings.TrimPrefix(e, ".")
		}
		d.SetFilter(storage.NewExtensionFileFilter(exts))
	}
	if l, err := storage.ListerForURI(storage.NewFileURI(w.fileDir())); err == nil {
		d.SetLocation(l)
	}
	d.Resize(fitDialog(w.win.Canvas().Size()))
	w.showDialog(d)
}

// fitDialog is the size of a file dialog in a window of size win: as big
// as fileDialogMaxW×fileDialogMaxH, within the window less dialogMargin
// on each side.
func fitDialog(win fyne.Size) fyne.Size {
	return fyne.NewSize(min(fileDialogMaxW, win.Width-2*dialogMargin), min(fileDialogMaxH, win.Height-2*dialogMargin))
}

// askFile shows the file dialog for req from a background goroutine and
// waits for the answer: the chosen path, or errCancelled.
func (w *Window) askFile(req fileRequest) (string, error) {
	type answer struct {
		path string
		err  error
	}
	ch := make(chan answer, 1)
	w.doUI(func() {
		w.showFileDialog(req, func(path string, err error) { ch <- answer{path, err} })
	})
	select {
	case a := <-ch:
		return a.path, a.err
	case <-w.done:
		return "", errCancelled
	}
}

// askYesNo asks a question in a dialog from a background goroutine and
// waits for the answer (false when the window closes meanwhile).
func (w *Window) askYesNo(title, question string) bool {
	ch := make(chan bool, 1)
	w.doUI(func() {
		w.showDialog(dialog.NewConfirm(title, question, func(yes bool) { ch <- yes }, w.win))
	})
	select {
	case yes := <-ch:
		return yes
	case <-w.done:
		return false
	}
}

// fileDir is where a file dialog opens: the folder used last, or the
// user's documents folder, or the home folder.
func (w *Window) fileDir() string {
	if isDir(w.st.FileDir) {
		return w.st.FileDir
	}
	return documentsDir()
}

// documentsDir returns the user's documents folder: XDG_DOCUMENTS_DIR as
// the environment or user-dirs.dirs (xdg-user-dirs) sets it, else
// ~/Documents, else the home folder ("" when there is none).
func documentsDir() string {
	home, _ := os.UserHomeDir()
	if d := expandHome(os.Getenv("XDG_DOCUMENTS_DIR"), home); isDir(d) {
		return d
	}
	if cfg, err := os.UserConfigDir(); err == nil {
		if d := expandHome(userDirsEntry(filepath.Join(cfg, "user-dirs.dirs"), "XDG_DOCUMENTS_DIR"), home); isDir(d) {
			return d
		}
	}
	if d := filepath.Join(home, "Documents"); home != "" && isDir(d) {
		return d
	}
	return home
}

// userDirsEntry reads key from an xdg-user-dirs file (lines
// KEY="$HOME/Folder"); "" when absent.
func userDirsEntry(path, key string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") || strings.TrimSpace(k) != key {
			continue
		}
		return strings.Trim(strings.TrimSpace(v), `"`)
	}
	return ""
}

// expandHome replaces a leading $HOME or ~ of p by home.
func expandHome(p, home string) string {
	switch {
	case p == "":
		return ""
	case strings.HasPrefix(p, "$HOME"):
		return home + strings.TrimPrefix(p, "$HOME")
	case p == "~" || strings.HasPrefix(p, "~/"):
		return home + strings.TrimPrefix(p, "~")
	}
	return p
}

func isDir(p string) bool {
	if p == "" {
		return false
	}
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
