package tourfile

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/paulmach/orb"
)

func TestGeoJSONTourRoundTrip(t *testing.T) {
	in := sample
	in.Name = "Museums · “Vaduz”"
	in.Profile = "walking"
	in.Roundtrip = true
	in.Stops = append([]Stop{{Name: strings.Repeat("Kunstmuseum Liechtenstein ", 3), Point: orb.Point{9.52163, 47.13897}}}, in.Stops...)
	var buf bytes.Buffer
	if err := WriteGeoJSON(&buf, in); err != nil {
		t.Fatal(err)
	}
	got, err := ReadGeoJSON(&buf)
	if err != nil {
		t.Fatalf("ReadGeoJSON: %v", err)
	}
	if got.Name != in.Name || got.Profile != in.Profile || got.Roundtrip != in.Roundtrip {
		t.Errorf("ReadGeoJSON = %q %s roundtrip %v, want %q %s roundtrip %v", got.Name, got.Profile, got.Roundtrip, in.Name, in.Profile, in.Roundtrip)
	}
	if len(got.Stops) != len(in.Stops) {
		t.Fatalf("ReadGeoJSON = %d stops, want %d", len(got.Stops), len(in.Stops))
	}
	for i := range in.Stops {
		if got.Stops[i].Name != strings.TrimSpace(in.Stops[i].Name) || got.Stops[i].Point != in.Stops[i].Point {
			t.Errorf("stop %d = %v, want %v", i, got.Stops[i], in.Stops[i])
		}
	}
	if got.Distance != in.Distance || got.Duration != in.Duration || len(got.Route) != len(in.Route) {
		t.Errorf("route = %d points %.1f m %.1f s, want %d points %.1f m %.1f s",
			len(got.Route), got.Distance, got.Duration, len(in.Route), in.Distance, in.Duration)
	}
}

func TestReadGeoJSON(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		wantNames string // stop names joined by ","
		wantErr   error
	}{
		{"ordered by stop", `{"type":"FeatureCollection","features":[
			{"type":"Feature","geometry":{"type":"Point","coordinates":[9.5,47.1]},"properties":{"name":"B","stop":2}},
			{"type":"Feature","geometry":{"type":"Point","coordinates":[9.6,47.2]},"properties":{"name":"A","stop":1}}]}`, "A,B", nil},
		{"file order without numbers", `{"type":"FeatureCollection","features":[
			{"type":"Feature","geometry":{"type":"Point","coordinates":[9.5,47.1]},"properties":{"title":"B"}},
			{"type":"Feature","geometry":{"type":"Point","coordinates":[9.6,47.2]},"properties":{"name":"A","stop":1}}]}`, "B,A", nil},
		{"one feature", `{"type":"Feature","geometry":{"type":"Point","coordinates":[9.5,47.1]},"properties":{"name":"Only"}}`, "Only", nil},
		{"bare multipoint", `{"type":"MultiPoint","coordinates":[[9.5,47.1],[9.6,47.2]]}`, ",", nil},
		{"line only", `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[9.5,47.1],[9.6,47.2]]},"properties":{}}]}`, "", ErrNoStops},
		{"out of range", `{"type":"Point","coordinates":[9.5,147.1]}`, "", ErrGeoJSON},
		{"not json", `<gpx/>`, "", ErrGeoJSON},
		{"unknown type", `{"type":"Banana"}`, "", ErrGeoJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadGeoJSON(strings.NewReader(tt.in))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("ReadGeoJSON err = %v, want %v", err, tt.wantErr)
			}
			var names []string
			for _, s := range got.Stops {
				names = append(names, s.Name)
			}
			if err == nil && strings.Join(names, ",") != tt.wantNames {
				t.Errorf("stops = %q, want %s", names, tt.wantNames)
			}
		})
	}
}

func TestReadGPXTour(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		wantNames string
		wantTour  string
		wantErr   error
	}{
		{"route", `<gpx><metadata><name>Meta</name></metadata><rte><name>Day 1</name><rtept lat="47.1" lon="9.5"><name>A</name></rtept><rtept lat="47.2" lon="9.6"><name>B</name></rtept></rte><wpt lat="1" lon="2"/></gpx>`, "A,B", "Day 1", nil},
		{"waypoints", `<gpx><metadata><name>Meta</name></metadata><wpt lat="47.1" lon="9.5"><name>W</name></wpt></gpx>`, "W", "Meta", nil},
		{"track only", `<gpx><trk><trkseg><trkpt lat="47.1" lon="9.5"/></trkseg></trk></gpx>`, "", "", ErrNoStops},
		{"bad latitude", `<gpx><wpt lat="100" lon="2"/></gpx>`, "", "", ErrFormat},
		{"not xml", `{}`, "", "", ErrFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadGPXTour(strings.NewReader(tt.in))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("ReadGPXTour err = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			var names []string
			for _, s := range got.Stops {
				names = append(names, s.Name)
			}
			if strings.Join(names, ",") != tt.wantNames || got.Name != tt.wantTour {
				t.Errorf("ReadGPXTour = %q stops %q, want %q stops %s", got.Name, names, tt.wantTour, tt.wantNames)
			}
		})
	}
}

// FuzzReadGeoJSON checks that any input either fails with a sentinel error
// or gives a tour of in-range stops, never panics.
func FuzzReadGeoJSON(f *testing.F) {
	var buf bytes.Buffer
	WriteGeoJSON(&buf, sample)
	f.Add(buf.String())
	f.Add(`{"type":"Feature","geometry":{"type":"Point","coordinates":[9.5,47.1]},"properties":{"name":"Only","stop":"x"}}`)
	f.Add(`{"type":"MultiPoint","coordinates":[[9.5,47.1],[9.6,47.2]]}`)
	f.Add(`{"type":"FeatureCollection","features":[null,{"type":"Feature","geometry":null}]}`)
	f.Add(`{"type":"Point","coordinates":[9.5,147.1]}`)
	f.Fuzz(func(t *testing.T, in string) {
		tour, err := ReadGeoJSON(strings.NewReader(in))
		if err != nil {
			if !errors.Is(err, ErrGeoJSON) && !errors.Is(err, ErrNoStops) {
				t.Fatalf("ReadGeoJSON(%q) error %v is not a sentinel", in, err)
			}
			return
		}
		if len(tour.Stops) == 0 {
			t.Fatalf("ReadGeoJSON(%q) gave a tour without stops and no error", in)
		}
		for _, s := range tour.Stops {
			if !valid(s.Point) {
				t.Fatalf("ReadGeoJSON(%q) gave stop %v out of range", in, s.Point)
			}
		}
	})
}
