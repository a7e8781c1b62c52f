package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"waymark/internal/benchstat"
)

// serve sends one request from addr (default 192.0.2.1) and returns the
// recorded answer.
func serve(s *Server, method, target, addr string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	if addr != "" {
		req.RemoteAddr = addr
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

// TestOpenServer: with Open, requests without a key are served on every
// endpoint; a key given is still checked (groups, 401 for a wrong one);
// without Open a missing key is a 401 (spec 5).
func TestOpenServer(t *testing.T) {
	tokens := []Token{{Key: "all"}, {Key: "geo", Groups: []string{"search"}}}
	tests := []struct {
		name   string
		open   bool
		target string
		header []string
		want   int
	}{
		{"closed: no key", false, "/v1/ping", nil, 401},
		{"closed: no key, OSRM path", false, "/osrm/x", nil, 401},
		{"closed: right key", false, "/v1/ping?key=all", nil, 200},
		{"open: no key", true, "/v1/ping", nil, 200},
		{"open: no key, bare path", true, "/ping", nil, 200},
		{"open: no key, routing group", true, "/osrm/x", nil, 200},
		{"open: empty key", true, "/v1/ping?key=", nil, 200},
		{"open: right key", true, "/v1/ping?key=all", nil, 200},
		{"open: bearer key", true, "/v1/ping", []string{"Authorization", "Bearer all"}, 200},
		{"open: wrong key is still a 401", true, "/v1/ping?key=nope", nil, 401},
		{"open: a token keeps its groups", true, "/osrm/x?key=geo", nil, 403},
		{"open: a token's own group", true, "/v1/ping?key=geo", nil, 200},
	}
	for _, tt := range tests {
		s := newTestServer(t, Config{Tokens: tokens, Open: tt.open})
		rec := serve(s, "GET", tt.target, "", tt.header...)
		if rec.Code != tt.want {
			t.Errorf("%s: GET %s = %d %s, want %d", tt.name, tt.target, rec.Code, rec.Body, tt.want)
		}
	}
}

// TestOpenServerRates: keyless requests share the default rate per client
// address; a token keeps its own rate.
func TestOpenServerRates(t *testing.T) {
	s := newTestServer(t, Config{Open: true, Rate: 1, Burst: 2, Tokens: []Token{{Key: "fast", Rate: 100, Burst: 100}}})
	now := time.Unix(1000, 0)
	s.anon.now = func() time.Time { return now }
	s.limits.now = s.anon.now
	for i := 0; i < 2; i++ {
		if rec := serve(s, "GET", "/v1/ping", "192.0.2.7:1"); rec.Code != 200 {
			t.Fatalf("keyless request %d = %d, want 200", i, rec.Code)
		}
	}
	rec := serve(s, "GET", "/v1/ping", "192.0.2.7:2")
	if rec.Code != 429 || rec.Header().Get("Retry-After") != "1" {
		t.Errorf("third keyless request within the second = %d Retry-After %q, want 429 with Retry-After 1", rec.Code, rec.Header().Get("Retry-After"))
	}
	if rec := serve(s, "GET", "/v1/ping", "192.0.2.8:1"); rec.Code != 200 {
		t.Errorf("keyless request from another address = %d, want 200 (its own bucket)", rec.Code)
	}
	for i := 0; i < 10; i++ {
		if rec := serve(s, "GET", "/v1/ping?key=fast", "192.0.2.7:1"); rec.Code != 200 {
			t.Fatalf("token request %d from the throttled address = %d, want 200 (the token's rate)", i, rec.Code)
		}
	}
}

// TestWrongKeysNeverBlockRightKeys: an address that presented too many
// wrong keys gets 429 for further wrong keys only; a valid key from the
// same address is served; a missing key is no guess.
func TestWrongKeysNeverBlockRightKeys(t *testing.T) {
	s := newTestServer(t, Config{Tokens: []Token{{Key: "k"}}})
	now := time.Unix(1000, 0)
	s.guards.failed.now = func() time.Time { return now }
	const addr = "127.0.0.1:1000"
	for i := 0; i < failedKeyBurst; i++ {
		if rec := serve(s, "GET", fmt.Sprint("/v1/ping?key=guess", i), addr); rec.Code != 401 {
			t.Fatalf("wrong key %d = %d, want 401", i, rec.Code)
		}
	}
	rec := serve(s, "GET", "/v1/ping?key=guess-more", addr)
	if rec.Code != 429 || rec.Header().Get("Retry-After") == "" {
		t.Errorf("wrong key past the burst = %d (Retry-After %q), want 429 with Retry-After", rec.Code, rec.Header().Get("Retry-After"))
	}
	for i := 0; i < 3; i++ {
		if rec := serve(s, "GET", "/v1/ping?key=k", addr); rec.Code != 200 {
			t.Errorf("right key from the same address after the wrong ones = %d %s, want 200", rec.Code, rec.Body)
		}
	}
	if rec := serve(s, "GET", "/v1/ping", addr); rec.Code != 401 {
		t.Errorf("no key from the same address = %d, want 401 (Invalid key), not 429", rec.Code)
	}
	if rec := serve(s, "GET", "/v1/ping?key=guess-again", "127.0.0.2:1000"); rec.Code != 401 {
		t.Errorf("wrong key from another address = %d, want 401", rec.Code)
	}
	now = now.Add(time.Second)
	if rec := serve(s, "GET", "/v1/ping?key=guess-after-refill", addr); rec.Code != 401 {
		t.Errorf("wrong key after a refill = %d, want 401", rec.Code)
	}
}

// TestCORSOnEveryAnswer: an allowed origin gets Access-Control-Allow-Origin
// on every answer — success, 400, 401, 403, 404, 405, 429, 500 and
// preflights on any path — and another origin on none.
func TestCORSOnEveryAnswer(t *testing.T) {
	const page = "http://localhost:3000"
	cfg := Config{Tokens: []Token{{Key: "k"}, {Key: "geo", Groups: []string{"search"}}, {Key: "slow", Rate: 0.001, Burst: 1}},
		Origins: []string{page}}
	tests := []struct {
		name, method, target string
		want                 int
	}{
		{"ok", "GET", "/v1/ping?key=k", 200},
		{"bad parameter", "GET", "/v1/ping?key=k&limit=x", 400},
		{"no key", "GET", "/v1/ping", 401},
		{"wrong key", "GET", "/v1/ping?key=wrong", 401},
		{"group refused", "GET", "/osrm/x?key=geo", 403},
		{"unknown path", "GET", "/v1/nothing?key=k", 404},
		{"unknown Nominatim path", "GET", "/nothing", 404},
		{"OSRM unknown path", "GET", "/route/v1/driving", 400},
		{"method", "POST", "/v1/ping?key=k", 405},
		{"panic", "GET", "/v1/boom?key=k", 500},
		{"ops", "GET", "/healthz", 200},
		{"preflight", "OPTIONS", "/v1/ping", 204},
		{"preflight on an OSRM path", "OPTIONS", "/route/v1/driving/9.5,47.1;9.52,47.14", 204},
		{"preflight on an unknown path", "OPTIONS", "/nothing", 204},
	}
	for _, tt := range tests {
		s := newTestServer(t, cfg)
		rec := serve(s, tt.method, tt.target, "", "Origin", page, "Access-Control-Request-Method", "GET")
		if rec.Code != tt.want || rec.Header().Get("Access-Control-Allow-Origin") != page {
			t.Errorf("%s: %s %s = %d Access-Control-Allow-Origin %q, want %d %q", tt.name, tt.method, tt.target,
				rec.Code, rec.Header().Get("Access-Control-Allow-Origin"), tt.want, page)
		}
		if tt.method == "OPTIONS" && !strings.Contains(rec.Header().Get("Access-Control-Allow-Headers"), "Authorization") {
			t.Errorf("%s: preflight allows headers %q, want Authorization", tt.name, rec.Header().Get("Access-Control-Allow-Headers"))
		}
		rec = serve(s, tt.method, tt.target, "", "Origin", "http://evil.example")
		if got := rec.Header().Get("Access-Control-Allow-Origin"); got != "" {
			t.Errorf("%s from another origin: Access-Control-Allow-Origin %q, want none", tt.name, got)
		}
	}
	// 429: over the token's rate, and too many wrong keys.
	s := newTestServer(t, cfg)
	serve(s, "GET", "/v1/ping?key=slow", "")
	rec := serve(s, "GET", "/v1/ping?key=slow", "", "Origin", page)
	if rec.Code != 429 || rec.Header().Get("Access-Control-Allow-Origin") != page || !strings.Contains(rec.Header().Get("Access-Control-Expose-Headers"), "Retry-After") {
		t.Errorf("rate limited = %d %v, want 429 with CORS and Retry-After exposed", rec.Code, rec.Header())
	}
	for i := 0; i <= failedKeyBurst; i++ {
		rec = serve(s, "GET", fmt.Sprint("/v1/ping?key=g", i), "", "Origin", page)
	}
	if rec.Code != 429 || rec.Header().Get("Access-Control-Allow-Origin") != page {
		t.Errorf("too many wrong keys = %d ACAO %q, want 429 with CORS", rec.Code, rec.Header().Get("Access-Control-Allow-Origin"))
	}
	// Private Network Access: a public page's preflight to this server.
	rec = serve(s, "OPTIONS", "/route/v1/driving/9.5,47.1;9.52,47.14", "", "Origin", page, "Access-Control-Request-Private-Network", "true")
	if rec.Header().Get("Access-Control-Allow-Private-Network") != "true" {
		t.Errorf("private network preflight = %v, want Access-Control-Allow-Private-Network", rec.Header())
	}
	rec = serve(s, "OPTIONS", "/v1/ping", "", "Origin", "http://evil.example", "Access-Control-Request-Private-Network", "true")
	if rec.Header().Get("Access-Control-Allow-Private-Network") != "" {
		t.Errorf("private network preflight from another origin allowed")
	}
	// No origins configured: no CORS headers, preflight still answered.
	s = newTestServer(t, Config{Tokens: []Token{{Key: "k"}}})
	rec = serve(s, "OPTIONS", "/v1/ping", "", "Origin", page)
	if rec.Code != 204 || rec.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("preflight without origins = %d ACAO %q, want 204 without CORS", rec.Code, rec.Header().Get("Access-Control-Allow-Origin"))
	}
}

// TestCORSAnyOrigin: "*" (with Open or with keys) answers every origin
// with "*", errors included.
func TestCORSAnyOrigin(t *testing.T) {
	for _, open := range []bool{true, false} {
		s := newTestServer(t, Config{Tokens: []Token{{Key: "k"}}, Origins: []string{"*"}, Open: open})
		for _, target := range []string{"/v1/ping", "/v1/ping?key=wrong", "/nothing"} {
			rec := serve(s, "GET", target, "", "Origin", "http://page.example")
			if got := rec.Header().Get("Access-Control-Allow-Origin"); got != "*" {
				t.Errorf("open=%v GET %s = %d Access-Control-Allow-Origin %q, want *", open, target, rec.Code, got)
			}
		}
	}
}

// TestOriginValidation: origins are "*", "null" or scheme://host[:port].
func TestOriginValidation(t *testing.T) {
	for _, tt := range []struct {
		origin string
		ok     bool
	}{
		{"*", true}, {"null", true}, {"http://localhost:3000", true}, {"https://maps.example.org", true},
		{"localhost:3000", false}, {"http://localhost:3000/", false}, {"ftp://x", false}, {"http://", false},
	} {
		_, err := newServer(nil, Config{Origins: []string{tt.origin}}, nil)
		if (err == nil) != tt.ok {
			t.Errorf("origin %q: err = %v, want ok %v", tt.origin, err, tt.ok)
		}
	}
}

// TestUnknownPathDialects: a path no endpoint serves is answered in the
// dialect of its prefix: OSRM's InvalidUrl/InvalidService/InvalidVersion
// (400) for OSRM services' paths, OSRM-shaped for LocationIQ's routing
// paths, LocationIQ's {"error"} under /v1, Nominatim's error object
// elsewhere.
func TestUnknownPathDialects(t *testing.T) {
	s := newTestServer(t, Config{Tokens: []Token{{Key: "k"}}})
	tests := []struct {
		target string
		status int
		body   string
	}{
		{"/route/v1/driving", 400, `{"code":"InvalidUrl","message":"URL string malformed close to position 17: \"ing\""}`},
		{"/route/v1/driving?key=k", 400, `{"code":"InvalidUrl","message":"URL string malformed close to position 17: \"ing?ke\""}`},
		{"/route/v1/driving/9.5,47.1;9.6,47.2/extra", 400, `{"code":"InvalidUrl","message":"URL string malformed close to position 35: \"7.2/ex\""}`},
		{"/table/v1", 400, `{"code":"InvalidUrl","message":"URL string malformed close to position 9: \"/v1\""}`},
		{"/route/v2/driving/9.5,47.1;9.6,47.2", 400, `{"code":"InvalidVersion","message":"Service route not found!"}`},
		{"/tile/v1/car/tile(1,2,3).mvt", 400, `{"code":"InvalidService","message":"Service tile not found!"}`},
		{"/v1/directions/driving", 400, `"code":"InvalidUrl"`},
		{"/matrix/driving", 400, `"code":"InvalidUrl"`},
		{"/v1/nothing", 404, `{"error":"Unknown path: /v1/nothing"}`},
		{"/nothing", 404, `{"error":{"code":404,"message":"Unknown path: /nothing"}}`},
		{"/search/nothing", 404, `{"error":{"code":404,"message":"Unknown path: /search/nothing"}}`},
	}
	for _, tt := range tests {
		rec := serve(s, "GET", tt.target, "")
		if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.body) || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("GET %s = %d %s (%s), want %d with %s", tt.target, rec.Code, rec.Body, rec.Header().Get("Content-Type"), tt.status, tt.body)
		}
	}
	if rec := serve(s, "HEAD", "/nothing", ""); rec.Code != http.StatusNotFound {
		t.Errorf("HEAD /nothing = %d, want 404", rec.Code)
	}
}

