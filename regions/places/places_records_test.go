package places

import (
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/regions/extract"
)

// heapStr returns a copy of s of its own in the heap.
func heapStr(s string) string { return string([]byte(s)) }

// newRecordBuilder returns a builder whose cold store is in a temporary
// directory (dir true) or keeps nothing.
func newRecordBuilder(t *testing.T, dir bool) *placeBuilder {
	t.Helper()
	d := ""
	if dir {
		d = t.TempDir()
	}
	c, err := newColdStore(d)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.close() })
	return &placeBuilder{cold: c, kindOfPair: map[[2]string]*placeKind{}, strs: map[string]string{}}
}

// recordPlace returns a place with every kind of field set, all in the
// heap.
func recordPlace(b *placeBuilder) *place {
	p := &place{osmType: 'R', osmID: 42, kind: b.kindOf("boundary", "administrative"), name: heapStr("Vaduz"),
		nameTags: nameRef(extract.TagMap{{Key: heapStr("name"), Value: heapStr("Vaduz")}, {Key: heapStr("name:de"), Value: heapStr("Vaduz")}}),
		code:     toPostcode(heapStr("9490")), extratags: extract.PackedTags(heapStr("wikidata\x00Q1")), geom: mustShape(orb.Point{9.52, 47.14}),
		lines: []addressLine{{distance: 1, parent: 3, rank: 8, isAddress: true}},
		later: &placeLater{tags: osm.Tags{{Key: heapStr("ISO3166-2"), Value: heapStr("LI-11")}}, member: []extract.Member{},
			housenumber: heapStr("1"), street: heapStr("Städtle"), addrPlace: heapStr("")},
		centroid: orb.Point{9.52, 47.14}, country: toCountry("li"), flags: tagPostcode}
	return p
}

// recordText is what a test compares of a record: every value it holds.
func recordText(p *place) string {
	var s strings.Builder
	s.WriteString(p.kind.class + "/" + p.kind.typ + "|" + p.name + "|" + p.names().JSON() + "|" + p.postcode() + "|" +
		string(p.extratags) + "|" + string(p.geom) + "|" + p.country.String() + "|" + p.housenumber() + "|" + p.street() + "|" + p.addrPlace())
	for _, t := range p.keptTags() {
		s.WriteString("|" + t.Key + "=" + t.Value)
	}
	for _, l := range p.lines {
		s.WriteString("|" + string(rune('0'+l.rank)))
	}
	if p.members() != nil {
		s.WriteString("|members")
	}
	return s.String()
}

// TestKeepRecord copies a place into the cold store: the record holds the
// same values, all in the store (but its kind and postcode handle, the
// builder's), after the collector ran and the store's pages were given
// back; without a store the place itself is kept.
func TestKeepRecord(t *testing.T) {
	b := newRecordBuilder(t, true)
	p := recordPlace(b)
	want := recordText(p)
	r := b.keepRecord(p)
	if r == p || !r.is(inCold) || !b.cold.owns(unsafePointer(r)) {
		t.Fatal("the record is not in the store")
	}
	p = nil
	runtime.GC()
	runtime.GC()
	b.cold.dropResident()
	if got := recordText(r); got != want {
		t.Errorf("record = %s, want %s", got, want)
	}
	if f := b.strayField(r); f != "" {
		t.Errorf("the record holds its %s outside the store", f)
	}
	if r.members() == nil {
		t.Error("an empty member list became none")
	}

	h := newRecordBuilder(t, false)
	q := recordPlace(h)
	if h.keepRecord(q) != q {
		t.Error("without a store the record is not the place itself")
	}
}

