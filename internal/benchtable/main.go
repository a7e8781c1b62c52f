// Command benchtable turns `go test -bench -benchmem` output into the one
// table `make bench` prints: operation, p50, p99, allocations, memory.
//
// p50 and p99 come from the p50-ns / p99-ns metrics that benchmarks report
// through internal/benchstat; a benchmark without them shows ns/op as p50
// and "-" as p99. Other custom metrics (e.g. MB-peak, points/s, nodes) are
// listed in a last column.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

type row struct {
	pkg, name     string
	p50, p99      float64 // ns; -1 when absent
	allocs, bytes float64
	extra         []string
}

func main() {
	rows, fails := parse(os.Stdin)
	write(os.Stdout, rows)
	if fails > 0 {
		fmt.Fprintf(os.Stderr, "benchtable: %d benchmark packages failed\n", fails)
		os.Exit(1)
	}
}

func parse(r io.Reader) ([]row, int) {
	var rows []row
	pkg, fails := "", 0
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		f := strings.Fields(line)
		switch {
		case len(f) >= 2 && f[0] == "pkg:":
			pkg = f[1]
		case len(f) >= 1 && (f[0] == "FAIL" || strings.HasPrefix(line, "--- FAIL")):
			fails++
		case len(f) >= 4 && strings.HasPrefix(f[0], "Benchmark"):
			rw := row{pkg: strings.TrimPrefix(pkg, "waymark/"), name: trimProcs(strings.TrimPrefix(f[0], "Benchmark")), p50: -1, p99: -1, allocs: -1, bytes: -1}
			var nsop float64 = -1
			for i := 2; i+1 < len(f); i += 2 {
				v, err := strconv.ParseFloat(f[i], 64)
				if err != nil {
					continue
				}
				switch unit := f[i+1]; unit {
				case "ns/op":
					nsop = v
				case "p50-ns":
					rw.p50 = v
				case "p99-ns":
					rw.p99 = v
				case "allocs/op":
					rw.allocs = v
				case "B/op":
					rw.bytes = v
				default:
					rw.extra = append(rw.extra, f[i]+" "+unit)
				}
			}
			if rw.p50 < 0 {
				rw.p50 = nsop
			}
			rows = append(rows, rw)
		}
	}
	return rows, fails
}

// trimProcs drops the -GOMAXPROCS suffix of a benchmark name.
func trimProcs(s string) string {
	if i := strings.LastIndexByte(s, '-'); i > 0 {
		if _, err := strconv.Atoi(s[i+1:]); err == nil {
			return s[:i]
		}
	}
	return s
}

func write(w io.Writer, rows []row) {
	fmt.Fprintf(w, "%-58s %12s %12s %10s %12s  %s\n", "operation", "p50", "p99", "allocs/op", "memory/op", "other")
	fmt.Fprintln(w, strings.Repeat("-", 120))
	for _, r := range rows {
		fmt.Fprintf(w, "%-58s %12s %12s %10s %12s  %s\n", r.pkg+" "+r.name, dur(r.p50), dur(r.p99), num(r.allocs), bytes(r.bytes), strings.Join(r.extra, ", "))
	}
}

func dur(ns float64) string {
	if ns < 0 {
		return "-"
	}
	d := time.Duration(ns)
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%.0fns", ns)
	case d < time.Millisecond:
		return fmt.Sprintf("%.1fµs", ns/1e3)
	case d < time.Second:
		return fmt.Sprintf("%.2fms", ns/1e6)
	}
	return fmt.Sprintf("%.2fs", ns/1e9)
}

func num(v float64) string {
	if v < 0 {
		return "-"
	}
	return strconv.FormatFloat(v, 'f', 0, 64)
}

func bytes(v float64) string {
	switch {
	case v < 0:
		return "-"
	case v < 1<<10:
		return fmt.Sprintf("%.0fB", v)
	case v < 1<<20:
		return fmt.Sprintf("%.1fKiB", v/(1<<10))
	}
	return fmt.Sprintf("%.1fMiB", v/(1<<20))
}
