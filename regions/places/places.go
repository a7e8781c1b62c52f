// places.go is the places stage: it turns the extract into the geocoding
// tables described in places_schema.go. Steps, all in memory, then one bulk
// write in the stage's transaction:
//
//  1. collect: every node, way and relation that Nominatim's import style
//     makes a place (places_filter.go), with its geometry (points, lines,
//     areas from closed ways, assembled multipolygon/boundary relations;
//     broken rings are reported as problems and counted, never fatal);
//  2. country codes (address_country.go);
//  3. ranks (rank_table.go), boundary/place-node linking and Nominatim's
//     rank adjustments (address.go);
//  4. the address hierarchy and parent streets (address.go, address_street.go);
//  5. interpolation ways expanded into address rows (interpolation.go);
//  6. postcodes and postcode centroids (postcode.go), and country rows for
//     countries whose boundary did not assemble (address_country.go);
//  7. importance (places_importance.go);
//  8. write rows, FTS and R*Tree indexes (places_write.go).
//
// Streets are kept one place per OSM way, like Nominatim: a street split in
// several ways gives several rows with the same name, each with its own
// geometry and address; lookup of any of the ways works, and the query side
// dedupes equal names with equal addresses (the dedupe parameter).

package places

import (
	"context"
	"strconv"
	"strings"
	"unsafe"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/regions/extract"
	"waymark/regions/polygon"
	"waymark/regions/stage"
)

// PlacesStage returns the stage that writes the geocoding tables.
func PlacesStage() stage.Stage { return placesStage(false) }

// placesStage is PlacesStage; keepLeaves holds the houses and POIs in
// memory instead of spilling them (tests compare the two).
func placesStage(keepLeaves bool) stage.Stage {
	// The stage reports its share done itself (runPlaces' steps).
	return stage.Stage{Name: "places", Run: func(ctx context.Context, im *stage.Import) error { return runPlaces(ctx, im, keepLeaves) }}
}

// placeBuilder holds the state of one run of the places stage.
type placeBuilder struct {
	im *stage.Import
	d  *extract.Data
	// places holds the places by index (place_id-1); a leaf's slot is nil,
	// the leaf itself is in leaves (places_spill.go).
	places []*place
	leaves *placeSpill
	// cold holds the geometry, extra tags and address lines of the
	// places in memory outside the heap (places_cold.go).
	cold *coldStore
	// keepLeaves keeps the leaves in places (placesStage).
	keepLeaves bool
	// spillErr is the first error writing a leaf (or encoding a
	// geometry) in collect.
	spillErr error
	// leafCountry holds each leaf's country code (countryCodes' index), by
	// its position in leaves, from assignCountries to buildAddresses.
	leafCountry  []uint32
	countryCodes []string
	// inherited holds the building address each leaf POI takes
	// (inheritBuildingAddresses), by leaf index, until buildAddresses
	// applies it.
	inherited map[int32]*buildingAddress
	// postcodeAreas and postcodeBefore serve the leaves' postcodes at
	// write (leafPostcode).
	postcodeAreas  *postcodeAreaIndex
	postcodeBefore map[int32]string
	done           int64
	// dropByTicks makes tick give the stores' mapped pages back every
	// coldDropTicks objects, where governMapped cannot tell how many are
	// resident.
	dropByTicks bool
	// mapped is governMapped's record of the resident mapped pages, nil
	// when it does not run.
	mapped *mappedBase
	// Indexes built by buildAddresses, reused by interpolate and
	// computePostcodes, then dropped (dropAddressIndexes).
	addrIdx   *addressIndex
	streetIdx *streetIndex
	// codes makes and keeps the places' postcode handles, pinned the
	// values records in the cold store hold outside it
	// (places_records.go).
	codes  postcodeTable
	pinned map[unsafe.Pointer]any
	// pinnedPlaces are the records in the heap that places, in the
	// store, holds (appendPlace).
	pinnedPlaces []*place
	// postcodes holds the postcode centroids (computePostcodes).
	postcodes []postcodeRow
	// pcFormats checks tagged postcodes against their country's format
	// (checkPostcode).
	pcFormats *postcodeFormats
	// textCache holds normalized search text per place index (write).
	textCache map[int32]string
	// lineBuf is writeSearch's buffer for fullLines.
	lineBuf []addressLine
	// countryRow maps a country code to the index of its rank 4 place.
	countryRow map[string]int32
	// kinds numbers the class/type pairs written (place_kinds).
	kinds map[[2]string]int64
	// strs holds the strings places share (intern).
	strs map[string]string
	// namesOf holds the name tags of the places in memory by their
	// packed form while collect runs (shareNames).
	namesOf map[extract.PackedTags]*extract.TagMap
	// kindOfPair holds the places' kinds (kindOf).
	kindOfPair map[[2]string]*placeKind
	// parentTokens are the search_parent tokens written so far, by place
	// index; parentErr the first error writing one.
	parentTokens map[int32]string
	// importanceRank and rowBits make search_name rowids (rankImportance).
	importanceRank map[float64]int
	rowBits        uint
	// tokenOfText is the token of each parent name text written so far.
	tokenOfText map[string]string
	parentErr   error
	// Progress within the stage: the share of the stage's time done
	// before the running step, the step's share, the ticks it is
	// expected to make and has made.
	stepBase, stepShare  float64
	stepTotal, stepTicks int64
}

