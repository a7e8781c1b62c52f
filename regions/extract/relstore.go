package extract

import (
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"unsafe"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"
)

// Relations are kept like ways and tagged nodes (see wayStore): encoded
// one after another in a memory-mapped temporary file (in memory when the
// Data has no temporary directory), with an index of ids and offsets
// sorted by id (the first of equal ids kept, as for ways), and decoded
// into a fresh Relation each time a stage asks for one. Held as Go
// objects, the relations were live in every stage and grew with the
// extract: ~15 MB of Relation and Member structs and tag strings on the
// 16-copy tiling of LI (13,232 relations, 264,560 members), ~63 MB at ×64
// (49 MB newRelation, 14 MB tags). Encoded, ×16 takes a 2.9 MB file and a
// 0.1 MB index; a pass that decodes every relation costs ~5 µs a relation
// of LI (four allocations: the Relation, its tags, their values, its
// members), ~70 ms per pass at ×16.
//
// A record is: uvarint(tags); per tag uvarint(key) uvarint(len) value
// bytes; uvarint(members); per member uvarint(role<<2 | type), where type
// is 0 node, 1 way, 2 relation, 3 another (its name follows as
// uvarint(string)), then the ref as a zigzag varint delta from the
// previous member's ref of the same type. Keys, roles and other type
// names are indexes into the store's string table (its keys): a small
// vocabulary (720 strings on LI).

// Relation is a relation with what the stages read of its members.
type Relation struct {
	ID      osm.RelationID
	Tags    osm.Tags
	Members []Member
}

// Member is a relation member: 40 bytes, where osm.Member's version,
// changeset, location and node fields take 104.
type Member struct {
	Type osm.Type
	Ref  int64
	Role string
}

// memberTypes are the member types that have a code of their own.
var memberTypes = [3]osm.Type{osm.TypeNode, osm.TypeWay, osm.TypeRelation}

// errRelationRecord reports a relation record that does not decode: the
// store is written by this process, so it means a damaged temporary file.
var errRelationRecord = errors.New("regions: relation store: damaged record")

// addRelation appends o to the relations as read; packed, when not nil,
// are its members as packMembers packed them (relMembers), o's own
// otherwise.
func (d *Data) addRelation(o *osm.Relation, packed []byte) error {
	if d.rawRels == nil {
		var err error
		if d.rawRels, err = newWayWriter(d.TmpDir, nil); err != nil {
			return err
		}
	}
	ww := d.rawRels
	if packed == nil {
		ww.buf = encodeRelation(ww.buf[:0], o.Tags, o.Members, ww.key)
	} else {
		var err error
		ww.buf, err = appendPacked(encodeTags(ww.buf[:0], o.Tags, ww.key), packed, ww.keyOf)
		if err != nil {
			return fmt.Errorf("regions: relation %d: %w", o.ID, err)
		}
	}
	return ww.addEncoded(osm.WayID(o.ID), ww.buf)
}

// encodeRelation appends the record of a relation with tags and members
// to b; str gives the table index of a key, role or type name.
func encodeRelation(b []byte, tags osm.Tags, members osm.Members, str func(string) uint64) []byte {
	b = encodeTags(b, tags, str)
	b = binary.AppendUvarint(b, uint64(len(members)))
	var prev [4]int64
	for _, m := range members {
		code := memberCode(m.Type)
		b = binary.AppendUvarint(b, str(m.Role)<<2|uint64(code))
		if code == 3 {
			b = binary.AppendUvarint(b, str(string(m.Type)))
		}
		b = binary.AppendVarint(b, m.Ref-prev[code])
		prev[code] = m.Ref
	}
	return b
}

// encodeTags appends a relation record's tags to b.
func encodeTags(b []byte, tags osm.Tags, str func(string) uint64) []byte {
	b = binary.AppendUvarint(b, uint64(len(tags)))
	for _, t := range tags {
		b = binary.AppendUvarint(b, str(t.Key))
		b = binary.AppendUvarint(b, uint64(len(t.Value)))
		b = append(b, t.Value...)
	}
	return b
}

// recordReader reads the varints and strings of a record, remembering
// the first error: a read past the end or a string index outside strs.
type recordReader struct {
	b    []byte
	p    int
	strs []string
	err  error
}

func (rr *recordReader) uvarint() uint64 {
	v, k := binary.Uvarint(rr.b[min(rr.p, len(rr.b)):])
	if k <= 0 {
		rr.fail()
		return 0
	}
	rr.p += k
	return v
}

