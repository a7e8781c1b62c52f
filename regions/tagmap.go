package regions

import (
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
