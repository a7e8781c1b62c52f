// Command loadbench drives a running `waymark serve` with a mixed load —
// search, reverse, autocomplete, directions and a 25×25 matrix, in equal
// shares — at several numbers of concurrent clients, and prints one table:
// clients, request kind, requests, errors, throughput, p50 and p99.
// `make bench-load` starts a server on the LI pack and runs it.
//
// Each client sends its next request when the previous one is answered
// (closed loop), so the figures show how latency grows with concurrency on
// this machine rather than a fixed offered rate. Inputs are seeded: random
// points and pairs in Liechtenstein's valley and the names of its towns.
package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

var (
	addr     = flag.String("addr", "127.0.0.1:8088", "server `address`")
	token    = flag.String("token", "", "access `token`")
	duration = flag.Duration("duration", 10*time.Second, "how long each concurrency level runs")
	clients  = flag.String("clients", "1,8,64", "comma-separated `numbers` of concurrent clients")
	only     = flag.String("kinds", "", "comma-separated request `kinds` to send (default all: "+strings.Join(kinds, ",")+")")
)

var kinds = []string{"search", "reverse", "autocomplete", "directions", "matrix25"}

var names = []string{"Vaduz", "Schaan", "Balzers", "Triesen", "Eschen", "Mauren", "Ruggell", "Gamprin",
	"Schellenberg", "Planken", "Triesenberg", "Städtle", "Landstrasse", "Kirchstrasse", "Bahnhofstrasse"}

// request returns the path and query of a request of kind k.
func request(k string, rng *rand.Rand) string {
	pt := func() string {
		return fmt.Sprintf("%.5f,%.5f", 9.49+rng.Float64()*0.08, 47.06+rng.Float64()*0.18)
	}
	key := "key=" + url.QueryEscape(*token)
	switch k {
	case "search":
		return "/v1/search?format=json&q=" + url.QueryEscape(names[rng.IntN(len(names))]) + "&" + key
	case "reverse":
		return fmt.Sprintf("/v1/reverse?format=json&lat=%.5f&lon=%.5f&%s", 47.06+rng.Float64()*0.18, 9.49+rng.Float64()*0.08, key)
	case "autocomplete":
		n := names[rng.IntN(len(names))]
		return "/v1/autocomplete?q=" + url.QueryEscape(string([]rune(n)[:min(len([]rune(n)), 1+rng.IntN(5))])) + "&" + key
	case "directions":
		return "/v1/directions/driving/" + pt() + ";" + pt() + "?" + key
	default:
		ps := make([]string, 25)
		for i := range ps {
			ps[i] = pt()
		}
		return "/v1/matrix/driving/" + strings.Join(ps, ";") + "?" + key
	}
}

type sample struct {
	kind int
	dur  time.Duration
	ok   bool
	why  string // of a failure: the status or the error
}

func main() {
	flag.Parse()
	if *only != "" {
		var keep []string
		for _, k := range strings.Split(*only, ",") {
			if !slices.Contains(kinds, k) {
				fmt.Fprintf(os.Stderr, "loadbench: -kinds: unknown kind %q\n", k)
				os.Exit(2)
			}
			keep = append(keep, k)
		}
		kinds = keep
	}
	var levels []int
	for _, s := range strings.Split(*clients, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			fmt.Fprintf(os.Stderr, "loadbench: -clients: bad number %q\n", s)
			os.Exit(2)
		}
		levels = append(levels, n)
	}
	tr := &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 0}
	hc := &http.Client{Transport: tr, Timeout: time.Minute}
	fmt.Printf("%-8s %-13s %9s %7s %9s %10s %10s\n", "clients", "request", "requests", "errors", "req/s", "p50", "p99")
	for _, n := range levels {
		var mu sync.Mutex
		var all []sample
		stop := time.Now().Add(*duration)
		var wg sync.WaitGroup
		for c := 0; c < n; c++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(n), uint64(c)))
				var mine []sample
				for i := c; time.Now().Before(stop); i++ {
					k := i % len(kinds)
					start := time.Now()
					resp, err := hc.Get("http://" + *addr + request(kinds[k], rng))
					// A reverse in a forest finds nothing: 404 is its answer.
					ok := err == nil && (resp.StatusCode == 200 || kinds[k] == "reverse" && resp.StatusCode == 404)
					if err == nil {
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
					}
					why := ""
					if err != nil {
						why = err.Error()
					} else if !ok {
						why = resp.Status
					}
					mine = append(mine, sample{k, time.Since(start), ok, why})
				}
				mu.Lock()
				all = append(all, mine...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		failed := 0
		for _, s := range all {
			if !s.ok {
				failed++
			}
		}
		for k, name := range kinds {
			var durs []time.Duration
			errs := 0
			for _, s := range all {
				if s.kind == k {
					durs = append(durs, s.dur)
					if !s.ok {
						errs++
					}
				}
			}
			slices.Sort(durs)
			q := func(p float64) time.Duration {
				if len(durs) == 0 {
					return 0
				}
				return durs[min(len(durs)-1, int(p*float64(len(durs))))]
			}
			fmt.Printf("%-8d %-13s %9d %7d %9.1f %10s %10s\n", n, name, len(durs), errs,
				float64(len(durs))/duration.Seconds(), ms(q(0.50)), ms(q(0.99)))
		}
		var all50 []time.Duration
		whys := map[string]int{}
		for _, s := range all {
			all50 = append(all50, s.dur)
			if !s.ok {
				whys[s.why]++
			}
		}
		slices.Sort(all50)
		if len(all50) > 0 {
			fmt.Printf("%-8d %-13s %9d %7d %9.1f %10s %10s\n", n, "all", len(all50), failed,
				float64(len(all50))/duration.Seconds(), ms(all50[len(all50)/2]), ms(all50[min(len(all50)-1, len(all50)*99/100)]))
		}
		for why, c := range whys {
			fmt.Printf("  failures: %d × %s\n", c, why)
		}
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }
