package roads

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine/route"
	"waymark/engine/sphere"
	"waymark/engine/zblob"
	"waymark/regions/extract"
	"waymark/regions/stage"
)

// The "roads" stage writes one routing graph per profile (see
// roads_profile.go for the tag rules and speed tables) into the tables
//
//	graphs(profile TEXT PRIMARY KEY,   -- "driving", "walking", "cycling"
//	       data BLOB NOT NULL,         -- empty (format 1: the whole encoding)
//	       edges INTEGER, arcs INTEGER, ch_edges INTEGER, build_ms INTEGER)
//	graph_parts(profile TEXT, part INTEGER, data BLOB,
//	            PRIMARY KEY(profile, part))
//	                                   -- route.Graph.WriteTo's encoding in
//	                                   -- parts of graphPart bytes, each a
//	                                   -- zblob (compressed): edges with
//	                                   -- geometry, OSM node ids, names/refs,
//	                                   -- class, roundabout/ferry/restricted/
//	                                   -- no-ends/toll/pushed flags, speeds;
//	                                   -- arcs, turn transitions and the
//	                                   -- contraction hierarchy
//
// The graph is written in parts as it is encoded, so neither the import
// nor SQLite holds the whole encoding (×64 LI: ~430 MB less at the roads
// stage's peak); the engine joins the parts when it opens the pack. Turn
// restrictions (type=restriction and restriction:motorcar, no_* and only_*,
// via node or via ways; except=motorcar/motor_vehicle skips) apply to
// driving only, as in OSRM's foot profile. Node barriers, traffic signals
// and turning places (where a car may turn round though the road goes on)
// come from tagged nodes on routable ways.
//
// The profiles follow OSRM's car.lua, foot.lua and bicycle.lua
// (roads_bicycle.go), checked against OSRM's
// own scenarios (testdata/osrm, roads_osrm_test.go and
// roads_osrm_route_test.go). Where we differ on purpose the rows are in
// testdata/osrm/differs.txt with the reason; in short: generic access
// (access=yes) does not open a path, footway, runway or unknown highway
// value to cars; speeds, turn costs and penalties are ours (the
// restricted roads' penalty bars passing through where OSRM's costs an
// hour: route/restricted.go); guidance has no sliproad handling
// (route/steps.go); overlapping via-way restrictions apply one by one;
// ties between equally near roads break otherwise.

// turningPlaces are the highway values of nodes where a car may turn round
// though the road goes on (car.lua's obstacles: OSRM's
// Obstacle::Type::Turning); foot.lua reads none.
var turningPlaces = map[string]bool{"turning_circle": true, "turning_loop": true, "mini_roundabout": true}

// roadsBytesPerRef is the working memory of one profile's graph build per
// way node reference of the extract.
const roadsBytesPerRef = 64

// contractArcs is the most arcs of a graph contracted at once
// (route.WriteOptions.CellArcs): the import's ContractArcs, or a quarter
// of its budget at route.ContractionBytesPerArc (default budget: ~1.6 M
// arcs, more than LI ×64's walking graph); 0, the whole graph, without
// either.
func contractArcs(im *stage.Import) int {
	if im.ContractArcs > 0 {
		return im.ContractArcs
	}
	if im.Memory <= 0 {
		return 0
	}
	return int(im.Memory / 4 / route.ContractionBytesPerArc)
}

// prepareResident is how much of a graph build's arrays, spilled to a
// file (route.WriteOptions.PrepareResident), stay resident: a 64th of
// the budget (~14 MB at the default 920 MiB); 0, none spilled, without
// a budget.
func prepareResident(im *stage.Import) int64 {
	if im.Memory <= 0 {
		return 0
	}
	return im.Memory / 64
}

// RoadsStage builds the routing graphs of every profile.
func RoadsStage() stage.Stage { return stage.Stage{Name: "roads", Run: runRoads, SmallCache: true} }

