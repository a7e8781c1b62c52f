// Command scalebench measures Waymark at country scale for `make
// bench-scale`: for LI and synthetic extracts of N tiled LI copies
// (../shared/tools/tile_extract.py, made into var/scale when absent) it
// imports each (time, peak RSS, pack size and its ratio to the PBF), then
// serves the pack and measures the time to the first answer and to ready,
// the server's RSS, and p50/p99 of reverse (zoom 18 and 10), search (a
// town or street name; an address, "Landstrasse 10, Schaan <copy's word>"),
// autocomplete per keystroke, directions across the whole grid and a 25×25
// matrix. It prints one table per part. Nothing here runs in make test.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

var (
	bin      = flag.String("bin", "bin/waymark", "the waymark `binary`")
	regions  = flag.String("regions", "../shared/regions", "`directory` of the shared extracts")
	dir      = flag.String("dir", "var/scale", "`directory` for the tiled extracts and packs")
	ns       = flag.String("n", "16,64", "comma-separated tile `counts` (1 = the LI extract itself)")
	samples  = flag.Int("samples", 200, "requests per latency figure")
	reuse    = flag.Bool("reuse", false, "serve packs already in -dir instead of importing them again")
	tileArgs = flag.String("tile-args", "", "extra `arguments` of tile_extract.py (e.g. --distinct-places); they name the files too")
)

// The tiling of tile_extract.py: copies of this box, shifted by its size
// plus 0.02° per column and row, ceil(sqrt(N)) columns.
const boxW, boxH, gap = 0.30, 0.30, 0.02

type importRow struct {
	n         int
	pbf, pack int64
	images    int64 // the caches beside the pack (pack's images.go): graphs', autocomplete's, nearby's, reverse's
	nodes     string
	took      time.Duration
	cpu       time.Duration // user + system
	peakRSS   int64         // kB
	// stages are the import's stage lines (regions.StageStat): name,
	// seconds, CPU seconds, peak RSS and live heap in MB.
	stages            []stageRow
	firstAnswer, open time.Duration
	serveRSS          int64 // kB
	// lat is each kind's p50 and p99 in a server in use: measured after
	// first, the same number of requests at other random points, which
	// fill the caches as use does (SQLite's pages, the OS's page cache).
	lat, first map[string][2]time.Duration
	// houseFirst is the share of the copies whose "Landstrasse 10,
	// Schaan <word>" found that copy's Landstrasse in Schaan first
	// (houseFirst; distinct places only), houseOf how many copies were
	// asked, houseTen how many of the first results were house 10.
	houseFirst        float64
	houseOf, houseTen int
	// ok is the share of each kind's requests answered 200 (the others,
	// e.g. NoRoute between tiles that a one-way connector joins in one
	// direction only, are in the latencies too).
	ok map[string]float64
}

// stageRow is one stage of an import as its summary prints it.
type stageRow struct {
	name          string
	secs, cpu     float64
	rssMB, heapMB int64
}

// stageLine matches a stage line of the import's summary (regions'
// StageStat.String).
var stageLine = regexp.MustCompile(`(?m)^stage (\S+)\s+([\d.]+) s\s+CPU\s+([\d.]+) s\s+peak RSS\s+(\d+) MB\s+live heap\s+(\d+) MB`)

