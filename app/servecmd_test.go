package main

import "testing"

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
