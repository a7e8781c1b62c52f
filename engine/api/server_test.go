package api

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"waymark/engine/api/gate"
	"waymark/engine/api/osrm"
)

func testEndpoints() []endpoint {
	return []endpoint{
		{Pattern: "/ping", Group: "search", Handler: func(w http.ResponseWriter, r *http.Request) {
			cb, err := callback(r)
			if err != nil {
				writeParamError(w, r, err)
				return
			}
			q := newQuery(r)
			n := q.Int("limit", 10, 1, 50)
			if err := q.Err(); err != nil {
				writeParamError(w, r, err)
				return
			}
			writeJSON(w, cb, http.StatusOK, map[string]int{"limit": n})
		}},
		{Pattern: "/boom", Group: "search", Handler: func(w http.ResponseWriter, r *http.Request) { panic("secret internals") }},
		// slow weighs itself heavy and works until its request's context
		// ends, as the engine's loops do, and answers with the routing
		// error of that end.
		{Pattern: "/slow/{x}", Group: "routing", OSRM: true, Handler: func(w http.ResponseWriter, r *http.Request) {
			if !gate.Admit(w, r, gate.Cost{Work: time.Second}) {
				return
			}
			<-r.Context().Done()
			osrm.WriteRouteError(w, r.Context().Err(), "NoRoute")
		}},
		{Pattern: "/osrm/{x}", Group: "routing", OSRM: true, Handler: func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, "", http.StatusOK, map[string]string{"code": "Ok"})
		}},
	}
}

func newTestServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	cfg.Hosts = append(cfg.Hosts, "example.com") // httptest.NewRequest's host
	s, err := newServer(nil, cfg, testEndpoints())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestServerErrors(t *testing.T) {
	s := newTestServer(t, Config{Tokens: []Token{
		{Key: "all"},
		{Key: "geo", Groups: []string{"search"}},
	}})
	tests := []struct {
		name       string
		method     string
		target     string
		header     string
		wantStatus int
		wantBody   string
	}{
		{"no token", "GET", "/v1/ping", "", 401, `"error":"Invalid key"`},
		{"unknown token", "GET", "/v1/ping?key=nope", "", 401, `"error":"Invalid key"`},
		{"key param", "GET", "/v1/ping?key=all", "", 200, `"limit":10`},
		{"bare path", "GET", "/ping?key=all", "", 200, `"limit":10`},
		{"bearer header", "GET", "/v1/ping", "Bearer all", 200, `"limit":10`},
		{"forbidden group", "GET", "/v1/osrm/1?key=geo", "", 403, `"code":"AccessDenied"`},
		{"osrm unauthorized", "GET", "/v1/osrm/1", "", 401, `"code":"InvalidKey"`},
		{"unknown path", "GET", "/v1/nothing?key=all", "", 404, `"error":"Unknown path`},
		{"bad param names it", "GET", "/v1/ping?key=all&limit=99", "", 400, `"parameter":"limit"`},
		{"bad param not int", "GET", "/v1/ping?key=all&limit=x", "", 400, `"parameter":"limit"`},
		{"jsonp", "GET", "/v1/ping?key=all&json_callback=cb", "", 200, `cb({"limit":10})`},
		{"bad callback", "GET", "/v1/ping?key=all&json_callback=a(b)", "", 400, `"parameter":"json_callback"`},
		{"panic is 500 without internals", "GET", "/v1/boom?key=all", "", 500, `"error":"Internal server error"`},
		{"post refused", "POST", "/v1/ping?key=all", "", 405, `"error"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.target, nil)
			if tc.header != "" {
				req.Header.Set("Authorization", tc.header)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			body := rec.Body.String()
			if rec.Code != tc.wantStatus || !strings.Contains(body, tc.wantBody) {
				t.Errorf("%s %s = %d %s, want %d containing %s", tc.method, tc.target, rec.Code, body, tc.wantStatus, tc.wantBody)
			}
			if strings.Contains(body, "secret") {
				t.Errorf("body leaks internals: %s", body)
			}
		})
	}
}

func TestRateLimit(t *testing.T) {
	s := newTestServer(t, Config{Rate: 1, Burst: 2, Tokens: []Token{{Key: "a"}, {Key: "b", Rate: 100, Burst: 100}}})
	now := time.Unix(1000, 0)
	s.limits.now = func() time.Time { return now }
	get := func(key string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/ping?key="+key, nil))
		return rec
	}
	for i := 0; i < 2; i++ {
		if rec := get("a"); rec.Code != 200 {
			t.Fatalf("request %d within burst = %d, want 200", i, rec.Code)
		}
	}
	rec := get("a")
	if rec.Code != 429 || rec.Header().Get("Retry-After") != "1" {
		t.Fatalf("over rate = %d Retry-After %q, want 429 and 1", rec.Code, rec.Header().Get("Retry-After"))
	}
	if rec := get("b"); rec.Code != 200 {
		t.Errorf("other token limited too: %d", rec.Code)
	}
	now = now.Add(1100 * time.Millisecond)
	if rec := get("a"); rec.Code != 200 {
		t.Errorf("after refill = %d, want 200", rec.Code)
	}
}

// TestNoDefaultRateLimit: without a configured rate, a local batch job's
// 1,000 back-to-back requests are all answered (no 429), and so are a
// token's when only another token has a rate.
func TestNoDefaultRateLimit(t *testing.T) {
	s := newTestServer(t, Config{Tokens: []Token{{Key: "a"}, {Key: "b", Rate: 1, Burst: 1}}})
	for i := 0; i < 1000; i++ {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/ping?key=a", nil))
		if rec.Code != 200 {
			t.Fatalf("request %d with the default configuration = %d, want 200", i, rec.Code)
		}
	}
	codes := map[int]int{}
	for i := 0; i < 3; i++ {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/ping?key=b", nil))
		codes[rec.Code]++
	}
	if codes[429] != 2 {
		t.Errorf("3 requests of a token limited to 1/s burst 1 = %v, want two 429s", codes)
	}
}

func TestConfigValidate(t *testing.T) {
	bad := []Config{
		{Tokens: []Token{{Key: ""}}},
		{Tokens: []Token{{Key: "a"}, {Key: "a"}}},
		{Tokens: []Token{{Key: "a", Groups: []string{"flying"}}}},
		{Rate: -1},
	}
	for i, c := range bad {
		if _, err := newServer(nil, c, nil); err == nil {
			t.Errorf("config %d accepted, want error", i)
		}
	}
}

func TestStartShutdownFreesPort(t *testing.T) {
	s := newTestServer(t, Config{Tokens: []Token{{Key: "k"}}})
	addr, err := s.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get("http://" + addr.String() + "/v1/ping?key=k")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]int
	json.NewDecoder(resp.Body).Decode(&got)
	resp.Body.Close()
	if got["limit"] != 10 {
		t.Errorf("GET ping = %v", got)
	}
	if err := s.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", addr.String())
	if err != nil {
		t.Fatalf("port still busy after Shutdown: %v", err)
	}
	ln.Close()
	if s.Requests() != 1 {
		t.Errorf("Requests() = %d, want 1", s.Requests())
	}
}

func TestConcurrentRequests(t *testing.T) {
	s := newTestServer(t, Config{Rate: 1e6, Tokens: []Token{{Key: "k"}}})
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/ping?key=k", nil))
			if rec.Code != 200 {
				t.Errorf("status %d", rec.Code)
			}
		}()
	}
	wg.Wait()
}
