package places

// places_records.go: the records of the places in memory (placeBuilder.
// places: the streets, areas and settlements; the leaves wait in their
// spill) are kept in the cold store, outside the Go heap.
//
// A record is written into the store by keepRecord and changed there by
// the steps after collect, so, unlike the store's other contents, it is
// not immutable: what makes it safe is that the collector does not see
// into the store, so nothing a record points to may be the collector's to
// free. Every string, slice and pointer of a record in the store points
// into the store, except its kind (placeBuilder.kindOfPair holds the
// kinds for the stage) and its postcode handle (postcodeTable holds every
// handle it made), and values the store could not take (larger than it
// takes, or after a mapping failed), which the builder pins for the stage
// (pin). The setters below copy what they are given into the store before
// a record holds it; checkRecords, run after every step, fails the import
// if any record points elsewhere (a step that bypassed them), before
// anything is written from it. Records in the store are marked inCold; a
// record made where the store keeps nothing (no temporary directory:
// tests that say so) stays in the heap and the setters just assign.
//
// LI ×64 (183 k places in memory, 192 bytes each): 35 MB of records left
// the heap, the stage's largest part (places/doc.go); at ×400 ~240 MB.

import (
	"fmt"
	"unique"
	"unsafe"

	"github.com/paulmach/osm"

	"waymark/regions/extract"
)

// postcodeTable makes the places' postcode handles and keeps each for the
// stage, so that a record in the store may hold one.
type postcodeTable struct{ made map[postcodeRef]bool }

// ref returns code's handle ("" none).
func (t *postcodeTable) ref(code string) postcodeRef {
	if code == "" {
		return postcodeRef{}
	}
	if t.made == nil {
		t.made = map[postcodeRef]bool{}
	}
	r := postcodeRef{unique.Make(code)}
	t.made[r] = true
	return r
}

// kept reports whether r is none or a handle the table made; it compares
// handles, so it never reads through one the collector may have freed.
func (t *postcodeTable) kept(r postcodeRef) bool {
	return r == (postcodeRef{}) || t.made[r]
}

// keepRecord returns the record b.places keeps for p, a place in the
// heap just made (add): a copy in the store, or p itself where the store
// keeps nothing.
func (b *placeBuilder) keepRecord(p *place) *place {
	if !b.storing() {
		return p
	}
	r := coldNew[place](b.cold)
	if r == nil {
		return p
	}
	q := *p // what is copied to the store is held here until r has it
	q.name = b.coldStr(p.name)
	q.nameTags = b.coldNames(p.nameTags)
	q.code = b.codes.ref(p.postcode())
	q.extratags = extract.PackedTags(b.coldStr(string(p.extratags)))
	q.geom = shape(b.coldStr(string(p.geom)))
	q.lines = coldSlice(b, p.lines)
	q.later = b.coldLater(p.later)
	q.flags |= inCold
	*r = q
	return r
}

// appendPlace appends p (nil for a leaf's slot) to b.places, which is in
// the cold store where it keeps anything (8 bytes a place, leaves
// included: LI ×400 has ~3.5 M): a record in the heap is pinned, since
// the collector does not see the array (places_records.go).
func (b *placeBuilder) appendPlace(p *place) {
	if len(b.places) == cap(b.places) && b.storing() {
		grown := coldMake[*place](b.cold, max(2*cap(b.places), 1<<12))[:len(b.places)]
		copy(grown, b.places)
		b.places = grown
	}
	if p != nil && !p.is(inCold) && b.cold.owns(unsafe.Pointer(unsafe.SliceData(b.places))) {
		b.pinnedPlaces = append(b.pinnedPlaces, p)
	}
	b.places = append(b.places, p)
}

// storing reports whether the cold store keeps anything (it has a file):
// without, nothing is copied or pinned.
func (b *placeBuilder) storing() bool { return b.cold != nil && b.cold.f != nil }

