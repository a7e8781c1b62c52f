package route

import "testing"

func TestNameAnnounced(t *testing.T) {
	cases := []struct {
		name     string
		from, to signage
		suffixes bool
		want     bool
	}{
		{"another street", signage{name: "Market Street"}, signage{name: "High Street"}, true, true},
		{"same name", signage{name: "Landstrasse"}, signage{name: "Landstrasse"}, true, false},
		{"direction suffix changes", signage{name: "High Street W"}, signage{name: "High Street E"}, true, false},
		{"direction suffix, upper case", signage{name: "High Street WEST"}, signage{name: "High Street"}, true, false},
		{"suffix change without the suffix table", signage{name: "High Street W"}, signage{name: "High Street E"}, false, true},
		{"direction prefix changes", signage{name: "sj"}, signage{name: "nj"}, true, false},
		{"name dropped", signage{name: "road"}, signage{}, true, false},
		{"name starts with the other", signage{name: "My Way"}, signage{name: "My Way Extension"}, true, false},
		{"from unnamed onto a name", signage{}, signage{name: "Market Street"}, true, true},
		{"ref kept, name changes", signage{name: "Alte Landstrasse", ref: "28"}, signage{name: "Feldkircher Strasse", ref: "28"}, true, true},
		{"ref to name", signage{ref: "A 13"}, signage{name: "Landstrasse"}, true, true},
		{"refs differ, no names", signage{ref: "28"}, signage{ref: "16"}, true, true},
		{"exit numbers change", signage{name: "A1", exits: "3"}, signage{name: "A1", exits: "4"}, true, true},
		{"exit numbers appear", signage{name: "A1"}, signage{name: "A1", exits: "4"}, true, true},
		{"exit numbers dropped, same name", signage{name: "A1", exits: "3"}, signage{name: "A1"}, true, false},
	}
	for _, c := range cases {
		if got := nameAnnounced(c.from, c.to, c.suffixes); got != c.want {
			t.Errorf("%s: nameAnnounced(%+v, %+v, %v) = %v, want %v", c.name, c.from, c.to, c.suffixes, got, c.want)
		}
	}
}

func TestLongestCommon(t *testing.T) {
	long := "Strasse " + string(make([]byte, 100)) + " Nord"
	cases := []struct{ a, b, want string }{
		{"High Street W", "High Street E", "High Street "},
		{"abc", "xyz", ""},
		{"", "abc", ""},
		{long, long + "x", long},
	}
	for _, c := range cases {
		if got := longestCommon(c.a, c.b); got != c.want {
			t.Errorf("longestCommon(%q, %q) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}
