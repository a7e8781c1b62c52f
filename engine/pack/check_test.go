package pack_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"testing"

	"waymark/engine/pack"
	"waymark/internal/testpacks"
)

// TestCheckFindsDamage: a sound pack passes Check with every table
// compared; 4 KB of random bytes anywhere past the header make Check fail
// with ErrDamaged; a truncated copy is refused already by Open.
func TestCheckFindsDamage(t *testing.T) {
	ctx := context.Background()
	sound := testpacks.Copy(t, "monaco")
	rep, err := pack.Check(ctx, sound)
	if err != nil || rep.Tables < 10 || len(rep.Problems) > 0 {
		t.Fatalf("Check(sound pack) = %+v, %v; want every table matching", rep, err)
	}
	seed := uint64(3)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 9))
	st, _ := os.Stat(sound)
	for k := 0; k < 4; k++ {
		path := testpacks.Copy(t, "monaco")
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		junk := make([]byte, 4096)
		for i := range junk {
			junk[i] = byte(rng.UintN(256))
		}
		off := 4096 + rng.Int64N(st.Size()-8192)
		if _, err := f.WriteAt(junk, off); err != nil {
			t.Fatal(err)
		}
		f.Close()
		if _, err := pack.Check(ctx, path); !errors.Is(err, pack.ErrDamaged) {
			t.Errorf("Check(pack with 4 KB of junk at %d) = %v, want ErrDamaged", off, err)
		}
	}
	cut := testpacks.Copy(t, "monaco")
	if err := os.Truncate(cut, st.Size()/2); err != nil {
		t.Fatal(err)
	}
	if p, err := pack.Open(cut); !errors.Is(err, pack.ErrDamaged) {
		if p != nil {
			p.Close()
		}
		t.Errorf("Open(truncated copy) = %v, want ErrDamaged", err)
	}
}
