package places

// The places stage keeps houses and POIs (leaves) out of memory. A country
// is mostly leaves (LI: 85% of the places, most of their bytes: names,
// extra tags, building outlines), and no other place depends on one
// except through a few aggregates (postcode centroids, a street's most
// common postcode, a POI taking its building's address, the end nodes of
// an interpolation). So collect encodes them into a spill, a temporary
// file read front to back, and leaves a nil in their slot of
// placeBuilder.places, which keeps their place_id (index+1) and the order
// rows are written in: the pack is the same as when they were in memory.
// Each pass over the leaves reads the spill whole (eachPlace merges it
// with the places in memory, in index order) and the pass that changes
// them (addresses) writes a new one.

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/paulmach/osm"

	"waymark/engine/geocode/placegeom"
	"waymark/regions/extract"
)

// isLeaf reports whether p, just collected with its ranks, is a house or
// POI that goes to the spill: search rank 28 or more, an address rank no
// address index reads (0 or 28 and more), not a boundary (countries,
// postcode areas) and no relation members (linking reads them).
func isLeaf(p *place) bool {
	return p.rankSearch >= 28 && (p.rankAddress == 0 || p.rankAddress >= 28) &&
		p.kind.class != "boundary" && p.members() == nil
}

// placeSpill is a sequence of encoded places in an unlinked temporary
// file (or in memory when dir is ""); write them all, then read them in
// order as often as needed.
type placeSpill struct {
	f     *os.File
	w     *bufio.Writer
	mem   bytes.Buffer
	size  int64
	count int
	buf   []byte
}

func newPlaceSpill(dir string) (*placeSpill, error) {
	s := &placeSpill{}
	if dir == "" {
		return s, nil
	}
	f, err := extract.CreateUnlinked(dir, ".waymark-places-*")
	if err != nil {
		return nil, fmt.Errorf("regions: place spill: %w", err)
	}
	s.f, s.w = f, bufio.NewWriterSize(f, 1<<20)
	return s, nil
}

// add appends place p of index i.
func (s *placeSpill) add(i int32, p *place) error {
	rec, err := appendPlace(s.buf[:0], i, p)
	if err != nil {
		return err
	}
	s.buf = rec
	var n [binary.MaxVarintLen64]byte
	head := n[:binary.PutUvarint(n[:], uint64(len(rec)))]
	var w io.Writer = &s.mem
	if s.w != nil {
		w = s.w
	}
	if _, err := w.Write(head); err != nil {
		return fmt.Errorf("regions: place spill: %w", err)
	}
	if _, err := w.Write(rec); err != nil {
		return fmt.Errorf("regions: place spill: %w", err)
	}
	s.size += int64(len(head) + len(rec))
	s.count++
	return nil
}

// reader returns a reader of the places written so far.
func (s *placeSpill) reader() (*spillReader, error) {
	if s.w == nil {
		return &spillReader{r: bufio.NewReader(bytes.NewReader(s.mem.Bytes())), left: s.count}, nil
	}
	if err := s.w.Flush(); err != nil {
		return nil, fmt.Errorf("regions: place spill: %w", err)
	}
	return &spillReader{r: bufio.NewReaderSize(io.NewSectionReader(s.f, 0, s.size), 1<<20), left: s.count}, nil
}

// close removes the spill.
func (s *placeSpill) close() {
	if s == nil {
		return
	}
	if s.f != nil {
		s.f.Close()
	}
	*s = placeSpill{}
}

// spillReader reads a spill's places in the order they were added.
type spillReader struct {
	r    *bufio.Reader
	left int
	buf  []byte
}

// next returns the next place and its index; ok is false at the end.
func (r *spillReader) next() (i int32, p *place, ok bool, err error) {
	if r.left == 0 {
		return 0, nil, false, nil
	}
	n, err := binary.ReadUvarint(r.r)
	if err != nil {
		return 0, nil, false, fmt.Errorf("regions: place spill: %w", err)
	}
	if uint64(cap(r.buf)) < n {
		r.buf = make([]byte, n)
	}
	r.buf = r.buf[:n]
	if _, err := io.ReadFull(r.r, r.buf); err != nil {
		return 0, nil, false, fmt.Errorf("regions: place spill: %w", err)
	}
	r.left--
	i, p, err = decodePlace(r.buf)
	return i, p, err == nil, err
}

