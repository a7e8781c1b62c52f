package zblob

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"
)

// content returns n bytes that compress about as a graph's encoding
// does: runs of small varint-like values with random noise.
func content(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		if rng.IntN(4) == 0 {
			b[i] = byte(rng.UintN(256))
		} else {
			b[i] = byte(rng.UintN(16))
		}
	}
	return b
}

// TestRoundTrip: a stream cut into blobs decodes, blob by blob, to the
// same bytes; the last blob's header tells the stream's size; blobs
// are smaller than their content; an empty content round-trips too.
func TestRoundTrip(t *testing.T) {
	seed := uint64(11)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	for _, sizes := range [][]int{{0}, {1}, {1000}, {70000, 70000, 5}, {1 << 20, 300}} {
		var e Encoder
		var d Decoder
		var stream, blobs [][]byte
		var off int64
		for _, n := range sizes {
			c := content(rng, n)
			b, err := e.Encode(c, off)
			if err != nil {
				t.Fatal(err)
			}
			if !Is(b) {
				t.Fatalf("Encode(%d bytes) does not start with the magic", n)
			}
			if n >= 1000 && len(b) >= n {
				t.Errorf("Encode(%d bytes) = %d bytes, want fewer", n, len(b))
			}
			stream, blobs = append(stream, c), append(blobs, bytes.Clone(b))
			off += int64(n)
		}
		var got []byte
		for i, b := range blobs {
			var err error
			if got, err = d.Append(got, b, int64(len(got))); err != nil {
				t.Fatalf("sizes %v: blob %d: %v", sizes, i, err)
			}
		}
		if want := bytes.Join(stream, nil); !bytes.Equal(got, want) {
			t.Errorf("sizes %v: decoded %d bytes differ from the %d encoded", sizes, len(got), len(want))
		}
		h, err := ReadHeader(blobs[len(blobs)-1])
		if err != nil || h.End() != off {
			t.Errorf("sizes %v: last header %+v, %v; want End %d", sizes, h, err, off)
		}
	}
}

// TestDamage: every kind of damage to a blob is ErrCorrupt, never a
// panic or a wrong decoding: each single flipped bit anywhere in the
// blob, a cut anywhere, bytes appended, a blob decoded at another offset
// (a part missing or out of order).
func TestDamage(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	c := content(rng, 3000)
	var e Encoder
	enc, err := e.Encode(c, 4096)
	if err != nil {
		t.Fatal(err)
	}
	blob := bytes.Clone(enc)
	var d Decoder
	check := func(what string, b []byte, off int64) {
		t.Helper()
		got, err := d.Append(nil, b, off)
		if !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: err = %v (decoded %d bytes, same as encoded: %v), want ErrCorrupt", what, err, len(got), bytes.Equal(got, c))
		}
	}
	if got, err := d.Append(nil, blob, 4096); err != nil || !bytes.Equal(got, c) {
		t.Fatalf("sound blob: %v", err)
	}
	harmless := 0
	for i := range len(blob) * 8 {
		b := bytes.Clone(blob)
		b[i/8] ^= 1 << (i % 8)
		got, err := d.Append(nil, b, 4096)
		switch {
		case err == nil && bytes.Equal(got, c):
			// bits that carry no content (the padding of the byte
			// the final block ends in) decode to the same content
			harmless++
		case !errors.Is(err, ErrCorrupt):
			t.Errorf("bit %d of %d flipped: err = %v, want ErrCorrupt", i, len(blob)*8, err)
		}
	}
	if harmless > 8 {
		t.Errorf("%d flipped bits decode to the same content, want at most the 8 of the last bytes' padding", harmless)
	}
	for n := range len(blob) {
		check("cut at "+strconv.Itoa(n), blob[:n], 4096)
	}
	check("a byte appended", append(bytes.Clone(blob), 0), 4096)
	h, _ := ReadHeader(blob)
	huge := binary.AppendUvarint([]byte(Magic), 1<<39)
	huge = append(binary.AppendUvarint(huge, 4096), blob[h.Len-4:]...)
	check("a size no DEFLATE data of its length holds", huge, 4096)
	check("decoded at offset 0", blob, 0)
	check("a raw part", c, 4096)
}
