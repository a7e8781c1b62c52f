// Command loadbench drives a running `waymark serve` on the LI pack and
// prints what its clients saw. It has four scenarios:
//
//   - mixed (default): search, reverse, autocomplete, directions and a
//     25×25 matrix in equal shares (-kinds), at several numbers of
//     concurrent clients (-clients); one table of clients, request kind,
//     requests, errors, throughput, p50 and p99.
//   - -heavy-clients N: light requests (-kinds, default search, reverse,
//     autocomplete, directions) at each level of -clients, alone and
//     beside N clients sending heavy ones (-heavy-kinds, default 25×25
//     matrices and 25-stop optimizations), interleaved for -rounds rounds
//     so that the machine's other load falls on both alike; per round and
//     in summary the light p50/p99 of both and their ratio.
//   - -big N: N concurrent 500-waypoint /route/v1 directions with
//     steps, alternatives and the full overview, while one client sends
//     light requests one after another: their p50/p99 idle and meanwhile,
//     the answers, and with -pid the server's peak RSS and its RSS
//     -settle later.
//   - -slow N: N connections from 127.0.0.1 that never finish sending
//     their headers (each re-opened when the server closes it), while a
//     keep-alive client from 127.0.0.2 (-from) sends light requests one
//     after another: the share answered within 100 ms.
//
// Each client sends its next request when the previous one is answered
// (closed loop), so the figures show how latency grows with concurrency on
// this machine rather than a fixed offered rate. Inputs are seeded: random
// points and pairs in Liechtenstein's valley and the names of its towns.
// `make bench-load` starts a server on the LI pack and runs the scenarios.
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
	duration = flag.Duration("duration", 10*time.Second, "how long each concurrency level (each run of a round) runs")
	clients  = flag.String("clients", "1,8,64", "comma-separated `numbers` of concurrent clients")
	only     = flag.String("kinds", "", "comma-separated request `kinds` to send (default all: "+strings.Join(kinds, ",")+"; with -heavy-clients: "+strings.Join(lightKinds, ",")+")")
	heavyN   = flag.Int("heavy-clients", 0, "clients sending heavy requests beside the light ones (0: the mixed scenario)")
	heavyK   = flag.String("heavy-kinds", "matrix25,trip25", "comma-separated heavy request `kinds`")
	rounds   = flag.Int("rounds", 3, "interleaved rounds of alone/beside runs (with -heavy-clients)")
	big      = flag.Int("big", 0, "run the big-answer scenario with this many concurrent 500-waypoint directions")
	slow     = flag.Int("slow", 0, "run the slow-connection scenario with this many slow-header connections")
	slowFrom = flag.String("from", "127.0.0.2", "loopback `address` the normal client connects from (-slow; 127.0.0.1: the slow connections' own)")
	pid      = flag.Int("pid", 0, "the server's process id, for its RSS (-big; Linux)")
	settle   = flag.Duration("settle", 20*time.Second, "how long after the big answers the server's RSS is read again (-big)")
)

var (
	kinds      = []string{"search", "reverse", "autocomplete", "directions", "matrix25"}
	lightKinds = []string{"search", "reverse", "autocomplete", "directions"}
	allKinds   = []string{"search", "reverse", "autocomplete", "directions", "matrix25", "trip25"}
)

var names = []string{"Vaduz", "Schaan", "Balzers", "Triesen", "Eschen", "Mauren", "Ruggell", "Gamprin",
	"Schellenberg", "Planken", "Triesenberg", "Städtle", "Landstrasse", "Kirchstrasse", "Bahnhofstrasse"}

// point returns a random "lon,lat" in Liechtenstein's valley.
func point(rng *rand.Rand) string {
	return fmt.Sprintf("%.5f,%.5f", 9.49+rng.Float64()*0.08, 47.06+rng.Float64()*0.18)
}

// points returns n random points joined by ";".
func points(rng *rand.Rand, n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = point(rng)
	}
	return strings.Join(ps, ";")
}

// request returns the path and query of a request of kind k.
func request(k string, rng *rand.Rand) string {
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
		return "/v1/directions/driving/" + points(rng, 2) + "?" + key
	case "trip25":
		return "/v1/optimize/driving/" + points(rng, 25) + "?" + key
	default: // matrix25
		return "/v1/matrix/driving/" + points(rng, 25) + "?" + key
	}
}