// varint reads what binary.AppendVarint wrote: a zigzag uvarint.
func (rr *recordReader) varint() int64 {
	u := rr.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

func (rr *recordReader) str(i uint64) string {
	if i >= uint64(len(rr.strs)) {
		rr.fail()
		return ""
	}
	return rr.strs[i]
}

// count reads a count of items of at least size bytes each, failing when
// the rest of the record cannot hold them (so a damaged count does not
// make a huge allocation).
func (rr *recordReader) count(size int) int {
	n := rr.uvarint()
	if n > uint64(len(rr.b)-min(rr.p, len(rr.b)))/uint64(size) {
		rr.fail()
		return 0
	}
	return int(n)
}

// bytes skips n bytes and returns them.
func (rr *recordReader) bytes(n uint64) []byte {
	if n > uint64(len(rr.b)-min(rr.p, len(rr.b))) {
		rr.fail()
		return nil
	}
	s := rr.b[rr.p : rr.p+int(n)]
	rr.p += int(n)
	return s
}

func (rr *recordReader) fail() {
	if rr.err == nil {
		rr.err = errRelationRecord
	}
	rr.p = len(rr.b)
}

// decodeRelation decodes the record at the start of b (see
// encodeRelation) into a fresh Relation and returns it with the record's
// length. Keys and roles are the table's strings; the tag values share
// one allocation. A record that does not fit in b or names a string not
// in strs is an error.
func decodeRelation(b []byte, id osm.RelationID, strs []string) (*Relation, int, error) {
	rr := recordReader{b: b, strs: strs}
	r := &Relation{ID: id}
	if ntags := rr.count(2); ntags > 0 {
		// First the lengths, for one buffer of every value.
		start, total := rr.p, 0
		for range ntags {
			rr.uvarint()
			n := rr.uvarint()
			total += len(rr.bytes(n))
		}
		if rr.err != nil {
			return nil, 0, rr.err
		}
		rr.p = start
		vals := make([]byte, 0, total)
		r.Tags = make(osm.Tags, ntags)
		for i := range r.Tags {
			k := rr.str(rr.uvarint())
			v := rr.bytes(rr.uvarint())
			at := len(vals)
			vals = append(vals, v...)
			r.Tags[i] = osm.Tag{Key: k, Value: unsafe.String(unsafe.SliceData(vals[at:]), len(v))}
		}
	}
	r.Members = make([]Member, rr.count(2))
	var prev [4]int64
	for i := range r.Members {
		head := rr.uvarint()
		code := head & 3
		m := &r.Members[i]
		m.Role = rr.str(head >> 2)
		if code == 3 {
			m.Type = osm.Type(rr.str(rr.uvarint()))
		} else {
			m.Type = memberTypes[code]
		}
		prev[code] += rr.varint()
		m.Ref = prev[code]
	}
	if rr.err != nil {
		return nil, 0, rr.err
	}
	return r, rr.p, nil
}

// finishRelations makes the relations' store from what was read: every
// record is checked as it is decoded once (later decodes of the same
// bytes cannot fail), the member nodes that locate finds go to memberAt,
// and the index is sorted by id, the first of equal ids kept (objects of
// earlier inputs win).
func (d *Data) finishRelations(locate func(osm.NodeID) (int32, int32, bool)) error {
	if d.rawRels == nil {
		return nil
	}
	s, err := d.rawRels.finish()
	d.rawRels = nil
	if err != nil {
		return err
	}
	d.rels = *s // closed by Close, also on error
	for i := range s.len() {
		start, end := int(s.offs.get(i)), len(s.file.Data)
		if i+1 < s.len() {
			end = int(s.offs.get(i + 1))
		}
		r, n, err := decodeRelation(s.file.Data[start:end], osm.RelationID(s.id(i)), s.keys)
		if err == nil && n != end-start {
			err = errRelationRecord
		}
		if err != nil {
			return fmt.Errorf("%w (relation %d)", err, s.id(i))
		}
		for _, m := range r.Members {
			if m.Type != osm.TypeNode {
				continue
			}
			if lon, lat, ok := locate(osm.NodeID(m.Ref)); ok {
				d.memberAt[osm.NodeID(m.Ref)] = e7Point(lon, lat, d.XML)
			}
		}
	}
	return d.rels.sortIndex()
}

// relationAt decodes the i-th relation.
func (d *Data) relationAt(i int) *Relation { return d.relationFrom(i, d.rels.record(i)) }

// relationFrom decodes rec, the i-th relation's record.
func (d *Data) relationFrom(i int, rec []byte) *Relation {
	s := &d.rels
	r, _, err := decodeRelation(rec, osm.RelationID(s.id(i)), s.keys)
	if err != nil {
		// finishRelations decoded every record: the mapped bytes changed.
		panic(fmt.Sprintf("%v (relation %d)", err, s.id(i)))
	}
	return r
}

// Relations iterates over every relation in id order, decoding each (the
// Relation is the caller's and stays valid after the iteration).
func (d *Data) Relations() iter.Seq[*Relation] {
	return func(yield func(*Relation) bool) {
		for i := range d.rels.inOrder() {
			if !yield(d.relationAt(i)) {
				return
			}
		}
	}
}

// RelationCount returns the number of relations.
func (d *Data) RelationCount() int { return d.rels.len() }

// Relation returns the relation with id, or nil.
func (d *Data) Relation(id osm.RelationID) *Relation {
	i, ok := d.rels.find(osm.WayID(id))
	if !ok {
		return nil
	}
	return d.relationFrom(i, d.rels.lookup(i))
}

// MemberPoint returns the location of a node that is a relation member
// (tagged or not); ok is false when the node is missing from the extract.
func (d *Data) MemberPoint(id osm.NodeID) (orb.Point, bool) {
	if n := d.Node(id); n != nil {
		return n.Point(), true
	}
	p, ok := d.memberAt[id]
	return p, ok
}
