package flat

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

type pair struct {
	A int32
	B uint8
}

type sample struct {
	u8   []uint8
	i64  []int64
	f32  []float32
	ps   []pair
	none []uint32
}

func (s *sample) fields() []Field {
	return []Field{F(&s.u8), F(&s.i64), F(&s.f32), F(&s.ps), F(&s.none)}
}

const magic = "WMTEST01"

func image(t *testing.T) []byte {
	t.Helper()
	s := sample{u8: []uint8{1, 2, 3}, i64: []int64{-1, 1 << 40}, f32: []float32{0.5}, ps: []pair{{7, 8}, {-9, 10}}}
	var buf bytes.Buffer
	w := NewWriter(&buf, magic)
	w.U32(42)
	w.String("build-1")
	w.WriteFields(s.fields())
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// aligned copies b to memory starting 8-aligned (as a mapping does), so
// that tests can change it.
func aligned(b []byte) []byte { return Aligned(append([]byte{0}, b...)[1:]) }

func read(data []byte) (sample, uint32, string, error) {
	var s sample
	r, err := NewReader(data, magic)
	if err != nil {
		return s, 0, "", err
	}
	v := r.U32()
	id := r.String()
	r.ReadFields(s.fields())
	return s, v, id, r.Close()
}

func TestRoundTrip(t *testing.T) {
	img := aligned(image(t))
	if len(img)%8 != 0 {
		t.Errorf("image of %d bytes, not a multiple of 8", len(img))
	}
	s, v, id, err := read(img)
	if err != nil {
		t.Fatal(err)
	}
	if v != 42 || id != "build-1" || !slices.Equal(s.u8, []uint8{1, 2, 3}) || !slices.Equal(s.i64, []int64{-1, 1 << 40}) ||
		!slices.Equal(s.f32, []float32{0.5}) || !slices.Equal(s.ps, []pair{{7, 8}, {-9, 10}}) || s.none != nil {
		t.Errorf("read back %v %q %+v", v, id, s)
	}
	// The arrays are views of the image, not copies.
	if p, lo := uintptr(unsafe.Pointer(&s.i64[0])), uintptr(unsafe.Pointer(&img[0])); p < lo || p >= lo+uintptr(len(img)) {
		t.Error("array copied out of the image")
	}
}

// TestRejects: what is not a whole image of this kind and byte order is
// an ErrImage, never a panic.
func TestRejects(t *testing.T) {
	img := image(t)
	otherOrder := aligned(img)
	binary.BigEndian.PutUint32(otherOrder[8:], order)
	if binary.LittleEndian.Uint32(otherOrder[8:]) == order {
		binary.LittleEndian.PutUint32(otherOrder[8:], 0x04030201)
	}
	// Header: magic 8, order 4, u32 4, id length 8 and "build-1" padded 8;
	// then the field count and the first array's element size.
	fewer := aligned(img)
	binary.LittleEndian.PutUint64(fewer[32:], 4)
	wrongSize := aligned(img)
	binary.LittleEndian.PutUint64(wrongSize[40:], 2)
	hugeCount := aligned(img)
	binary.LittleEndian.PutUint64(hugeCount[48:], 1<<62)
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a WMTEST01 image"},
		{"magic only", aligned([]byte(magic)), "cut short"},
		{"bad magic", aligned(append([]byte("WMTEST99"), img[8:]...)), "not a WMTEST01 image"},
		{"other byte order", otherOrder, "other byte order"},
		{"field count", fewer, "4 arrays, not 5"},
		{"element size", wrongSize, "elements of 2 bytes, not 1"},
		{"huge count", hugeCount, "cut short"},
		{"cut short", aligned(img[:len(img)/2]), "cut short"},
		{"last byte missing", aligned(img[:len(img)-1]), "cut short"},
		{"trailing bytes", aligned(append(append([]byte(nil), img...), 0, 0, 0, 0, 0, 0, 0, 0)), "bytes, not"},
		{"not aligned", aligned(append([]byte{0}, img...))[1:], "8-aligned"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, err := read(tc.data)
			if !errors.Is(err, ErrImage) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("read = %v, want ErrImage saying %q", err, tc.want)
			}
		})
	}
	t.Run("every cut", func(t *testing.T) {
		for n := 0; n < len(img); n++ {
			if _, _, _, err := read(aligned(img[:n])); !errors.Is(err, ErrImage) {
				t.Fatalf("read of the first %d bytes = %v, want ErrImage", n, err)
			}
		}
	})
}

func TestBadMagicLength(t *testing.T) {
	var buf bytes.Buffer
	if err := NewWriter(&buf, "short").Close(); err == nil {
		t.Error("a 5-byte magic was written")
	}
}

