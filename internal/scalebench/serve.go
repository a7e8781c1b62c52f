// serve.go serves a pack with `waymark serve` and measures it: latency
// figures by request kind, and the share of distinct-place addresses found
// in their own copy.

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// server is a running `waymark serve`.
type server struct {
	base               string
	cmd                *exec.Cmd
	firstAnswer, ready time.Duration
}

func (s *server) stop() { s.cmd.Process.Kill(); s.cmd.Wait() }

// startServer serves packs and waits for its first answer and for ready.
func startServer(packs ...string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	args := append([]string{"serve", "-addr", addr, "-token", "scale", "-max-table-size", "25"}, packs...)
	s := &server{base: "http://" + addr, cmd: exec.Command(*bin, args...)}
	stderr, _ := s.cmd.StderrPipe()
	start := time.Now()
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go io.Copy(io.Discard, bufio.NewReader(stderr))
	for {
		if resp, err := http.Get(s.base + "/v1/reverse?key=scale&format=json&lat=47.14&lon=9.52"); err == nil {
			resp.Body.Close()
			break
		}
		if time.Since(start) > 10*time.Minute {
			s.stop()
			return nil, fmt.Errorf("no answer after 10 minutes")
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.firstAnswer = time.Since(start)
	for {
		if resp, err := http.Get(s.base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.ready = time.Since(start)
	return s, nil
}

// latencies sends n requests made by next and returns p50 and p99, and
// the share of answers with status 200.
func latencies(base string, n int, next func() string) ([2]time.Duration, float64, error) {
	var durs []time.Duration
	ok := 0
	for i := 0; i < n; i++ {
		u := base + next()
		if strings.Contains(u, "?") {
			u += "&key=scale"
		} else {
			u += "?key=scale"
		}
		t0 := time.Now()
		resp, err := http.Get(u)
		if err != nil {
			return [2]time.Duration{}, 0, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		durs = append(durs, time.Since(t0))
		if resp.StatusCode == http.StatusOK {
			ok++
		}
	}
	slices.Sort(durs)
	return [2]time.Duration{durs[len(durs)/2], durs[len(durs)*99/100]}, float64(ok) / float64(n), nil
}

// serve starts the server on the pack and measures it.
func serve(row *importRow, pack string) error {
	s, err := startServer(pack)
	if err != nil {
		return err
	}
	defer s.stop()
	row.firstAnswer, row.open = s.firstAnswer, s.ready
	base := s.base
	row.serveRSS = rss(s.cmd.Process.Pid)
	rng := rand.New(rand.NewPCG(uint64(row.n), 1))
	cols := int(math.Ceil(math.Sqrt(float64(row.n))))
	point := func() (float64, float64) { // a point in LI's valley of a random copy
		k := rng.IntN(row.n)
		dx, dy := float64(k%cols)*(boxW+gap), float64(k/cols)*(boxH+gap)
		return 9.49 + rng.Float64()*0.08 + dx, 47.06 + rng.Float64()*0.18 + dy
	}
	names := []string{"Vaduz", "Schaan", "Balzers", "Triesen", "Eschen", "Mauren", "Ruggell", "Gamprin", "Planken", "Triesenberg", "Städtle", "Landstrasse"}
	req := map[string]func() string{
		"reverse z18": func() string {
			lon, lat := point()
			return fmt.Sprintf("/v1/reverse?format=json&zoom=18&lat=%f&lon=%f", lat, lon)
		},
		"reverse z10": func() string {
			lon, lat := point()
			return fmt.Sprintf("/v1/reverse?format=json&zoom=10&lat=%f&lon=%f", lat, lon)
		},
		"search": func() string { return "/v1/search?format=json&q=" + url.QueryEscape(names[rng.IntN(len(names))]) },
		// An address whose words also name parents of every copy ("schaan",
		// and "10" in Triesenberg's ISO code): the search whose index work
		// grows with the copies (engine/geocode's doc).
		"search address": func() string {
			town := "Schaan"
			if k := rng.IntN(row.n); k > 0 && strings.Contains(*tileArgs, "--distinct-places") {
				town += " " + copyWord(k)
			}
			return "/v1/search?format=json&q=" + url.QueryEscape("Landstrasse 10, "+town)
		},
		"autocomplete": func() string {
			r := []rune(names[rng.IntN(len(names))])
			return "/v1/autocomplete?q=" + url.QueryEscape(string(r[:1+rng.IntN(len(r))]))
		},
		"directions": func() string {
			lo1, la1 := point()
			lo2, la2 := point()
			return fmt.Sprintf("/v1/directions/driving/%f,%f;%f,%f", lo1, la1, lo2, la2)
		},
		"matrix 25x25": func() string {
			ps := make([]string, 25)
			for i := range ps {
				lo, la := point()
				ps[i] = fmt.Sprintf("%f,%f", lo, la)
			}
			return "/v1/matrix/driving/" + strings.Join(ps, ";")
		},
	}
	// Two passes, each at new random points: the first after open, the
	// second in a server in use (the table's figures).
	for _, into := range []map[string][2]time.Duration{row.first, row.lat} {
		for _, k := range kinds {
			l, ok, err := latencies(base, *samples, req[k])
			if err != nil {
				return err
			}
			into[k], row.ok[k] = l, ok
		}
	}
	if strings.Contains(*tileArgs, "--distinct-places") && row.n > 1 {
		return houseFirst(row, base, rng)
	}
	return nil
}

// houseFirst asks for "Landstrasse 10, Schaan <word>" in *samples random
// copies of a --distinct-places tiling and counts those whose first
// result is inside that copy's box and on its Landstrasse in its Schaan: house 10 where
// the copy has one, else the street (as Nominatim answers; the LI extract
// has Landstrasse 10 only in Triesenberg, so in Schaan it is the street).
// houseTen counts the first results that are a house numbered 10.
func houseFirst(row *importRow, base string, rng *rand.Rand) error {
	cols := int(math.Ceil(math.Sqrt(float64(row.n))))
	hits := 0
	for range *samples {
		k := rng.IntN(row.n)
		town := "Schaan"
		if k > 0 {
			town += " " + copyWord(k)
		}
		q := url.QueryEscape("Landstrasse 10, " + town)
		resp, err := http.Get(base + "/v1/search?format=json&addressdetails=1&limit=1&key=scale&q=" + q)
		if err != nil {
			return err
		}
		var res []struct {
			Lat, Lon string
			Address  map[string]string
		}
		err = json.NewDecoder(resp.Body).Decode(&res)
		resp.Body.Close()
		if err != nil || len(res) == 0 || res[0].Address["road"] != "Landstrasse" {
			continue
		}
		if a := res[0].Address; a["town"] != town && a["village"] != town && a["city"] != town {
			continue
		}
		hn := res[0].Address["house_number"]
		if hn != "" && hn != "10" {
			continue
		}
		lat, err1 := strconv.ParseFloat(res[0].Lat, 64)
		lon, err2 := strconv.ParseFloat(res[0].Lon, 64)
		dx, dy := float64(k%cols)*(boxW+gap), float64(k/cols)*(boxH+gap)
		if err1 == nil && err2 == nil && lon >= boxW0+dx && lon <= boxW0+boxW+dx && lat >= boxS0+dy && lat <= boxS0+boxH+dy {
			hits++
			if hn == "10" {
				row.houseTen++
			}
		}
	}
	row.houseFirst, row.houseOf = float64(hits)/float64(*samples), *samples
	return nil
}

// The south-west corner of tile_extract.py's box.
const boxW0, boxS0 = 9.40, 47.00

// copyWord is tile_extract.py's word(k): the made-up word --distinct-places
// adds to copy k's settlement names (k >= 1).
func copyWord(k int) string {
	syl := []string{"ka", "lo", "mi", "ner", "ta", "vu", "sen", "dor", "ri", "bel", "an", "gu", "pe", "ros", "hal", "ze"}
	var parts []string
	for {
		parts = append(parts, syl[k%len(syl)])
		k /= len(syl)
		if k == 0 {
			break
		}
	}
	parts = append(parts, syl[(len(parts)*7)%len(syl)])
	w := strings.Join(parts, "")
	return strings.ToUpper(w[:1]) + w[1:]
}

// rss returns a process's resident set in kB.
func rss(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	if m := regexp.MustCompile(`VmRSS:\s+(\d+)`).FindSubmatch(b); m != nil {
		v, _ := strconv.ParseInt(string(m[1]), 10, 64)
		return v
	}
	return 0
}
