package extract

import (
	"encoding/binary"
	"encoding/json"
	"slices"
	"strings"
)

// TagMap is a small string map held as pairs sorted by key: the names and
// extra tags of a place. A Go map of two entries takes ~300 bytes and a
// country has millions of places (LI ×64: names and extratags maps were
// 180 MB of the places stage); this takes 24 bytes and 32 a pair.
type TagMap []TagPair

type TagPair struct{ Key, Value string }

// NewTagMap returns the pairs as a tagMap; of pairs with the same key, the
// last wins (as assigning them to a map in order would).
func NewTagMap(pairs []TagPair) TagMap {
	if len(pairs) == 0 {
		return nil
	}
	m := TagMap(pairs)
	slices.SortStableFunc(m, func(a, b TagPair) int { return strings.Compare(a.Key, b.Key) })
	out := m[:0]
	for i, p := range m {
		if i+1 < len(m) && m[i+1].Key == p.Key {
			continue
		}
		out = append(out, p)
	}
	return slices.Clip(out)
}

// Get returns the value of key, "" when there is none.
func (m TagMap) Get(key string) string {
	i, ok := slices.BinarySearchFunc(m, key, func(p TagPair, k string) int { return strings.Compare(p.Key, k) })
	if !ok {
		return ""
	}
	return m[i].Value
}

// With returns m with key set to value (m is not changed).
func (m TagMap) With(key, value string) TagMap {
	return MergeTags(m, TagMap{{key, value}})
}

// MergeTags returns the pairs of under and over, over's value where both
// have a key.
func MergeTags(under, over TagMap) TagMap {
	out := make(TagMap, 0, len(under)+len(over))
	i, j := 0, 0
	for i < len(under) || j < len(over) {
		switch {
		case j == len(over) || i < len(under) && under[i].Key < over[j].Key:
			out = append(out, under[i])
			i++
		case i == len(under) || over[j].Key < under[i].Key:
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
func (m TagMap) JSON() string {
	if len(m) == 0 {
		return "{}"
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, p := range m {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(p.Key) // a string always marshals
		v, _ := json.Marshal(p.Value)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.String()
}

// PackedTags is a tagMap in one string: per pair, in key order, the
// uvarint length of the key, the key, the uvarint length of the value and
// the value. A place's extra tags are held through the whole stage and
// read only a few times (linking, importance, write): a street's four or
// five (surface, maxspeed, lit, oneway, ...) took ~200 bytes as a tagMap,
// 32 a pair and an allocation a value, and take ~70 packed (LI ×16: the
// extratags at the stage's peak 6.1 → 2.4 MB).
type PackedTags string

// PackTags returns m packed.
func PackTags(m TagMap) PackedTags {
	if len(m) == 0 {
		return ""
	}
	var b []byte
	for _, p := range m {
		b = binary.AppendUvarint(b, uint64(len(p.Key)))
		b = append(b, p.Key...)
		b = binary.AppendUvarint(b, uint64(len(p.Value)))
		b = append(b, p.Value...)
	}
	return PackedTags(b) // the conversion copies b at its length
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

// Get returns the value of key, "" when there is none.
func (t PackedTags) Get(key string) string {
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

// Tags returns t as a tagMap (its strings are t's).
func (t PackedTags) Tags() TagMap {
	var m TagMap
	for s := string(t); s != ""; {
		var k, v string
		k, s = cutPacked(s)
		v, s = cutPacked(s)
		m = append(m, TagPair{k, v})
	}
	return m
}

// json returns t as a JSON object, as tagMap.json.
func (t PackedTags) JSON() string { return t.Tags().JSON() }
