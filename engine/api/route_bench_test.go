package api_test

import (
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/api"
	"waymark/engine/route"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

// BenchmarkRouteHTTP: GET /v1/directions/driving/... over loopback HTTP
// (httptest server, keep-alive client) for 1,000 seeded random pairs of
// LI road positions; the latency includes parsing, snapping, routing and
// JSON encoding.
func BenchmarkRouteHTTP(b *testing.B) {
	e, err := engine.Open(testpacks.Path(b, "liechtenstein"))
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	s, err := api.New(e, api.Config{Tokens: []api.Token{{Key: "bench"}}})
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer ts.Close()
	pk := e.Packs()[0]
	g := pk.Graph(route.Driving)
	rng := rand.New(rand.NewSource(1))
	bb := pk.Info.Home
	var urls []string
	for len(urls) < 1000 {
		var pts []orb.Point
		for len(pts) < 2 {
			p := orb.Point{bb.Min[0] + rng.Float64()*(bb.Max[0]-bb.Min[0]), bb.Min[1] + rng.Float64()*(bb.Max[1]-bb.Min[1])}
			sn, err := g.Snap(p, route.SnapOptions{Radius: 500})
			if err != nil || !g.InMainNetwork(sn[0]) {
				continue
			}
			pts = append(pts, sn[0].Location)
		}
		urls = append(urls, fmt.Sprintf("%s/v1/directions/driving/%.6f,%.6f;%.6f,%.6f?key=bench", ts.URL, pts[0][0], pts[0][1], pts[1][0], pts[1][1]))
	}
	client := ts.Client()
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		u := urls[i%len(urls)]
		lat.Time(func() {
			resp, err := client.Get(u)
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b.Fatalf("GET %s: %d", u, resp.StatusCode)
			}
		})
	}
	lat.Report(b)
}
