package regions

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestTagMap(t *testing.T) {
	tests := []struct {
		name  string
		pairs []tagPair
		want  map[string]string
	}{
		{"empty", nil, map[string]string{}},
		{"one", []tagPair{{"name", "Vaduz"}}, map[string]string{"name": "Vaduz"}},
		{"unsorted", []tagPair{{"name:en", "V"}, {"alt_name", "A"}, {"name", "N"}}, map[string]string{"name:en": "V", "alt_name": "A", "name": "N"}},
		{"last of a key wins", []tagPair{{"name", "x"}, {"b", "1"}, {"name", "y"}}, map[string]string{"name": "y", "b": "1"}},
		{"escapes", []tagPair{{"note", `a "<b>" & c` + "\n"}, {"é", "ü"}}, map[string]string{"note": `a "<b>" & c` + "\n", "é": "ü"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newTagMap(append([]tagPair(nil), tt.pairs...))
			if len(m) != len(tt.want) {
				t.Fatalf("%d pairs, want %d", len(m), len(tt.want))
			}
			for k, v := range tt.want {
				if got := m.get(k); got != v {
					t.Errorf("get(%q) = %q, want %q", k, got, v)
				}
			}
			if got := m.get("missing"); got != "" {
				t.Errorf("get(missing) = %q", got)
			}
			want, _ := json.Marshal(tt.want)
			if got := m.json(); got != string(want) {
				t.Errorf("json() = %s, want %s", got, want)
			}
		})
	}
}

func TestMergeTags(t *testing.T) {
	under := newTagMap([]tagPair{{"a", "1"}, {"c", "3"}, {"e", "5"}})
	over := newTagMap([]tagPair{{"b", "B"}, {"c", "C"}, {"f", "F"}})
	got := mergeTags(under, over).json()
	if want := `{"a":"1","b":"B","c":"C","e":"5","f":"F"}`; got != want {
		t.Fatalf("mergeTags = %s, want %s", got, want)
	}
	if got := under.with("b", "x").with("a", "y").json(); got != `{"a":"y","b":"x","c":"3","e":"5"}` {
		t.Fatalf("with = %s", got)
	}
	if under.json() != `{"a":"1","c":"3","e":"5"}` {
		t.Fatalf("with changed its receiver: %s", under.json())
	}
}

// TestPackedTags packs tag maps and reads them back: the same pairs, get
// and JSON as the tagMap.
func TestPackedTags(t *testing.T) {
	long := strings.Repeat("x", 200) // a two-byte length
	for _, m := range []tagMap{nil, {{"name", "Vaduz"}}, {{"", ""}, {"a", long}, {long, "é"}}} {
		p := packTags(m)
		if got := p.tags(); !reflect.DeepEqual(got, m) {
			t.Errorf("packTags(%q).tags() = %q", m, got)
		}
		for _, kv := range m {
			if got := p.get(kv.key); got != kv.value {
				t.Errorf("packTags(%q).get(%q) = %q, want %q", m, kv.key, got, kv.value)
			}
		}
		if got := p.get("missing"); got != "" {
			t.Errorf("packTags(%q).get(missing) = %q", m, got)
		}
		if got, want := p.json(), m.json(); got != want {
			t.Errorf("packTags(%q).json() = %s, want %s", m, got, want)
		}
	}
}
