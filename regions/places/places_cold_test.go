package places

import (
	"fmt"
	"math"
	"math/rand"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/paulmach/orb"

	"waymark/internal/rusage"
	"waymark/regions/polygon"
)

// TestColdStore copies strings and address lines into a store in a
// temporary directory: the copies read back equal after their pages were
// given back and after the collector ran, lie outside the Go heap (a
// string's bytes are not the original's), lines stay aligned, and a store
// without a directory gives its arguments back unchanged.
func TestColdStore(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	c, err := newColdStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	type kept struct {
		want  string
		got   string
		lines []addressLine
		wantL []addressLine
	}
	var all []kept
	// Enough to fill more than one chunk.
	for total := 0; total < coldChunk+coldChunk/2; {
		n := 1 + rng.Intn(4000)
		s := strings.Repeat(fmt.Sprintf("%c", 'a'+rng.Intn(26)), n) + fmt.Sprint(len(all))
		l := make([]addressLine, 1+rng.Intn(6))
		for k := range l {
			l[k] = addressLine{distance: rng.Float64() * 1e4, parent: rng.Int31(), rank: int16(rng.Intn(30)), isAddress: rng.Intn(2) == 0}
		}
		k := kept{want: strings.Clone(s), got: c.str(s), wantL: append([]addressLine(nil), l...), lines: c.lines(l)}
		if unsafe.StringData(k.got) == unsafe.StringData(s) {
			t.Fatalf("string %d was not copied into the store", len(all))
		}
		if p := uintptr(unsafe.Pointer(&k.lines[0])); p%unsafe.Alignof(addressLine{}) != 0 {
			t.Fatalf("lines %d at %#x, not aligned", len(all), p)
		}
		all = append(all, k)
		total += len(s) + len(l)*int(unsafe.Sizeof(addressLine{}))
		if len(all)%1000 == 0 {
			c.dropResident()
		}
	}
	if len(c.chunks) < 2 {
		t.Fatalf("%d chunks mapped, want at least 2", len(c.chunks))
	}
	c.dropResident()
	runtime.GC()
	for i, k := range all {
		if k.got != k.want {
			t.Fatalf("string %d reads back different", i)
		}
		for j := range k.lines {
			if k.lines[j] != k.wantL[j] {
				t.Fatalf("lines %d, line %d: %+v, want %+v", i, j, k.lines[j], k.wantL[j])
			}
		}
	}
	// The same string again (the places of one object) is one copy.
	s := all[len(all)-1].want
	if a, b := c.str(s), c.str(s); unsafe.StringData(a) != unsafe.StringData(b) {
		t.Error("one string copied twice in a row gave two copies")
	}

	mem, err := newColdStore("")
	if err != nil {
		t.Fatal(err)
	}
	l := []addressLine{{parent: 1}}
	if got := mem.str(s); unsafe.StringData(got) != unsafe.StringData(s) {
		t.Error("a store without a directory copied a string")
	}
	if got := mem.lines(l); &got[0] != &l[0] {
		t.Error("a store without a directory copied lines")
	}
	if got := c.str(""); got != "" {
		t.Errorf("empty string: %q", got)
	}
}

// inStore reports whether p points into one of c's mapped chunks.
func inStore(c *coldStore, p unsafe.Pointer) bool {
	for _, ch := range c.chunks {
		lo := uintptr(unsafe.Pointer(&ch.Data[0]))
		if a := uintptr(p); a >= lo && a < lo+uintptr(len(ch.Data)) {
			return true
		}
	}
	return false
}