func runRoads(ctx context.Context, im *stage.Import) error {
	for _, q := range []string{
		`CREATE TABLE graphs(profile TEXT PRIMARY KEY, data BLOB NOT NULL,
			edges INTEGER NOT NULL, arcs INTEGER NOT NULL, ch_edges INTEGER NOT NULL, build_ms INTEGER NOT NULL)`,
		`CREATE TABLE graph_parts(profile TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY(profile, part))`,
	} {
		if _, err := im.Tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("create graphs: %w", err)
		}
	}
	results := make([]graphResult, len(route.Profiles))
	var wg sync.WaitGroup
	var mu sync.Mutex // serializes progress reports and the writes of both profiles
	var done int64
	frac := make([]float64, len(route.Profiles)) // contracted share per profile
	// Profiles build at once when the budget holds both graphs' working
	// memory (~64 bytes a way node reference each, measured on LI ×16),
	// else one after the other.
	parallel := im.Memory <= 0 || int64(len(route.Profiles))*roadsBytesPerRef*im.Data.WayRefs() <= im.Memory/2
	// Rows go into graph_parts in profile order whichever graph is done
	// first (the pack's checksums are of rows in insertion order): the
	// first profile's parts are written as they come, the others' wait in
	// a temporary file each until the graphs are built.
	writers := make([]*partWriter, len(route.Profiles))
	defer func() {
		for _, w := range writers {
			w.closeSpill()
		}
	}()
	for i, p := range route.Profiles {
		writers[i] = &partWriter{ctx: ctx, im: im, mu: &mu, profile: p.String()}
		if parallel && i > 0 {
			f, err := extract.CreateUnlinked(im.Data.TmpDir, "graph-parts-*")
			if err != nil {
				return fmt.Errorf("%s graph parts: %w", p, err)
			}
			writers[i].spill = f
		}
	}
	for i, p := range route.Profiles {
		wg.Add(1)
		build := func() {
			defer wg.Done()
			start := time.Now()
			net, skips, err := extractNetwork(im.Data, p)
			if err != nil {
				results[i] = graphResult{took: time.Since(start), err: err}
				return
			}
			w := writers[i]
			st, err := route.Write(ctx, w, net, route.WriteOptions{TempDir: im.Data.TmpDir, PrepareResident: prepareResident(im), CellArcs: contractArcs(im), CellWorkers: runtime.GOMAXPROCS(0), Progress: func(n, total int) {
				mu.Lock()
				done += 4096
				frac[i] = float64(n) / float64(max(total, 1))
				sum := 0.0
				for _, f := range frac {
					sum += f
				}
				im.ReportFraction(done, sum/float64(len(frac)))
				mu.Unlock()
			}})
			if err == nil {
				err = w.flush()
			}
			// The part buffer and compressor (~9 MB) are let go: the
			// next profile's build is the peak (insertSpilled makes
			// its own).
			w.buf, w.z = nil, zblob.Encoder{}
			results[i] = graphResult{st: st, took: time.Since(start), err: err, skips: skips}
		}
		if parallel {
			go build()
			continue
		}
		build()
	}
	wg.Wait()
	for i, p := range route.Profiles {
		if results[i].err == nil {
			results[i].err = writers[i].insertSpilled()
		}
		if err := writeGraph(ctx, im, p, results[i]); err != nil {
			return err
		}
	}
	return nil
}

// writeGraph stores one profile's graph and its counts.
func writeGraph(ctx context.Context, im *stage.Import, p route.Profile, r graphResult) error {
	if r.err != nil {
		return fmt.Errorf("%s graph: %w", p, r.err)
	}
	if _, err := im.Tx.ExecContext(ctx, `INSERT INTO graphs(profile, data, edges, arcs, ch_edges, build_ms) VALUES(?, x'', ?, ?, ?, ?)`,
		p.String(), r.st.Edges, r.st.Arcs, r.st.CHEdges, r.took.Milliseconds()); err != nil {
		return fmt.Errorf("write %s graph: %w", p, err)
	}
	im.Count(p.String()+" edges", r.st.Edges)
	im.Count(p.String()+" arcs", r.st.Arcs)
	if p == route.Driving {
		im.Count("turn restrictions", r.st.Restrictions)
		if r.st.SkippedRestrictions+r.skips > 0 {
			im.Problem("%d turn restrictions skipped (members missing, not connected or not routable)", r.st.SkippedRestrictions+r.skips)
		}
	}
	return nil
}