// placeStep is a step of the places stage with its share of the stage's
// time (measured on LI ×16) and the number of ticks it makes.
type placeStep struct {
	name  string
	run   func(context.Context) error
	share float64
	ticks func() int64
}

func runPlaces(ctx context.Context, im *stage.Import, keepLeaves bool) error {
	b := &placeBuilder{im: im, d: im.Data, strs: map[string]string{}, kindOfPair: map[[2]string]*placeKind{}, keepLeaves: keepLeaves,
		namesOf: map[extract.PackedTags]*extract.TagMap{}}
	leaves, err := newPlaceSpill(im.Data.TmpDir)
	if err != nil {
		return err
	}
	b.leaves = leaves
	defer func() { b.leaves.close() }()
	cold, err := newColdStore(im.Data.TmpDir)
	if err != nil {
		return err
	}
	b.cold = cold
	// After the last step: the places' strings point into the store.
	defer cold.close()
	defer b.governMapped(mappedCheckInterval)() // stopped before the store closes
	objects := func() int64 { return int64(b.d.TaggedNodeCount() + b.d.WayCount() + b.d.RelationCount()) }
	places := func() int64 { return int64(len(b.places)) }
	none := func() int64 { return 0 }
	steps := []placeStep{
		{"collect", b.collect, 0.05, objects},
		{"assignCountries", b.assignCountries, 0.01, places},
		{"assignRanks", b.assignRanks, 0, none},
		{"linkPlaces", b.linkPlaces, 0, none},
		{"adjustRanks", b.adjustRanks, 0, none},
		{"buildAddresses", b.buildAddresses, 0.41, func() int64 { return 2 * places() }},
		{"interpolate", b.interpolate, 0, none},
		{"computePostcodes", b.computePostcodes, 0.01, places},
		{"dropAddressIndexes", b.dropAddressIndexes, 0, none},
		{"addMissingCountries", b.addMissingCountries, 0, none},
		{"computeImportance", b.computeImportance, 0.03, none},
		{"write", b.write, 0.48, places},
		{"writeEntrances", b.writeEntrances, 0.01, none},
		{"writeAutocomplete", b.writeAutocomplete, 0.03, none},
	}
	for _, st := range steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		b.stepShare, b.stepTotal, b.stepTicks = st.share, st.ticks(), 0
		b.report()
		if err := st.run(ctx); err != nil {
			return err
		}
		if err := b.checkRecords(st.name); err != nil {
			return err
		}
		b.stepBase += st.share
	}
	return nil
}

// dropAddressIndexes lets the collector have the address and street
// indexes once no step needs them: at LI ×64 they were ~140 MB of the
// stage's peak, in the write step.
func (b *placeBuilder) dropAddressIndexes(context.Context) error {
	b.addrIdx, b.streetIdx = nil, nil
	return nil
}

