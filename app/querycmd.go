package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/ui/instructions"
)

// packList collects repeated -pack flags.
type packList []string

func (p *packList) String() string     { return strings.Join(*p, ",") }
func (p *packList) Set(s string) error { *p = append(*p, s); return nil }

// runSearch prints the places matching a free-text query, best first.
func runSearch(args []string) int {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	var packs packList
	fs.Var(&packs, "pack", "region pack `file` (repeatable)")
	limit := fs.Int("limit", 10, "maximum number of results (1..50)")
	lang := fs.String("lang", "", "preferred languages, e.g. de,en (default: local names)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: waymark search -pack PACK.waymark [-limit N] [-lang L] QUERY...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	q := strings.Join(fs.Args(), " ")
	if len(packs) == 0 || strings.TrimSpace(q) == "" || *limit < 1 || *limit > 50 {
		fs.Usage()
		return 2
	}
	eng, err := engine.Open(packs...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark search: %v\n", err)
		return 1
	}
	defer eng.Close()
	req := engine.SearchRequest{Query: q, Limit: *limit, Dedupe: true}
	if *lang != "" {
		req.Languages = strings.Split(*lang, ",")
	}
	places, err := eng.Search(context.Background(), req)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark search: %v\n", err)
		return 1
	}
	if len(places) == 0 {
		fmt.Fprintln(os.Stderr, "no results")
		return 1
	}
	for _, p := range places {
		fmt.Printf("%.7f,%.7f  %-28s %s\n", p.Centroid[1], p.Centroid[0], p.Class+"/"+p.Type, p.DisplayName)
	}
	return 0
}

// runRoute prints the fastest route through the given lon,lat points with
// turn-by-turn instructions.
func runRoute(args []string) int {
	fs := flag.NewFlagSet("route", flag.ContinueOnError)
	var packs packList
	fs.Var(&packs, "pack", "region pack `file` (repeatable)")
	profile := fs.String("profile", "driving", "driving or walking")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: waymark route -pack PACK.waymark [-profile driving|walking] LON,LAT LON,LAT...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	prof, err := route.ParseProfile(*profile)
	if len(packs) == 0 || fs.NArg() < 2 || err != nil {
		fs.Usage()
		return 2
	}
	var pts []orb.Point
	for _, a := range fs.Args() {
		p, err := parseLonLat(a)
		if err != nil {
			fmt.Fprintf(os.Stderr, "waymark route: %v\n", err)
			return 2
		}
		pts = append(pts, p)
	}
	eng, err := engine.Open(packs...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark route: %v\n", err)
		return 1
	}
	defer eng.Close()
	res, err := eng.Directions(context.Background(), engine.DirectionsRequest{
		SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: pts},
		Options:     route.RouteOptions{Output: route.Output{Steps: true}},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "waymark route: %v\n", err)
		return 1
	}
	r := res.Routes[0]
	fmt.Printf("%s, %s\n", instructions.Distance(r.Distance), instructions.Duration(r.Duration))
	for i, leg := range r.Legs {
		fmt.Printf("leg %d: %s, %s via %s\n", i+1, instructions.Distance(leg.Distance), instructions.Duration(leg.Duration), leg.Summary)
		for _, st := range leg.Steps {
			pos := instructions.Position{Leg: i, Legs: len(r.Legs)}
			fmt.Printf("  %-60s %s\n", instructions.Text(st, pos), instructions.Distance(st.Distance))
		}
	}
	return 0
}

// parseLonLat parses "lon,lat".
func parseLonLat(s string) (orb.Point, error) {
	f := strings.Split(s, ",")
	if len(f) != 2 {
		return orb.Point{}, fmt.Errorf("coordinate %q: want LON,LAT", s)
	}
	lon, err1 := strconv.ParseFloat(f[0], 64)
	lat, err2 := strconv.ParseFloat(f[1], 64)
	if err1 != nil || err2 != nil || lon < -180 || lon > 180 || lat < -90 || lat > 90 {
		return orb.Point{}, fmt.Errorf("coordinate %q: want LON,LAT in degrees", s)
	}
	return orb.Point{lon, lat}, nil
}
