package tourstore

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/internal/benchstat"
	"waymark/ui/tourmodel"
)

// tourOf makes an n-stop tour around Vaduz with 80-character names.
func tourOf(n int, seed int64) tourmodel.Tour {
	rng := rand.New(rand.NewSource(seed))
	t := tourmodel.Tour{Name: fmt.Sprintf("Tour of %d stops", n), Profile: route.Walking, Roundtrip: true}
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("Stop %03d %s", i+1, strings.Repeat("Kunstmuseum Liechtenstein ", 4))[:80]
		t.Stops = append(t.Stops, tourmodel.Stop{Name: name,
			Point: orb.Point{9.45 + rng.Float64()*0.15, 47.05 + rng.Float64()*0.18}})
	}
	return t
}

func docOf(t tourmodel.Tour) Doc {
	line := orb.LineString(t.Coordinates())
	return Doc{Tour: t, Route: line, Distance: 12345.6, Duration: 2345.6}
}

func TestSaveOpenRoundTrip(t *testing.T) {
	s := Store{Dir: filepath.Join(t.TempDir(), "tours")} // created on first save
	for _, n := range []int{1, 30, tourmodel.MaxStops} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			in := tourOf(n, int64(n))
			id, err := s.Save(docOf(in))
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Open(id)
			if err != nil {
				t.Fatal(err)
			}
			in.Doc = id
			// coordinates are written with 7 decimals
			for i := range in.Stops {
				p := in.Stops[i].Point
				if d := got.Tour.Stops[i].Point; !tourmodel.Near(d, p, 0.02) {
					t.Fatalf("stop %d at %v, want %v", i, d, p)
				}
				in.Stops[i].Point = got.Tour.Stops[i].Point
			}
			if !got.Tour.Equal(in) {
				t.Errorf("Open(Save(t)) = %+v, want %+v", got.Tour, in)
			}
			if got.Distance != 12345.6 || got.Duration != 2345.6 {
				t.Errorf("totals = %.1f m %.1f s, want 12345.6 m 2345.6 s", got.Distance, got.Duration)
			}
		})
	}
}

// TestSettingsRoundTrip: every profile and set of avoided roads is kept
// by Save and Open.
func TestSettingsRoundTrip(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	for _, prof := range route.Profiles {
		for x := route.Exclude(0); x < 8; x++ {
			in := tourOf(2, 1)
			in.Profile, in.Exclude, in.Roundtrip = prof, x, false
			id, err := s.Save(Doc{Tour: in})
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Open(id)
			if err != nil {
				t.Fatal(err)
			}
			if got.Tour.Profile != prof || got.Tour.Exclude != x || got.Tour.Roundtrip {
				t.Errorf("%s exclude=%q: reopened as %s exclude=%q roundtrip %v", prof, x, got.Tour.Profile, got.Tour.Exclude, got.Tour.Roundtrip)
			}
		}
	}
}

func TestListDuplicateRenameDelete(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	a, err := s.Save(docOf(tourOf(3, 1)))
	if err != nil {
		t.Fatal(err)
	}
	bt := tourOf(5, 2)
	bt.Name = ""
	b, err := s.Save(Doc{Tour: bt})
	if err != nil {
		t.Fatal(err)
	}
	// b is older than a in the list's order
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(s.Dir, b+Ext), old, old)
	if err := os.WriteFile(filepath.Join(s.Dir, "broken"+Ext), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(filepath.Join(s.Dir, "broken"+Ext), old.Add(-time.Hour), old.Add(-time.Hour))
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 || list[0].ID != a || list[1].ID != b || list[2].ID != "broken" {
		t.Fatalf("List = %+v, want %s, %s, broken", list, a, b)
	}
	if e := list[0]; e.Name != "Tour of 3 stops" || e.Stops != 3 || e.Distance != 12345.6 || e.Err != nil {
		t.Errorf("entry = %+v, want the 3-stop tour with its distance", e)
	}
	if e := list[1]; e.Stops != 5 || e.Distance != 0 || !strings.HasPrefix(e.ID, "tour-") {
		t.Errorf("unnamed entry = %+v, want 5 stops, no distance, id tour-…", e)
	}
	if list[2].Err == nil {
		t.Error("a broken file is listed without its error")
	}

	c, err := s.Duplicate(a)
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := s.Open(c); c == a || d.Tour.Name != "Tour of 3 stops (copy)" || len(d.Tour.Stops) != 3 {
		t.Errorf("Duplicate = %s named %q with %d stops, want a new id named … (copy) with 3", c, d.Tour.Name, len(d.Tour.Stops))
	}
	if err := s.Rename(a, "Museums"); err != nil {
		t.Fatal(err)
	}
	if d, _ := s.Open(a); d.Tour.Name != "Museums" || d.Tour.Doc != a {
		t.Errorf("after Rename: %q (%s), want Museums under the same id", d.Tour.Name, d.Tour.Doc)
	}
	if err := s.Delete(b); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(b); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open after Delete: %v, want ErrNotFound", err)
	}
	if err := s.Delete(b); !errors.Is(err, ErrNotFound) {
		t.Errorf("Delete twice: %v, want ErrNotFound", err)
	}
	for _, id := range []string{"", "../x", "a/b", ".hidden", strings.Repeat("x", 200)} {
		if _, err := s.Open(id); !errors.Is(err, ErrID) {
			t.Errorf("Open(%q) = %v, want ErrID", id, err)
		}
	}
	if ents, _ := os.ReadDir(s.Dir); len(ents) != 3 {
		t.Errorf("folder holds %d files, want 3 (no temporary files left)", len(ents))
	}
}

func TestListMissingFolder(t *testing.T) {
	list, err := Store{Dir: filepath.Join(t.TempDir(), "none")}.List()
	if err != nil || len(list) != 0 {
		t.Errorf("List of a missing folder = %v, %v; want empty, nil", list, err)
	}
}

func TestSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Museums of Vaduz", "museums-of-vaduz"},
		{"  Über die Alpen!  ", "ber-die-alpen"},
		{"", ""},
		{strings.Repeat("ab ", 30), strings.Repeat("ab-", 13) + "a"}, // 40 bytes
	}
	for _, tt := range tests {
		if got := slug(tt.in); got != tt.want {
			t.Errorf("slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// BenchmarkSaveTour100 saves a 100-stop tour with its route line.
func BenchmarkSaveTour100(b *testing.B) {
	s := Store{Dir: b.TempDir()}
	d := docOf(tourOf(tourmodel.MaxStops, 1))
	id, err := s.Save(d)
	if err != nil {
		b.Fatal(err)
	}
	d.Tour.Doc = id
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lat.Time(func() {
			if _, err := s.Save(d); err != nil {
				b.Fatal(err)
			}
		})
	}
	lat.Report(b)
}

// BenchmarkOpenTour100 opens a saved 100-stop tour.
func BenchmarkOpenTour100(b *testing.B) {
	s := Store{Dir: b.TempDir()}
	id, err := s.Save(docOf(tourOf(tourmodel.MaxStops, 1)))
	if err != nil {
		b.Fatal(err)
	}
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lat.Time(func() {
			if d, err := s.Open(id); err != nil || len(d.Tour.Stops) != tourmodel.MaxStops {
				b.Fatal(err)
			}
		})
	}
	lat.Report(b)
}
