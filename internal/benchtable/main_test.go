package main

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	in := `goos: linux
pkg: waymark/engine/route
BenchmarkRoute-2   	    1000	    250000 ns/op	    200000 p50-ns	    900000 p99-ns	     128 B/op	       2 allocs/op
BenchmarkBuildCH/li-2   	       1	12000000000 ns/op	  3.5 MB-graph
pkg: waymark/regions
--- FAIL: BenchmarkImport
FAIL
`
	rows, fails := parse(strings.NewReader(in))
	if fails != 2 {
		t.Errorf("fails = %d, want 2", fails)
	}
	if len(rows) != 2 {
		t.Fatalf("rows = %d, want 2", len(rows))
	}
	r := rows[0]
	if r.pkg != "engine/route" || r.name != "Route" || r.p50 != 200000 || r.p99 != 900000 || r.allocs != 2 || r.bytes != 128 {
		t.Errorf("row 0 = %+v", r)
	}
	if r := rows[1]; r.name != "BuildCH/li" || r.p50 != 12e9 || r.p99 != -1 || len(r.extra) != 1 {
		t.Errorf("row 1 = %+v", r)
	}
	var b strings.Builder
	write(&b, rows)
	if !strings.Contains(b.String(), "200.0µs") || !strings.Contains(b.String(), "12.00s") {
		t.Errorf("table:\n%s", b.String())
	}
}