// answered reports whether a request of kind k got its answer: a reverse
// in a forest finds nothing, and 404 is its answer.
func answered(k string, status int) bool {
	return status == 200 || k == "reverse" && status == 404
}

type sample struct {
	kind int
	dur  time.Duration
	ok   bool
	why  string // of a failure: the status or the error
}

// drive runs n closed-loop clients for d, each sending the kinds in turn;
// seed tells runs apart.
func drive(hc *http.Client, n int, kinds []string, d time.Duration, seed uint64) []sample {
	var mu sync.Mutex
	var all []sample
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	for c := 0; c < n; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, uint64(c)))
			var mine []sample
			for i := c; time.Now().Before(stop); i++ {
				k := i % len(kinds)
				mine = append(mine, get(hc, k, kinds[k], request(kinds[k], rng)))
			}
			mu.Lock()
			all = append(all, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return all
}

// get sends one request and times it to the end of its answer.
func get(hc *http.Client, k int, kind, path string) sample {
	start := time.Now()
	resp, err := hc.Get("http://" + *addr + path)
	if err != nil {
		return sample{k, time.Since(start), false, err.Error()}
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	ok := answered(kind, resp.StatusCode)
	why := ""
	if !ok {
		why = resp.Status
	}
	return sample{k, time.Since(start), ok, why}
}

// quantile returns the p-quantile of sorted durations (0 when empty).
func quantile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

// durations returns the sorted durations of the samples keep selects.
func durations(all []sample, keep func(sample) bool) []time.Duration {
	var d []time.Duration
	for _, s := range all {
		if keep(s) {
			d = append(d, s.dur)
		}
	}
	slices.Sort(d)
	return d
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

// parseKinds checks a comma-separated list of kinds.
func parseKinds(flagName, list string) []string {
	var out []string
	for _, k := range strings.Split(list, ",") {
		if !slices.Contains(allKinds, k) {
			fmt.Fprintf(os.Stderr, "loadbench: %s: unknown kind %q\n", flagName, k)
			os.Exit(2)
		}
		out = append(out, k)
	}
	return out
}

func main() {
	flag.Parse()
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
	switch {
	case *big > 0:
		runBig(hc, *big)
	case *slow > 0:
		runSlow(*slow)
	case *heavyN > 0:
		light := lightKinds
		if *only != "" {
			light = parseKinds("-kinds", *only)
		}
		runBeside(hc, levels, light, parseKinds("-heavy-kinds", *heavyK), *heavyN, *rounds)
	default:
		if *only != "" {
			kinds = parseKinds("-kinds", *only)
		}
		runMixed(hc, levels)
	}
}

// runMixed is the mixed scenario: every kind in equal shares.
func runMixed(hc *http.Client, levels []int) {
	fmt.Printf("%-8s %-13s %9s %7s %9s %10s %10s\n", "clients", "request", "requests", "errors", "req/s", "p50", "p99")
	for _, n := range levels {
		all := drive(hc, n, kinds, *duration, uint64(n))
		for k, name := range kinds {
			d := durations(all, func(s sample) bool { return s.kind == k })
			errs := 0
			for _, s := range all {
				if s.kind == k && !s.ok {
					errs++
				}
			}
			fmt.Printf("%-8d %-13s %9d %7d %9.1f %10s %10s\n", n, name, len(d), errs,
				float64(len(d))/duration.Seconds(), ms(quantile(d, 0.50)), ms(quantile(d, 0.99)))
		}
		d := durations(all, func(sample) bool { return true })
		whys := map[string]int{}
		for _, s := range all {
			if !s.ok {
				whys[s.why]++
			}
		}
		failed := 0
		for _, c := range whys {
			failed += c
		}
		fmt.Printf("%-8d %-13s %9d %7d %9.1f %10s %10s\n", n, "all", len(d), failed,
			float64(len(d))/duration.Seconds(), ms(quantile(d, 0.50)), ms(quantile(d, 0.99)))
		for why, c := range whys {
			fmt.Printf("  failures: %d × %s\n", c, why)
		}
	}
}
