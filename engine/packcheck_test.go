package engine_test

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"waymark/engine"
	"waymark/internal/testpacks"
)

// copyPack copies the named test pack into a temporary directory.
func copyPack(t *testing.T, name string) string {
	t.Helper()
	src, err := os.Open(testpacks.Path(t, name))
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst := filepath.Join(t.TempDir(), name+".waymark")
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, src); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestCheckFindsDamage: a sound pack passes Check with every table
// compared; 4 KB of random bytes anywhere past the header make Check fail
// with ErrPackDamaged; a truncated copy is refused already by OpenPack.
func TestCheckFindsDamage(t *testing.T) {
	ctx := context.Background()
	sound := copyPack(t, "monaco")
	rep, err := engine.Check(ctx, sound)
	if err != nil || rep.Tables < 10 || len(rep.Problems) > 0 {
		t.Fatalf("Check(sound pack) = %+v, %v; want every table matching", rep, err)
	}
	seed := uint64(3)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 9))
	st, _ := os.Stat(sound)
	for k := 0; k < 4; k++ {
		path := copyPack(t, "monaco")
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
		if _, err := engine.Check(ctx, path); !errors.Is(err, engine.ErrPackDamaged) {
			t.Errorf("Check(pack with 4 KB of junk at %d) = %v, want ErrPackDamaged", off, err)
		}
	}
	cut := copyPack(t, "monaco")
	if err := os.Truncate(cut, st.Size()/2); err != nil {
		t.Fatal(err)
	}
	if p, err := engine.OpenPack(cut); !errors.Is(err, engine.ErrPackDamaged) {
		if p != nil {
			p.Close()
		}
		t.Errorf("OpenPack(truncated copy) = %v, want ErrPackDamaged", err)
	}
}
