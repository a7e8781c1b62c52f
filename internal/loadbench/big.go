package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// bigPath is a 500-waypoint OSRM directions request with steps,
// alternatives and the full overview (an 8.6 kB URL, a ~10 MB answer).
func bigPath(rng *rand.Rand) string {
	return "/route/v1/driving/" + points(rng, 500) + "?steps=true&alternatives=true&overview=full&key=" + *token
}

// probe sends light requests one after another until stop is closed.
func probe(hc *http.Client, stop <-chan struct{}, seed uint64) []sample {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []sample
	for i := 0; ; i++ {
		select {
		case <-stop:
			return out
		default:
		}
		k := i % len(lightKinds)
		out = append(out, get(hc, k, lightKinds[k], request(lightKinds[k], rng)))
	}
}

// rssKB reads a field (VmRSS, VmHWM) of /proc/PID/status in kB; 0 when
// it cannot.
func rssKB(pid int, field string) int64 {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return n
		}
	}
	return 0
}

// runBig is the big-answer scenario.
func runBig(hc *http.Client, n int) {
	idleFor := max(*duration/2, 3*time.Second)
	stop := make(chan struct{})
	time.AfterFunc(idleFor, func() { close(stop) })
	idle := probe(hc, stop, 1)
	before := rssKB(*pid, "VmRSS")

	var peak atomic.Int64
	sampling := make(chan struct{})
	var sampler sync.WaitGroup
	if *pid > 0 {
		sampler.Add(1)
		go func() {
			defer sampler.Done()
			for {
				if v := rssKB(*pid, "VmRSS"); v > peak.Load() {
					peak.Store(v)
				}
				select {
				case <-sampling:
					return
				case <-time.After(20 * time.Millisecond):
				}
			}
		}()
	}
	stop = make(chan struct{})
	var during []sample
	var probing sync.WaitGroup
	probing.Add(1)
	go func() {
		defer probing.Done()
		during = probe(hc, stop, 2)
	}()
	type answer struct {
		status int
		bytes  int64
		took   time.Duration
		err    error
	}
	answers := make([]answer, n)
	bc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n}, Timeout: 5 * time.Minute}
	start := time.Now()
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.Now()
			resp, err := bc.Get("http://" + *addr + bigPath(rand.New(rand.NewPCG(uint64(i), 500))))
			if err != nil {
				answers[i] = answer{err: err, took: time.Since(t)}
				return
			}
			b, _ := io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			answers[i] = answer{status: resp.StatusCode, bytes: b, took: time.Since(t)}
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	close(stop)
	probing.Wait()
	close(sampling)
	sampler.Wait()

	statuses := map[string]int{}
	var bytes int64
	var slowest time.Duration
	for _, a := range answers {
		switch {
		case a.err != nil:
			statuses[a.err.Error()]++
		default:
			statuses[strconv.Itoa(a.status)]++
			bytes = max(bytes, a.bytes)
		}
		slowest = max(slowest, a.took)
	}
	fmt.Printf("%d concurrent 500-waypoint directions (steps, alternatives, overview=full): %v, largest answer %.1f MB, all answered in %.1f s (slowest %.1f s)\n",
		n, statuses, float64(bytes)/1e6, wall.Seconds(), slowest.Seconds())
	di, dd := durations(idle, func(sample) bool { return true }), durations(during, func(sample) bool { return true })
	fmt.Printf("light requests one at a time: idle p50 %s p99 %s (%d); meanwhile p50 %s p99 %s (%d): p99 ratio %.2f\n",
		ms(quantile(di, 0.5)), ms(quantile(di, 0.99)), len(di), ms(quantile(dd, 0.5)), ms(quantile(dd, 0.99)), len(dd),
		ratio(quantile(dd, 0.99), quantile(di, 0.99)))
	if *pid > 0 {
		fmt.Printf("server RSS: %d MB before, peak %d MB (sampled every 20 ms)", before/1024, peak.Load()/1024)
		time.Sleep(*settle)
		fmt.Printf(", %d MB %s later\n", rssKB(*pid, "VmRSS")/1024, *settle)
	}
}
