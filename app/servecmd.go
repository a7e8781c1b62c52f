package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"waymark/engine"
	"waymark/engine/api"
	"waymark/engine/pack"
)

// tokenList collects repeated -token flags.
type tokenList []string

func (t *tokenList) String() string     { return strings.Join(*t, ",") }
func (t *tokenList) Set(s string) error { *t = append(*t, s); return nil }

// serveFlags are the flags of waymark serve.
type serveFlags struct {
	fs                      *flag.FlagSet
	addr, config, tokenFile *string
	accessLog               *string
	open, metrics           *bool
	allowDamaged            *bool
	rate, deadline          *float64
	drainDelay, heavyShare  *float64
	burst, heavy, maxConns  *int
	heavyMemory, memLimit   *int
	maxConnsPerAddr         *int
	tokens, origins, hosts  tokenList
	lim                     api.Limits
}

func newServeFlags() *serveFlags {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	f := &serveFlags{fs: fs}
	f.addr = fs.String("addr", "127.0.0.1:8088", "listen `address`; loopback unless told otherwise")
	fs.Var(&f.tokens, "token", "access `token` allowed on every endpoint (repeatable)")
	f.open = fs.Bool("open", false, "serve requests without a key too, as nominatim and osrm-routed do (stock clients work unchanged); keys given still get their groups and rates")
	f.config = fs.String("config", "", "JSON config `file` with tokens, their endpoint groups and rates")
	f.rate = fs.Float64("rate", 0, "default per-token rate limit, requests/second (default: no limit); per client address for requests without a key")
	f.burst = fs.Int("burst", 0, "default per-token burst (default 2×rate)")
	f.tokenFile = fs.String("token-file", "", "`file` with access tokens, one per line (not visible in ps, unlike -token); also $WAYMARK_TOKEN")
	fs.Var(&f.origins, "origin", "web `origin` whose pages may call the API (CORS; repeatable, * for any, null for pages opened from files; default none)")
	fs.Var(&f.hosts, "allow-host", "host `name` to answer to besides IP addresses and localhost (repeatable, * for any)")
	f.deadline = fs.Float64("deadline", 0, "per-request deadline in `seconds` (default 30)")
	f.heavy = fs.Int("heavy", 0, "heavy requests (estimated over 10 ms or 4 MB: large matrices, optimizations, matchings, long or detailed directions) worked on at once (default: CPUs - 1, at least 1)")
	f.heavyMemory = fs.Int("heavy-memory", 0, "estimated `MB` the heavy requests not yet answered may hold at once (default 128)")
	f.heavyShare = fs.Float64("heavy-share", 0, "share of the CPUs heavy work may take while light requests keep them busy (default 0.1; 1: no bound)")
	f.memLimit = fs.Int("memory-limit", 1024, "soft memory limit in `MB` (the Go runtime's; raised to twice the packs' heap plus -heavy-memory when that is more; 0: none; GOMEMLIMIT wins)")
	f.maxConns = fs.Int("max-conns", 0, "open connections at most (default 512); at the cap, those slow to send their headers and then idle ones are closed to make room")
	f.maxConnsPerAddr = fs.Int("max-conns-per-addr", 0, "open connections of one client address at most (default: all but an eighth of -max-conns)")
	fs.IntVar(&f.lim.ViaRoute, "max-viaroute-size", 0, "coordinates per directions request (default 25 on /v1, 500 on OSRM paths)")
	fs.IntVar(&f.lim.Table, "max-table-size", 0, "coordinates per matrix request (default 25 on /v1, 100 on OSRM paths)")
	fs.IntVar(&f.lim.Trip, "max-trip-size", 0, "coordinates per optimize request (default 25 on /v1, 100 on OSRM paths)")
	fs.IntVar(&f.lim.Matching, "max-matching-size", 0, "coordinates per matching request (default 25 on /v1, 100 on OSRM paths)")
	fs.IntVar(&f.lim.Nearest, "max-nearest-size", 0, "results per nearest request (default 100)")
	fs.IntVar(&f.lim.Alternatives, "max-alternatives", 0, "alternatives per directions request (default 3)")
	f.metrics = fs.Bool("metrics", false, "serve Prometheus metrics at /metrics (no token)")
	f.allowDamaged = fs.Bool("allow-damaged", false, "serve a pack whose quick check at open finds it damaged, with a warning, instead of refusing it (waymark check tells what is wrong)")
	f.accessLog = fs.String("access-log", "", "write one line per request to `file` (- for stderr); never the query")
	f.drainDelay = fs.Float64("drain-delay", 0, "`seconds` to keep serving after SIGTERM while /readyz says not ready, so a load balancer stops sending first")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: waymark serve [flags] PACK.waymark|DIR...  (SIGHUP reopens them; SIGTERM drains and stops)")
		fs.PrintDefaults()
	}
	return f
}