func main() {
	flag.Parse()
	var rows []*importRow
	for _, s := range strings.Split(*ns, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			fail("bad -n %q", s)
		}
		row, err := run(n)
		if err != nil {
			fail("N=%d: %v", n, err)
		}
		rows = append(rows, row)
	}
	fmt.Printf("\nimport\n%-6s %9s %12s %9s %9s %10s %10s %7s %10s %12s\n", "input", "PBF", "nodes", "time", "CPU", "peak RSS", "pack", "pack/PBF", "images", "s/M nodes")
	for _, r := range rows {
		fmt.Printf("%-6s %8.0fM %12s %8.0fs %8.0fs %9.0fM %9.0fM %6.2f× %9.0fM %12s\n", name(r.n), mb(r.pbf), r.nodes, r.took.Seconds(), r.cpu.Seconds(),
			float64(r.peakRSS)/1024, mb(r.pack), float64(r.pack)/float64(r.pbf), mb(r.images), perMNodes(r, r.took.Seconds(), r.cpu.Seconds()))
	}
	fmt.Printf("\nimport stages (time and CPU per million nodes)\n%-6s %-9s %9s %9s %10s %10s %12s\n", "input", "stage", "time", "CPU", "peak RSS", "live heap", "s/M nodes")
	for _, r := range rows {
		for _, st := range r.stages {
			fmt.Printf("%-6s %-9s %8.1fs %8.1fs %9dM %9dM %12s\n", name(r.n), st.name, st.secs, st.cpu, st.rssMB, st.heapMB, perMNodes(r, st.secs, st.cpu))
		}
	}
	printModel(rows)
	fmt.Printf("\nserve\n%-6s %12s %10s %10s", "input", "first answer", "ready", "RSS")
	for _, k := range kinds {
		fmt.Printf(" %21s", k+" p50/p99")
	}
	fmt.Println()
	for _, r := range rows {
		fmt.Printf("%-6s %11.2fs %9.2fs %9.0fM", name(r.n), r.firstAnswer.Seconds(), r.open.Seconds(), float64(r.serveRSS)/1024)
		for _, k := range kinds {
			l := r.lat[k]
			fmt.Printf(" %21s", fmt.Sprintf("%.2f/%.2f ms", ms(l[0]), ms(l[1])))
		}
		fmt.Println()
	}
	fmt.Printf("\nserve: the first %d requests of each kind after the server is ready (cold caches)\n%-6s", *samples, "input")
	for _, k := range kinds {
		fmt.Printf(" %21s", k+" p50/p99")
	}
	fmt.Println()
	for _, r := range rows {
		fmt.Printf("%-6s", name(r.n))
		for _, k := range kinds {
			l := r.first[k]
			fmt.Printf(" %21s", fmt.Sprintf("%.2f/%.2f ms", ms(l[0]), ms(l[1])))
		}
		fmt.Println()
	}
	for _, r := range rows {
		if r.houseOf > 0 {
			fmt.Printf("%s \"Landstrasse 10, Schaan <word>\": that copy's Landstrasse first for %.1f%% of %d random copies (house 10 in %d)\n", name(r.n), 100*r.houseFirst, r.houseOf, r.houseTen)
		}
	}
	for _, r := range rows {
		var notOK []string
		for _, k := range kinds {
			if ok, measured := r.ok[k]; measured && ok < 1 {
				notOK = append(notOK, fmt.Sprintf("%s %.1f%%", k, 100*ok))
			}
		}
		if len(notOK) > 0 {
			fmt.Printf("%s answered 200 (the rest, e.g. NoRoute, are in the latencies): %s\n", name(r.n), strings.Join(notOK, ", "))
		}
	}
	if strings.Contains(","+*ns+",", ",1,") || *ns == "1" {
		if err := packRatio(); err != nil {
			fail("packs: %v", err)
		}
	}
}

// kinds are the requests serve measures, in the order it sends them.
var kinds = []string{"reverse z18", "reverse z10", "search", "search address", "autocomplete", "directions", "matrix 25x25"}

func name(n int) string {
	if n == 1 {
		return "LI"
	}
	return fmt.Sprintf("LI×%d", n)
}

// perMNodes formats wall and CPU seconds per million nodes of r's input
// ("-" when its node count is not known).
func perMNodes(r *importRow, secs, cpu float64) string {
	n, err := strconv.ParseFloat(r.nodes, 64)
	if err != nil || n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f/%.2f", secs*1e6/n, cpu*1e6/n)
}

// tileSuffix names the extracts made with -tile-args: "" without, else
// "-" and the arguments' letters and digits ("--distinct-places":
// "-distinctplaces").
func tileSuffix() string {
	var b strings.Builder
	for _, c := range *tileArgs {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return "-" + b.String()
}

func mb(b int64) float64         { return float64(b) / (1 << 20) }
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "scalebench: "+format+"\n", args...)
	os.Exit(1)
}

