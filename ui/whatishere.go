package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
	"waymark/engine/geocode/addrformat"
)

// hereZoom is the detail of every "what is here" lookup: street and
// building level (Nominatim's zoom 18), whatever the map's zoom, so a
// click, a tour stop and a nearby centre at one point all name the same
// building, POI or street.
const hereZoom = 18

// formatDecimal writes a point as "lat, lon" decimal degrees, the form
// other tools paste.
func formatDecimal(p orb.Point) string { return fmt.Sprintf("%.6f, %.6f", p[1], p[0]) }

// placeAt is the one "what is here" lookup of the window (the map click,
// the tour's stop names, the nearby centre): the reverse geocoder at
// hereZoom. A panic of the engine becomes an error.
func placeAt(ctx context.Context, eng *engine.Engine, p orb.Point) (_ *geocode.Place, err error) {
	defer recoverTo(&err)
	return eng.Reverse(ctx, engine.ReverseRequest{Point: p, Zoom: hereZoom, Output: geocode.Output{ExtraTags: true}})
}

// hereAnswer is what the window says about a point, the same in every panel.
type hereAnswer struct {
	// Address is the postal address of the building, POI or street there:
	// "Städtle 39, 9490 Vaduz"; for a place without a street, its name.
	Address string
	// Name is the POI's or building's own name, "" when it has none (or
	// the address already says it).
	Name string
	// Settlement is the town or village and country below the address:
	// "Vaduz, Liechtenstein".
	Settlement string
}

// describePlace says what pl, a reverse-geocoded place, is (see hereAnswer).
func describePlace(pl geocode.Place) hereAnswer {
	a := addrformat.NormalizeCity(geocode.AddressOf(&pl))
	var keep addrformat.Address
	for _, part := range a {
		switch part.Key {
		case "road", "house_number", "postcode", "city":
			keep = append(keep, part)
		}
	}
	var h hereAnswer
	if keep.Has("road") {
		if lines, ok := addrformat.Lines(keep, pl.CountryCode); ok {
			h.Address = strings.Join(lines, ", ")
		}
	}
	title := placeTitle(pl)
	if h.Address == "" {
		h.Address = title
	} else if pl.Name != "" && pl.Name != a.Value("road") {
		h.Name = pl.Name
	}
	var settle []string
	if city := a.Value("city"); city != "" && city != h.Address {
		settle = append(settle, city)
	}
	if country := a.Value("country"); country != "" && country != h.Address {
		settle = append(settle, country)
	}
	h.Settlement = strings.Join(settle, ", ")
	return h
}

// String is the answer on one line: "Städtle 39, 9490 Vaduz" (with the
// name before it when there is one: "Rathaus, Städtle 39, 9490 Vaduz").
func (h hereAnswer) String() string {
	if h.Name != "" {
		return h.Name + ", " + h.Address
	}
	return h.Address
}

// whatIsHere marks p on the map and says what is there: the address of
// the nearest building, POI or street (placeAt), in the Search tab's
// details when the Search or Nearby tab is open, else in the status line.
// The pins and outline of an earlier search or selection are cleared.
func (w *Window) whatIsHere(p orb.Point) {
	w.clearSelection()
	w.mapw.SetHere(&p)
	eng := w.Engine()
	if eng == nil {
		w.setStatus("%s", formatLatLon(p))
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		pl, err := placeAt(ctx, eng, p)
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
				h := describePlace(*pl)
				w.setStatus("%s · %s · %s", h, h.Settlement, formatLatLon(p))
			}
		})
	}()
}

// reverseName returns the name a tour stop or nearby centre at pt gets:
// what "what is here" says there on one line ("Städtle 39, 9490 Vaduz").
func reverseName(ctx context.Context, eng *engine.Engine, pt orb.Point) (string, error) {
	pl, err := placeAt(ctx, eng, pt)
	if err != nil {
		return "", err
	}
	return describePlace(*pl).String(), nil
}