func TestStrings(t *testing.T) {
	strs := []string{"", "a", "", "bcd"}
	b, off := JoinStrings(strs)
	got, err := SplitStrings(b, off)
	if err != nil || !slices.Equal(got, strs) {
		t.Errorf("SplitStrings(JoinStrings(%q)) = %q, %v", strs, got, err)
	}
	for _, tc := range []struct {
		b   string
		off []uint32
	}{{"", nil}, {"ab", []uint32{0, 1}}, {"ab", []uint32{1, 2}}, {"ab", []uint32{0, 2, 1, 2}}} {
		if _, err := SplitStrings([]byte(tc.b), tc.off); !errors.Is(err, ErrImage) {
			t.Errorf("SplitStrings(%q, %v) = %v, want ErrImage", tc.b, tc.off, err)
		}
	}
}

func TestAligned(t *testing.T) {
	b := make([]uint64, 3)
	whole := unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), 24)
	if a := Aligned(whole); &a[0] != &whole[0] {
		t.Error("an aligned slice was copied")
	}
	copy(whole, "0123456789abcdefghijklmn")
	a := Aligned(whole[3:])
	if uintptr(unsafe.Pointer(&a[0]))%8 != 0 || string(a) != "3456789abcdefghijklmn" {
		t.Errorf("Aligned(whole[3:]) = %q at %p", a, &a[0])
	}
	if Aligned(nil) != nil {
		t.Error("Aligned(nil) is not nil")
	}
}

func TestWriterStrings(t *testing.T) {
	strs := []string{"place", "", "town"}
	var buf bytes.Buffer
	w := NewWriter(&buf, magic)
	w.Strings(strs)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	img := aligned(buf.Bytes())
	r, err := NewReader(img, magic)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Strings(); !slices.Equal(got, strs) || r.Close() != nil {
		t.Errorf("Strings read back %q (%v)", got, r.Close())
	}
	// Offsets past the bytes: an error, not a panic.
	binary.LittleEndian.PutUint32(img[len(img)-8-4:], 99) // the last of the 4 offsets, just before the total length
	r, _ = NewReader(img, magic)
	if got := r.Strings(); got != nil || !errors.Is(r.Close(), ErrImage) {
		t.Errorf("bad offsets: %q, %v", got, r.Close())
	}
}

// TestArrayWriter: an array written element by element (Put, PutSlice
// in parts of every size around the buffer's) is the bytes WriteArray
// writes of the slice; a count off the header's is an error.
func TestArrayWriter(t *testing.T) {
	whole := func(s []int64) []byte {
		var buf bytes.Buffer
		w := NewWriter(&buf, magic)
		WriteArray(w, s)
		WriteArray(w, []byte("tail"))
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	big := make([]int64, 3*8192+5) // over three buffers of 64 KiB
	for i := range big {
		big[i] = int64(i)*7919 - 1<<40
	}
	for _, tc := range []struct {
		name  string
		s     []int64
		parts []int // PutSlice lengths, repeated; 0: Put one at a time
	}{
		{"empty", nil, []int{0}},
		{"one", []int64{-3}, []int{0}},
		{"puts", big, []int{0}},
		{"slices of 1000", big, []int{1000}},
		{"slices over the buffer", big, []int{20000}},
		{"mixed", big, []int{0, 8191, 1, 9000, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			w := NewWriter(&buf, magic)
			a := StartArray[int64](w, len(tc.s))
			for i, k := 0, 0; i < len(tc.s); k++ {
				n := tc.parts[k%len(tc.parts)]
				if n == 0 {
					a.Put(tc.s[i])
					i++
					continue
				}
				n = min(n, len(tc.s)-i)
				a.PutSlice(tc.s[i : i+n])
				i += n
			}
			a.End()
			WriteArray(w, []byte("tail"))
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if want := whole(tc.s); !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("StartArray(%d) image of %d bytes differs from WriteArray's of %d", len(tc.s), buf.Len(), len(want))
			}
		})
	}
	for _, tc := range []struct {
		name      string
		n, puts   int
		wantError string
	}{
		{"short", 3, 2, "short"},
		{"over", 1, 2, "over"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := NewWriter(&bytes.Buffer{}, magic)
			a := StartArray[uint32](w, tc.n)
			for range tc.puts {
				a.Put(1)
			}
			a.End()
			if err := w.Close(); err == nil || !strings.Contains(err.Error(), tc.wantError) {
				t.Errorf("StartArray(%d) with %d elements: Close() = %v, want an error saying %q", tc.n, tc.puts, err, tc.wantError)
			}
		})
	}
}