// TestRecordSetters changes a record in the store through the setters
// (copies in the store, or pinned when too large for it) and directly
// (which checkRecords reports, naming the field).
func TestRecordSetters(t *testing.T) {
	b := newRecordBuilder(t, true)
	r := b.keepRecord(recordPlace(b))
	b.places = []*place{r}
	b.setName(r, heapStr("Vaduz Stadt"))
	b.setNames(r, extract.TagMap{{Key: heapStr("name"), Value: heapStr("Vaduz Stadt")}})
	b.setExtratags(r, extract.PackedTags(heapStr("capital\x00yes")))
	b.setLines(r, []addressLine{{parent: 1, rank: 4}, {parent: 2, rank: 8}})
	b.setAddress(r, heapStr("3"), heapStr("Äulestrasse"), "")
	big := strings.Repeat("x", coldChunk/8) // more than the store takes at once
	b.setLater(r, &placeLater{tags: osm.Tags{{Key: "note", Value: big}}, housenumber: r.housenumber(), street: r.street()})
	r.code = b.codes.ref(heapStr("9495"))
	runtime.GC()
	runtime.GC()
	if err := b.checkRecords("setters"); err != nil {
		t.Fatal(err)
	}
	if r.name != "Vaduz Stadt" || r.names().Get("name") != "Vaduz Stadt" || string(r.extratags) != "capital\x00yes" ||
		len(r.lines) != 2 || r.lines[1].rank != 8 || r.housenumber() != "3" || r.street() != "Äulestrasse" ||
		r.keptTags().Find("note") != big || r.postcode() != "9495" {
		t.Errorf("after the setters: %s", recordText(r))
	}
	for _, tc := range []struct {
		field string
		set   func()
	}{
		{"name", func() { r.name = heapStr("Schaan") }},
		{"address lines", func() { r.lines = []addressLine{{parent: 7}} }},
		{"kept tags", func() { r.later = &placeLater{housenumber: "5"} }},
		{"postcode", func() { r.code = toPostcode(heapStr("9999")) }},
		{"name tags", func() { r.nameTags = nameRef(extract.TagMap{{Key: "name", Value: heapStr("Planken")}}) }},
	} {
		old := *r
		tc.set()
		err := b.checkRecords("test")
		if err == nil || !strings.Contains(err.Error(), "its "+tc.field+" outside") {
			t.Errorf("%s set directly: %v", tc.field, err)
		}
		*r = old
	}
}

// unsafePointer is p as an unsafe.Pointer.
func unsafePointer(p *place) unsafe.Pointer { return unsafe.Pointer(p) }

// TestAppendPlace grows places in the store past several arrays: the
// records, in the store and in the heap, and the leaves' empty slots read
// back after the collector ran; a record appended other than by
// appendPlace is reported.
func TestAppendPlace(t *testing.T) {
	b := newRecordBuilder(t, true)
	var want []string
	for i := range 20_000 {
		var p *place
		switch i % 3 {
		case 0:
			p = b.keepRecord(recordPlace(b))
		case 1:
			p = recordPlace(b) // a row made after collect stays in the heap
		}
		if p != nil {
			p.osmID = int64(i)
			want = append(want, recordText(p))
		}
		b.appendPlace(p)
	}
	if !b.cold.owns(unsafe.Pointer(unsafe.SliceData(b.places))) {
		t.Fatal("places is not in the store")
	}
	runtime.GC()
	runtime.GC()
	var got []string
	for i, p := range b.places {
		if (p == nil) != (i%3 == 2) || p != nil && p.osmID != int64(i) {
			t.Fatalf("place %d: %v", i, p)
		}
		if p != nil {
			got = append(got, recordText(p))
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Error("the records changed")
	}
	if err := b.checkRecords("test"); err != nil {
		t.Fatal(err)
	}
	b.places = append(b.places, recordPlace(b))
	if err := b.checkRecords("test"); err == nil || !strings.Contains(err.Error(), "pinned") {
		t.Errorf("a record appended directly: %v", err)
	}
}

// TestNoStoreNoPins: without a store, sharing names and setting a heap
// record's fields neither copies nor pins anything.
func TestNoStoreNoPins(t *testing.T) {
	b := newRecordBuilder(t, false)
	b.namesOf = map[extract.PackedTags]*extract.TagMap{}
	p := recordPlace(b)
	b.shareNames(p)
	b.appendPlace(b.keepRecord(p))
	b.setLines(p, []addressLine{{parent: 1}})
	b.setAddress(p, "9", "", "")
	if len(b.pinned) != 0 || len(b.pinnedPlaces) != 0 || b.places[0] != p {
		t.Errorf("without a store: %d values and %d places pinned", len(b.pinned), len(b.pinnedPlaces))
	}
}