const (
	spillTagPostcode = 1 << iota
	spillInheritedPostcode
	spillInterpolated
	spillInherits
	spillLater
)

// appendPlace encodes place p of index i onto dst: everything the steps
// after collect read or write of a leaf, floats bit for bit.
func appendPlace(dst []byte, i int32, p *place) ([]byte, error) {
	if p.later != nil && p.later.member != nil {
		return dst, errors.New("regions: place spill: a place with members")
	}
	dst = binary.AppendUvarint(dst, uint64(i))
	dst = append(dst, p.osmType)
	for _, s := range []string{p.kind.class, p.kind.typ, p.name, p.housenumber(), p.street(), p.addrPlace(), p.postcode(), p.country.String()} {
		dst = appendString(dst, s)
	}
	dst = binary.AppendVarint(dst, p.osmID)
	dst = binary.AppendVarint(dst, int64(p.adminLevel))
	dst = binary.AppendVarint(dst, int64(p.rankSearch))
	dst = binary.AppendVarint(dst, int64(p.rankAddress))
	dst = binary.AppendVarint(dst, int64(p.parent))
	dst = binary.AppendVarint(dst, int64(p.linked))
	dst = append(dst, boolByte(p.is(tagPostcode))*spillTagPostcode|boolByte(p.is(inheritedPostcode))*spillInheritedPostcode|
		boolByte(p.is(interpolated))*spillInterpolated|boolByte(p.is(inherits))*spillInherits|boolByte(p.keptTags() != nil)*spillLater)
	for _, f := range []float64{p.importance, p.centroid[0], p.centroid[1], p.bound.Min[0], p.bound.Min[1],
		p.bound.Max[0], p.bound.Max[1], p.area} {
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(f))
	}
	dst = appendTags(dst, p.names())
	dst = appendString(dst, string(p.extratags))
	if p.keptTags() != nil {
		dst = binary.AppendUvarint(dst, uint64(len(p.later.tags)))
		for _, t := range p.later.tags {
			dst = appendString(appendString(dst, t.Key), t.Value)
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(p.lines)))
	for _, l := range p.lines {
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(l.distance))
		dst = binary.AppendVarint(dst, int64(l.parent))
		dst = binary.AppendVarint(dst, int64(l.rank))
		dst = append(dst, boolByte(l.isAddress)|boolByte(l.fromArea)<<1)
	}
	start := len(dst)
	dst = append(dst, 0, 0, 0, 0) // geometry length, filled below
	dst = append(dst, p.geom...)
	binary.LittleEndian.PutUint32(dst[start:], uint32(len(dst)-start-4))
	return dst, nil
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

func appendString(dst []byte, s string) []byte {
	return append(binary.AppendUvarint(dst, uint64(len(s))), s...)
}

func appendTags(dst []byte, m extract.TagMap) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(m)))
	for _, t := range m {
		dst = appendString(appendString(dst, t.Key), t.Value)
	}
	return dst
}

// errBadRecord is a spill record that does not decode.
var errBadRecord = errors.New("regions: place spill: bad record")

// spillDecoder reads a record; the first failure sticks in err.
type spillDecoder struct {
	b   []byte
	err error
}

func (d *spillDecoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err, d.b = errBadRecord, nil
		return 0
	}
	d.b = d.b[n:]
	return v
}

// varint reads binary.AppendVarint's zigzag encoding.
func (d *spillDecoder) varint() int64 {
	u := d.uvarint()
	x := int64(u >> 1)
	if u&1 != 0 {
		x = ^x
	}
	return x
}

func (d *spillDecoder) bytes(n uint64) []byte {
	if uint64(len(d.b)) < n {
		d.err, d.b = errBadRecord, nil
		return nil
	}
	v := d.b[:n]
	d.b = d.b[n:]
	return v
}

func (d *spillDecoder) string() string { return string(d.bytes(d.uvarint())) }

func (d *spillDecoder) float() float64 {
	b := d.bytes(8)
	if b == nil {
		return 0
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b))
}

func (d *spillDecoder) tags() extract.TagMap {
	n := d.uvarint()
	if n == 0 || n > uint64(len(d.b)) {
		return nil
	}
	m := make(extract.TagMap, n)
	for k := range m {
		m[k] = extract.TagPair{Key: d.string(), Value: d.string()}
	}
	return m
}

