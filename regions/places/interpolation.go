// interpolation.go expands addr:interpolation ways into address rows, the
// way Nominatim fills location_property_osmline: between two consecutive
// nodes of the way that carry house numbers, every missing number (step 2
// for odd/even, 1 for all, N for a numeric value; letters for alphabetic:
// "5a".."5e" gives 5b, 5c, 5d) is placed at its proportional position along
// the way between them. The rows are places of class place, type house,
// osm_type 'W' with the interpolation way's id and interpolated = 1; street,
// addr:place and postcode come from the way, else from its end nodes.
// Ranges wider than maxInterpolation numbers are skipped as tagging errors.

package places

import (
	"context"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"waymark/regions/extract"
	"waymark/regions/polygon"
)

const maxInterpolation = 1000

// interpolatedNumber is one generated house number with its position.
type interpolatedNumber struct {
	number string
	at     orb.Point
}

// splitHousenumber splits "12a" into 12 and "a"; ok is false when the
// number does not start with digits.
func splitHousenumber(s string) (n int, suffix string, ok bool) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i > 6 {
		return 0, "", false
	}
	n, _ = strconv.Atoi(s[:i])
	return n, strings.TrimSpace(s[i:]), true
}

// interpolateNumbers returns the numbers strictly between from and to for
// the interpolation kind ("odd", "even", "all", "alphabetic" or a step),
// in order from 'from' to 'to', each with its fraction of the way (0..1).
func interpolateNumbers(kind, from, to string) (numbers []string, fractions []float64) {
	a, sa, okA := splitHousenumber(from)
	c, sc, okC := splitHousenumber(to)
	if !okA || !okC {
		return nil, nil
	}
	if kind == "alphabetic" {
		if a != c || len(sa) != 1 || len(sc) != 1 {
			return nil, nil
		}
		la, lc := strings.ToLower(sa)[0], strings.ToLower(sc)[0]
		if la < 'a' || la > 'z' || lc < 'a' || lc > 'z' || la == lc {
			return nil, nil
		}
		dir := 1
		if lc < la {
			dir = -1
		}
		span := float64(int(lc) - int(la))
		for l := int(la) + dir; l != int(lc); l += dir {
			numbers = append(numbers, strconv.Itoa(a)+string(rune(l)))
			fractions = append(fractions, float64(l-int(la))/span)
		}
		return numbers, fractions
	}
	if sa != "" || sc != "" || a == c {
		return nil, nil
	}
	step := 0
	switch kind {
	case "odd", "even":
		step = 2
	case "all", "":
		step = 1
	default:
		v, err := strconv.Atoi(kind)
		if err != nil || v <= 0 {
			return nil, nil
		}
		step = v
	}
	lo, hi := a, c
	if lo > hi {
		lo, hi = hi, lo
	}
	if hi-lo > maxInterpolation {
		return nil, nil
	}
	first := lo + step
	switch kind {
	case "odd":
		if lo%2 == 0 {
			first = lo + 1
		}
	case "even":
		if lo%2 != 0 {
			first = lo + 1
		}
	}
	span := float64(c - a)
	for n := first; n < hi; n += step {
		numbers = append(numbers, strconv.Itoa(n))
		fractions = append(fractions, float64(n-a)/span)
	}
	if a > c { // generate in way order
		for i, j := 0, len(numbers)-1; i < j; i, j = i+1, j-1 {
			numbers[i], numbers[j] = numbers[j], numbers[i]
			fractions[i], fractions[j] = fractions[j], fractions[i]
		}
	}
	return numbers, fractions
}

// pointAlong returns the point at fraction f (0..1) of the length of ls.
func pointAlong(ls orb.LineString, f float64) orb.Point {
	total := 0.0
	for i := 1; i < len(ls); i++ {
		total += polygon.DistanceMeters(ls[i-1], ls[i])
	}
	want := total * f
	for i := 1; i < len(ls); i++ {
		d := polygon.DistanceMeters(ls[i-1], ls[i])
		if d >= want && d > 0 {
			t := want / d
			return orb.Point{ls[i-1][0] + (ls[i][0]-ls[i-1][0])*t, ls[i-1][1] + (ls[i][1]-ls[i-1][1])*t}
		}
		want -= d
	}
	return ls[len(ls)-1]
}

// interpolateWay expands one interpolation way.
func interpolateWay(d *extract.Data, w *extract.Way) []interpolatedNumber {
	kind := strings.TrimSpace(w.Tags.Find("addr:interpolation"))
	var out []interpolatedNumber
	prev, prevNum := -1, ""
	for i, wn := range w.Nodes {
		n := d.Node(wn)
		if n == nil {
			continue
		}
		hn := housenumberOf(n.Tags)
		if hn == "" {
			continue
		}
		if prev >= 0 {
			var seg orb.LineString
			for x := prev; x <= i; x++ {
				if p, ok := w.Point(x); ok {
					seg = append(seg, p)
				}
			}
			if len(seg) >= 2 {
				nums, fr := interpolateNumbers(kind, prevNum, hn)
				for k, num := range nums {
					out = append(out, interpolatedNumber{number: num, at: pointAlong(seg, fr[k])})
				}
			}
		}
		prev, prevNum = i, hn
	}
	return out
}

func (b *placeBuilder) interpolate(ctx context.Context) error {
	// The interpolation lines (one pass over the ways) and the house
	// nodes on them (the last place of a node in index order), read with
	// the leaves.
	var lines []*extract.Way
	onLines := map[int64]bool{}
	for _, w := range b.d.Ways() {
		if w.Tags.Find("addr:interpolation") != "" {
			lines = append(lines, w)
			for _, wn := range w.Nodes {
				onLines[int64(wn)] = true
			}
		}
	}
	nodePlace := map[int64]*place{}
	if len(onLines) > 0 {
		err := b.eachPlace(func(_ int32, p *place, _ bool) error {
			if p.osmType == 'N' && p.housenumber() != "" && onLines[p.osmID] {
				nodePlace[p.osmID] = p
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	for _, w := range lines {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		nums := interpolateWay(b.d, w)
		if len(nums) == 0 {
			b.im.Count("interpolation ways without numbers", 1)
			continue
		}
		b.im.Count("interpolation ways", 1)
		street := strings.TrimSpace(w.Tags.Find("addr:street"))
		addrPlace := strings.TrimSpace(w.Tags.Find("addr:place"))
		postcode := normalizePostcode(w.Tags.Find("addr:postcode"))
		var country countryCode
		for _, wn := range w.Nodes {
			if ep := nodePlace[int64(wn)]; ep != nil {
				if street == "" && addrPlace == "" {
					street, addrPlace = ep.street(), ep.addrPlace()
				}
				if postcode == "" && ep.is(tagPostcode) {
					postcode = ep.postcode()
				}
				if country == (countryCode{}) {
					country = ep.country
				}
			}
		}
		for _, n := range nums {
			p := &place{
				osmType: 'W', osmID: int64(w.ID), kind: b.kindOf("place", "house"), adminLevel: 15,
				code: b.codes.ref(postcode), country: country,
				rankSearch: 30, rankAddress: 30,
				flags: interpolated, centroid: n.at, bound: orb.Bound{Min: n.at, Max: n.at}, geom: mustShape(n.at),
			}
			p.mark(tagPostcode, postcode != "")
			p.setAddress(n.number, street, addrPlace)
			b.checkPostcode(p)
			b.appendPlace(p)
			b.addressHouse(b.addrIdx, b.streetIdx, int32(len(b.places)-1), p)
		}
		b.im.Count("interpolated addresses", len(nums))
	}
	return nil
}
