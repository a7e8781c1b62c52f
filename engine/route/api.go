// Package route is the routing engine: one road graph per profile, loaded
// from a region pack, answering nearest (snapping), shortest routes with
// OSRM v5 legs, steps and annotations, alternatives, many-to-many tables,
// bounded distance searches (for map matching) and isochrones.
//
// Design choices:
//   - The graph is edge-based: a graph node is an "arc", one direction of an
//     edge (a piece of one OSM way between two junctions); a graph edge is an
//     allowed transition arc→arc, weighted with the turn cost plus the time
//     to traverse the target arc. Turn restrictions (via node and via way),
//     barriers and the u-turn rule live in the transitions, so every search
//     is turn-aware. Weights are integer deciseconds, as in OSRM; the
//     weight is the duration (weight_name as OSRM's profiles name it:
//     Profile.WeightName), but entering a
//     road open only to local traffic (access=destination...) from an
//     open one adds a penalty that keeps it to a route's ends, which
//     every reported duration leaves out (restricted.go).
//   - U-turns are allowed only where no other exit remains (dead ends,
//     barriers, or restrictions leaving nothing else), as in OSRM.
//   - Contraction hierarchies are built at import (Build) with a lazy-update
//     priority queue: priority = 2·(shortcuts added) − (edges removed) +
//     (contracted neighbours) + level, witnesses found by a Dijkstra bounded
//     in settled nodes and weight. Queries are bidirectional upward searches
//     with stall-on-demand over flat CSR arrays; their scratch space comes
//     from a sync.Pool, so a query allocates only its result.
//   - A snapped point (Snap) lies on an edge at a distance offset; it seeds
//     both arcs of the edge with the partial weights, so routes start and
//     end mid-edge as OSRM's phantom nodes do. A point snapped onto a node
//     shared by several edges carries the other edges' snaps as Ties
//     (OSRM's phantom node candidates): routes and tables start or end on
//     whichever gives the best route, leaving out edges they would only
//     pass through the node on.
//   - Snapping uses an in-memory uniform grid over segments; routing snaps
//     prefer the big connected components (as OSRM does with "tiny
//     components"); nearest returns what is nearest.
//   - Guidance is OSRM's (steps.go): the turns a route takes are
//     analysed as OSRM's extractor analyses every turn (guide_*.go:
//     intersection views, the roundabout, motorway, sliproad and general
//     handlers, turn lanes), then the steps go through OSRM's engine
//     passes (steps_*.go: roundabouts, collapse, lanes, short names). What
//     OSRM computes once per turn is computed for the junctions routes
//     pass and kept per graph, bounded (guide_cache.go).
//   - Exclusions (exclude=motorway,toll,ferry; Exclude, exclude.go) are
//     served by the one hierarchy of each profile, not by a hierarchy per
//     combination as OSRM contracts them: every hierarchy edge carries
//     the excludable classes its path uses (a byte, stored only where
//     some edge has one), contraction keeps an edge with fewer classes
//     beside a lighter one with more, and a search with an exclusion
//     skips the edges whose classes it names. Chosen because it serves
//     all eight combinations for three classes (OSRM's car.lua lists
//     three, and refuses the others) where OSRM's way would contract and
//     hold eight hierarchies, eight times the import time and the
//     hierarchy's memory in a pack already bound to 1 GB at ×64; the
//     price is a few percent more hierarchy edges where motorways and
//     tolls are, none for the walking and cycling graphs without
//     ferries, and a mask test per relaxed edge (a route with an
//     exclusion is as fast as one without: BenchmarkRouteExclude). In
//     numbers: LI's driving hierarchy has 116,809 edges, 47 of them
//     classed, and the class array costs a byte an edge (114 KB) where
//     eight hierarchies would hold 8 × 116,809 edges and contract eight
//     times at import; Monaco's 234 of 14,798, Andorra's 35 of 11,888,
//     the walking and cycling graphs a handful (ferries) or none. A
//     graph decoded from a pack written before (graph V6 or older) refuses an
//     exclusion (ErrExcludeUnsupported: rebuild the pack); an Atlas
//     serves one within a pack and refuses it across packs
//     (ErrExcludeAcross), its crossings holding unrestricted searches.
//   - Isochrones (Graph.Isochrone, isochrone.go) are not a hierarchy
//     query: a reach needs every arc within the bound, so a plain
//     Dijkstra over the arcs (turns, restrictions and exclusions as
//     routes have them) settles each once, stopping at the largest
//     contour; a 15-minute drive settles about 9,000 arcs of LI in 3 ms.
//     The reached arcs are drawn on a grid of cells sized for about
//     150,000 over the reach (20 m at least), holding the time at their
//     points; the roads not reached, from the snapping grid's cells over
//     the area, hold +Inf; a chamfer transform gives every other cell its
//     nearest road's time, as a route snaps a point to its nearest road,
//     within IsochroneAccess (500 m) and +Inf beyond (package contour,
//     from here on). Each contour is traced along the sides of the
//     cells within it into rings (outer counter-clockwise, holes
//     clockwise, given to the smallest outer ring around them), then
//     denoised and generalized as asked. A point
//     farther than 100 m from a contour's boundary is inside it exactly
//     when its route is within the contour (99.3-100% of 500 random
//     points a contour on LI, Monaco and Andorra for every profile:
//     TestIsochroneAgreesWithRoutes). A 15-minute drive from the middle
//     of LI ×64 takes 17 ms p50 (BenchmarkIsochroneScaled: the grid's
//     work follows the reach, not the graph).
//   - Everything is in meters and seconds; orb.Point is [lon, lat].
//
// The exported API used by the other routing services (trip, match):
// Graph.Snap, Graph.Candidates, Graph.Route, Graph.Table,
// Graph.Distances, Graph.WaypointOf and the result types below, in OSRM v5
// shape without its encoding (engine/api writes the JSON). Routes and
// tables across the graphs of several packs go through an Atlas
// (atlas.go: packs joined where their extracts overlap).
//
// Why one package of about 17,000 lines (over the house's ~5,000): its
// parts are seams of one data structure, not separate jobs over a
// shared interface. The Graph holds its roads as about 30 unexported
// parallel arrays (edges, arcs, transitions, junctions, maneuver
// overrides, the hierarchy's CSR arrays), and every part reads them
// directly, which is what keeps a query allocation-free and the guidance
// as cheap as OSRM's: the guidance analysis (guide_*.go, 5,500 lines)
// reads 24 of them and is 50 methods of *Graph; the step assembly
// (steps_*.go, assemble.go, 2,550 lines) 19 methods, and it builds on
// the analysis's own types (intersection views, instruction types, lane
// masks; about 100 names); the isochrones (iso*.go, 830 lines) and the
// atlas (atlas*.go, 1,230 lines) reach into the query's scratch space and
// seeds; the build (build*.go, ch*.go, 2,380 lines) fills the arrays. Of
// 175 methods on *Graph, every group above holds some, and a method must
// live in the Graph's package. What depends on no array has left:
// polyline (the polyline codec and overview simplification) and contour
// (an isochrone's raster filled, traced and shaped into polygons; the
// drawing of the reached arcs into it stays here). Splitting
// the rest along the seams above needs a lower package exporting the
// representation (say route/graph: the arrays behind accessors, the
// codec, the snapping grid, the hierarchy's search) with the analysis,
// the steps, the isochrones and the atlas as functions of it above, and
// route the facade over them; that turns the ~90 guidance and step
// methods into functions and exports the arrays they read, a change of
// every file's body rather than a move, left to its own issue.
package route

