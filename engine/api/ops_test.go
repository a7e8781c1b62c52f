package api

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"waymark/engine"
	"waymark/internal/testpacks"
)

func TestHealthAndReadiness(t *testing.T) {
	s := newTestServer(t, Config{Tokens: []Token{{Key: "k"}}})
	get := func(path string) int {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec.Code
	}
	tests := []struct {
		name  string
		ready bool
		path  string
		want  int
	}{
		{"live without a token", true, "/healthz", 200},
		{"ready", true, "/readyz", 200},
		{"loading or draining", false, "/readyz", 503},
		{"live while not ready", false, "/healthz", 200},
		{"no metrics unless configured", true, "/metrics", 404},
	}
	for _, tt := range tests {
		s.SetReady(tt.ready)
		if got := get(tt.path); got != tt.want {
			t.Errorf("%s: GET %s = %d, want %d", tt.name, tt.path, got, tt.want)
		}
	}
}

func TestMetricsAndAccessLog(t *testing.T) {
	m := NewMetrics()
	var lines []string
	s := newTestServer(t, Config{Tokens: []Token{{Key: "secret-key"}}, Metrics: m, OnRequest: func(r Request) {
		m.Observe(r)
		lines = append(lines, AccessLine(r))
	}})
	for _, path := range []string{"/v1/ping?key=secret-key", "/ping?key=secret-key", "/v1/ping?key=wrong", "/v1/ping?key=secret-key&limit=x"} {
		s.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body := rec.Body.String()
	for _, want := range []string{
		`waymark_requests_total{endpoint="/v1/ping",code="200"} 1`,
		`waymark_requests_total{endpoint="/ping",code="200"} 1`,
		`waymark_requests_total{endpoint="/v1/ping",code="401"} 1`,
		`waymark_request_errors_total{endpoint="/v1/ping",kind="client"} 2`,
		`waymark_request_duration_seconds_count{endpoint="/v1/ping"} 3`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q:\n%s", want, body)
		}
	}
	if len(lines) != 4 {
		t.Fatalf("access log has %d lines, want 4", len(lines))
	}
	for _, l := range lines {
		if strings.Contains(l, "secret-key") || strings.Contains(l, "?") {
			t.Errorf("access line %q shows the query", l)
		}
	}
}

// TestReloadKeepsRequestsInFlight: after Reload, new requests use the new
// engine; the old one stays open for the request that started on it and
// is closed when that request ends.
func TestReloadKeepsRequestsInFlight(t *testing.T) {
	li, err := engine.Open(testpacks.Path(t, "liechtenstein"))
	if err != nil {
		t.Fatal(err)
	}
	mo, err := engine.Open(testpacks.Path(t, "monaco"))
	if err != nil {
		t.Fatal(err)
	}
	defer mo.Close()
	s, err := newServer(li, Config{Tokens: []Token{{Key: "k"}}, CloseReplaced: true, Hosts: []string{"example.com"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	status := func() string {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/status?format=json&key=k", nil))
		return rec.Body.String()
	}
	if !strings.Contains(status(), `"liechtenstein"`) {
		t.Fatalf("status before reload = %s", status())
	}
	inFlight := s.acquire() // a request that started on the LI engine
	done := s.Reload(mo)
	if got := status(); !strings.Contains(got, `"monaco"`) || strings.Contains(got, `"liechtenstein"`) {
		t.Errorf("status after reload = %s, want the Monaco pack only", got)
	}
	select {
	case <-done:
		t.Fatal("the old engine was closed with a request in flight")
	case <-time.After(50 * time.Millisecond):
	}
	if len(inFlight.eng.Packs()) != 1 {
		t.Fatal("the old engine lost its packs with a request in flight")
	}
	s.release(inFlight)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the old engine was not closed after its last request")
	}
	if !li.Closed() {
		t.Error("the old engine is still open")
	}
}