// report sends the stage's progress: steps done plus the running step's
// ticks against the ticks it is expected to make.
func (b *placeBuilder) report() {
	within := 0.0
	if b.stepTotal > 0 {
		within = min(1, float64(b.stepTicks)/float64(b.stepTotal))
	}
	b.im.ReportFraction(b.done, b.stepBase+b.stepShare*within)
}

// tick reports progress every 4096 objects and says whether to check ctx.
func (b *placeBuilder) tick() bool {
	b.done++
	b.stepTicks++
	if b.dropByTicks && b.done%coldDropTicks == 0 {
		b.dropMapped()
	}
	if b.done%mappedCheckObjects == 0 {
		b.checkMapped()
	}
	if b.done&4095 == 0 {
		b.report()
		return true
	}
	return false
}

// collect creates the places of every node, way and relation.
func (b *placeBuilder) collect(ctx context.Context) error {
	for n := range b.d.TaggedNodes() {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		p := orb.Point{n.Lon, n.Lat}
		b.addObject('N', int64(n.ID), n.Tags, nil, p)
	}
	for _, w := range b.d.Ways() {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		if len(w.Tags) == 0 || w.Tags.Find("addr:interpolation") != "" {
			continue
		}
		var g orb.Geometry
		if isAreaWay(w) {
			if poly := polygon.WayArea(b.d, w); poly != nil {
				g = poly
			}
		}
		if g == nil {
			ls := w.Line()
			switch len(ls) {
			case 0:
				continue
			case 1:
				g = ls[0]
			default:
				g = ls
			}
		}
		b.addObject('W', int64(w.ID), w.Tags, nil, g)
	}
	for r := range b.d.Relations() {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		b.addRelation(r)
	}
	if b.spillErr != nil {
		return b.spillErr
	}
	b.namesOf = nil
	b.im.Count("places collected", len(b.places))
	cold := 0
	for _, p := range b.records() {
		if p != nil && p.is(inCold) {
			cold++
		}
	}
	b.im.Count("place records in the cold store", cold)
	b.im.Count("houses and POIs spilled", b.leaves.count)
	return nil
}

// addRelation adds multipolygon, boundary and waterway relations.
func (b *placeBuilder) addRelation(r *extract.Relation) {
	typ := r.Tags.Find("type")
	switch typ {
	case "multipolygon", "boundary":
	case "waterway":
		var mls orb.MultiLineString
		for _, m := range r.Members {
			if m.Type != osm.TypeWay {
				continue
			}
			if w := b.d.Way(osm.WayID(m.Ref)); w != nil {
				if ls := w.Line(); len(ls) > 1 {
					mls = append(mls, ls)
				}
			}
		}
		if len(mls) > 0 {
			b.addObject('R', int64(r.ID), r.Tags, r.Members, mls)
		}
		return
	default:
		return
	}
	names, main := extractNames(r.Tags)
	if len(placeTags(r.Tags, main, housenumberOf(r.Tags) != "" || names.Get("addr:housename") != "")) == 0 {
		return // no tags of interest (old-style multipolygon: tags on the way)
	}
	mp, problems := polygon.RelationArea(b.d, r)
	if len(problems) > 0 {
		b.im.Count("areas with broken rings", 1)
		b.im.Count("broken rings", len(problems))
		for _, pr := range problems {
			b.im.Problem("relation %d (%s): broken ring skipped (%d polygons kept): %s", r.ID, r.Tags.Find("name"), len(mp), pr)
		}
	}
	var g orb.Geometry
	switch len(mp) {
	case 0:
		if r.Tags.Find("boundary") == "administrative" {
			b.im.Count("boundaries without area skipped", 1)
			return
		}
		// Nothing closes: keep the relation as a point (its label or
		// admin_centre node, else the middle of its members) so it stays
		// searchable; it cannot contain anything.
		p, ok := b.relationPoint(r)
		if !ok {
			b.im.Count("relations without geometry", 1)
			return
		}
		b.im.Count("areas kept as points", 1)
		g = p
	case 1:
		g = mp[0]
	default:
		g = mp
	}
	b.addObject('R', int64(r.ID), r.Tags, r.Members, g)
}

