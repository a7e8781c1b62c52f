package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"waymark/internal/testpacks"
)

// Stock clients against serve -open, with no key anywhere (issue 35):
// geopy's Nominatim geocoder (Debian's python3-geopy, run by
// /usr/bin/python3) and a Leaflet page's leaflet-routing-machine OSRM v1
// router and leaflet-control-geocoder Nominatim geocoder (npm, in jsdom,
// whose XMLHttpRequest enforces CORS). `make test-clients` installs them
// and sets WAYMARK_CLIENTS to their node_modules; without it the test is
// skipped (with CI=true it fails).

// pageOrigin is the origin of the Leaflet page (jsdom's URL) the server
// allows with -origin.
const pageOrigin = "http://localhost:8000"

// startServe runs `waymark serve` with args on a free port and returns
// its address once it answers.
func startServe(t *testing.T, args ...string) string {
	t.Helper()
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "WAYMARK_TOKEN=") { // no key anywhere
			env = append(env, e)
		}
	}
	stderr := serveProcess(t, env, args...)
	line, err := stderr.ReadString('\n')
	if err != nil {
		t.Fatalf("serve: %v", err)
	}
	go io.Copy(io.Discard, stderr)
	addr, ok := strings.CutPrefix(line, "waymark serve: listening on http://")
	if !ok {
		t.Fatalf("serve's first line %q, want the listening line", line)
	}
	addr, _, _ = strings.Cut(addr, " ")
	deadline := time.Now().Add(time.Minute)
	for {
		resp, err := http.Get("http://" + addr + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return addr
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve on %s not ready after a minute", addr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// runClient runs a client script and decodes the JSON object it prints.
func runClient(t *testing.T, out any, name string, args ...string) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s: decode %q: %v", name, b, err)
	}
	return nil
}

func TestStockClientsE2E(t *testing.T) {
	modules := os.Getenv("WAYMARK_CLIENTS")
	if modules == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("WAYMARK_CLIENTS is not set: run make test-clients")
		}
		t.Skip("stock clients not installed (make test-clients installs them)")
	}
	pack := testpacks.Path(t, "liechtenstein")
	open := startServe(t, "-open", "-origin", pageOrigin, pack)

	t.Run("geopy", func(t *testing.T) {
		var got struct {
			Geocode struct {
				Address string
				Lat     float64
				OSMID   int64 `json:"osm_id"`
				PlaceID int64 `json:"place_id"`
			}
			Many []struct {
				Address     string
				CountryCode string `json:"country_code"`
			}
			Structured string
			Nothing    bool
			Reverse    struct {
				Address string
				OSMID   int64 `json:"osm_id"`
				Road    string
			}
			ReverseZoom    string `json:"reverse_zoom"`
			ReverseNothing bool   `json:"reverse_nothing"`
		}
		if err := runClient(t, &got, "/usr/bin/python3", filepath.Join("testdata", "clients", "geopy_nominatim.py"), open); err != nil {
			t.Fatal(err)
		}
		if got.Geocode.OSMID != 1155956 || !strings.HasPrefix(got.Geocode.Address, "Vaduz,") || got.Geocode.PlaceID == 0 {
			t.Errorf("geocode Vaduz = %+v, want R1155956", got.Geocode)
		}
		if len(got.Many) != 3 {
			t.Errorf("geocode Landstrasse limit 3 = %d results, want 3", len(got.Many))
		}
		for _, m := range got.Many {
			if m.CountryCode != "li" || !strings.HasPrefix(m.Address, "Landstrasse") {
				t.Errorf("geocode Landstrasse in li = %+v", m)
			}
		}
		if !strings.HasPrefix(got.Structured, "Vaduz,") || !got.Nothing {
			t.Errorf("structured %q, nothing found %v; want Vaduz and true", got.Structured, got.Nothing)
		}
		if got.Reverse.OSMID != 6522627624 || got.Reverse.Road != "Gnetsch" || !strings.HasPrefix(got.ReverseZoom, "Vaduz") || !got.ReverseNothing {
			t.Errorf("reverse = %+v, zoom 10 %q, nothing at 0,0 %v; want the bakery on Gnetsch, Vaduz, true", got.Reverse, got.ReverseZoom, got.ReverseNothing)
		}
	})

	type leafletOut struct {
		Route struct {
			Error        string
			Name         string
			Distance     float64
			Time         float64
			Coordinates  int
			Instructions []string
		}
		Geocode []struct {
			Name     string
			Lat, Lng float64
		}
		Reverse []struct{ Name string }
		Timeout bool
	}
	script := filepath.Join("testdata", "clients", "leaflet.js")
	t.Run("leaflet", func(t *testing.T) {
		var got leafletOut
		if err := runClient(t, &got, "node", script, modules, "http://"+open, pageOrigin); err != nil {
			t.Fatal(err)
		}
		r := got.Route
		if r.Error != "" || r.Distance < 2000 || r.Distance > 6000 || r.Time <= 0 || r.Coordinates < 10 || len(r.Instructions) < 2 ||
			r.Instructions[len(r.Instructions)-1] != "DestinationReached:"+lastRoad(r.Instructions) {
			t.Errorf("leaflet-routing-machine route = %+v, want a route of 2-6 km with instructions", r)
		}
		if len(got.Geocode) == 0 || !strings.HasPrefix(got.Geocode[0].Name, "Vaduz,") || got.Geocode[0].Lat < 47 || got.Geocode[0].Lng < 9 {
			t.Errorf("leaflet-control-geocoder geocode Vaduz = %+v", got.Geocode)
		}
		if len(got.Reverse) == 0 || !strings.Contains(got.Reverse[0].Name, "Balzers") {
			t.Errorf("leaflet-control-geocoder reverse = %+v, want Balzers", got.Reverse)
		}
	})
	t.Run("leaflet from an origin not allowed", func(t *testing.T) {
		var got leafletOut
		if err := runClient(t, &got, "node", script, modules, "http://"+open, "http://other.example:8000"); err != nil {
			t.Fatal(err)
		}
		if got.Route.Error == "" || len(got.Geocode) != 0 {
			t.Errorf("page of another origin got %+v, want CORS to refuse it", got)
		}
	})
	t.Run("geopy without -open", func(t *testing.T) {
		closed := startServe(t, "-token", "T", pack)
		var got map[string]any
		err := runClient(t, &got, "/usr/bin/python3", filepath.Join("testdata", "clients", "geopy_nominatim.py"), closed)
		if err == nil || !strings.Contains(err.Error(), "401") {
			t.Errorf("geopy against a server that needs a key: %v, want a 401", err)
		}
	})
}

// lastRoad is the road of the last instruction ("type:road").
func lastRoad(instructions []string) string {
	_, road, _ := strings.Cut(instructions[len(instructions)-1], ":")
	return road
}
