package extract

import (
	"encoding/binary"
	"sync"

	"github.com/paulmach/osm"
)

// relMembers carries relations' members from the PBF decoder's goroutines
// to the reader packed (packMembers: a few bytes a member where an
// osm.Member takes 104). The decoders run ahead of the reader by up to
// ~15 blocks (osmpbf's channels: 5 decoded blocks a decoder, and the
// serializer's), and when the reader is the slower, on the relation
// blocks at the end of a file, their members filled that window: at LI
// ×400 --distinct-places, 143 MB of osm.Member, the read stage's largest
// allocation at its peak. The relations still pass through the decoder's
// channels in file order, their members taken out.
type relMembers struct {
	mu   sync.Mutex
	byID map[osm.RelationID]packedRelation
}

// packedRelation is the relation object the members were taken from and
// the members, packed.
type packedRelation struct {
	r      *osm.Relation
	packed []byte
}

// take is the decoder's FilterRelation: it packs r's members and takes
// them out of r. A relation whose id is already waiting keeps its
// members (the reader encodes them from r), so that equal ids in one
// input are read as they are, each with its own members.
func (p *relMembers) take(r *osm.Relation) bool {
	packed := packMembers(nil, r.Members)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.byID == nil {
		p.byID = map[osm.RelationID]packedRelation{}
	}
	if _, waiting := p.byID[r.ID]; !waiting {
		p.byID[r.ID] = packedRelation{r, packed}
		r.Members = nil
	}
	return true
}

// give returns the packed members take took from r, or nil when r keeps
// its own.
func (p *relMembers) give(r *osm.Relation) []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	e, ok := p.byID[r.ID]
	if !ok || e.r != r {
		return nil
	}
	delete(p.byID, r.ID)
	return e.packed
}

// packMembers appends members to b as a relation record's members
// (relstore.go) but with each role and other type's name inline instead
// of its index in the store's string table, which only the reader may
// number (in the order names first appear, so that the store is the same
// whatever the decoders' timing): uvarint(members); per member a byte of
// its type's code, for code 3 uvarint(len) and the type's name, then
// uvarint(len) and the role, then the ref's delta as the record has it.
func packMembers(b []byte, members osm.Members) []byte {
	b = binary.AppendUvarint(b, uint64(len(members)))
	var prev [4]int64
	for _, m := range members {
		code := memberCode(m.Type)
		b = append(b, byte(code))
		if code == 3 {
			b = appendString(b, string(m.Type))
		}
		b = appendString(b, m.Role)
		b = binary.AppendVarint(b, m.Ref-prev[code])
		prev[code] = m.Ref
	}
	return b
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// memberCode is the code of a member type: its place in memberTypes, or 3.
func memberCode(t osm.Type) int {
	for c, typ := range memberTypes {
		if t == typ {
			return c
		}
	}
	return 3
}

// appendPacked appends the members packMembers packed as a record's, the
// names numbered by str (in the order encodeRelation numbers them: a
// member's role, then its type's name).
func appendPacked(b, packed []byte, str func([]byte) uint64) ([]byte, error) {
	n, k := binary.Uvarint(packed)
	if k <= 0 {
		return nil, errRelationRecord
	}
	b = binary.AppendUvarint(b, n)
	p := packed[k:]
	next := func() ([]byte, bool) {
		l, k := binary.Uvarint(p)
		if k <= 0 || uint64(len(p)-k) < l {
			return nil, false
		}
		s := p[k : k+int(l)]
		p = p[k+int(l):]
		return s, true
	}
	for range n {
		if len(p) == 0 || p[0] > 3 {
			return nil, errRelationRecord
		}
		code := uint64(p[0])
		p = p[1:]
		var typ []byte
		ok := true
		if code == 3 {
			typ, ok = next()
		}
		role, ok2 := next()
		_, k := binary.Varint(p)
		if !ok || !ok2 || k <= 0 {
			return nil, errRelationRecord
		}
		b = binary.AppendUvarint(b, str(role)<<2|code)
		if code == 3 {
			b = binary.AppendUvarint(b, str(typ))
		}
		b = append(b, p[:k]...)
		p = p[k:]
	}
	if len(p) != 0 {
		return nil, errRelationRecord
	}
	return b, nil
}

// keyOf is key for a name in bytes, which it copies only when the name is
// new.
func (ww *wayWriter) keyOf(k []byte) uint64 {
	if i, ok := ww.keyIdx[string(k)]; ok {
		return i
	}
	return ww.key(string(k))
}
