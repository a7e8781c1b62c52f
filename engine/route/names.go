package route

import "strings"

// nameSuffixes are the words whose change alone is not announced (car.lua's
// and foot.lua's suffix_list), lower case.
var nameSuffixes = map[string]bool{
	"n": true, "ne": true, "e": true, "se": true, "s": true, "sw": true, "w": true, "nw": true,
	"north": true, "south": true, "west": true, "east": true, "nor": true, "sou": true, "we": true, "ea": true,
}

// nameAnnounced reports whether going from a road named fromName (ref
// fromRef) onto one named toName (toRef) is a change of road worth a step,
// as OSRM's requiresNameAnnounced: not when one name starts with the other
// (a name dropped counts), when they differ only by a direction word before
// or after their longest common part ("High Street W", "High Street E"), or
// when one ref contains the other.
func nameAnnounced(fromName, fromRef, toName, toRef string) bool {
	if fromName == "" && fromRef == "" {
		return toName != "" || toRef != ""
	}
	namesEmpty := fromName == "" && toName == ""
	contained := strings.HasPrefix(fromName, toName) || strings.HasPrefix(toName, fromName)
	suffixChange := suffixChangeOnly(fromName, toName)
	namesEqual := fromName == toName || contained || suffixChange
	nameRemoved := fromName != "" && toName == ""
	refsEmpty := fromRef == "" && toRef == ""
	refContained := fromRef == "" || toRef == "" || strings.Contains(fromRef, toRef) || strings.Contains(toRef, fromRef)
	refRemoved := fromRef != "" && toRef == ""
	obvious := namesEmpty && refsEmpty || namesEqual && refContained || namesEqual && refsEmpty ||
		refContained && nameRemoved || namesEqual && refRemoved || suffixChange
	announce := fromName == "" && fromRef != "" && toName != "" && toRef == "" ||
		fromName != "" && fromRef == "" && toName == "" && toRef != "" ||
		namesEmpty && !refContained
	return !obvious || announce
}

// suffixChangeOnly reports whether a and b differ only by direction words
// around their longest common substring.
func suffixChangeOnly(a, b string) bool {
	lcs := longestCommon(a, b)
	if lcs == "" {
		return false
	}
	i, j := strings.Index(a, lcs), strings.Index(b, lcs)
	ok := func(s string) bool {
		s = strings.ToLower(strings.TrimSpace(s))
		return s == "" || nameSuffixes[s]
	}
	return ok(a[:i]) && ok(a[i+len(lcs):]) && ok(b[:j]) && ok(b[j+len(lcs):])
}

// longestCommon returns the longest common substring of a and b (bytes).
func longestCommon(a, b string) string {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	best, end := 0, 0
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
	return a[end-best : end]
}
