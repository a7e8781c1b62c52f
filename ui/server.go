package ui

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"image/color"
	"net"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"waymark/engine/api"
	"waymark/ui/state"
)

// DefaultServerAddr is the loopback address the server toggle offers first.
const DefaultServerAddr = "127.0.0.1:8088"

// maxLogLines is how many requests the server panel's log keeps.
const maxLogLines = 200

// serverPanel is the loopback server toggle: address, token, "Open (no
// key)" (off by default: every request needs the token), running state and
// a live request log.
type serverPanel struct {
	w       *Window
	content fyne.CanvasObject

	addr    *widget.Entry
	token   *widget.Entry
	open    *widget.Check // serve requests without a key too
	toggle  *widget.Button
	dot     *canvas.Circle
	state   *widget.Label
	count   *widget.Label
	example *widget.Label
	logList *widget.List

	mu      sync.Mutex
	srv     *api.Server
	bound   string // address actually bound while running
	lines   []api.Request
	total   int64 // requests served since the last start
	pending bool
}

func newServerPanel(w *Window) *serverPanel {
	p := &serverPanel{w: w}
	p.addr = widget.NewEntry()
	p.addr.SetPlaceHolder(DefaultServerAddr)
	p.addr.SetText(w.st.Server.Addr)
	if p.addr.Text == "" {
		p.addr.SetText(DefaultServerAddr)
	}
	p.token = widget.NewEntry()
	p.token.SetText(w.st.Server.Token)
	if p.token.Text == "" {
		p.token.SetText(newToken())
	}
	gen := widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), func() { p.token.SetText(newToken()) })
	cp := widget.NewButtonWithIcon("", theme.ContentCopyIcon(), func() {
		w.app.Clipboard().SetContent(p.token.Text)
		w.setStatus("Token copied")
	})
	p.open = widget.NewCheck("Open (no key)", func(bool) { p.updateExample() })
	p.open.SetChecked(w.st.Server.Open)
	p.toggle = widget.NewButtonWithIcon("Start server", theme.MediaPlayIcon(), p.toggled)
	p.toggle.Importance = widget.HighImportance
	p.dot = canvas.NewCircle(color.NRGBA{0x9e, 0x9e, 0x9e, 0xff})
	dotBox := container.NewGridWrap(fyne.NewSize(12, 12), p.dot)
	p.state = widget.NewLabel("Stopped")
	p.count = widget.NewLabel("0 requests")
	p.count.Importance = widget.LowImportance
	p.example = widget.NewLabel("")
	p.example.Wrapping = fyne.TextWrapBreak
	p.example.TextStyle = fyne.TextStyle{Monospace: true}
	cpEx := widget.NewButtonWithIcon("Copy example", theme.ContentCopyIcon(), func() {
		w.app.Clipboard().SetContent(p.exampleURL())
		w.setStatus("Example request copied")
	})
	p.logList = widget.NewList(
		func() int { p.mu.Lock(); defer p.mu.Unlock(); return len(p.lines) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.TextStyle = fyne.TextStyle{Monospace: true}
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			p.mu.Lock()
			defer p.mu.Unlock()
			if i < 0 || i >= len(p.lines) {
				return
			}
			r := p.lines[len(p.lines)-1-i] // newest first
			o.(*widget.Label).SetText(fmt.Sprintf("%s %d %s %s", r.Time.Format("15:04:05"), r.Status, r.Path, r.Duration.Round(10*time.Microsecond)))
		})

	form := widget.NewForm(
		widget.NewFormItem("Address", p.addr),
		widget.NewFormItem("Token", container.NewBorder(nil, nil, nil, container.NewHBox(gen, cp), p.token)),
		widget.NewFormItem("", p.open),
	)
	openHint := widget.NewLabel("Open: requests without a key are served too, as Nominatim and OSRM servers serve them, so their clients work unchanged; a key given is still checked.")
	openHint.Wrapping = fyne.TextWrapWord
	openHint.Importance = widget.LowImportance
	intro := widget.NewLabel("Serve the geocoding and routing API on this computer, for other programs. Only local connections are possible on a loopback address.")
	intro.Wrapping = fyne.TextWrapWord
	top := container.NewVBox(
		intro, form, openHint,
		container.NewHBox(container.NewCenter(dotBox), p.state, layoutSpacer(), p.toggle),
		widget.NewSeparator(),
		widget.NewLabelWithStyle("Try it", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		p.example, container.NewHBox(cpEx),
	)
	requests := container.NewVBox(widget.NewSeparator(),
		container.NewHBox(widget.NewLabelWithStyle("Requests", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), layoutSpacer(), p.count))
	p.content = newHeadScroll(container.NewPadded(top), topDown(container.NewPadded(requests), nil, nil, nil, p.logList), 120)
	p.addr.OnChanged = func(string) { p.updateExample() }
	p.token.OnChanged = func(string) { p.updateExample() }
	p.updateExample()
	w.onEngineChange(p.engineChanged)
	return p
}

