package ui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/engine/geocode/tagfilter"
	"waymark/mapview"
	"waymark/ui/instructions"
)

// nearbyWords are the categories offered first (the spec's simple words
// most people look for); the rest of tagfilter.WordNames follow in "More".
var nearbyWords = []string{"restaurant", "hotel", "pub", "supermarket", "fuel", "parking",
	"atm", "bank", "pharmacy", "hospital", "school", "railway_station"}

// nearbyRadii are the search radius choices, in meters.
var nearbyRadii = []struct {
	label  string
	meters float64
}{{"500 m", 500}, {"1 km", 1000}, {"2 km", 2000}, {"5 km", 5000}, {"10 km", 10000}, {"25 km", 25000}}

// nearbyPanel is the Nearby tab: a category picker around the map centre or
// a chosen place, and the places found, nearest first.
type nearbyPanel struct {
	w       *Window
	content fyne.CanvasObject

	around   *widget.Label
	center   *orb.Point // chosen place; nil: the map centre
	radius   *widget.Select
	more     *widget.Select
	buttons  map[string]*widget.Button
	list     *widget.List
	places   []geocode.Place
	word     string
	gen      int
	resultLb *widget.Label
}

func wordLabel(w string) string {
	if w == "atm" {
		return "ATM"
	}
	s := strings.ReplaceAll(w, "_", " ")
	return strings.ToUpper(s[:1]) + s[1:]
}

// wordOf is the inverse of wordLabel.
func wordOf(label string) string { return strings.ToLower(strings.ReplaceAll(label, " ", "_")) }

func newNearbyPanel(w *Window) *nearbyPanel {
	p := &nearbyPanel{w: w, buttons: map[string]*widget.Button{}}
	p.around = widget.NewLabel("Around the map centre")
	p.around.Truncation = fyne.TextTruncateEllipsis
	useCentre := widget.NewButtonWithIcon("Map centre", theme.ZoomFitIcon(), func() {
		p.center = nil
		p.around.SetText("Around the map centre")
		p.rerun()
	})
	useCentre.Importance = widget.LowImportance

	grid := container.NewGridWithColumns(3)
	for _, word := range nearbyWords {
		word := word
		b := widget.NewButton(wordLabel(word), func() { p.run(word) })
		p.buttons[word] = b
		grid.Add(b)
	}
	var others []string
	for _, n := range tagfilter.WordNames() {
		if _, shown := p.buttons[n]; !shown {
			others = append(others, wordLabel(n))
		}
	}
	p.more = widget.NewSelect(others, func(s string) {
		if s != "" {
			p.run(wordOf(s))
		}
	})
	p.more.PlaceHolder = "More categories…"

	var labels []string
	for _, r := range nearbyRadii {
		labels = append(labels, r.label)
	}
	p.radius = widget.NewSelect(labels, func(string) { p.rerun() })
	p.radius.SetSelected("2 km")

	p.resultLb = dimLabel("Choose a category.")
	p.list = widget.NewList(
		func() int { return len(p.places) },
		newPlaceRow,
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(p.places) {
				pl := p.places[i]
				setPlaceRow(o, pl, instructions.Distance(pl.Distance))
			}
		})
	p.list.OnSelected = func(i widget.ListItemID) {
		if i < len(p.places) {
			p.showMarkers(i)
			w.openPlace(p.places[i])
		}
	}
	top := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewIcon(nearbyIcon), useCentre, p.around),
		grid,
		container.NewBorder(nil, nil, nil, p.radius, p.more),
		widget.NewSeparator(),
		p.resultLb,
	)
	p.content = topDown(container.NewPadded(top), nil, nil, nil, p.list)
	return p
}

func (p *nearbyPanel) radiusMeters() float64 {
	for _, r := range nearbyRadii {
		if r.label == p.radius.Selected {
			return r.meters
		}
	}
	return 2000
}

// setCenter searches around pt (named name) from now on. Without a name
// the point is named by the window's one "what is here" lookup, as a tour
// stop there would be.
func (p *nearbyPanel) setCenter(pt orb.Point, name string) {
	p.center = &pt
	if name == "" {
		p.around.SetText("Around " + formatLatLon(pt))
		p.nameCenter(pt)
	} else {
		p.around.SetText("Around " + name)
	}
	p.rerun()
}

// nameCenter names the centre pt in the background (reverseName).
func (p *nearbyPanel) nameCenter(pt orb.Point) {
	eng := p.w.Engine()
	if eng == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		name, err := reverseName(ctx, eng, pt)
		if err != nil || name == "" {
			return
		}
		p.w.doUI(func() {
			if p.center != nil && *p.center == pt {
				p.around.SetText("Around " + name)
			}
		})
	}()
}

func (p *nearbyPanel) rerun() {
	if p.word != "" {
		p.run(p.word)
	}
}

// run looks for places of the category word around the centre, in the background.
func (p *nearbyPanel) run(word string) {
	eng := p.w.Engine()
	if eng == nil {
		p.resultLb.SetText("Open a region first (Regions tab).")
		return
	}
	f, err := tagfilter.ParseNearby(word)
	if err != nil {
		p.resultLb.SetText(err.Error())
		return
	}
	p.word = word
	for wd, b := range p.buttons {
		if wd == word {
			b.Importance = widget.HighImportance
		} else {
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
	center := p.w.mapw.Center()
	if p.center != nil {
		center = *p.center
	}
	radius := p.radiusMeters()
	p.w.clearSelection() // a new search replaces what the map showed
	p.w.mapw.SetHere(&center)
	p.gen++
	gen := p.gen
	p.resultLb.SetText("Searching…")
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		res, err := eng.Nearby(ctx, geocode.NearbyQuery{Point: center, Radius: radius, Tag: f, Limit: 50, Dedupe: true,
			Output: geocode.Output{ExtraTags: true}})
		p.w.doUI(func() {
			if gen != p.gen {
				return
			}
			if err != nil {
				p.resultLb.SetText(fmt.Sprintf("Nearby: %v", err))
				return
			}
			p.places = res
			switch len(res) {
			case 0:
				p.resultLb.SetText(fmt.Sprintf("No %s within %s.", wordLabel(word), p.radius.Selected))
			case 1:
				p.resultLb.SetText("1 place, nearest first")
			default:
				p.resultLb.SetText(fmt.Sprintf("%d places, nearest first", len(res)))
			}
			p.list.UnselectAll()
			p.list.Refresh()
			p.list.ScrollToTop()
			p.showMarkers(-1)
			if len(res) > 0 {
				b := orb.Bound{Min: center, Max: center}
				for _, pl := range res {
					b = b.Extend(pl.Centroid)
				}
				p.w.mapw.FitBound(b, 17)
			}
		})
	}()
}

func (p *nearbyPanel) showMarkers(sel int) {
	ms := make([]mapview.Pin, len(p.places))
	for i, pl := range p.places {
		ms[i] = mapview.Pin{Point: pl.Centroid, Selected: i == sel}
	}
	p.w.mapw.SetMarkers(ms)
}
