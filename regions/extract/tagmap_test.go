package extract

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestTagMap(t *testing.T) {
	tests := []struct {
		name  string
		pairs []TagPair
		want  map[string]string
	}{
		{"empty", nil, map[string]string{}},
		{"one", []TagPair{{"name", "Vaduz"}}, map[string]string{"name": "Vaduz"}},
		{"unsorted", []TagPair{{"name:en", "V"}, {"alt_name", "A"}, {"name", "N"}}, map[string]string{"name:en": "V", "alt_name": "A", "name": "N"}},
		{"last of a key wins", []TagPair{{"name", "x"}, {"b", "1"}, {"name", "y"}}, map[string]string{"name": "y", "b": "1"}},
		{"escapes", []TagPair{{"note", `a "<b>" & c` + "\n"}, {"é", "ü"}}, map[string]string{"note": `a "<b>" & c` + "\n", "é": "ü"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewTagMap(append([]TagPair(nil), tt.pairs...))
			if len(m) != len(tt.want) {
				t.Fatalf("%d pairs, want %d", len(m), len(tt.want))
			}
			for k, v := range tt.want {
				if got := m.Get(k); got != v {
					t.Errorf("get(%q) = %q, want %q", k, got, v)
				}
			}
			if got := m.Get("missing"); got != "" {
				t.Errorf("get(missing) = %q", got)
			}
			want, _ := json.Marshal(tt.want)
			if got := m.JSON(); got != string(want) {
				t.Errorf("json() = %s, want %s", got, want)
			}
		})
	}
}

func TestMergeTags(t *testing.T) {
	under := NewTagMap([]TagPair{{"a", "1"}, {"c", "3"}, {"e", "5"}})
	over := NewTagMap([]TagPair{{"b", "B"}, {"c", "C"}, {"f", "F"}})
	got := MergeTags(under, over).JSON()
	if want := `{"a":"1","b":"B","c":"C","e":"5","f":"F"}`; got != want {
		t.Fatalf("mergeTags = %s, want %s", got, want)
	}
	if got := under.With("b", "x").With("a", "y").JSON(); got != `{"a":"y","b":"x","c":"3","e":"5"}` {
		t.Fatalf("with = %s", got)
	}
	if under.JSON() != `{"a":"1","c":"3","e":"5"}` {
		t.Fatalf("with changed its receiver: %s", under.JSON())
	}
}

// TestPackedTags packs tag maps and reads them back: the same pairs, get
// and JSON as the tagMap.
func TestPackedTags(t *testing.T) {
	long := strings.Repeat("x", 200) // a two-byte length
	for _, m := range []TagMap{nil, {{"name", "Vaduz"}}, {{"", ""}, {"a", long}, {long, "é"}}} {
		p := PackTags(m)
		if got := p.Tags(); !reflect.DeepEqual(got, m) {
			t.Errorf("packTags(%q).tags() = %q", m, got)
		}
		for _, kv := range m {
			if got := p.Get(kv.Key); got != kv.Value {
				t.Errorf("packTags(%q).get(%q) = %q, want %q", m, kv.Key, got, kv.Value)
			}
		}
		if got := p.Get("missing"); got != "" {
			t.Errorf("packTags(%q).get(missing) = %q", m, got)
		}
		if got, want := p.JSON(), m.JSON(); got != want {
			t.Errorf("packTags(%q).json() = %s, want %s", m, got, want)
		}
	}
}