type graphResult struct {
	st    route.BuildStats
	took  time.Duration
	err   error
	skips int
}

// extractNetwork applies profile p's tag rules to the extract. It returns
// the network and the number of restriction relations it could not use.
// The network's ways and node lists go to files in the extract's
// temporary directory, if it has one (route.Network.SpillTo); the caller
// closes them (route.Write does).
func extractNetwork(d *extract.Data, p route.Profile) (*route.Network, int, error) {
	net := &route.Network{Profile: p, Barriers: map[int64]bool{}, Signals: map[int64]bool{}, TurningPlaces: map[int64]bool{}}
	if d.TmpDir != "" {
		if err := net.SpillTo(d.TmpDir); err != nil {
			return nil, 0, fmt.Errorf("%s network: %w", p, err)
		}
	}
	// Barriers, signals and turning places: the tagged nodes that may be
	// one, marked when a routable way uses them (no set of every routable
	// node).
	const isBarrier, isSignal, isTurning = 1, 2, 4
	special := map[osm.NodeID]uint8{}
	for n := range d.TaggedNodes() {
		var k uint8
		if blocks(p, n) {
			k |= isBarrier
		}
		switch hw := n.Tags.Find("highway"); {
		case hw == "traffic_signals": // as OSRM's profiles (crossing=traffic_signals alone does not count)
			k |= isSignal
		case p == route.Driving && turningPlaces[hw]:
			k |= isTurning
		}
		if k != 0 {
			special[n.ID] = k
		}
	}
	// The end nodes of the routable ways that turn restrictions name
	// (only the car's graph has restrictions): not of every routable
	// way, a map that grew with the input (LI ×400: ~4 M entries a
	// profile).
	var members map[osm.WayID]bool
	if p == route.Driving {
		members = restrictionMembers(d)
	}
	routable := map[osm.WayID][2]int64{}
	// The node ids go packed into net.WayNodes, through one buffer; the
	// strings are interned, each a copy of its own: a way's tag values
	// share one allocation (extract.Way), which a name would keep whole.
	var ids []int64
	for _, w := range d.Ways() {
		if len(w.Nodes) < 2 {
			continue
		}
		// Length first: most ways are not routable, and their
		// geometry need not be copied.
		length, located := 0.0, 0
		var last orb.Point
		for i := range w.Nodes {
			pt, ok := w.Point(i)
			if !ok {
				continue
			}
			if located > 0 {
				length += sphere.Distance(last, pt)
			}
			last = pt
			located++
		}
		if located < 2 {
			continue
		}
		var fwd, bwd float64
		var class route.Class
		var ferry, pushF, pushB bool
		if p == route.Cycling {
			r := bikeWay(w.Tags, length)
			fwd, bwd, class, ferry, pushF, pushB = r.fwd, r.bwd, r.class, r.ferry, r.pushF, r.pushB
		} else {
			fwd, bwd, class, ferry = wayProfile(p, w.Tags, length)
		}
		if fwd <= 0 && bwd <= 0 {
			continue
		}
		ids = ids[:0]
		for i, wn := range w.Nodes {
			if _, ok := w.Point(i); ok {
				ids = append(ids, int64(wn))
			}
		}
		junction := w.Tags.Find("junction")
		nw := route.NetWay{
			ID: int64(w.ID), Forward: fwd, Backward: bwd,
			Name: net.Intern(wayName(w.Tags)), Ref: net.Intern(strings.ReplaceAll(w.Tags.Find("ref"), ";", "; ")),
			Class: class, Roundabout: junction == "roundabout", Circular: junction == "circular", Ferry: ferry,
			PushForward: pushF, PushBackward: pushB,
		}
		guidanceTags(p, net, w.Tags, &nw)
		if p == route.Driving {
			nw.RestrictedForward, nw.RestrictedBackward = carRestricted(w.Tags)
			nw.NoEnds = carNoEnds(w.Tags)
		}
		net.AddWay(nw, ids, nil)
		if members[w.ID] {
			routable[w.ID] = [2]int64{ids[0], ids[len(ids)-1]}
		}
		for _, id := range ids {
			if k := special[osm.NodeID(id)]; k != 0 {
				if k&isBarrier != 0 {
					net.Barriers[id] = true
				}
				if k&isSignal != 0 {
					net.Signals[id] = true
				}
				if k&isTurning != 0 {
					net.TurningPlaces[id] = true
				}
			}
		}
	}
	skipped := 0
	for r := range d.Relations() {
		if m, ok := maneuverOf(r); ok {
			net.Maneuvers = append(net.Maneuvers, m)
			continue
		}
		if p != route.Driving {
			continue
		}
		rs, ok := restrictionsOf(r, routable)
		if !ok {
			skipped++
			continue
		}
		net.Restrictions = append(net.Restrictions, rs...)
	}
	// Ways and node ids in memory were grown by appending, with up to a
	// quarter more room than they hold; the build's peak holds them and
	// its own arrays, so Finish copies them at their size now, before
	// those exist (LI ×16d walking: 2.9 MB less at that peak). In files
	// they are mapped.
	if err := net.Finish(); err != nil {
		net.Close()
		return nil, 0, fmt.Errorf("%s network: %w", p, err)
	}
	// The graph builder reads the ways' coordinates when it makes their
	// edges, from the way store, rather than the network holding them.
	net.WayPoints = func(i int) []orb.Point {
		nw := &net.Ways[i]
		w := d.Way(osm.WayID(nw.ID))
		if w == nil {
			return nil
		}
		pts := make([]orb.Point, 0, len(w.Nodes))
		for k := range w.Nodes {
			if pt, ok := w.Point(k); ok {
				pts = append(pts, pt)
			}
		}
		return pts
	}
	return net, skipped, nil
}