import (
	"errors"
	"fmt"
	"strings"

	"github.com/paulmach/orb"
)

// Sentinel errors. engine/api maps them to OSRM codes.
var (
	// ErrNoSegment: a coordinate could not be snapped to the network (within its radius).
	ErrNoSegment = errors.New("route: no segment")
	// ErrNoRoute: no route between the waypoints.
	ErrNoRoute = errors.New("route: no route")
	// ErrInvalidValue: a request value out of range (e.g. a waypoint index).
	ErrInvalidValue = errors.New("route: invalid value")
	// ErrGraph: a graph blob is corrupt or of another format version.
	ErrGraph = errors.New("route: invalid graph data")
	// ErrNetwork: a Network given to Build or Write is inconsistent
	// (WayNodes has not one list a way, or ways or node lists in a file
	// were not finished: Network.Finish).
	ErrNetwork = errors.New("route: invalid network")
)

// Profile selects a road graph.
type Profile uint8

// Profiles. Their speed tables are documented in regions/roads/roads_profile.go
// (driving, walking) and regions/roads/roads_bicycle.go (cycling).
const (
	Driving Profile = iota
	Walking
	Cycling
)

// Profiles lists every profile, in storage order.
var Profiles = []Profile{Driving, Walking, Cycling}

// String returns the profile name used in packs and URLs ("driving",
// "walking", "cycling").
func (p Profile) String() string {
	switch p {
	case Walking:
		return "walking"
	case Cycling:
		return "cycling"
	}
	return "driving"
}

