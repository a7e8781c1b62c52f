package geocode_test

import (
	"database/sql"
	"encoding/json"
	"maps"
	"testing"

	"waymark/engine/geocode"
	"waymark/internal/testpacks"
)

// TestDecodeTagsAsJSON: decodeTags gives what encoding/json gives, for
// hand-made objects (escapes, invalid UTF-8, control characters, broken
// syntax) and for every names and extratags value of the LI pack.
func TestDecodeTagsAsJSON(t *testing.T) {
	cases := []string{
		`{"name":"Vaduz"}`, `{"name":"Vaduz","name:de":"Vaduz","ref":"9490"}`, `{"name":"Städtle"}`,
		`{"name":"A \u0026 B"}`, `{"name":"\"La Dolce Vita\""}`, `{"a":"b","a":"c"}`, `{"":""}`,
		"{\"name\":\"bad \xff utf8\"}", "{\"name\":\"tab\there\"}", `{"a":"b",}`, `{"a":"b"`, `{"a" :"b"}`,
		`{"a":1}`, `{"a":"b"}x`, `{"a":"b""c":"d"}`, `{"a"}`, `{a:"b"}`, `{}`, ``, `{"a":"b","c":"d\\"}`,
	}
	db := testpacks.DB(t, testpacks.Path(t, "liechtenstein"))
	rows, err := db.Query(`SELECT names, extratags FROM places`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var names, extra sql.NullString
		if err := rows.Scan(&names, &extra); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, names.String, extra.String)
	}
	rows.Close()
	if len(cases) < 1000 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		want := map[string]string{}
		if c != "" {
			json.Unmarshal([]byte(c), &want)
		}
		if got := geocode.DecodeTags(c); !maps.Equal(got, want) {
			t.Errorf("DecodeTags(%q) = %v, want %v", c, got, want)
		}
	}
}