// relationPoint is a representative point of a relation without an area.
func (b *placeBuilder) relationPoint(r *extract.Relation) (orb.Point, bool) {
	for _, role := range []string{"label", "admin_centre"} {
		for _, m := range r.Members {
			if m.Type == osm.TypeNode && m.Role == role {
				if p, ok := b.d.MemberPoint(osm.NodeID(m.Ref)); ok {
					return p, true
				}
			}
		}
	}
	bound := orb.Bound{Min: orb.Point{180, 90}, Max: orb.Point{-180, -90}}
	found := false
	for _, m := range r.Members {
		if m.Type != osm.TypeWay {
			continue
		}
		if w := b.d.Way(osm.WayID(m.Ref)); w != nil {
			for _, p := range w.Line() {
				bound = bound.Extend(p)
				found = true
			}
		}
	}
	return bound.Center(), found
}

// addObject adds one place per main tag of an OSM object with geometry g.
func (b *placeBuilder) addObject(osmType byte, id int64, tags osm.Tags, members []extract.Member, g orb.Geometry) {
	names, named := extractNames(tags)
	hn := housenumberOf(tags)
	mains := placeTags(tags, named, hn != "" || names.Get("addr:housename") != "")
	if len(mains) == 0 {
		return
	}
	names = b.own(names)
	proto := place{
		osmType:  osmType,
		osmID:    id,
		nameTags: nameRef(names),
		bound:    g.Bound(),
	}
	street := b.intern(strings.TrimSpace(tags.Find("addr:street")))
	addrPlace := b.intern(strings.TrimSpace(tags.Find("addr:place")))
	if street == "" && addrPlace == "" {
		street = b.intern(strings.TrimSpace(tags.Find("addr:street:name")))
	}
	shp, err := newShape(g)
	if err != nil {
		if b.spillErr == nil {
			b.spillErr = err
		}
		return
	}
	proto.geom = shp
	if kept := laterTags(tags); kept != nil || members != nil {
		for i, t := range kept {
			kept[i] = osm.Tag{Key: b.intern(t.Key), Value: strings.Clone(t.Value)}
		}
		proto.later = &placeLater{tags: kept, member: labelMembers(members)}
	}
	proto.setAddress(b.intern(hn), street, addrPlace)
	for _, k := range []string{"addr:postcode", "postcode", "postal_code"} { // Nominatim's postcode keys
		if pc := normalizePostcode(tags.Find(k)); pc != "" {
			proto.code = b.codes.ref(pc)
			proto.mark(tagPostcode, true)
			break
		}
	}
	proto.name = defaultName(names)
	proto.adminLevel = 15
	if al, err := strconv.Atoi(strings.TrimSpace(tags.Find("admin_level"))); err == nil && al > 0 && al < 15 {
		proto.adminLevel = int8(al)
	}
	switch g := g.(type) {
	case orb.Point:
		proto.centroid = g
	case orb.LineString:
		proto.centroid = polygon.LineMiddle(g)
	case orb.MultiLineString:
		longest := 0
		for i, ls := range g {
			if len(ls) > len(g[longest]) {
				longest = i
			}
		}
		proto.centroid = polygon.LineMiddle(g[longest])
	case orb.Polygon, orb.MultiPolygon:
		proto.centroid = polygon.AreaCentroid(g)
		proto.area = polygon.GeometryArea(g)
	}
	for i, mt := range mains {
		if mt.class == "boundary" && mt.typ == "administrative" && proto.area == 0 {
			// Like Nominatim: an administrative boundary that is not an
			// area (a border line, an unassembled relation) is no place.
			b.im.Count("boundaries without area skipped", 1)
			continue
		}
		p := proto
		if i > 0 {
			p.lines = nil
		}
		p.kind = b.kindOf(mt.class, mt.typ)
		if p.kind.class != "boundary" || p.kind.typ != "administrative" {
			p.adminLevel = 15 // Nominatim keeps admin_level for administrative boundaries only
		}
		if mt.class == "boundary" && mt.typ == "postal_code" {
			if p.postcode() == "" {
				continue // a postcode area without its code says nothing
			}
			if p.name == "" {
				p.name = p.postcode()
			}
		}
		p.extratags = extract.PackTags(extratagsOf(tags, mt.class))
		b.add(&p)
	}
}