// restrictionMembers returns the ways that turn restriction relations
// name as from, via or to: the only ways whose end nodes restrictionsOf
// reads.
func restrictionMembers(d *extract.Data) map[osm.WayID]bool {
	ways := map[osm.WayID]bool{}
	for r := range d.Relations() {
		if r.Tags.Find("type") != "restriction" {
			continue
		}
		for _, m := range r.Members {
			if m.Type == osm.TypeWay && (m.Role == "from" || m.Role == "via" || m.Role == "to") {
				ways[osm.WayID(m.Ref)] = true
			}
		}
	}
	return ways
}

// restrictionKeys are the tags a car's turn restriction may be given in
// (OSRM car.lua's restrictions: the plain key and the vehicle namespaces).
var restrictionKeys = []string{"restriction", "restriction:vehicle", "restriction:motor_vehicle", "restriction:motorcar"}

// restrictionsOf converts a turn restriction relation; ok is false for a
// restriction relation that cannot be used (it is not an error for other
// relations, which return nil, true). routable holds the end nodes of the
// routable ways. As OSRM's restriction parser does, it ignores relations
// with a value other than no_* or only_* (and no_*_on_red, which is about
// traffic lights), several from ways unless no_entry, several to ways
// unless no_exit, and from, via and to ways that do not meet end to end
// (a via node inside a from or to way leaves the turn ambiguous).
func restrictionsOf(r *extract.Relation, routable map[osm.WayID][2]int64) ([]route.Restriction, bool) {
	if r.Tags.Find("type") != "restriction" {
		return nil, true
	}
	val, multiFrom, multiTo, only := "", false, false, false
	for _, k := range restrictionKeys {
		v := r.Tags.Find(k)
		switch {
		case v == "":
			continue
		case strings.HasPrefix(v, "only_"):
			only = true
		case strings.HasPrefix(v, "no_") && strings.HasSuffix(v, "_on_red"):
			return nil, true
		case strings.HasPrefix(v, "no_"):
			only = false
			multiFrom, multiTo = strings.HasPrefix(v, "no_entry"), strings.HasPrefix(v, "no_exit")
		default:
			return nil, false
		}
		val = v
	}
	if val == "" {
		return nil, true // restrictions for other vehicles only
	}
	for _, ex := range strings.Split(r.Tags.Find("except"), ";") {
		if ex = strings.TrimSpace(ex); ex == "motorcar" || ex == "motor_vehicle" || ex == "vehicle" {
			return nil, true
		}
	}
	var froms, tos, viaWays []int64
	var viaNode int64
	for _, m := range r.Members {
		switch m.Role {
		case "from":
			if m.Type == osm.TypeWay {
				froms = append(froms, m.Ref)
			}
		case "to":
			if m.Type == osm.TypeWay {
				tos = append(tos, m.Ref)
			}
		case "via":
			if m.Type == osm.TypeNode {
				viaNode = m.Ref
			} else if m.Type == osm.TypeWay {
				viaWays = append(viaWays, m.Ref)
			}
		}
	}
	if len(froms) == 0 || len(tos) == 0 || (viaNode == 0) == (len(viaWays) == 0) ||
		len(froms) > 1 && !multiFrom || len(tos) > 1 && !multiTo {
		return nil, false
	}
	var out []route.Restriction
	for _, f := range froms {
		for _, t := range tos {
			if !joined(routable, f, viaNode, viaWays, t) {
				continue
			}
			out = append(out, route.Restriction{From: f, ViaNode: viaNode, ViaWays: viaWays, To: t, Only: only})
		}
	}
	if len(out) == 0 {
		return nil, false
	}
	return out, true
}

