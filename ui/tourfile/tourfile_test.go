package tourfile

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
)

var sample = Tour{
	Name:    "Tour",
	Profile: "driving",
	Stops: []Stop{
		{"Vaduz", orb.Point{9.5209, 47.1410}},
		{"Schaan", orb.Point{9.5096, 47.1652}},
		{"Balzers", orb.Point{9.4965, 47.0664}},
	},
	Route:    orb.LineString{{9.5209, 47.1410}, {9.515, 47.15}, {9.5096, 47.1652}, {9.4965, 47.0664}},
	Distance: 16234.5,
	Duration: 1320,
}

func TestGPXRoundTrip(t *testing.T) {
	tests := []struct {
		name     string
		tour     Tour
		wantPts  int
		wantName string
	}{
		{"with route", sample, len(sample.Route), "Tour"},
		{"stops only", Tour{Name: "Stops", Stops: sample.Stops}, len(sample.Stops), "Stops"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteGPX(&buf, tt.tour); err != nil {
				t.Fatalf("WriteGPX: %v", err)
			}
			tr, err := ReadGPX(&buf)
			if err != nil {
				t.Fatalf("ReadGPX: %v\n%s", err, buf.String())
			}
			if len(tr.Points) != tt.wantPts || tr.Name != tt.wantName {
				t.Errorf("ReadGPX = %d points named %q, want %d named %q", len(tr.Points), tr.Name, tt.wantPts, tt.wantName)
			}
			if got, want := tr.Points[0].Point, tt.tour.Stops[0].Point; got != want {
				t.Errorf("first point = %v, want %v", got, want)
			}
		})
	}
}

func TestReadGPX(t *testing.T) {
	const track = `<?xml version="1.0"?>
<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
 <trk><name>Morning</name>
  <trkseg><trkpt lat="47.14" lon="9.52"><ele>455</ele><time>2024-05-01T08:00:00Z</time></trkpt>
   <trkpt lat="47.141" lon="9.521"><time>2024-05-01T08:00:10Z</time></trkpt></trkseg>
  <trkseg><trkpt lat="47.142" lon="9.522"><time>2024-05-01T08:00:20Z</time></trkpt></trkseg>
 </trk></gpx>`
	tests := []struct {
		name    string
		in      string
		wantN   int
		wantErr error
	}{
		{"track with segments", track, 3, nil},
		{"route", `<gpx><rte><rtept lat="1" lon="2"/><rtept lat="1.5" lon="2.5"/></rte></gpx>`, 2, nil},
		{"waypoints", `<gpx><wpt lat="1" lon="2"/></gpx>`, 1, nil},
		{"empty", `<gpx version="1.1"></gpx>`, 0, ErrNoPoints},
		{"not xml", `{"type":"FeatureCollection"}`, 0, ErrFormat},
		{"bad latitude", `<gpx><wpt lat="100" lon="2"/></gpx>`, 0, ErrFormat},
		{"bad time", `<gpx><trk><trkseg><trkpt lat="1" lon="2"><time>yesterday</time></trkpt></trkseg></trk></gpx>`, 0, ErrFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, err := ReadGPX(strings.NewReader(tt.in))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("ReadGPX err = %v, want %v", err, tt.wantErr)
			}
			if len(tr.Points) != tt.wantN {
				t.Errorf("ReadGPX = %d points, want %d", len(tr.Points), tt.wantN)
			}
		})
	}
	tr, _ := ReadGPX(strings.NewReader(track))
	if want := time.Date(2024, 5, 1, 8, 0, 10, 0, time.UTC); !tr.Points[1].Time.Equal(want) {
		t.Errorf("time = %v, want %v", tr.Points[1].Time, want)
	}
	if len(tr.Line()) != 3 {
		t.Errorf("Line() has %d points, want 3", len(tr.Line()))
	}
}

func TestWriteGeoJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteGeoJSON(&buf, sample); err != nil {
		t.Fatalf("WriteGeoJSON: %v", err)
	}
	fc, err := geojson.UnmarshalFeatureCollection(buf.Bytes())
	if err != nil {
		t.Fatalf("output is not GeoJSON: %v", err)
	}
	if got, want := len(fc.Features), len(sample.Stops)+1; got != want {
		t.Fatalf("%d features, want %d", got, want)
	}
	if name := fc.Features[1].Properties.MustString("name"); name != "Schaan" {
		t.Errorf("stop 2 name = %q, want Schaan", name)
	}
	line, ok := fc.Features[3].Geometry.(orb.LineString)
	if !ok || len(line) != len(sample.Route) {
		t.Errorf("route feature = %T with %d points, want LineString of %d", fc.Features[3].Geometry, len(line), len(sample.Route))
	}
	if d := fc.Features[3].Properties.MustFloat64("distance"); d != 16234.5 {
		t.Errorf("distance = %v, want 16234.5", d)
	}
}

// FuzzReadGPX checks that any input either fails with a sentinel error or
// gives in-range points, never panics.
func FuzzReadGPX(f *testing.F) {
	f.Add(`<gpx><trk><trkseg><trkpt lat="47.1" lon="9.5"><time>2024-05-01T08:00:00Z</time></trkpt></trkseg></trk></gpx>`)
	f.Add(`<gpx><rte><rtept lat="1" lon="2"/></rte></gpx>`)
	f.Add(`<gpx><wpt lat="100" lon="2"/></gpx>`)
	f.Add(`<gpx version="1.1"></gpx>`)
	f.Add(`{"type":"FeatureCollection"}`)
	f.Fuzz(func(t *testing.T, in string) {
		tr, err := ReadGPX(strings.NewReader(in))
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrNoPoints) {
				t.Fatalf("ReadGPX(%q) error %v is not a sentinel", in, err)
			}
			return
		}
		for _, p := range tr.Points {
			if p.Point[0] < -180 || p.Point[0] > 180 || p.Point[1] < -90 || p.Point[1] > 90 {
				t.Fatalf("ReadGPX(%q) gave point %v out of range", in, p.Point)
			}
		}
	})
}

func BenchmarkWriteGPX(b *testing.B) {
	t := sample
	for i := 0; i < 5000; i++ {
		t.Route = append(t.Route, orb.Point{9.5 + float64(i)*1e-5, 47.1})
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var buf bytes.Buffer
		if err := WriteGPX(&buf, t); err != nil {
			b.Fatal(err)
		}
	}
}
