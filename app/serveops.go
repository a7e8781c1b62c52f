package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"sync"
	"syscall"
	"time"

	"waymark/engine"
	"waymark/engine/api"
	"waymark/engine/pack"
)

// packPaths expands the serve arguments: a directory stands for the
// *.waymark files in it (a mounted volume of packs), in name order.
func packPaths(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("pack %s: %w", a, err)
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		m, err := filepath.Glob(filepath.Join(a, "*.waymark"))
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("pack directory %s holds no .waymark file", a)
		}
		sort.Strings(m)
		out = append(out, m...)
	}
	return out, nil
}

// warm loads everything an engine loads lazily: place indexes and graphs.
func warm(eng *engine.Engine) error {
	if err := eng.WarmPlaces(context.Background()); err != nil {
		return err
	}
	for _, pk := range eng.Packs() {
		if err := pk.WaitGraphs(); err != nil {
			return err
		}
	}
	eng.WarmRouting() // the coverage grid and the joins between packs
	return nil
}

// openServed opens the packs to serve with cacheLog telling of each
// cache beside a pack it rebuilds (a pack copied alone, or rebuilt).
func openServed(paths []string, opts engine.Options, cacheLog *progressLog) (*engine.Engine, error) {
	opts.Caches = func(ev pack.CacheEvent) { cacheLog.print(ev.String()) }
	return engine.OpenWith(opts, paths...)
}

// progressLog prints progress lines to stderr, holding those that come
// before start (so that the listening line stays the first line serve
// prints, as scripts read it).
type progressLog struct {
	mu      sync.Mutex
	started bool
	held    []string
}

func (l *progressLog) print(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.started {
		l.held = append(l.held, line)
		return
	}
	fmt.Fprintf(os.Stderr, "waymark serve: %s\n", line)
}

// start prints the lines held and every later one at once.
func (l *progressLog) start() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.started = true
	for _, line := range l.held {
		fmt.Fprintf(os.Stderr, "waymark serve: %s\n", line)
	}
	l.held = nil
}

// observe adds Prometheus metrics and the access log to cfg's request hook.
func observe(cfg *api.Config, metrics bool, accessLog string) error {
	var m *api.Metrics
	if metrics {
		m = api.NewMetrics()
		cfg.Metrics = m
	}
	var w io.Writer
	switch accessLog {
	case "":
	case "-":
		w = os.Stderr
	default:
		f, err := os.OpenFile(accessLog, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("access log: %w", err)
		}
		w = f
	}
	if m == nil && w == nil {
		return nil
	}
	var mu sync.Mutex
	next := cfg.OnRequest
	cfg.OnRequest = func(r api.Request) {
		if m != nil {
			m.Observe(r)
		}
		if w != nil {
			mu.Lock()
			fmt.Fprintln(w, api.AccessLine(r))
			mu.Unlock()
		}
		if next != nil {
			next(r)
		}
	}
	return nil
}

// serveSignals serves until SIGINT or SIGTERM. SIGHUP reopens the packs
// named by args (files replaced by an atomic rename, or a directory's new
// set): the new engine is loaded and warmed beside the old one, then new
// requests go to it while the old finishes its requests and is closed.
// On SIGTERM the server reports not ready, keeps serving for drain, then
// stops accepting and waits for the requests in flight (each ends by its
// deadline): exit 0 after a clean drain.
func serveSignals(srv *api.Server, args []string, drain time.Duration, opts engine.Options) int {
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	for sig := range sigs {
		if sig != syscall.SIGHUP {
			break
		}
		if err := reload(srv, args, opts); err != nil {
			fmt.Fprintf(os.Stderr, "waymark serve: reload: %v (still serving the previous packs)\n", err)
		}
	}
	srv.SetReady(false)
	if drain > 0 {
		fmt.Fprintf(os.Stderr, "waymark serve: draining: not ready, serving %v more\n", drain)
		time.Sleep(drain)
	}
	fmt.Fprintln(os.Stderr, "waymark serve: shutting down: finishing the requests in flight")
	ctx, cancel := context.WithTimeout(context.Background(), srv.Deadline()+5*time.Second)
	defer cancel()
	err := srv.Shutdown(ctx)
	srv.Engine().Close()
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 1
	}
	fmt.Fprintln(os.Stderr, "waymark serve: stopped")
	return 0
}

// warnDamaged warns of each pack served although its quick check found
// it damaged (serve -allow-damaged).
func warnDamaged(eng *engine.Engine) {
	for _, p := range eng.Packs() {
		if err := p.Damage(); err != nil {
			fmt.Fprintf(os.Stderr, "waymark serve: warning: %v: served anyway (-allow-damaged); its answers may be wrong or missing\n", err)
		}
	}
}

// reload opens and warms the packs named by args and puts them in place.
func reload(srv *api.Server, args []string, opts engine.Options) error {
	start := time.Now()
	paths, err := packPaths(args)
	if err != nil {
		return err
	}
	log := &progressLog{}
	log.start()
	eng, err := openServed(paths, opts, log)
	if err != nil {
		return err
	}
	warnDamaged(eng)
	if err := warm(eng); err != nil {
		eng.Close()
		return err
	}
	srv.Reload(eng)
	fmt.Fprintf(os.Stderr, "waymark serve: reloaded %d packs in %v\n", len(paths), time.Since(start).Round(time.Millisecond))
	return nil
}
