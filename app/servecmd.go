package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"waymark/engine"
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
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: waymark serve [flags] PACK.waymark...")
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
	for _, t := range tokens {
		cfg.Tokens = append(cfg.Tokens, api.Token{Key: t})
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

	eng, err := engine.Open(fs.Args()...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 1
	}
	defer eng.Close()
	srv, err := api.New(eng, cfg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 2
	}
	bound, err := srv.Start(*addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "waymark serve: listening on http://%s (API under /v1/ and bare paths)\n", bound)
	// Build the in-memory place indexes and decode the routing graphs in
	// the background: the server answers at once, and a request that needs
	// what is still loading waits for it.
	go func() {
		if err := eng.WarmPlaces(context.Background()); err != nil {
			fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		}
		for _, pk := range eng.Packs() {
			if err := pk.WaitGraphs(); err != nil {
				fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
			}
		}
	}()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	fmt.Fprintln(os.Stderr, "waymark serve: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		fmt.Fprintf(os.Stderr, "waymark serve: %v\n", err)
		return 1
	}
	return 0
}