// labelMembers returns what the steps after collect read of a relation's
// members: its label nodes (linkPlaces), and whether it has members at all
// (isLeaf), so a relation with members and no label gets an empty, non-nil
// list. The relation's whole list (40 bytes a member, its roles' strings)
// stayed live through the stage before: 44 MB of the peak at LI ×400.
func labelMembers(members []extract.Member) []extract.Member {
	if members == nil {
		return nil
	}
	labels := []extract.Member{}
	for _, m := range members {
		if m.Type == osm.TypeNode && m.Role == "label" {
			labels = append(labels, extract.Member{Type: osm.TypeNode, Ref: m.Ref, Role: "label"})
		}
	}
	return labels
}

// add appends p to the places, or its slot, when p is a leaf (its ranks
// say so), and p to the spill.
func (b *placeBuilder) add(p *place) {
	p.setRanks()
	if b.keepLeaves || !isLeaf(p) {
		b.shareNames(p)
		b.appendPlace(b.keepRecord(p))
		return
	}
	if err := b.leaves.add(int32(len(b.places)), p); err != nil && b.spillErr == nil {
		b.spillErr = err
	}
	b.appendPlace(nil)
}

// shareNames gives p the name tags of an earlier place in memory with
// the same ones: no step changes a place's names in place (linking
// merges them into new ones), and streets repeat their names across a
// country (LI ×64, whose copies repeat every name: the name tags of the
// places in memory were ~9 MB of the stage's ~80 MB between steps). The
// key, the packed tags, goes to the cold store.
func (b *placeBuilder) shareNames(p *place) {
	if p.nameTags == nil || b.namesOf == nil {
		return
	}
	key := extract.PackTags(p.names())
	m, ok := b.namesOf[key]
	if !ok {
		m = b.coldNames(p.nameTags)
		b.namesOf[extract.PackedTags(b.cold.str(string(key)))] = m
	}
	if n := defaultName(*m); p.name == n {
		p.name = n // the same text, not a copy holding p's own names
	}
	p.nameTags = m
}

// intern returns s from the builder's table of strings, adding a copy when
// it is new: the values places share (classes, types, streets, house
// numbers; postcodeRef interns the postcodes) are kept once, and none
// holds on to the buffer of the way it was decoded from (decodeWay's
// values share one allocation: LI ×64 kept 73 MB of them through a
// place's strings).
func (b *placeBuilder) intern(s string) string {
	if s == "" {
		return ""
	}
	if v, ok := b.strs[s]; ok {
		return v
	}
	c := strings.Clone(s)
	b.strs[c] = c
	return c
}

// kindOf returns the builder's placeKind of class and typ, adding it when
// it is new: places of one kind share it.
func (b *placeBuilder) kindOf(class, typ string) *placeKind {
	k := [2]string{class, typ}
	if pk, ok := b.kindOfPair[k]; ok {
		return pk
	}
	pk := &placeKind{b.intern(class), b.intern(typ)}
	b.kindOfPair[[2]string{pk.class, pk.typ}] = pk
	return pk
}

// own returns m with interned keys and copied values (see intern).
func (b *placeBuilder) own(m extract.TagMap) extract.TagMap {
	for i, p := range m {
		m[i] = extract.TagPair{Key: b.intern(p.Key), Value: strings.Clone(p.Value)}
	}
	return m
}

// defaultName picks the display name from the name tags.
func defaultName(names extract.TagMap) string {
	for _, k := range defaultNameOrder {
		if v := names.Get(k); v != "" {
			return v
		}
	}
	return ""
}

// extratagsOf returns the extratags of tags for a place of class: every
// tag that is not a name, address, the class tag or noise (nil when none).
func extratagsOf(tags osm.Tags, class string) extract.TagMap {
	var out []extract.TagPair
	for _, t := range tags {
		if t.Key == class || t.Value == "" {
			continue
		}
		if isName, _ := isNameKey(t.Key); isName && t.Key != "ISO3166-2" {
			continue
		}
		if !keepExtratag(t.Key) {
			continue
		}
		out = append(out, extract.TagPair{Key: t.Key, Value: t.Value})
	}
	return extract.NewTagMap(out)
}