// isLoopback reports whether host names this computer only.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (p *serverPanel) exampleURL() string {
	addr := p.addr.Text
	p.mu.Lock()
	if p.bound != "" {
		addr = p.bound
	}
	p.mu.Unlock()
	if p.open.Checked {
		return fmt.Sprintf("curl 'http://%s/search?q=Vaduz&format=json'", addr)
	}
	return fmt.Sprintf("curl 'http://%s/v1/search?q=Vaduz&format=json&key=%s'", addr, p.token.Text)
}

func (p *serverPanel) updateExample() { p.example.SetText(p.exampleURL()) }

// Running reports whether the server is serving, and on which address.
func (p *serverPanel) running() (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bound, p.srv != nil
}

func (p *serverPanel) toggled() {
	if _, on := p.running(); on {
		p.stop()
		return
	}
	if err := p.start(""); err != nil {
		p.state.SetText("Stopped")
		p.w.setStatus("Server: %v", err)
	}
}

// start serves the API on addr, or on the address in the entry when addr is "".
func (p *serverPanel) start(addr string) error {
	eng := p.w.Engine()
	if eng == nil {
		return fmt.Errorf("open a region first (Regions tab)")
	}
	if addr == "" {
		addr = strings.TrimSpace(p.addr.Text)
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: want host:port, e.g. %s", addr, DefaultServerAddr)
	}
	if !isLoopback(host) {
		return fmt.Errorf("address %q is not a loopback address (127.0.0.1, ::1 or localhost): the API is for programs on this computer", addr)
	}
	if p.token.Text == "" {
		p.token.SetText(newToken())
	}
	srv, err := api.New(eng, api.Config{
		Tokens:    []api.Token{{Key: p.token.Text}},
		Open:      p.open.Checked,
		OnRequest: p.logRequest,
	})
	if err != nil {
		return err
	}
	bound, err := srv.Start(addr)
	if err != nil {
		return err
	}
	p.mu.Lock()
	p.srv, p.bound, p.total = srv, bound.String(), 0
	p.mu.Unlock()
	p.refreshLog()
	p.showState()
	return nil
}

// stop shuts the server down; the port is free when it returns.
func (p *serverPanel) stop() {
	p.mu.Lock()
	srv := p.srv
	p.srv, p.bound = nil, ""
	p.mu.Unlock()
	if srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		srv.Shutdown(ctx)
		cancel()
	}
	p.showState()
}

func (p *serverPanel) showState() {
	bound, on := p.running()
	if on {
		p.state.SetText("Running on http://" + bound)
		p.dot.FillColor = color.NRGBA{0x1e, 0x8e, 0x3e, 0xff}
		p.toggle.SetText("Stop server")
		p.toggle.SetIcon(theme.MediaStopIcon())
		p.toggle.Importance = widget.DangerImportance
		p.addr.Disable()
		p.token.Disable()
		p.open.Disable()
	} else {
		p.state.SetText("Stopped")
		p.dot.FillColor = color.NRGBA{0x9e, 0x9e, 0x9e, 0xff}
		p.toggle.SetText("Start server")
		p.toggle.SetIcon(theme.MediaPlayIcon())
		p.toggle.Importance = widget.HighImportance
		p.addr.Enable()
		p.token.Enable()
		p.open.Enable()
	}
	p.dot.Refresh()
	p.toggle.Refresh()
	p.updateExample()
}

// logRequest records a served request; called on the server's goroutines.
func (p *serverPanel) logRequest(r api.Request) {
	p.mu.Lock()
	p.lines = append(p.lines, r)
	p.total++
	if len(p.lines) > maxLogLines {
		p.lines = append(p.lines[:0], p.lines[len(p.lines)-maxLogLines:]...)
	}
	schedule := !p.pending
	p.pending = true
	p.mu.Unlock()
	if schedule {
		p.w.doUI(p.refreshLog)
	}
}

func (p *serverPanel) refreshLog() {
	p.mu.Lock()
	p.pending = false
	n := p.total
	p.mu.Unlock()
	if n == 1 {
		p.count.SetText("1 request")
	} else {
		p.count.SetText(fmt.Sprintf("%d requests", n))
	}
	p.logList.Refresh()
}

// engineChanged restarts a running server on the new engine, on the same
// address and port.
func (p *serverPanel) engineChanged() {
	bound, on := p.running()
	if !on {
		return
	}
	p.stop()
	if err := p.start(bound); err != nil {
		p.w.setStatus("Server: %v", err)
	}
}

func (p *serverPanel) save(s *state.State) {
	s.Server = state.Server{Addr: p.addr.Text, Token: p.token.Text, Open: p.open.Checked}
}
