package api

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestHostAllowList: DNS rebinding (a page's own name resolving to the
// loopback address) is refused; IP addresses, localhost and configured
// names are served.
func TestHostAllowList(t *testing.T) {
	s := newTestServer(t, Config{Tokens: []Token{{Key: "k"}}, Hosts: []string{"maps.example.org"}})
	tests := []struct {
		host string
		want int
	}{
		{"127.0.0.1:8088", 200},
		{"localhost:8088", 200},
		{"LOCALHOST", 200},
		{"[::1]:8088", 200},
		{"10.1.2.3", 200},
		{"maps.example.org:8088", 200},
		{"evil.example", 403},
		{"evil.example:8088", 403},
		{"localhost.evil.example", 403},
	}
	for _, tt := range tests {
		req := httptest.NewRequest("GET", "/v1/ping?key=k", nil)
		req.Host = tt.host
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("GET /v1/ping with Host %q = %d, want %d", tt.host, rec.Code, tt.want)
		}
	}
}

// TestDeadlineAndHeavyTurns: a request past its deadline is cut off with
// an OSRM Timeout (503); with one heavy slot, a second heavy request waits
// for the first and is cut off at its own deadline, while a light request
// is answered at once.
func TestDeadlineAndHeavyTurns(t *testing.T) {
	s := newTestServer(t, Config{Tokens: []Token{{Key: "k"}}, DeadlineSeconds: 0.3, Heavy: 1})
	type answer struct {
		code int
		body map[string]string
		took time.Duration
	}
	do := func(path string) answer {
		start := time.Now()
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		var b map[string]string
		json.Unmarshal(rec.Body.Bytes(), &b)
		return answer{rec.Code, b, time.Since(start)}
	}
	var wg sync.WaitGroup
	heavy := make([]answer, 2)
	for i := range heavy {
		wg.Add(1)
		go func() { defer wg.Done(); heavy[i] = do("/slow/x?key=k") }()
	}
	time.Sleep(50 * time.Millisecond)
	light := do("/v1/ping?key=k")
	wg.Wait()
	if light.code != 200 || light.took > 100*time.Millisecond {
		t.Errorf("light request during two heavy ones = %d after %v, want 200 at once", light.code, light.took)
	}
	for i, a := range heavy {
		if a.code != 503 || a.body["code"] != "Timeout" || a.took > 2*time.Second {
			t.Errorf("heavy request %d = %d %v after %v, want 503 Timeout within the deadline", i, a.code, a.body, a.took)
		}
	}
}

// TestIdleConnectionsDoNotLockOut: with every connection slot held by an
// idle keep-alive client, a new client is still served (an idle
// connection is closed to make room).
func TestIdleConnectionsDoNotLockOut(t *testing.T) {
	s, err := newServer(nil, Config{Tokens: []Token{{Key: "k"}}, MaxConns: 2}, testEndpoints())
	if err != nil {
		t.Fatal(err)
	}
	addr, err := s.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(t.Context())
	for i := 0; i < 2; i++ {
		c, err := net.Dial("tcp", addr.String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "GET /v1/ping?key=k HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close() // the connection stays open, idle
	}
	client := &http.Client{Timeout: 3 * time.Second}
	start := time.Now()
	resp, err := client.Get("http://" + addr.String() + "/v1/ping?key=k")
	if err != nil {
		t.Fatalf("new client with every slot held by idle ones: %v after %v", err, time.Since(start))
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("new client = %d, want 200", resp.StatusCode)
	}
	if !strings.HasPrefix(addr.String(), "127.0.0.1:") {
		t.Errorf("bound %s", addr)
	}
}

// TestShutdownDrains: Shutdown with Deadline()+5 s waits for a request in
// flight, which ends by its own deadline, and returns nil (serve exits 0).
func TestShutdownDrains(t *testing.T) {
	s, err := newServer(nil, Config{Tokens: []Token{{Key: "k"}}, DeadlineSeconds: 0.5}, testEndpoints())
	if err != nil {
		t.Fatal(err)
	}
	addr, err := s.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan int, 1)
	go func() {
		resp, err := http.Get("http://" + addr.String() + "/slow/x?key=k")
		if err != nil {
			done <- 0
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	time.Sleep(100 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), s.Deadline()+5*time.Second)
	defer cancel()
	start := time.Now()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown = %v after %v, want a clean drain", err, time.Since(start))
	}
	if code := <-done; code != http.StatusServiceUnavailable {
		t.Errorf("request in flight during shutdown = %d, want its own answer (503 Timeout at its deadline)", code)
	}
}
