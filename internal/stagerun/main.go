// Command stagerun imports an extract into a pack of some of the import's
// stages only (after the read stage), with the memory settings of
// `waymark import` (the budget, the Go runtime's limit from it, GOGC 50),
// and prints what each stage took. It is for measuring one stage on a
// large input without the whole import's time (the roads stage of LI ×64:
// ~3 of ~30 minutes); -heapprofile writes the heap profile as the live
// heap reaches a new peak, to see what a stage holds there; -rsslog
// writes what the resident set is made of every second (logResident).
//
//	go run -tags sqlite_fts5 ./internal/stagerun -stages roads -mem 920M \
//	    -heapprofile /tmp/roads.heap -o /tmp/x.waymark /work/scale/li16d.osm.pbf
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"waymark/internal/rusage"
	"waymark/regions"
)

func main() {
	out := flag.String("o", "", "output pack `file`")
	stages := flag.String("stages", "roads", "comma-separated stage `names`, in order (the extract is always read first; \"read\" alone runs no other stage)")
	mem := flag.String("mem", "920M", "memory `budget` (M or G suffix)")
	heap := flag.String("heapprofile", "", "write the heap profile at the live heap's peak to `file`")
	rss := flag.String("rsslog", "", "write the resident set's parts every second to `file`")
	cpu := flag.String("cpuprofile", "", "write a CPU profile of the whole run to `file`")
	spikes := flag.String("spikelog", "", "write what the process does to `file` each time its resident set passes its highest by 32 MiB above 256 MiB (looked at every 5 ms)")
	cellArcs := flag.Int("cellarcs", 0, "contract the routing graphs in cells of at most `n` arcs (0: from the budget)")
	flag.Parse()
	if *out == "" || flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	budget, err := parseSize(*mem)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stagerun: -mem:", err)
		os.Exit(2)
	}
	byName := map[string]regions.Stage{}
	for _, st := range regions.DefaultStages() {
		byName[st.Name] = st
	}
	run := []regions.Stage{} // "read": none but the read, which every run has
	for _, n := range strings.Split(*stages, ",") {
		if n == "read" {
			continue
		}
		st, ok := byName[n]
		if !ok {
			fmt.Fprintln(os.Stderr, "stagerun: no stage", n)
			os.Exit(2)
		}
		run = append(run, st)
	}
	debug.SetMemoryLimit(regions.HeapLimit(budget))
	debug.SetGCPercent(50)
	reset := make(chan struct{}, 1)
	if *heap != "" {
		stop := watchHeap(*heap, reset)
		defer stop()
	}
	if *rss != "" {
		stop, err := logResident(*rss, time.Second)
		if err != nil {
			fmt.Fprintln(os.Stderr, "stagerun: -rsslog:", err)
			os.Exit(2)
		}
		defer stop()
	}
	if *spikes != "" {
		stop, err := rusage.CatchSpikes(*spikes, 256<<20, 32<<20, 5*time.Millisecond)
		if err != nil {
			fmt.Fprintln(os.Stderr, "stagerun: -spikelog:", err)
			os.Exit(2)
		}
		defer stop()
	}
	if *cpu != "" {
		f, err := os.Create(*cpu)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "stagerun: -cpuprofile:", err)
			os.Exit(2)
		}
		defer func() {
			pprof.StopCPUProfile()
			f.Close()
		}()
	}
	tmp := filepath.Dir(*out)
	os.Setenv("SQLITE_TMPDIR", tmp)
	sum, err := regions.BuildAll(context.Background(), flag.Args(), *out, regions.Options{Memory: budget, TempDir: tmp, Stages: run, ContractArcs: *cellArcs,
		StageDone: func(st regions.StageStat) {
			fmt.Fprintln(os.Stderr, st.String())
			select {
			case reset <- struct{}{}:
			default:
			}
		}})
	if err != nil {
		fmt.Fprintln(os.Stderr, "stagerun:", err)
		os.Exit(1)
	}
	fmt.Fprint(os.Stderr, sum)
}

// watchHeap writes the heap profile to file.N, N the stage's number from
// 0 (the read stage), whenever the live heap has grown by an eighth over
// the last one written in the stage (reset tells a stage's end).
func watchHeap(file string, reset <-chan struct{}) (stop func()) {
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var last uint64
		stage := 0
		for {
			select {
			case <-quit:
				return
			case <-reset:
				last = 0
				stage++
			case <-time.After(200 * time.Millisecond):
			}
			metrics.Read(s)
			if live := s[0].Value.Uint64(); live > last+last/8 {
				last = live
				if f, err := os.Create(fmt.Sprintf("%s.%d", file, stage)); err == nil {
					pprof.Lookup("heap").WriteTo(f, 0)
					f.Close()
				}
			}
		}
	}()
	return func() { close(quit); <-done; runtime.GC() }
}

func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n * mult, err
}
