package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/mapview"
	"waymark/ui/instructions"
	"waymark/ui/tourfile"
)

// trackResult is a GPS track imported from GPX and matched to the roads.
type trackResult struct {
	Name       string
	Raw        tourfile.Track
	Matched    []engine.Matching
	Distance   float64 // meters, all matchings
	Confidence float64 // of the longest matching
}

// newImportTrackButton makes the "Open GPX" button: a GPX route or
// waypoints become the tour, a recorded track is matched to the roads.
func (p *tourPanel) newImportTrackButton() *widget.Button {
	return widget.NewButtonWithIcon("Open GPX", theme.UploadIcon(), func() {
		go func() {
			path, err := p.w.askFile(fileRequest{Title: "Import a GPS track", Exts: []string{"gpx"}})
			if errors.Is(err, errCancelled) {
				return
			}
			p.w.doUI(func() {
				if err != nil {
					p.w.setStatus("Import track: %v", err)
					return
				}
				p.openTourFile(path, nil)
			})
		}()
	})
}

// importTrack reads the GPX file at path, matches it to the roads in the
// background and shows the recorded and matched tracks; done (when not nil)
// is called on the UI goroutine with the result.
func (p *tourPanel) importTrack(path string, done func(*trackResult, error)) {
	finish := func(tr *trackResult, err error) {
		if err != nil {
			p.w.setStatus("Import track: %v", err)
		}
		if done != nil {
			done(tr, err)
		}
	}
	eng := p.w.Engine()
	if eng == nil {
		finish(nil, fmt.Errorf("open a region first (Regions tab)"))
		return
	}
	prof := p.m.Tour().Profile
	p.w.setStatus("Matching the track…")
	go func() {
		tr, err := matchTrack(eng, path, prof)
		p.w.doUI(func() {
			if err == nil {
				p.showTrack(tr)
			}
			finish(tr, err)
		})
	}()
}

// matchTrack reads and matches a GPX track.
func matchTrack(eng *engine.Engine, path string, prof route.Profile) (_ *trackResult, err error) {
	defer recoverTo(&err)
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	raw, err := tourfile.ReadGPX(f)
	f.Close()
	if err != nil {
		return nil, err
	}
	if len(raw.Points) < 2 {
		return nil, fmt.Errorf("the track has only one point")
	}
	req := engine.MatchRequest{Profile: prof, Coordinates: raw.Line(), SplitGaps: true, Tidy: true, Output: routeOutput}
	stamped := true
	for _, pt := range raw.Points {
		stamped = stamped && !pt.Time.IsZero()
	}
	if stamped {
		for _, pt := range raw.Points {
			req.Timestamps = append(req.Timestamps, pt.Time.Unix())
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := eng.Match(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("match to roads: %w", err)
	}
	tr := &trackResult{Name: trackName(raw, path), Raw: raw, Matched: res.Matchings}
	longest := 0.0
	for _, m := range res.Matchings {
		tr.Distance += m.Distance
		if m.Distance > longest {
			longest, tr.Confidence = m.Distance, m.Confidence
		}
	}
	return tr, nil
}

// showTrack draws the recorded track and its matching, and frames them.
func (p *tourPanel) showTrack(tr *trackResult) {
	traces := []mapview.GPSTrace{{Line: tr.Raw.Line()}}
	b := trackBound(tr.Raw.Line())
	for _, m := range tr.Matched {
		traces = append(traces, mapview.GPSTrace{Line: m.Points, Matched: true})
		if len(m.Points) > 0 {
			b = b.Union(trackBound(m.Points))
		}
	}
	p.w.mapw.SetTraces(traces)
	p.w.mapw.FitBound(b, 17)
	parts := ""
	if len(tr.Matched) > 1 {
		parts = fmt.Sprintf(" in %d parts", len(tr.Matched))
	}
	p.w.setStatus("Track “%s”: %d points matched to %s of road%s (confidence %.0f%%)",
		tr.Name, len(tr.Raw.Points), instructions.Distance(tr.Distance), parts, tr.Confidence*100)
}
