package api_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"waymark/engine"
	"waymark/engine/api"
	"waymark/internal/testpacks"
)

// TestRegionsAPI: served together, the LI and Monaco packs answer the
// issue's request (Vaduz → Monaco) with NoRoute naming both regions, and
// a coordinate outside every region with NoSegment saying so, on every
// routing service; a route inside one region is Ok.
func TestRegionsAPI(t *testing.T) {
	e, err := engine.Open(testpacks.Path(t, "liechtenstein"), testpacks.Path(t, "monaco"))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	s, err := api.New(e, api.Config{Tokens: []api.Token{{Key: "test"}}, Hosts: []string{"example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	const tokyo = "139.6917,35.6895"
	tests := []struct {
		path, code string
		message    []string // parts of the message
	}{
		{"/route/v1/driving/9.5209,47.1410;7.4167,43.7311", "NoRoute", []string{"liechtenstein", "monaco", "not connected"}},
		{"/route/v1/foot/7.4167,43.7311;9.5209,47.1410", "NoRoute", []string{"monaco", "liechtenstein"}},
		{"/v1/directions/driving/9.5209,47.1410;7.4167,43.7311", "NoRoute", []string{"liechtenstein", "monaco"}},
		{"/route/v1/driving/9.5209,47.1410;9.5096,47.1664", "Ok", nil},
		{"/route/v1/driving/7.4167,43.7311;7.55,43.20", "NoSegment", []string{"coordinate 1", "outside the installed regions"}},
		{"/route/v1/driving/" + tokyo + ";9.5209,47.1410", "NoSegment", []string{"coordinate 0", "outside the installed regions"}},
		{"/table/v1/driving/9.5209,47.1410;" + tokyo, "NoSegment", []string{"coordinate 1", "outside"}},
		{"/trip/v1/driving/9.5209,47.1410;" + tokyo, "NoSegment", []string{"outside"}},
		{"/match/v1/driving/" + tokyo + ";139.70,35.69", "NoSegment", []string{"outside"}},
		{"/nearest/v1/driving/" + tokyo, "NoSegment", []string{"outside"}},
	}
	for _, tc := range tests {
		resp, err := http.Get(srv.URL + tc.path + "?key=test")
		if err != nil {
			t.Fatal(err)
		}
		var body struct{ Code, Message string }
		err = json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("GET %s: %v", tc.path, err)
		}
		if body.Code != tc.code {
			t.Errorf("GET %s: code %q (%q), want %q", tc.path, body.Code, body.Message, tc.code)
			continue
		}
		for _, m := range tc.message {
			if !strings.Contains(body.Message, m) {
				t.Errorf("GET %s: message %q, want it to say %q", tc.path, body.Message, m)
			}
		}
		if tc.code != "Ok" && resp.StatusCode != http.StatusBadRequest {
			t.Errorf("GET %s: status %d, want 400", tc.path, resp.StatusCode)
		}
	}
}