// BenchmarkAccess: the cost of the access checks around a trivial
// endpoint (/v1/ping): a valid key, a keyless request on an open server
// (per-address rate bucket), and a CORS origin on top.
func BenchmarkAccess(b *testing.B) {
	for _, bc := range []struct {
		name   string
		cfg    Config
		target string
		origin string
	}{
		{"key", Config{Tokens: []Token{{Key: "k"}}}, "/v1/ping?key=k", ""},
		{"open/keyless", Config{Open: true, Rate: 1e9}, "/v1/ping", ""},
		{"open/keyless+cors", Config{Open: true, Rate: 1e9, Origins: []string{"http://localhost:3000"}}, "/v1/ping", "http://localhost:3000"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			cfg := bc.cfg
			cfg.Hosts = []string{"example.com"}
			s, err := newServer(nil, cfg, testEndpoints())
			if err != nil {
				b.Fatal(err)
			}
			req := httptest.NewRequest("GET", bc.target, nil)
			if bc.origin != "" {
				req.Header.Set("Origin", bc.origin)
			}
			var lat benchstat.Latencies
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				rec := httptest.NewRecorder()
				lat.Time(func() { s.ServeHTTP(rec, req) })
				if rec.Code != http.StatusOK {
					b.Fatalf("GET %s = %d", bc.target, rec.Code)
				}
			}
			lat.Report(b)
		})
	}
}

