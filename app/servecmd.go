package main

import (
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"net"
	"os"
	"strings"
	"time"

	"waymark/engine/api"
)

// tokenList collects repeated -token flags.
type tokenList []string

func (t *tokenList) String() string     { return strings.Join(*t, ",") }
func (t *tokenList) Set(s string) error { *t = append(*t, s); return nil }

func runServe(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8088", "listen `address`; loopback unless told otherwise")
	var tokens tokenList
	fs.Var(&tokens, "token", "access `token` allowed on every endpoint (repeatable)")
	config := fs.String("config", "", "JSON config `file` with tokens, their endpoint groups and rates")
	rate := fs.Float64("rate", 0, "default per-token rate limit, requests/second (default: no limit)")
	burst := fs.Int("burst", 0, "default per-token burst (default 2×rate)")
	tokenFile := fs.String("token-file", "", "`file` with access tokens, one per line (not visible in ps, unlike -token); also $WAYMARK_TOKEN")
	var origins, hosts tokenList
	fs.Var(&origins, "origin", "web `origin` whose pages may call the API (CORS; repeatable, * for any; default none)")
	fs.Var(&hosts, "allow-host", "host `name` to answer to besides IP addresses and localhost (repeatable, * for any)")
	deadline := fs.Float64("deadline", 0, "per-request deadline in `seconds` (default 30)")
	heavy := fs.Int("heavy", 0, "matrix, optimize and matching requests worked on at once (default: CPUs)")
	maxConns := fs.Int("max-conns", 0, "open connections at most (default 512)")
	var lim api.Limits
	fs.IntVar(&lim.ViaRoute, "max-viaroute-size", 0, "coordinates per directions request (default 25 on /v1, 500 on OSRM paths)")
	fs.IntVar(&lim.Table, "max-table-size", 0, "coordinates per matrix request (default 25 on /v1, 100 on OSRM paths)")
	fs.IntVar(&lim.Trip, "max-trip-size", 0, "coordinates per optimize request (default 25 on /v1, 100 on OSRM paths)")
	fs.IntVar(&lim.Matching, "max-matching-size", 0, "coordinates per matching request (default 25 on /v1, 100 on OSRM paths)")
	fs.IntVar(&lim.Nearest, "max-nearest-size", 0, "results per nearest request (default 100)")
	fs.IntVar(&lim.Alternatives, "max-alternatives", 0, "alternatives per directions request (default 3)")
	metrics := fs.Bool("metrics", false, "serve Prometheus metrics at /metrics (no token)")
	accessLog := fs.String("access-log", "", "write one line per request to `file` (- for stderr); never the query")
	drainDelay := fs.Float64("drain-delay", 0, "`seconds` to keep serving after SIGTERM while /readyz says not ready, so a load balancer stops sending first")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: waymark serve [flags] PACK.waymark|DIR...  (SIGHUP reopens them; SIGTERM drains and stops)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	var cfg api.Config
	if *config != "" {
		c, err := api.LoadConfig(*config)
		if err != nil {
			fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
			return 2
		}
		cfg = c
	}
	more, err := secretTokens(*tokenFile, os.Getenv("WAYMARK_TOKEN"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 2
	}
	tokens = append(tokens, more...)
	for _, t := range tokens {
		cfg.Tokens = append(cfg.Tokens, api.Token{Key: t})
	}
	cfg.Limits = cfg.Limits.Over(lim)
	cfg.Origins = append(cfg.Origins, origins...)
	cfg.Hosts = append(cfg.Hosts, hosts...)
	if *deadline > 0 {
		cfg.DeadlineSeconds = *deadline
	}
	if *heavy > 0 {
		cfg.Heavy = *heavy
	}
	if *maxConns > 0 {
		cfg.MaxConns = *maxConns
	}
	if !isLoopback(*addr) {
		fmt.Fprintf(os.Stderr, "waymark serve: warning: %s is reachable from other machines; every request needs a token, and the answers travel unencrypted (put a TLS proxy in front)\n", *addr)
	}
	if *rate > 0 {
		cfg.Rate = *rate
	}
	if *burst > 0 {
		cfg.Burst = *burst
	}
	if len(cfg.Tokens) == 0 {
		var b [16]byte
		rand.Read(b[:])
		key := hex.EncodeToString(b[:])
		cfg.Tokens = append(cfg.Tokens, api.Token{Key: key})
		fmt.Fprintf(os.Stderr, "waymark serve: no token given; generated token %s\n", key)
	}

	paths, err := packPaths(fs.Args())
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 2
	}
	cacheLog := &progressLog{}
	eng, err := openServed(paths, cacheLog)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 1
	}
	cfg.CloseReplaced = true
	if err := observe(&cfg, *metrics, *accessLog); err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 2
	}
	srv, err := api.New(eng, cfg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 2
	}
	srv.SetReady(false)
	bound, err := srv.Start(*addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "waymark serve: listening on http://%s (API under /v1/ and bare paths)\n", bound)
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
		srv.SetReady(true)
	}()
	return serveSignals(srv, fs.Args(), time.Duration(*drainDelay*float64(time.Second)))
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