// ParseProfile accepts driving/car, walking/foot and cycling/bike/bicycle
// (OSRM's and the spec's names).
func ParseProfile(s string) (Profile, error) {
	switch strings.ToLower(s) {
	case "driving", "car":
		return Driving, nil
	case "walking", "foot":
		return Walking, nil
	case "cycling", "bike", "bicycle":
		return Cycling, nil
	}
	return 0, fmt.Errorf("%w: unknown profile %q", ErrInvalidValue, s)
}

// ContinueStraightDefault is the profile's default for continue_straight at
// via waypoints: true for driving (OSRM car.lua), false for walking and
// cycling (foot.lua, bicycle.lua).
func (p Profile) ContinueStraightDefault() bool { return p == Driving }

// WeightName is the weight_name of the profile's routes, the name OSRM's
// profile gives its weight: "routability" for driving (car.lua),
// "duration" for walking and cycling (foot.lua, bicycle.lua). Clients
// compare it with those names; the reported weight is the duration either
// way (restricted.go).
func (p Profile) WeightName() string {
	if p == Driving {
		return "routability"
	}
	return "duration"
}

// Bearing restricts snapping to segments whose direction of travel is
// within Range degrees of Value (degrees clockwise from true north).
type Bearing struct {
	Value, Range float64
}

// SnapOptions tune Snap.
type SnapOptions struct {
	// Radius in meters; 0 or negative means unlimited.
	Radius float64
	// Bearing, when not nil, filters segments by travel direction.
	Bearing *Bearing
	// Number of results (nearest); 0 means 1.
	Number int
	// AnyComponent snaps to what is nearest even when it lies in a tiny
	// disconnected component (the nearest service). Routing leaves it false
	// and prefers the big components.
	AnyComponent bool
	// Exclude leaves out the roads of these classes (a route that must
	// not use them must not start on them).
	Exclude Exclude
	// Ties, with Number 1, collects the snaps on other edges at the very
	// same location (a node shared by several ways, or a crossing without
	// a node, such as a bridge, where the input lies on both) into
	// Snap.Ties, as OSRM's phantom node candidates: a route then starts
	// or ends on whichever of them gives the best route.
	Ties bool
}

// Snap is a point snapped onto an edge of the graph (OSRM's phantom node).
type Snap struct {
	Edge   uint32  // edge index in the graph
	Offset float64 // meters from the edge's first point to Location
	// Seg is the index of the edge segment holding Location (points Seg, Seg+1).
	Seg      int
	Location orb.Point // projected point on the edge
	Input    orb.Point // the coordinate that was snapped
	Distance float64   // meters from Input to Location
	// Forward and Backward tell which directions of the edge may be used
	// from this snap (bearing filters can exclude one).
	Forward, Backward bool
	// Ties are snaps on other edges at the same Location (SnapOptions.Ties):
	// route searches start (or end) on any of them and the route reports the
	// one it used. Nil for most snaps.
	Ties []Snap
}

// Waypoint is a snapped coordinate as OSRM responses report it: the
// distance moved, the road's name, the location.
type Waypoint struct {
	Hint     string
	Distance float64
	Name     string
	Location orb.Point
	// Nodes is set by the nearest service: the OSM ids of the snapped
	// segment's end nodes.
	Nodes []int64
}

// Overview selects the route geometry.
type Overview uint8

// Overview values.
const (
	OverviewSimplified Overview = iota
	OverviewFull
	OverviewFalse
)

// Annotations is a set of per-segment annotation arrays.
type Annotations uint8

