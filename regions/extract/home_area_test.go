package extract

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/internal/benchstat"
	"waymark/internal/testregions"
	"waymark/regions/internal/fixture"
)

// homeFixture writes an extract: a square admin area (level 2) of side
// side degrees at (9.0, 47.0) made of four ways, of which only present are
// in the extract (of members listed); inside tagged nodes spread over the
// part fill of the square; outside tagged nodes east of it in the same
// cluster; and a stray cluster of nodes in Alabama.
type homeFixture struct {
	side            float64
	members         int // member ways listed (4 are drawn, the rest missing)
	present         int // of the 4 drawn ways, how many are in the extract
	fill            float64
	inside, outside int
}

func (f homeFixture) osm() string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n")
	x0, y0, s := 9.0, 47.0, f.side
	corners := []orb.Point{{x0, y0}, {x0 + s, y0}, {x0 + s, y0 + s}, {x0, y0 + s}}
	for i, c := range corners {
		fmt.Fprintf(&b, " <node id=\"%d\" lat=\"%.7f\" lon=\"%.7f\" version=\"1\"/>\n", 1+i, c[1], c[0])
	}
	id := 100
	grid := int(math.Ceil(math.Sqrt(float64(f.inside))))
	for i := 0; i < f.inside; i++ {
		px := x0 + s*f.fill*(float64(i%grid)+0.5)/float64(grid)
		py := y0 + s*f.fill*(float64(i/grid)+0.5)/float64(grid)
		fmt.Fprintf(&b, " <node id=\"%d\" lat=\"%.7f\" lon=\"%.7f\" version=\"1\"><tag k=\"amenity\" v=\"bench\"/></node>\n", id, py, px)
		id++
	}
	for i := 0; i < f.outside; i++ {
		px := x0 + s + 0.05 + 0.2*float64(i%10)/10
		py := y0 + s*float64(i/10)/float64(max(1, f.outside/10))
		fmt.Fprintf(&b, " <node id=\"%d\" lat=\"%.7f\" lon=\"%.7f\" version=\"1\"><tag k=\"amenity\" v=\"bench\"/></node>\n", id, py, px)
		id++
	}
	for i := 0; i < 50; i++ { // the stray cluster: untagged
		fmt.Fprintf(&b, " <node id=\"%d\" lat=\"%.7f\" lon=\"%.7f\" version=\"1\"/>\n", id, 32.5+0.001*float64(i), -86.5)
		id++
	}
	for i := 0; i < f.present; i++ {
		fmt.Fprintf(&b, " <way id=\"%d\" version=\"1\"><nd ref=\"%d\"/><nd ref=\"%d\"/></way>\n", 10+i, 1+i, 1+(i+1)%4)
	}
	b.WriteString(" <relation id=\"7\" version=\"1\">\n")
	for i := 0; i < f.members; i++ {
		fmt.Fprintf(&b, "  <member type=\"way\" ref=\"%d\" role=\"outer\"/>\n", 10+i)
	}
	b.WriteString("  <tag k=\"type\" v=\"boundary\"/><tag k=\"boundary\" v=\"administrative\"/><tag k=\"admin_level\" v=\"2\"/><tag k=\"name\" v=\"Home\"/>\n </relation>\n</osm>\n")
	return b.String()
}

func TestHomeArea(t *testing.T) {
	country := orb.Bound{Min: orb.Point{9.0, 47.0}, Max: orb.Point{9.1, 47.1}}
	tests := []struct {
		name string
		f    homeFixture
		// want is the home's box; nil checks only that it is not the country
		want *orb.Bound
		// holds lists points the home must contain (for the fallbacks)
		holds []orb.Point
	}{
		{"the country the data fills", homeFixture{side: 0.1, members: 4, present: 4, fill: 1, inside: 100, outside: 40}, &country, nil},
		{"most member ways missing: the populated area", homeFixture{side: 0.1, members: 10, present: 4, fill: 1, inside: 100, outside: 40}, nil,
			[]orb.Point{{9.05, 47.05}, {9.3, 47.05}}},
		{"data in one corner of the outline: the populated area", homeFixture{side: 0.4, members: 4, present: 4, fill: 0.3, inside: 100, outside: 40}, nil,
			[]orb.Point{{9.05, 47.05}}},
		{"a complete area with few of the objects: the populated area", homeFixture{side: 0.1, members: 4, present: 4, fill: 1, inside: 10, outside: 100}, nil,
			[]orb.Point{{9.05, 47.05}, {9.3, 47.05}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Load(context.Background(), fixture.Write(t, tt.f.osm()), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			got := d.Home
			if got.Contains(orb.Point{-86.5, 32.5}) {
				t.Fatalf("Data.Home = %v holds the stray Alabama cluster", got)
			}
			if tt.want != nil {
				if !near(got.Min, tt.want.Min, 1e-6) || !near(got.Max, tt.want.Max, 1e-6) {
					t.Errorf("Data.Home = %v, want %v", got, *tt.want)
				}
				return
			}
			if near(got.Min, country.Min, 1e-6) && near(got.Max, country.Max, 1e-6) {
				t.Errorf("Data.Home = %v, the admin outline; want the populated area", got)
			}
			for _, p := range tt.holds {
				if !got.Contains(p) {
					t.Errorf("Data.Home = %v, want it to hold %v", got, p)
				}
			}
		})
	}
}

func near(a, b orb.Point, tol float64) bool {
	return math.Abs(a[0]-b[0]) <= tol && math.Abs(a[1]-b[1]) <= tol
}

func TestTrimmedBound(t *testing.T) {
	var pts []orb.Point
	for i := 0; i < 100; i++ {
		pts = append(pts, orb.Point{float64(i), float64(-i)})
	}
	pts[0] = orb.Point{-1000, 5000} // a stray object
	got := trimmedBound(pts, 0.02)
	want := orb.Bound{Min: orb.Point{2, -97}, Max: orb.Point{97, -2}}
	if got != want {
		t.Errorf("trimmedBound = %v, want %v", got, want)
	}
}

// BenchmarkHomeArea finds the home area of each shared extract (loaded
// once), as an import does after reading it, and reports p50/p99.
func BenchmarkHomeArea(b *testing.B) {
	for _, name := range []string{"liechtenstein", "monaco", "andorra"} {
		b.Run(name, func(b *testing.B) {
			d, err := Load(context.Background(), testregions.Extract(b, name), nil)
			if err != nil {
				b.Fatal(err)
			}
			defer d.Close()
			cluster := d.Bound
			var lat benchstat.Latencies
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				lat.Time(func() { homeArea(d, cluster) })
			}
			lat.Report(b)
		})
	}
}