// decodePlace decodes a record of appendPlace.
func decodePlace(rec []byte) (int32, *place, error) {
	d := &spillDecoder{b: rec}
	i := int32(d.uvarint())
	p := &place{kind: &placeKind{}}
	if t := d.bytes(1); t != nil {
		p.osmType = t[0]
	}
	var housenumber, street, addrPlace, postcode, country string
	for _, s := range []*string{&p.kind.class, &p.kind.typ, &p.name, &housenumber, &street, &addrPlace, &postcode, &country} {
		*s = d.string()
	}
	p.setPostcode(postcode)
	p.country = toCountry(country)
	p.osmID = d.varint()
	p.adminLevel = int8(d.varint())
	p.rankSearch = int8(d.varint())
	p.rankAddress = int8(d.varint())
	p.parent = int32(d.varint())
	p.linked = int32(d.varint())
	flags := d.bytes(1)
	if flags == nil {
		return 0, nil, errBadRecord
	}
	f := flags[0]
	p.mark(tagPostcode, f&spillTagPostcode != 0)
	p.mark(inheritedPostcode, f&spillInheritedPostcode != 0)
	p.mark(interpolated, f&spillInterpolated != 0)
	p.mark(inherits, f&spillInherits != 0)
	for _, v := range []*float64{&p.importance, &p.centroid[0], &p.centroid[1], &p.bound.Min[0], &p.bound.Min[1],
		&p.bound.Max[0], &p.bound.Max[1], &p.area} {
		*v = d.float()
	}
	p.setNames(d.tags())
	p.extratags = extract.PackedTags(d.string())
	p.setAddress(housenumber, street, addrPlace)
	if f&spillLater != 0 {
		if p.later == nil {
			p.later = &placeLater{}
		}
		if n := d.uvarint(); n > 0 && n <= uint64(len(d.b)) {
			p.later.tags = make(osm.Tags, n)
			for k := range p.later.tags {
				p.later.tags[k] = osm.Tag{Key: d.string(), Value: d.string()}
			}
		}
	}
	if n := d.uvarint(); n > 0 && n <= uint64(len(d.b)) {
		p.lines = make([]addressLine, n)
		for k := range p.lines {
			l := &p.lines[k]
			l.distance = d.float()
			l.parent = int32(d.varint())
			l.rank = int16(d.varint())
			if b := d.bytes(1); b != nil {
				l.isAddress, l.fromArea = b[0]&1 != 0, b[0]&2 != 0
			}
		}
	}
	glen := d.bytes(4)
	if d.err != nil || glen == nil {
		return 0, nil, errBadRecord
	}
	blob := d.bytes(uint64(binary.LittleEndian.Uint32(glen)))
	if d.err != nil || len(d.b) != 0 {
		return 0, nil, errBadRecord
	}
	if _, err := placegeom.Decode(blob); err != nil {
		return 0, nil, fmt.Errorf("regions: place spill: %w", err)
	}
	p.geom = shape(blob)
	return i, p, nil
}

// eachLeaf calls fn with every leaf of s in order, with its position k in
// s and its index i.
func eachLeaf(s *placeSpill, fn func(k int, i int32, p *place) error) error {
	r, err := s.reader()
	if err != nil {
		return err
	}
	for k := 0; ; k++ {
		i, p, ok, err := r.next()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		if err := fn(k, i, p); err != nil {
			return err
		}
	}
}

// eachPlace calls fn with every place in index order, a leaf read from
// the builder's spill (leaf true: fn may change it, and keep it, but the
// spill does not change).
func (b *placeBuilder) eachPlace(fn func(i int32, p *place, leaf bool) error) error {
	r, err := b.leaves.reader()
	if err != nil {
		return err
	}
	li, lp, ok, err := r.next()
	for i, p := range b.records() {
		if err != nil {
			return err
		}
		leaf := p == nil
		if leaf {
			if !ok || li != int32(i) {
				return fmt.Errorf("regions: place spill: no leaf %d", i)
			}
			p = lp
			li, lp, ok, err = r.next()
		}
		if err := fn(int32(i), p, leaf); err != nil {
			return err
		}
	}
	if err == nil && ok {
		err = fmt.Errorf("regions: place spill: leaf %d has no slot", li)
	}
	return err
}
