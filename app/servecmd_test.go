package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestIsLoopback(t *testing.T) {
	tests := []struct {
		addr string
		want bool
	}{
		{"127.0.0.1:8088", true},
		{"127.1.2.3:1", true},
		{"[::1]:8088", true},
		{"localhost:8088", true},
		{"0.0.0.0:8088", false},
		{":8088", false},
		{"[::]:8088", false},
		{"192.168.1.5:8088", false},
		{"maps.example.org:80", false},
		{"nonsense", false},
	}
	for _, tt := range tests {
		if got := isLoopback(tt.addr); got != tt.want {
			t.Errorf("isLoopback(%q) = %v, want %v", tt.addr, got, tt.want)
		}
	}
}

func TestSecretTokens(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(file, []byte("# keys for the planners\nalpha\n\n  beta  \n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, file, env string
		want            []string
		err             bool
	}{
		{"none", "", "", nil, false},
		{"file", file, "", []string{"alpha", "beta"}, false},
		{"env", "", " gamma\n", []string{"gamma"}, false},
		{"both", file, "gamma", []string{"alpha", "beta", "gamma"}, false},
		{"missing file", file + ".nope", "", nil, true},
	}
	for _, tt := range tests {
		got, err := secretTokens(tt.file, tt.env)
		if (err != nil) != tt.err || strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%s: secretTokens = %v, %v; want %v (error %v)", tt.name, got, err, tt.want, tt.err)
		}
	}
}

// TestServeConfig: -open serves without a key and generates no token;
// without it and without tokens one is generated; tokens given with
// -open keep working; -origin '*' goes with -open.
func TestServeConfig(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		open     bool
		tokens   int    // -1: one generated
		note     string // a substring of the notes
		wantErrs bool
	}{
		{"closed, no token", []string{"p.waymark"}, false, -1, "generated token", false},
		{"closed, a token", []string{"-token", "T", "p.waymark"}, false, 1, "", false},
		{"open", []string{"-open", "p.waymark"}, true, 0, "open: requests without a key", false},
		{"open with a token", []string{"-open", "-token", "T", "p.waymark"}, true, 1, "open:", false},
		{"open, any origin", []string{"-open", "-origin", "*", "p.waymark"}, true, 0, "", false},
		{"open on all interfaces", []string{"-open", "-addr", "0.0.0.0:8088", "p.waymark"}, true, 0, "serves them without a key", false},
	}
	for _, tt := range tests {
		f := newServeFlags()
		if err := f.fs.Parse(tt.args); err != nil {
			t.Fatalf("%s: parse: %v", tt.name, err)
		}
		cfg, notes, err := f.apiConfig("")
		if (err != nil) != tt.wantErrs {
			t.Fatalf("%s: apiConfig error %v", tt.name, err)
		}
		if cfg.Open != tt.open {
			t.Errorf("%s: Open = %v, want %v", tt.name, cfg.Open, tt.open)
		}
		if n := len(cfg.Tokens); tt.tokens >= 0 && n != tt.tokens || tt.tokens < 0 && (n != 1 || len(cfg.Tokens[0].Key) != 32) {
			t.Errorf("%s: tokens %v, want %d", tt.name, cfg.Tokens, tt.tokens)
		}
		if all := strings.Join(notes, "\n"); !strings.Contains(all, tt.note) {
			t.Errorf("%s: notes %q, want %q", tt.name, all, tt.note)
		}
	}
}
