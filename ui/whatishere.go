package ui

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
)

// formatDecimal writes a point as "lat, lon" decimal degrees, the form
// other tools paste.
func formatDecimal(p orb.Point) string { return fmt.Sprintf("%.6f, %.6f", p[1], p[0]) }

// whatIsHere marks p on the map and shows the address or place there
// (reverse geocoding at the map's zoom, as detailed as the view).
func (w *Window) whatIsHere(p orb.Point) {
	w.mapw.SetHere(&p)
	eng := w.Engine()
	if eng == nil {
		w.setStatus("%s", formatLatLon(p))
		return
	}
	zoom := int(math.Max(10, math.Min(18, math.Round(w.mapw.Zoom()+1))))
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		pl, err := eng.Reverse(ctx, engine.ReverseRequest{Point: p, Zoom: zoom, Output: geocode.Output{ExtraTags: true}})
		w.doUI(func() {
			switch {
			case errors.Is(err, engine.ErrNotFound):
				w.setStatus("Nothing known at %s", formatLatLon(p))
			case err != nil:
				w.setStatus("What is here: %v", err)
			case w.tabs.Selected().Text == tabSearch || w.tabs.Selected().Text == tabNearby:
				w.search.showHere(*pl, p)
				w.selectTab(tabSearch)
				w.setStatus("%s", formatLatLon(p))
			default:
				// Keep the tour or region panel open: tell the place in the status line.
				w.setStatus("%s · %s", pl.DisplayName, formatLatLon(p))
			}
		})
	}()
}

// reverseName returns a short name for the place at pt: the POI or street
// address there ("Städtle 22, Vaduz"), or "" when nothing is known.
func reverseName(ctx context.Context, eng *engine.Engine, pt orb.Point) (_ string, err error) {
	defer recoverTo(&err)
	pl, err := eng.Reverse(ctx, engine.ReverseRequest{Point: pt, Zoom: 18})
	if err != nil {
		return "", err
	}
	title := placeTitle(*pl)
	if city, ok := pl.Get("city"); ok && city != title {
		title += ", " + city
	} else if town, ok := pl.Get("town"); ok && town != title {
		title += ", " + town
	} else if village, ok := pl.Get("village"); ok && village != title {
		title += ", " + village
	}
	return title, nil
}
