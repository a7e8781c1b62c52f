package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/benchstat"
)

var andorraArea = area{"andorra", orb.Point{1.45, 42.45}, orb.Point{1.65, 42.60}}

// threePacks is the three extracts' packs served together.
var threePacks = []string{"liechtenstein", "monaco", "andorra"}

// packsQuery is one request of BenchmarkPacks, run on an engine.
type packsQuery func(e *engine.Engine, i int) error

// packsQueries makes 200 seeded requests of a service inside area a.
func packsQueries(service string, a area, prof route.Profile) packsQuery {
	rng := rand.New(rand.NewPCG(5, 5))
	pts := make([]orb.Point, 400)
	for i := range pts {
		pts[i] = randomPoint(rng, a)
	}
	ctx := context.Background()
	switch service {
	case "route":
		return func(e *engine.Engine, i int) error {
			k := i % 200
			_, err := e.Directions(ctx, engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: prof,
				Coordinates: pts[2*k : 2*k+2]}})
			return err
		}
	case "table":
		return func(e *engine.Engine, i int) error {
			k := i % 40
			_, err := e.Table(ctx, engine.TableRequest{SnapRequest: engine.SnapRequest{Profile: prof,
				Coordinates: pts[10*k : 10*k+10]}})
			return err
		}
	default: // reverse
		return func(e *engine.Engine, i int) error {
			_, err := e.Reverse(ctx, engine.ReverseRequest{Point: pts[i%len(pts)], Zoom: 18})
			if err == engine.ErrNotFound {
				return nil
			}
			return err
		}
	}
}

// BenchmarkPacks: routes (driving and walking), 10×10 tables and reverse
// answers inside each pack, served alone (packs=1) and with the other
// extracts' packs (packs=3; target ≤ 1.1× alone). The packs=3 rows time
// the pack alone and the three packs in turn, request by request, and
// report the ratio of their p50s (×alone), so that the machine's load
// weighs on both alike.
func BenchmarkPacks(b *testing.B) {
	ctx := context.Background()
	alone := map[string]*engine.Engine{}
	for _, a := range []area{liArea, monacoArea, andorraArea} {
		alone[a.pack] = openPack(b, a.pack)
	}
	three := openPacks(b, threePacks...)
	for _, e := range append([]*engine.Engine{three}, alone["liechtenstein"], alone["monaco"], alone["andorra"]) {
		if err := e.WarmPlaces(ctx); err != nil {
			b.Fatal(err)
		}
	}
	type svc struct {
		name string
		prof route.Profile
	}
	for _, s := range []svc{{"route", route.Driving}, {"route", route.Walking}, {"table", route.Driving}, {"reverse", route.Driving}} {
		for _, a := range []area{liArea, monacoArea, andorraArea} {
			name := s.name
			if s.name != "reverse" {
				name += "/" + s.prof.String()
			}
			q := packsQueries(s.name, a, s.prof)
			b.Run(fmt.Sprintf("%s/%s/packs=1", name, a.pack), func(b *testing.B) {
				benchEngines(b, q, alone[a.pack], nil)
			})
			b.Run(fmt.Sprintf("%s/%s/packs=3", name, a.pack), func(b *testing.B) {
				benchEngines(b, q, three, alone[a.pack])
			})
		}
	}
}

// benchEngines times q on e, and on base in turn when base is not nil,
// reporting e's p50 and p99 and, with base, the ratio of e's p50 to
// base's (×alone).
func benchEngines(b *testing.B, q packsQuery, e, base *engine.Engine) {
	for i := 0; i < 20; i++ { // warm both
		if err := q(e, i); err != nil && !isRouteMiss(err) {
			b.Fatal(err)
		}
		if base != nil {
			_ = q(base, i)
		}
	}
	var lat, baseLat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// in turn, each first every other time: the second of two runs of
		// one request finds the pages the first touched (the engines map
		// the same images)
		if base != nil && i%2 == 0 {
			baseLat.Time(func() { _ = q(base, i) })
		}
		lat.Time(func() { _ = q(e, i) })
		if base != nil && i%2 == 1 {
			baseLat.Time(func() { _ = q(base, i) })
		}
	}
	b.StopTimer()
	lat.Report(b)
	if base != nil {
		b.ReportMetric(float64(lat.Percentile(50))/float64(baseLat.Percentile(50)), "×alone")
	}
}

// isRouteMiss reports whether err is a routing answer (no route, no
// segment) rather than a failure.
func isRouteMiss(err error) bool {
	return err != nil && (errors.Is(err, route.ErrNoRoute) || errors.Is(err, route.ErrNoSegment))
}
