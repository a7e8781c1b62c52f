// Package tourfile writes a planned tour as GPX 1.1 or GeoJSON, reads tours
// back from GeoJSON and from GPX routes or waypoints, and reads GPS tracks
// from GPX files: the window's saved tours, export and import.
//
// The GeoJSON of a tour is the format of the window's saved tours
// (docs/tour-format.md): a FeatureCollection with one Point feature per stop
// (properties "stop", the 1-based position, and "name"), an optional
// LineString feature for the route, and the tour's settings as foreign
// members of the collection ("waymark", "name", "profile", "roundtrip",
// "exclude", "distance", "duration").
//
// Design choices: GPX is read and written with encoding/xml over a small
// subset of the schema (wpt, rte/rtept, trk/trkseg/trkpt with ele and
// time), which is all that tours and recorded tracks use; GeoJSON goes
// through orb/encoding/geojson. Coordinates are orb.Point [lon, lat] and are
// written with 7 decimals (about 1 cm). No GUI imports.
package tourfile

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
)

// Sentinel errors.
var (
	// ErrFormat: the input is not GPX.
	ErrFormat = errors.New("tourfile: not a GPX file")
	// ErrNoPoints: the GPX file holds no track, route or waypoint.
	ErrNoPoints = errors.New("tourfile: GPX file holds no points")
	// ErrGeoJSON: the input is not a GeoJSON FeatureCollection or Feature.
	ErrGeoJSON = errors.New("tourfile: not a GeoJSON feature collection")
	// ErrNoStops: the file holds no point to make a stop of.
	ErrNoStops = errors.New("tourfile: no points to make stops of")
)

// Stop is one stop of a tour.
type Stop struct {
	Name  string
	Point orb.Point
}

// Tour is what the tour panel exports.
type Tour struct {
	Name    string
	Profile string // "driving", "walking" or "cycling"
	// Roundtrip: the route returns to the first stop.
	Roundtrip bool
	// Exclude names the classes of roads the tour avoids, comma-separated
	// as OSRM's exclude= ("motorway,toll,ferry"); "" none.
	Exclude  string
	Stops    []Stop
	Route    orb.LineString // full route geometry; may be empty
	Distance float64        // meters
	Duration float64        // seconds
}

// TrackPoint is one recorded GPS fix.
type TrackPoint struct {
	Point orb.Point
	Time  time.Time // zero when the file has no time
}

// Track is a recorded track read from GPX.
type Track struct {
	Name   string
	Points []TrackPoint
}

// Line returns the track's points as a line.
func (t Track) Line() orb.LineString {
	ls := make(orb.LineString, len(t.Points))
	for i, p := range t.Points {
		ls[i] = p.Point
	}
	return ls
}

type gpxDoc struct {
	XMLName xml.Name `xml:"gpx"`
	Version string   `xml:"version,attr"`
	Creator string   `xml:"creator,attr"`
	NS      string   `xml:"xmlns,attr,omitempty"`
	Meta    *gpxMeta `xml:"metadata,omitempty"`
	Wpts    []gpxPt  `xml:"wpt"`
	Rtes    []gpxRte `xml:"rte"`
	Trks    []gpxTrk `xml:"trk"`
}

type gpxMeta struct {
	Name string `xml:"name,omitempty"`
	Desc string `xml:"desc,omitempty"`
	Time string `xml:"time,omitempty"`
}

type gpxPt struct {
	Lat  float64  `xml:"lat,attr"`
	Lon  float64  `xml:"lon,attr"`
	Ele  *float64 `xml:"ele,omitempty"`
	Time string   `xml:"time,omitempty"`
	Name string   `xml:"name,omitempty"`
}

type gpxRte struct {
	Name string  `xml:"name,omitempty"`
	Pts  []gpxPt `xml:"rtept"`
}

type gpxTrk struct {
	Name string   `xml:"name,omitempty"`
	Segs []gpxSeg `xml:"trkseg"`
}

type gpxSeg struct {
	Pts []gpxPt `xml:"trkpt"`
}

func round7(v float64) float64 { return math.Round(v*1e7) / 1e7 }

func pt(p orb.Point, name string) gpxPt {
	return gpxPt{Lat: round7(p[1]), Lon: round7(p[0]), Name: name}
}

