package regions

import (
	"encoding/binary"
	"encoding/json"
	"slices"
	"strings"
)

// tagMap is a small string map held as pairs sorted by key: the names and
// extra tags of a place. A Go map of two entries takes ~300 bytes and a
// country has millions of places (LI ×64: names and extratags maps were
// 180 MB of the places stage); this takes 24 bytes and 32 a pair.
type tagMap []tagPair

type tagPair struct{ key, value string }

// newTagMap returns the pairs as a tagMap; of pairs with the same key, the
// last wins (as assigning them to a map in order would).
func newTagMap(pairs []tagPair) tagMap {
	if len(pairs) == 0 {
		return nil
	}
	m := tagMap(pairs)
	slices.SortStableFunc(m, func(a, b tagPair) int { return strings.Compare(a.key, b.key) })
	out := m[:0]
	for i, p := range m {
		if i+1 < len(m) && m[i+1].key == p.key {
			continue
		}
		out = append(out, p)
	}
	return slices.Clip(out)
}

// get returns the value of key, "" when there is none.
func (m tagMap) get(key string) string {
	i, ok := slices.BinarySearchFunc(m, key, func(p tagPair, k string) int { return strings.Compare(p.key, k) })
	if !ok {
		return ""
	}
	return m[i].value
}

// with returns m with key set to value (m is not changed).
func (m tagMap) with(key, value string) tagMap {
	return mergeTags(m, tagMap{{key, value}})
}

// mergeTags returns the pairs of under and over, over's value where both
// have a key.
func mergeTags(under, over tagMap) tagMap {
	out := make(tagMap, 0, len(under)+len(over))
	i, j := 0, 0
	for i < len(under) || j < len(over) {
		switch {
		case j == len(over) || i < len(under) && under[i].key < over[j].key:
			out = append(out, under[i])
			i++
		case i == len(under) || over[j].key < under[i].key:
			out = append(out, over[j])
			j++
		default:
			out = append(out, over[j])
			i++
			j++
		}
	}
	return out
}

// json returns m as a JSON object, keys sorted: what encoding/json makes
// of the same map[string]string.
func (m tagMap) json() string {
	if len(m) == 0 {
		return "{}"
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, p := range m {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(p.key) // a string always marshals
		v, _ := json.Marshal(p.value)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.String()
}

// packedTags is a tagMap in one string: per pair, in key order, the
// uvarint length of the key, the key, the uvarint length of the value and
// the value. A place's extra tags are held through the whole stage and
// read only a few times (linking, importance, write): a street's four or
// five (surface, maxspeed, lit, oneway, ...) took ~200 bytes as a tagMap,
// 32 a pair and an allocation a value, and take ~70 packed (LI ×16: the
// extratags at the stage's peak 6.1 → 2.4 MB).
type packedTags string

// packTags returns m packed.
func packTags(m tagMap) packedTags {
	if len(m) == 0 {
		return ""
	}
	var b []byte
	for _, p := range m {
		b = binary.AppendUvarint(b, uint64(len(p.key)))
		b = append(b, p.key...)
		b = binary.AppendUvarint(b, uint64(len(p.value)))
		b = append(b, p.value...)
	}
	return packedTags(b) // the conversion copies b at its length
}

// cutPacked returns the first length-prefixed field of s and the rest
// ("", "" when s is cut short).
func cutPacked(s string) (field, rest string) {
	var n uint64
	for i, shift := 0, uint(0); i < len(s) && shift < 64; i, shift = i+1, shift+7 {
		c := s[i]
		n |= uint64(c&0x7f) << shift
		if c < 0x80 {
			s = s[i+1:]
			if n > uint64(len(s)) {
				return "", ""
			}
			return s[:n], s[n:]
		}
	}
	return "", ""
}

// get returns the value of key, "" when there is none.
func (t packedTags) get(key string) string {
	for s := string(t); s != ""; {
		var k, v string
		k, s = cutPacked(s)
		v, s = cutPacked(s)
		if k == key {
			return v
		}
	}
	return ""
}

// tags returns t as a tagMap (its strings are t's).
func (t packedTags) tags() tagMap {
	var m tagMap
	for s := string(t); s != ""; {
		var k, v string
		k, s = cutPacked(s)
		v, s = cutPacked(s)
		m = append(m, tagPair{k, v})
	}
	return m
}

// json returns t as a JSON object, as tagMap.json.
func (t packedTags) json() string { return t.tags().json() }