// TestPreparedAreaCold prepares a polygon with a hole through the
// builder's store: its band lists lie in the store, and
// it answers every point as the area prepared in the heap does.
func TestPreparedAreaCold(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	c, err := newColdStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	ring := func(cx, cy, r float64, n int) orb.Ring {
		var out orb.Ring
		for k := 0; k < n; k++ {
			a := 2 * math.Pi * float64(k) / float64(n)
			rr := r * (0.7 + 0.3*rng.Float64())
			out = append(out, orb.Point{cx + rr*math.Cos(a), cy + rr*math.Sin(a)})
		}
		return append(out, out[0])
	}
	hole := ring(9.5, 47.1, 0.05, 40)
	hole.Reverse()
	g := orb.Polygon{ring(9.5, 47.1, 0.2, 300), hole}
	b := &placeBuilder{cold: c}
	p := &place{geom: mustShape(g)}
	pa := b.preparedArea(p)
	heap := polygon.PrepareArea(p.geom.geometry())
	runtime.GC()
	cold := 0
	for _, l := range pa.Bands {
		if len(l) > 0 {
			if !inStore(c, unsafe.Pointer(&l[0])) {
				t.Fatal("a band list is in the heap")
			}
			cold++
		}
	}
	if cold == 0 {
		t.Fatal("no band lists")
	}
	c.dropResident()
	for k := 0; k < 5000; k++ {
		pt := orb.Point{9.2 + 0.6*rng.Float64(), 46.8 + 0.6*rng.Float64()}
		if got, want := pa.Contains(pt), heap.Contains(pt); got != want {
			t.Fatalf("%v: in the store %v, in the heap %v", pt, got, want)
		}
	}
}

// TestGovernMapped fills the cold store with more than
// mappedResidentBytes of pages read back, with no object ticked: within a
// few of governMapped's looks the pages are given back (the process's
// resident shared pages fall), where drops every coldDropTicks objects
// left them resident.
func TestGovernMapped(t *testing.T) {
	if _, ok := rusage.ResidentShared(); !ok {
		t.Skip("resident shared pages not counted on this system")
	}
	c, err := newColdStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	b := &placeBuilder{cold: c}
	stop := b.governMapped(5 * time.Millisecond)
	defer stop()
	time.Sleep(20 * time.Millisecond) // the governor's base taken
	base, _ := rusage.ResidentShared()
	var kept []string
	for total := 0; total < 2*mappedResidentBytes; total += 1 << 20 {
		kept = append(kept, c.str(strings.Repeat("x", 1<<20)))
	}
	sum := 0
	for _, s := range kept {
		for i := 0; i < len(s); i += 4096 {
			sum += int(s[i])
		}
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if n, _ := rusage.ResidentShared(); n < base+mappedResidentBytes {
			return
		}
	}
	after, _ := rusage.ResidentShared()
	t.Errorf("resident shared %d MB before the store was filled, %d MB 5 s after %d MB of it was read back: over the bound of %d MB more (sum %d)",
		base>>20, after>>20, 2*mappedResidentBytes>>20, mappedResidentBytes>>20, sum)
}

// TestColdMake makes arrays in a store: zeroed, filled by append within
// their length without moving, read back after the store's pages were
// given back; too large for the store, or without one, on the heap.
func TestColdMake(t *testing.T) {
	for _, dir := range []string{t.TempDir(), ""} {
		c, err := newColdStore(dir)
		if err != nil {
			t.Fatal(err)
		}
		var lists [][]int32
		for n := range 2000 { // more than a chunk: 2000 lists of up to 8 KB
			l := coldMake[int32](c, n)
			for k, v := range l {
				if v != 0 {
					t.Fatalf("dir %q: list %d [%d] = %d, not zeroed", dir, n, k, v)
				}
			}
			l = l[:0]
			for k := range n {
				l = append(l, int32(n*7+k))
			}
			if n > 0 && cap(l) != n {
				t.Fatalf("dir %q: list %d grew to %d", dir, n, cap(l))
			}
			lists = append(lists, l)
		}
		if mapped := c.size > 0; mapped != (dir != "") {
			t.Errorf("dir %q: %d bytes of the store mapped", dir, c.size)
		}
		c.dropResident()
		for n, l := range lists {
			for k, v := range l {
				if v != int32(n*7+k) {
					t.Fatalf("dir %q: list %d [%d] = %d after the drop", dir, n, k, v)
				}
			}
		}
		big := coldMake[int64](c, coldChunk/8)
		if len(big) != coldChunk/8 || c.owns(unsafe.Pointer(&big[0])) != (dir != "") {
			t.Errorf("dir %q: a large array has %d elements, in the store %v", dir, len(big), c.owns(unsafe.Pointer(&big[0])))
		}
		big[len(big)-1] = 7
		if small := coldMake[int64](c, 1); c.owns(unsafe.Pointer(&small[0])) != (dir != "") || small[0] != 0 {
			t.Errorf("dir %q: after a large array, a small one is not in the store or not zero", dir)
		}
		c.close()
	}
}
