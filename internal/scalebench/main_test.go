package main

import (
	"testing"
	"time"

	waymarkregions "waymark/regions"
)

// TestParseStages reads the stage lines an import prints (regions'
// StageStat.String, as Summary.String prints them) among its other lines.
func TestParseStages(t *testing.T) {
	stats := []waymarkregions.StageStat{
		{Name: "read", Duration: 81500 * time.Millisecond, CPU: 150 * time.Second, PeakRSS: 420 << 20, PeakHeap: 181 << 20},
		{Name: "places", Duration: 2 * time.Second, CPU: time.Second, PeakRSS: 12 << 20, PeakHeap: 3 << 20},
	}
	// As each stage ends (figures that the summary may round differently)...
	out := ""
	for _, st := range stats {
		early := st
		early.PeakRSS = 1 << 20
		out += early.String() + "\n"
	}
	// ...and in the summary, which wins.
	out += "nodes:      17199552\n"
	for _, st := range stats {
		out += st.String() + "  per M nodes   4.74 s, CPU   8.72 s\n"
	}
	out += "took 1m23s\n\tUser time (seconds): 151.2\n"
	got := parseStages(out)
	want := []stageRow{{"read", 81.5, 150, 420, 181}, {"places", 2, 1, 12, 3}}
	if len(got) != len(want) {
		t.Fatalf("parsed %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("stage %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestCopyWord compares copyWord with tile_extract.py's word(k) (its
// output for these k).
func TestCopyWord(t *testing.T) {
	for _, c := range []struct {
		k    int
		want string
	}{{1, "Lodor"}, {15, "Zedor"}, {16, "Kalohal"}, {63, "Zenerhal"}, {255, "Zezehal"}, {256, "Kakalovu"}, {399, "Zerilovu"}} {
		if got := copyWord(c.k); got != c.want {
			t.Errorf("copyWord(%d) = %q, want %q", c.k, got, c.want)
		}
	}
}

// TestPredict scales the smaller input's CPU per node to the larger's
// nodes, stage by stage, and sums them.
func TestPredict(t *testing.T) {
	base := &importRow{nodes: "1000000", stages: []stageRow{{name: "read", cpu: 2}, {name: "places", cpu: 10}, {name: "gone", cpu: 5}}}
	big := &importRow{nodes: "4000000", stages: []stageRow{{name: "read", cpu: 9}, {name: "places", cpu: 36}}}
	got := predict(base, big)
	want := []modelRow{{"read", 8, 9}, {"places", 40, 36}, {"total", 48, 45}}
	if len(got) != len(want) {
		t.Fatalf("predict = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if e := got[0].errPct(); e != 12.5 {
		t.Errorf("read error = %v%%, want +12.5%%", e)
	}
	if predict(base, &importRow{nodes: "-"}) != nil {
		t.Error("an input of unknown size was predicted")
	}
}