// apiConfig builds the server's configuration from the flags, the config
// file and the WAYMARK_TOKEN value env. It returns the notes serve prints:
// a token it generated (none given, not open), a warning for an address
// other machines reach.
func (f *serveFlags) apiConfig(env string) (api.Config, []string, error) {
	var cfg api.Config
	if *f.config != "" {
		c, err := api.LoadConfig(*f.config)
		if err != nil {
			return cfg, nil, err
		}
		cfg = c
	}
	more, err := secretTokens(*f.tokenFile, env)
	if err != nil {
		return cfg, nil, err
	}
	for _, t := range append(append([]string(nil), f.tokens...), more...) {
		cfg.Tokens = append(cfg.Tokens, api.Token{Key: t})
	}
	cfg.Open = cfg.Open || *f.open
	cfg.Limits = cfg.Limits.Over(f.lim)
	cfg.Origins = append(cfg.Origins, f.origins...)
	cfg.Hosts = append(cfg.Hosts, f.hosts...)
	override(&cfg.DeadlineSeconds, *f.deadline)
	override(&cfg.Heavy, *f.heavy)
	override(&cfg.HeavyMemoryMB, *f.heavyMemory)
	override(&cfg.HeavyShare, *f.heavyShare)
	override(&cfg.MaxConns, *f.maxConns)
	override(&cfg.MaxConnsPerAddr, *f.maxConnsPerAddr)
	override(&cfg.Rate, *f.rate)
	override(&cfg.Burst, *f.burst)
	var notes []string
	if !isLoopback(*f.addr) {
		if cfg.Open {
			notes = append(notes, fmt.Sprintf("warning: %s is reachable from other machines and -open serves them without a key; the answers travel unencrypted (put a TLS proxy in front)", *f.addr))
		} else {
			notes = append(notes, fmt.Sprintf("warning: %s is reachable from other machines; every request needs a token, and the answers travel unencrypted (put a TLS proxy in front)", *f.addr))
		}
	}
	switch {
	case cfg.Open:
		notes = append(notes, "open: requests without a key are served (keys given are still checked)")
	case len(cfg.Tokens) == 0:
		var b [16]byte
		rand.Read(b[:])
		key := hex.EncodeToString(b[:])
		cfg.Tokens = append(cfg.Tokens, api.Token{Key: key})
		notes = append(notes, "no token given; generated token "+key+" (or serve -open for clients that send no key)")
	}
	return cfg, notes, nil
}

func runServe(args []string) int {
	f := newServeFlags()
	fs := f.fs
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	cfg, notes, err := f.apiConfig(os.Getenv("WAYMARK_TOKEN"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 2
	}
	paths, err := packPaths(fs.Args())
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 2
	}
	cacheLog := &progressLog{}
	opts := engine.Options{AllowDamaged: *f.allowDamaged}
	eng, err := openServed(paths, opts, cacheLog)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		if errors.Is(err, pack.ErrDamaged) {
			fmt.Fprintln(os.Stderr, "waymark serve: serve -allow-damaged serves it anyway, with a warning")
		}
		return 1
	}
	cfg.CloseReplaced = true
	if err := observe(&cfg, *f.metrics, *f.accessLog); err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 2
	}
	srv, err := api.New(eng, cfg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 2
	}
	limit := int64(*f.memLimit) << 20
	api.TuneRuntime(cfg, limit) // GOMAXPROCS, GC pace and memory limit of this process
	srv.SetReady(false)
	bound, err := srv.Start(*f.addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "waymark serve: listening on http://%s (API under /v1/ and bare paths)\n", bound)
	for _, n := range notes {
		fmt.Fprintf(os.Stderr, "waymark serve: %s\n", n)
	}
	warnDamaged(eng)
	cacheLog.start()
	// Build the in-memory place indexes and decode the routing graphs in
	// the background: the server answers at once (a request that needs
	// what is still loading waits for it) and /readyz says ready when done.
	go func() {
		if err := warm(eng); err != nil {
			fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
			return
		}
		if err := eng.ImageErr(); err != nil {
			fmt.Fprintf(os.Stderr, "waymark serve: warning: %v (loaded from the pack at every start instead)\n", err)
		}
		if limit > 0 && os.Getenv("GOMEMLIMIT") == "" {
			if l := api.MemoryLimit(cfg, limit); l > limit {
				debug.SetMemoryLimit(l)
				fmt.Fprintf(os.Stderr, "waymark serve: memory limit raised to %d MB (twice the packs' heap plus -heavy-memory)\n", l>>20)
			}
		}
		srv.SetReady(true)
	}()
	return serveSignals(srv, fs.Args(), time.Duration(*f.drainDelay*float64(time.Second)), opts)
}

// isLoopback reports whether addr ("host:port") listens on loopback only.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// secretTokens returns the tokens of a token file (one a line; blank lines
// and # comments skipped) and of the WAYMARK_TOKEN value: ways to give
// keys that ps does not show, unlike -token.
func secretTokens(file, env string) ([]string, error) {
	var out []string
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("token file: %w", err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
				out = append(out, line)
			}
		}
	}
	if env = strings.TrimSpace(env); env != "" {
		out = append(out, env)
	}
	return out, nil
}

// override sets *dst to v when the flag was given (positive): a flag left
// at zero keeps the configuration file's value.
func override[T int | float64](dst *T, v T) {
	if v > 0 {
		*dst = v
	}
}
