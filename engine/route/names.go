package route

import "strings"

// nameSuffixes are the words whose change alone is not announced (car.lua's
// and foot.lua's suffix_list), lower case.
var nameSuffixes = map[string]bool{
	"n": true, "ne": true, "e": true, "se": true, "s": true, "sw": true, "w": true, "nw": true,
	"north": true, "south": true, "west": true, "east": true, "nor": true, "sou": true, "we": true, "ea": true,
}

// nameKey identifies a road's signage as OSRM's string ids do: its name,
// ref, destinations and exits (string indexes of the graph).
type nameKey struct{ name, ref, dest, exits uint32 }

// nameKeyOf returns the signage of edge e.
func (g *Graph) nameKeyOf(e uint32) nameKey {
	k := nameKey{name: g.eName[e], ref: g.eRef[e], dest: g.eDest[e]}
	if x := g.extra(e); x >= 0 {
		k.exits = g.xStr[x]
	}
	return k
}

// empty reports whether the key names nothing at all.
func (k nameKey) empty() bool { return k == nameKey{} }

// signage is a road's names as strings.
type signage struct{ name, ref, exits string }

func (g *Graph) signageOf(k nameKey) signage {
	return signage{name: g.str(k.name), ref: g.str(k.ref), exits: g.str(k.exits)}
}

// announced reports whether going from road a onto road b (by their keys)
// is a change of road worth a step, as OSRM's guidance decides while it
// analyses intersections (requiresNameAnnounced with the profile's
// suffixes).
func (g *Graph) announced(a, b nameKey) bool {
	if a == b {
		return false
	}
	return nameAnnounced(g.signageOf(a), g.signageOf(b), true)
}

// identicalNames reports whether two roads carry the same, non-empty
// signage either way round (OSRM's HaveIdenticalNames).
func (g *guide) identicalNames(a, b nameKey) bool {
	return !a.empty() && !b.empty() && !g.announced(a, b) && !g.announced(b, a)
}

// nameAnnounced reports whether going from a road named from onto one
// named to is a change of road worth a step (OSRM's requiresNameAnnounced):
// not when one name starts with the other (a name dropped counts), when
// they differ only by a direction word before or after their longest
// common part ("High Street W", "High Street E": with suffixes, as the
// guidance of intersections checks it; steps' post-processing does not),
// or when one ref contains the other; but always when the exit numbers
// change (unless they are dropped from the same name).
func nameAnnounced(from, to signage, suffixes bool) bool {
	if from.name == "" && from.ref == "" {
		return to.name != "" || to.ref != ""
	}
	namesEmpty := from.name == "" && to.name == ""
	contained := strings.HasPrefix(from.name, to.name) || strings.HasPrefix(to.name, from.name)
	suffixChange := suffixChangeOnly(from.name, to.name, suffixes)
	namesEqual := from.name == to.name || contained || suffixChange
	nameRemoved := from.name != "" && to.name == ""
	refsEmpty := from.ref == "" && to.ref == ""
	refContained := from.ref == "" || to.ref == "" || strings.Contains(from.ref, to.ref) || strings.Contains(to.ref, from.ref)
	refRemoved := from.ref != "" && to.ref == ""
	obvious := namesEmpty && refsEmpty || namesEqual && refContained || namesEqual && refsEmpty ||
		refContained && nameRemoved || namesEqual && refRemoved || suffixChange
	announce := from.name == "" && from.ref != "" && to.name != "" && to.ref == "" ||
		from.name != "" && from.ref == "" && to.name == "" && to.ref != "" ||
		namesEmpty && !refContained
	exitsChange := from.exits != to.exits
	losesExit := namesEqual && from.exits != "" && to.exits == ""
	return !obvious || announce || exitsChange && !losesExit
}

// suffixChangeOnly reports whether a and b differ only by direction words
// around their longest common substring (with suffixes false: only when
// they are the same around it, as OSRM's post-processing has no suffix
// table).
func suffixChangeOnly(a, b string, suffixes bool) bool {
	if a == b {
		return true
	}
	lcs := longestCommon(a, b)
	var parts [4]string
	if lcs == "" {
		parts = [4]string{a, b, "", ""}
	} else {
		i, j := strings.Index(a, lcs), strings.Index(b, lcs)
		parts = [4]string{a[:i], a[i+len(lcs):], b[:j], b[j+len(lcs):]}
	}
	for _, s := range parts {
		s = strings.Trim(s, " ")
		if s != "" && !(suffixes && isSuffix(s)) {
			return false
		}
	}
	return true
}

// isSuffix reports whether word is one of nameSuffixes, in any case.
func isSuffix(word string) bool {
	if len(word) > 5 {
		return false // longer than any
	}
	var low [5]byte
	for i := 0; i < len(word); i++ {
		c := word[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	return nameSuffixes[string(low[:len(word)])]
}

// longestCommon returns the longest common substring of a and b (bytes).
func longestCommon(a, b string) string {
	var bufs [2][64]int32
	prev, cur := bufs[0][:], bufs[1][:]
	if len(b)+1 > len(prev) {
		prev, cur = make([]int32, len(b)+1), make([]int32, len(b)+1)
	}
	best, end := int32(0), 0
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
				if cur[j] > best {
					best, end = cur[j], i
				}
			} else {
				cur[j] = 0
			}
		}
		prev, cur = cur, prev
	}
	return a[end-int(best) : end]
}