// pin keeps v, which a record in the store is to hold and the store
// could not take (too large for it, or its mapping failed), for the
// stage; at is its data's address.
func (b *placeBuilder) pin(at unsafe.Pointer, v any) {
	if b.pinned == nil {
		b.pinned = map[unsafe.Pointer]any{}
	}
	b.pinned[at] = v
}

// kept reports whether a record in the store may point at: into the
// store, or at a value the builder pinned.
func (b *placeBuilder) kept(at unsafe.Pointer) bool {
	if b.cold.owns(at) {
		return true
	}
	_, ok := b.pinned[at]
	return ok
}

// coldStr returns a copy of s in the store, or s pinned.
func (b *placeBuilder) coldStr(s string) string {
	if s == "" || !b.storing() || b.cold.owns(unsafe.Pointer(unsafe.StringData(s))) {
		return s
	}
	if c := b.cold.str(s); b.cold.owns(unsafe.Pointer(unsafe.StringData(c))) {
		return c
	}
	b.pin(unsafe.Pointer(unsafe.StringData(s)), s)
	return s
}

// coldSlice returns a copy of s (pointer-free) in the store, or s
// pinned.
func coldSlice[T any](b *placeBuilder, s []T) []T {
	if s == nil || !b.storing() {
		return s
	}
	if len(s) == 0 {
		return make([]T, 0) // no memory: a non-nil empty slice says something (labelMembers)
	}
	if c := coldCopy(b.cold, s); b.cold.owns(unsafe.Pointer(&c[0])) {
		return c
	}
	b.pin(unsafe.Pointer(&s[0]), s)
	return s
}

// coldNames returns a copy of the name tags m in the store (m when it is
// one, or nil).
func (b *placeBuilder) coldNames(m *extract.TagMap) *extract.TagMap {
	if m == nil || !b.storing() || b.cold.owns(unsafe.Pointer(m)) {
		return m
	}
	pairs := make([]extract.TagPair, len(*m))
	for i, t := range *m {
		pairs[i] = extract.TagPair{Key: b.coldStr(t.Key), Value: b.coldStr(t.Value)}
	}
	pairs = coldSlice(b, pairs)
	h := coldNew[extract.TagMap](b.cold)
	if h == nil {
		h = &extract.TagMap{}
		b.pin(unsafe.Pointer(h), h)
	}
	*h = pairs
	return h
}

// coldLater returns a copy of l and all it holds in the store (nil for
// nil).
func (b *placeBuilder) coldLater(l *placeLater) *placeLater {
	if l == nil || !b.storing() || b.cold.owns(unsafe.Pointer(l)) {
		return l
	}
	c := placeLater{housenumber: b.coldStr(l.housenumber), street: b.coldStr(l.street), addrPlace: b.coldStr(l.addrPlace)}
	if l.tags != nil {
		tags := make(osm.Tags, len(l.tags))
		for i, t := range l.tags {
			tags[i] = osm.Tag{Key: b.coldStr(t.Key), Value: b.coldStr(t.Value)}
		}
		c.tags = coldSlice(b, tags)
	}
	if l.member != nil {
		member := make([]extract.Member, len(l.member))
		for i, m := range l.member {
			member[i] = extract.Member{Type: osm.Type(b.coldStr(string(m.Type))), Ref: m.Ref, Role: b.coldStr(m.Role)}
		}
		c.member = coldSlice(b, member)
	}
	h := coldNew[placeLater](b.cold)
	if h == nil {
		h = &placeLater{}
		b.pin(unsafe.Pointer(h), h)
	}
	*h = c
	return h
}

// The setters: a record in the store takes a copy there; one in the heap
// takes the value.

// setNames sets p's name tags.
func (b *placeBuilder) setNames(p *place, m extract.TagMap) {
	ref := nameRef(m)
	if p.is(inCold) {
		ref = b.coldNames(ref)
	}
	p.nameTags = ref
}

// setName sets p's name.
func (b *placeBuilder) setName(p *place, s string) {
	if p.is(inCold) {
		s = b.coldStr(s)
	}
	p.name = s
}

