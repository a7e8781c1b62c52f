package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// run is one run of light clients, alone or beside heavy ones.
type run struct {
	p50, p99   time.Duration
	rate       float64 // light answers per second
	errs       int
	heavy      int // heavy answers
	heavyFails map[string]int
}

// lightRun runs n light clients for the duration, beside h heavy clients
// (none when h is 0).
func lightRun(hc *http.Client, n int, light, heavy []string, h int, seed uint64) run {
	var hs []sample
	var wg sync.WaitGroup
	if h > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hs = drive(hc, h, heavy, *duration, seed+1000)
		}()
	}
	ls := drive(hc, n, light, *duration, seed)
	wg.Wait()
	r := run{heavyFails: map[string]int{}}
	d := durations(ls, func(sample) bool { return true })
	r.p50, r.p99 = quantile(d, 0.50), quantile(d, 0.99)
	r.rate = float64(len(d)) / duration.Seconds()
	for _, s := range ls {
		if !s.ok {
			r.errs++
		}
	}
	for _, s := range hs {
		if s.ok {
			r.heavy++
		} else {
			r.heavyFails[s.why]++
		}
	}
	return r
}

// runBeside is the light-beside-heavy scenario: at each level, rounds of
// a run alone and a run beside the heavy clients, in alternating order.
func runBeside(hc *http.Client, levels []int, light, heavy []string, h, rounds int) {
	fmt.Printf("light requests (%s) alone and beside %d clients of heavy ones (%s): %d interleaved rounds of %s runs\n",
		strings.Join(light, ", "), h, strings.Join(heavy, ", "), rounds, *duration)
	fmt.Printf("%-8s %-6s %10s %10s %8s %6s %10s %10s %8s %6s %7s %9s\n", "clients", "round",
		"alone p50", "alone p99", "req/s", "errors", "beside p50", "beside p99", "req/s", "errors", "heavy", "p99 ratio")
	type summary struct {
		n           int
		alone, next []run
	}
	var sums []summary
	for _, n := range levels {
		sm := summary{n: n}
		for i := range rounds {
			seed := uint64(n*100 + i)
			var a, b run
			if i%2 == 0 {
				a = lightRun(hc, n, light, heavy, 0, seed)
				b = lightRun(hc, n, light, heavy, h, seed)
			} else {
				b = lightRun(hc, n, light, heavy, h, seed)
				a = lightRun(hc, n, light, heavy, 0, seed)
			}
			sm.alone, sm.next = append(sm.alone, a), append(sm.next, b)
			fmt.Printf("%-8d %-6d %10s %10s %8.1f %6d %10s %10s %8.1f %6d %7d %9.2f\n", n, i+1,
				ms(a.p50), ms(a.p99), a.rate, a.errs, ms(b.p50), ms(b.p99), b.rate, b.errs, b.heavy, ratio(b.p99, a.p99))
			for why, c := range b.heavyFails {
				fmt.Printf("  heavy failures: %d × %s\n", c, why)
			}
		}
		sums = append(sums, sm)
	}
	fmt.Printf("\nsummary: medians of the rounds [ranges]\n")
	fmt.Printf("%-8s %-22s %-22s %-22s %-22s %-18s\n", "clients", "alone p50", "alone p99", "beside p50", "beside p99", "p99 ratio")
	for _, sm := range sums {
		pick := func(rs []run, f func(run) time.Duration) string {
			var v []time.Duration
			for _, r := range rs {
				v = append(v, f(r))
			}
			slices.Sort(v)
			return fmt.Sprintf("%s [%s-%s]", ms(v[len(v)/2]), trim(v[0]), trim(v[len(v)-1]))
		}
		var ratios []float64
		for i := range sm.alone {
			ratios = append(ratios, ratio(sm.next[i].p99, sm.alone[i].p99))
		}
		slices.Sort(ratios)
		p50 := func(r run) time.Duration { return r.p50 }
		p99 := func(r run) time.Duration { return r.p99 }
		fmt.Printf("%-8d %-22s %-22s %-22s %-22s %.2f [%.2f-%.2f]\n", sm.n, pick(sm.alone, p50), pick(sm.alone, p99),
			pick(sm.next, p50), pick(sm.next, p99), ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1])
	}
}

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// trim is a duration in ms without the unit.
func trim(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }
