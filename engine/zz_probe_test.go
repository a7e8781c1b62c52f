package engine_test

import (
	"context"
	"os"
	"testing"

	"waymark/engine"
	"waymark/engine/geocode"
)

func TestOpenProbe(t *testing.T) {
	p := os.Getenv("PROBE_PACK")
	if p == "" {
		t.Skip()
	}
	pk, err := engine.OpenPack(p)
	if err != nil {
		t.Fatal(err)
	}
	pk.WaitGraphs()
	ix, err := geocode.Open(context.Background(), pk.DB)
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
	pk.Close()
}