// joined reports whether the routable ways from, the via ways (or the via
// node) and to follow one another end to end.
func joined(routable map[osm.WayID][2]int64, from, viaNode int64, viaWays []int64, to int64) bool {
	fe, ok1 := routable[osm.WayID(from)]
	te, ok2 := routable[osm.WayID(to)]
	if !ok1 || !ok2 {
		return false
	}
	at := func(ends [2]int64, n int64) bool { return ends[0] == n || ends[1] == n }
	if len(viaWays) == 0 {
		return at(fe, viaNode) && at(te, viaNode)
	}
	// the node where from meets the first via way, then each via way's other end
	first, ok := routable[osm.WayID(viaWays[0])]
	if !ok {
		return false
	}
	var next int64
	switch {
	case at(first, fe[0]):
		next = fe[0]
	case at(first, fe[1]):
		next = fe[1]
	default:
		return false
	}
	for _, v := range viaWays {
		ve, ok := routable[osm.WayID(v)]
		switch {
		case !ok:
			return false
		case ve[0] == next:
			next = ve[1]
		case ve[1] == next:
			next = ve[0]
		default:
			return false
		}
	}
	return at(te, next)
}

// wayName is the name steps give a way: its name, or for an unnamed
// sidewalk or sidepath (a footway, cycleway or path with footway=sidewalk,
// cycleway=sidepath or is_sidepath=yes) the street it runs beside
// (is_sidepath:of:name, then street:name), as OSRM's way handlers do.
func wayName(tags osm.Tags) string {
	if n := tags.Find("name"); n != "" {
		return n
	}
	side := tags.Find("is_sidepath:of:name")
	if side == "" {
		side = tags.Find("street:name")
	}
	switch tags.Find("highway") {
	case "footway", "cycleway", "path":
		if tags.Find("footway") == "sidewalk" || tags.Find("cycleway") == "sidepath" || tags.Find("is_sidepath") == "yes" {
			return side
		}
	}
	return ""
}