// TestLimiterPrunes: a limiter keyed by client address drops the refilled
// buckets once it holds maxBuckets, and keeps the ones still in use.
func TestLimiterPrunes(t *testing.T) {
	l := newLimiter(Config{Rate: 1, Burst: 2})
	now := time.Unix(1000, 0)
	l.now = func() time.Time { return now }
	for i := 0; i < maxBuckets; i++ {
		l.take(Token{Key: fmt.Sprint("addr", i)})
	}
	l.take(Token{Key: "busy"})
	l.take(Token{Key: "busy"})
	if _, ok := l.take(Token{Key: "busy"}); ok {
		t.Fatal("busy client's third request within the second passed")
	}
	now = now.Add(time.Second) // every addr bucket refilled (1 left + 1 s × 1/s), busy not (0 + 1 < 2)
	l.take(Token{Key: "newcomer"})
	if n := len(l.buckets); n != 2 {
		t.Errorf("%d buckets after pruning, want 2 (busy, newcomer)", n)
	}
	if _, ok := l.take(Token{Key: "busy"}); !ok {
		t.Error("busy client's bucket lost its refill")
	}
	if _, ok := l.take(Token{Key: "busy"}); ok {
		t.Error("busy client's bucket was reset by the pruning, want it kept")
	}
}