// WriteGPX writes t as GPX 1.1: the stops as waypoints and as a route, and
// the route geometry as a track.
func WriteGPX(w io.Writer, t Tour) error {
	doc := gpxDoc{Version: "1.1", Creator: "Waymark", NS: "http://www.topografix.com/GPX/1/1",
		Meta: &gpxMeta{Name: t.Name, Desc: describe(t), Time: time.Now().UTC().Format(time.RFC3339)}}
	rte := gpxRte{Name: t.Name}
	for _, s := range t.Stops {
		doc.Wpts = append(doc.Wpts, pt(s.Point, s.Name))
		rte.Pts = append(rte.Pts, pt(s.Point, s.Name))
	}
	if len(rte.Pts) > 0 {
		doc.Rtes = append(doc.Rtes, rte)
	}
	if len(t.Route) > 0 {
		seg := gpxSeg{}
		for _, p := range t.Route {
			seg.Pts = append(seg.Pts, pt(p, ""))
		}
		doc.Trks = append(doc.Trks, gpxTrk{Name: t.Name, Segs: []gpxSeg{seg}})
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("tourfile: write GPX: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("tourfile: write GPX: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func describe(t Tour) string {
	if t.Distance <= 0 {
		return ""
	}
	return fmt.Sprintf("%s, %.1f km, %.0f min", t.Profile, t.Distance/1000, t.Duration/60)
}

// FormatTag is the value of the "waymark" member of a tour's GeoJSON: the
// format and its version.
const FormatTag = "tour/1"

// WriteGeoJSON writes t as a GeoJSON FeatureCollection: one Point feature
// per stop (properties name, stop) and one LineString feature for the route
// (properties profile, distance in meters, duration in seconds), with the
// tour's name and settings as members of the collection (see the package
// comment).
func WriteGeoJSON(w io.Writer, t Tour) error {
	fc := geojson.NewFeatureCollection()
	fc.ExtraMembers = geojson.Properties{"waymark": FormatTag, "name": t.Name, "profile": t.Profile, "roundtrip": t.Roundtrip}
	if t.Exclude != "" {
		fc.ExtraMembers["exclude"] = t.Exclude
	}
	if t.Distance > 0 || t.Duration > 0 {
		fc.ExtraMembers["distance"] = math.Round(t.Distance*10) / 10
		fc.ExtraMembers["duration"] = math.Round(t.Duration*10) / 10
	}
	for i, s := range t.Stops {
		f := geojson.NewFeature(orb.Point{round7(s.Point[0]), round7(s.Point[1])})
		f.Properties["name"] = s.Name
		f.Properties["stop"] = i + 1
		fc.Append(f)
	}
	if len(t.Route) > 1 {
		ls := make(orb.LineString, len(t.Route))
		for i, p := range t.Route {
			ls[i] = orb.Point{round7(p[0]), round7(p[1])}
		}
		f := geojson.NewFeature(ls)
		f.Properties["name"] = t.Name
		f.Properties["profile"] = t.Profile
		f.Properties["distance"] = math.Round(t.Distance*10) / 10
		f.Properties["duration"] = math.Round(t.Duration*10) / 10
		fc.Append(f)
	}
	b, err := fc.MarshalJSON()
	if err != nil {
		return fmt.Errorf("tourfile: write GeoJSON: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("tourfile: write GeoJSON: %w", err)
	}
	return nil
}

// ReadGPX reads the first track of a GPX file (all its segments joined);
// without a track, the first route; without one, the waypoints.
func ReadGPX(r io.Reader) (Track, error) {
	var doc gpxDoc
	dec := xml.NewDecoder(r)
	if err := dec.Decode(&doc); err != nil {
		return Track{}, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	var t Track
	add := func(p gpxPt) error {
		if p.Lat < -90 || p.Lat > 90 || p.Lon < -180 || p.Lon > 180 {
			return fmt.Errorf("%w: coordinate %v,%v out of range", ErrFormat, p.Lat, p.Lon)
		}
		tp := TrackPoint{Point: orb.Point{p.Lon, p.Lat}}
		if p.Time != "" {
			ts, err := time.Parse(time.RFC3339Nano, p.Time)
			if err != nil {
				return fmt.Errorf("%w: time %q: %v", ErrFormat, p.Time, err)
			}
			tp.Time = ts
		}
		t.Points = append(t.Points, tp)
		return nil
	}
	switch {
	case len(doc.Trks) > 0:
		t.Name = doc.Trks[0].Name
		for _, s := range doc.Trks[0].Segs {
			for _, p := range s.Pts {
				if err := add(p); err != nil {
					return Track{}, err
				}
			}
		}
	case len(doc.Rtes) > 0:
		t.Name = doc.Rtes[0].Name
		for _, p := range doc.Rtes[0].Pts {
			if err := add(p); err != nil {
				return Track{}, err
			}
		}
	default:
		for _, p := range doc.Wpts {
			if err := add(p); err != nil {
				return Track{}, err
			}
		}
	}
	if t.Name == "" && doc.Meta != nil {
		t.Name = doc.Meta.Name
	}
	if len(t.Points) == 0 {
		return Track{}, ErrNoPoints
	}
	return t, nil
}