// run makes, imports and serves the N-copy extract.
func run(n int) (*importRow, error) {
	src := filepath.Join(*regions, "liechtenstein.osm.pbf")
	pbf := src
	if n > 1 {
		pbf = filepath.Join(*dir, fmt.Sprintf("li-x%d%s.osm.pbf", n, tileSuffix()))
		if _, err := os.Stat(pbf); err != nil {
			fmt.Fprintf(os.Stderr, "making %s\n", pbf)
			args := []string{filepath.Join(*regions, "..", "tools", "tile_extract.py"), src, pbf, strconv.Itoa(n)}
			cmd := exec.Command("/usr/bin/python3", append(args, strings.Fields(*tileArgs)...)...)
			cmd.Stderr = os.Stderr
			if err := cmd.Run(); err != nil {
				return nil, fmt.Errorf("tile_extract: %w", err)
			}
		}
	}
	pack := filepath.Join(*dir, fmt.Sprintf("li-x%d%s.waymark", n, tileSuffix()))
	if n == 1 {
		pack = filepath.Join(*dir, "li-x1.waymark") // packRatio's
	}
	if _, err := os.Stat(pack); err == nil && *reuse {
		row := &importRow{n: n, nodes: "-", lat: map[string][2]time.Duration{}, first: map[string][2]time.Duration{}, ok: map[string]float64{}, pbf: size(pbf), pack: size(pack), images: imagesSize(pack)}
		return row, serve(row, pack)
	}
	if err := checkDisk(pbf); err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "importing %s\n", pbf)
	// The import's output goes to a log beside the pack as well: its
	// stage lines survive a run stopped before the table is printed.
	var out bytes.Buffer
	logf, err := os.Create(pack + ".import.log")
	if err != nil {
		return nil, fmt.Errorf("import log: %w", err)
	}
	defer logf.Close()
	cmd := exec.Command("/usr/bin/time", "-v", *bin, "import", "-q", "-o", pack, pbf)
	cmd.Stdout = io.MultiWriter(&out, logf)
	cmd.Stderr = cmd.Stdout
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("import: %v\n%s", err, out.String())
	}
	row := &importRow{n: n, took: time.Since(start), lat: map[string][2]time.Duration{}, first: map[string][2]time.Duration{}, ok: map[string]float64{}}
	if m := regexp.MustCompile(`Maximum resident set size \(kbytes\): (\d+)`).FindStringSubmatch(out.String()); m != nil {
		row.peakRSS, _ = strconv.ParseInt(m[1], 10, 64)
	}
	if m := regexp.MustCompile(`(?m)^nodes:\s+(\d+)`).FindStringSubmatch(out.String()); m != nil {
		row.nodes = m[1]
	}
	var user, sys float64
	if m := regexp.MustCompile(`User time \(seconds\): ([\d.]+)`).FindStringSubmatch(out.String()); m != nil {
		user, _ = strconv.ParseFloat(m[1], 64)
	}
	if m := regexp.MustCompile(`System time \(seconds\): ([\d.]+)`).FindStringSubmatch(out.String()); m != nil {
		sys, _ = strconv.ParseFloat(m[1], 64)
	}
	row.cpu = time.Duration((user + sys) * float64(time.Second))
	row.stages = parseStages(out.String())
	row.pbf, row.pack, row.images = size(pbf), size(pack), imagesSize(pack)
	return row, serve(row, pack)
}

