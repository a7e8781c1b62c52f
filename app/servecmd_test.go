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