// Annotation kinds (combine with |).
const (
	AnnotateNodes Annotations = 1 << iota
	AnnotateDistance
	AnnotateDuration
	AnnotateDatasources
	AnnotateWeight
	AnnotateSpeed
	AnnotateAll = AnnotateNodes | AnnotateDistance | AnnotateDuration | AnnotateDatasources | AnnotateWeight | AnnotateSpeed
)

// Output chooses what a Route carries.
type Output struct {
	Steps       bool
	Annotations Annotations
	Overview    Overview
}

// RouteOptions tune Graph.Route.
type RouteOptions struct {
	Output
	// LegEnds lists the indexes of the waypoints that end legs (OSRM's
	// waypoints parameter); nil means all. It must start with 0 and end with
	// the last index, strictly increasing.
	LegEnds []int
	// ContinueStraight forbids turning around at via waypoints; nil takes
	// the profile default.
	ContinueStraight *bool
	// Alternatives is the number of alternative routes wanted (0: none).
	// Alternatives are computed only for two waypoints, as OSRM does.
	Alternatives int
	// Exclude: the routes use no road of these classes (the snaps must
	// not lie on one: SnapOptions.Exclude); ErrNoRoute when none does.
	Exclude Exclude
}

// Route is one route of a directions (or trip/match) response, in OSRM v5
// shape (engine/api encodes it, rounding as OSRM does): meters, seconds
// and degrees as computed.
type Route struct {
	Distance   float64 // meters
	Duration   float64 // seconds
	Weight     float64
	WeightName string
	// Geometry is the overview (Output.Overview: the full geometry,
	// simplified, or nil for none).
	Geometry orb.LineString
	Legs     []Leg
	// Points is the full route geometry.
	Points orb.LineString
}

// Leg is the part of a route between two leg-end waypoints.
type Leg struct {
	Distance   float64
	Duration   float64
	Weight     float64
	Summary    string
	Steps      []Step
	Annotation *Annotation
	// Points is the leg's full geometry (not encoded).
	Points orb.LineString
}

// Annotation holds per-segment arrays of a leg (one entry per pair of
// consecutive geometry points; Nodes has one entry per point).
type Annotation struct {
	Nodes       []int64
	Distance    []float64
	Duration    []float64
	Datasources []int
	Weight      []float64
	Speed       []float64
	// Metadata names the data sources when datasources are asked for
	// (one source: the pack's profile speeds).
	Metadata *AnnotationMetadata
}

// AnnotationMetadata is OSRM's annotation metadata object.
type AnnotationMetadata struct {
	DatasourceNames []string
}

// Step is an OSRM v5 route step.
type Step struct {
	Distance     float64
	Duration     float64
	Weight       float64
	Name         string
	Ref          string
	Destinations string
	// Exits is the junction:ref (exit number) of the junction the step
	// leaves a motorway at, "; "-separated (OSRM's exits).
	Exits         string
	RotaryName    string
	Mode          string
	DrivingSide   string
	Geometry      orb.LineString
	Maneuver      Maneuver
	Intersections []Intersection
}

// Maneuver is the maneuver object of a step.
type Maneuver struct {
	Location      orb.Point
	BearingBefore int
	BearingAfter  int
	Type          ManeuverType
	Modifier      Modifier
	Exit          int
}

// Intersection is an intersection passed by a step.
type Intersection struct {
	Location orb.Point
	Bearings []int
	Entry    []bool
	In       *int
	Out      *int
	// Lanes are the lanes of the road in, left to right, where it is
	// tagged with turn:lanes (nil otherwise).
	Lanes []Lane
}

// Lane is a lane of the road arriving at an intersection: the turns it is
// marked for (OSRM's indications: "left", "straight", "none"...) and
// whether it leads on along the route.
type Lane struct {
	Indications []string
	Valid       bool
}

// TableOptions tune Graph.Table.
type TableOptions struct {
	// Distances asks for the distances matrix too (durations always come).
	Distances bool
	// Exclude: routes use no road of these classes (RouteOptions.Exclude).
	Exclude Exclude
}

// Table is a many-to-many result: Durations[i][j] in seconds and
// Distances[i][j] in meters from source i to destination j; a missing
// route is NaN (JSON null at the API edge).
type Table struct {
	Durations [][]float64
	Distances [][]float64
}