// setExtratags sets p's extra tags.
func (b *placeBuilder) setExtratags(p *place, t extract.PackedTags) {
	if p.is(inCold) {
		t = extract.PackedTags(b.coldStr(string(t)))
	}
	p.extratags = t
}

// setLines sets p's address lines.
func (b *placeBuilder) setLines(p *place, l []addressLine) {
	if p.is(inCold) {
		l = coldSlice(b, l)
	}
	p.lines = l
}

// setLater sets what p keeps of its object (placeLater).
func (b *placeBuilder) setLater(p *place, l *placeLater) {
	if p.is(inCold) {
		l = b.coldLater(l)
	}
	p.later = l
}

// setAddress sets p's address tags (place.setAddress).
func (b *placeBuilder) setAddress(p *place, housenumber, street, addrPlace string) {
	q := place{later: p.later}
	q.setAddress(housenumber, street, addrPlace)
	if q.later != p.later {
		b.setLater(p, q.later)
	}
}

// checkRecords returns an error naming the first record in the store
// that points where it may not (kept), but for its kind and postcode
// handle, which must be the builder's; or when places, in the store,
// holds records in the heap that are not pinned.
func (b *placeBuilder) checkRecords(step string) error {
	inHeap := 0
	for i, p := range b.records() {
		if p == nil {
			continue
		}
		if !p.is(inCold) {
			inHeap++
			continue
		}
		if field := b.strayField(p); field != "" {
			return fmt.Errorf("places: after %s, place %d (%c%d) holds its %s outside the cold store", step, i+1, p.osmType, p.osmID, field)
		}
	}
	if b.cold.owns(unsafe.Pointer(unsafe.SliceData(b.places))) && inHeap != len(b.pinnedPlaces) {
		return fmt.Errorf("places: after %s, %d places in the heap, %d of them pinned (appended other than by appendPlace)", step, inHeap, len(b.pinnedPlaces))
	}
	return nil
}

// strayField returns the first field of the record p in the store that
// points where it may not, or "".
func (b *placeBuilder) strayField(p *place) string {
	str := func(s string) bool { return s == "" || b.kept(unsafe.Pointer(unsafe.StringData(s))) }
	slice := func(at unsafe.Pointer, n int) bool { return n == 0 || b.kept(at) }
	switch {
	case !b.cold.owns(unsafe.Pointer(p)):
		return "record"
	case p.kind != nil && b.kindOfPair[[2]string{p.kind.class, p.kind.typ}] != p.kind:
		return "kind"
	case !str(p.name):
		return "name"
	case !b.codes.kept(p.code):
		return "postcode"
	case !str(string(p.extratags)):
		return "extra tags"
	case !str(string(p.geom)):
		return "geometry"
	case len(p.lines) > 0 && !b.kept(unsafe.Pointer(&p.lines[0])):
		return "address lines"
	}
	if m := p.nameTags; m != nil {
		if !b.kept(unsafe.Pointer(m)) || len(*m) > 0 && !b.kept(unsafe.Pointer(&(*m)[0])) {
			return "name tags"
		}
		for _, t := range *m {
			if !str(t.Key) || !str(t.Value) {
				return "name tags"
			}
		}
	}
	if l := p.later; l != nil {
		if !b.kept(unsafe.Pointer(l)) || !str(l.housenumber) || !str(l.street) || !str(l.addrPlace) ||
			len(l.tags) > 0 && !slice(unsafe.Pointer(&l.tags[0]), len(l.tags)) ||
			len(l.member) > 0 && !slice(unsafe.Pointer(&l.member[0]), len(l.member)) {
			return "kept tags"
		}
		for _, t := range l.tags {
			if !str(t.Key) || !str(t.Value) {
				return "kept tags"
			}
		}
		for _, m := range l.member {
			if !str(string(m.Type)) || !str(m.Role) {
				return "kept tags"
			}
		}
	}
	return ""
}
