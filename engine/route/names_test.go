package route

import "testing"

func TestNameAnnounced(t *testing.T) {
	cases := []struct {
		name                         string
		fromName, fromRef, to, toRef string
		want                         bool
	}{
		{"another street", "Market Street", "", "High Street", "", true},
		{"same name", "Landstrasse", "", "Landstrasse", "", false},
		{"direction suffix changes", "High Street W", "", "High Street E", "", false},
		{"direction prefix changes", "sj", "", "nj", "", false},
		{"name dropped", "road", "", "", "", false},
		{"name starts with the other", "My Way", "", "My Way Extension", "", false},
		{"from unnamed onto a name", "", "", "Market Street", "", true},
		{"ref kept, name changes", "Alte Landstrasse", "28", "Feldkircher Strasse", "28", true},
		{"ref to name", "", "A 13", "Landstrasse", "", true},
		{"refs differ, no names", "", "28", "", "16", true},
	}
	for _, c := range cases {
		if got := nameAnnounced(c.fromName, c.fromRef, c.to, c.toRef); got != c.want {
			t.Errorf("%s: nameAnnounced(%q, %q, %q, %q) = %v, want %v", c.name, c.fromName, c.fromRef, c.to, c.toRef, got, c.want)
		}
	}
}