// parseStages returns the stage lines of an import's output, one row a
// stage: each is printed as the stage ends and again in the summary, and
// the later line wins.
func parseStages(out string) []stageRow {
	var rows []stageRow
	at := map[string]int{}
	for _, m := range stageLine.FindAllStringSubmatch(out, -1) {
		r := stageRow{name: m[1]}
		r.secs, _ = strconv.ParseFloat(m[2], 64)
		r.cpu, _ = strconv.ParseFloat(m[3], 64)
		r.rssMB, _ = strconv.ParseInt(m[4], 10, 64)
		r.heapMB, _ = strconv.ParseInt(m[5], 10, 64)
		if i, ok := at[r.name]; ok {
			rows[i] = r
			continue
		}
		at[r.name] = len(rows)
		rows = append(rows, r)
	}
	return rows
}

// diskPerPBFByte is what an import writes beside its pack at its peak, per
// byte of PBF: the pack (3.9× at ×64) and SQLite's sort spills and the
// stages' temporary files (×400: ~8 GB at the features stage for a 920 MB
// PBF). A ×400 import that ran out of disk after 100 CPU minutes (stop 47)
// is why scalebench looks first.
const diskPerPBFByte = 10

// checkDisk fails when the file system of *dir has less room than an
// import of pbf needs: other tenants fill shared disks, and an import
// that fails on a full disk at its last stage has cost its whole time.
func checkDisk(pbf string) error {
	var fs syscall.Statfs_t
	if err := syscall.Statfs(*dir, &fs); err != nil {
		return nil // not knowable here: the import reports a full disk itself
	}
	free := int64(fs.Bavail) * int64(fs.Bsize)
	if need := diskPerPBFByte * size(pbf); free < need {
		return fmt.Errorf("%s has %.1f GB free, an import of %s needs about %.1f GB (%d× its size): free some space first", *dir, float64(free)/1e9, filepath.Base(pbf), float64(need)/1e9, diskPerPBFByte)
	}
	return nil
}

// imagesSize is the size of the images beside pack (PACK.autocomplete,
// PACK.driving.graph, ...), not counting the import's log.
func imagesSize(pack string) int64 {
	var n int64
	for _, ext := range []string{".autocomplete", ".nearby", ".reverse", ".driving.graph", ".walking.graph", ".cycling.graph"} {
		n += size(pack + ext)
	}
	return n
}

func size(p string) int64 {
	st, err := os.Stat(p)
	if err != nil {
		return 0
	}
	return st.Size()
}

// packRatio measures directions inside LI served alone and with Monaco
// and Andorra beside it (issue: many packs at no cost), same requests.
func packRatio() error {
	li := filepath.Join(*dir, "li-x1.waymark")
	var others []string
	for _, r := range []string{"monaco", "andorra"} {
		pack := filepath.Join(*dir, r+".waymark")
		if _, err := os.Stat(pack); err != nil {
			if out, err := exec.Command(*bin, "import", "-q", "-o", pack, filepath.Join(*regions, r+".osm.pbf")).CombinedOutput(); err != nil {
				return fmt.Errorf("import %s: %v\n%s", r, err, out)
			}
		}
		others = append(others, pack)
	}
	fmt.Printf("\npacks (directions inside LI, %d requests)\n%-22s %10s %10s %8s\n", *samples, "packs served", "p50", "p99", "p50 ×")
	var one time.Duration
	for i, packs := range [][]string{{li}, {li, others[0]}, append([]string{li}, others...)} {
		s, err := startServer(packs...)
		if err != nil {
			return err
		}
		rng := rand.New(rand.NewPCG(7, 7))
		point := func() (float64, float64) { return 9.49 + rng.Float64()*0.08, 47.06 + rng.Float64()*0.18 }
		l, _, err := latencies(s.base, *samples, func() string {
			lo1, la1 := point()
			lo2, la2 := point()
			return fmt.Sprintf("/v1/directions/driving/%f,%f;%f,%f", lo1, la1, lo2, la2)
		})
		s.stop()
		if err != nil {
			return err
		}
		if i == 0 {
			one = l[0]
		}
		label := []string{"LI", "LI + Monaco", "LI + Monaco + Andorra"}[i]
		fmt.Printf("%-22s %8.2fms %8.2fms %7.2f×\n", label, ms(l[0]), ms(l[1]), float64(l[0])/float64(one))
	}
	return nil
}
