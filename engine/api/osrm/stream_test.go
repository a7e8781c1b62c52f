package osrm

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// jsonFloatCases are numbers at the edges of encoding/json's formats.
var jsonFloatCases = []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 123.4, 9.123456, 47.000001, 1e-6, 9.99e-7, -1e-7,
	1e20, 1e21, 123456789012345678901234.0, 5e-324, math.MaxFloat64, 0.30000000000000004, 1.5e300, -2.5e-10}

// TestJSONFloatAsEncodingJSON: numbers are written as encoding/json
// writes them, byte for byte; non-finite ones as null.
func TestJSONFloatAsEncodingJSON(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 1))
	vs := append([]float64(nil), jsonFloatCases...)
	for range 2000 {
		vs = append(vs, math.Float64frombits(rng.Uint64()), rng.NormFloat64()*math.Pow(10, float64(rng.IntN(40)-20)))
	}
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		want, _ := json.Marshal(v)
		if got := appendJSONFloat(nil, v); !bytes.Equal(got, want) {
			t.Fatalf("appendJSONFloat(%v) = %s, want %s (seed %d)", v, got, want, seed)
		}
	}
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got := appendJSONFloat(nil, v); string(got) != "null" {
			t.Errorf("appendJSONFloat(%v) = %s, want null", v, got)
		}
	}
}

var jsonStringCases = []string{"", "Vaduz", `quote " and \ backslash`, "<b>&amp;</b>", "tab\there\nnewline\r\b\f\x00\x1f\x7f",
	"Zürich Straße 3", "\u2028\u2029 line separators", "bad \xff utf-8 \xc3", "emoji 🚗", "_uz|Aey~mr@", "polyline \\ with backslash"}

// TestJSONStringAsEncodingJSON: strings are quoted as encoding/json
// quotes them (HTML-escaped, invalid UTF-8 as U+FFFD).
func TestJSONStringAsEncodingJSON(t *testing.T) {
	for _, s := range jsonStringCases {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got, want)
		}
	}
}

func FuzzJSONString(f *testing.F) {
	for _, s := range jsonStringCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got, want)
		}
	})
}

type slowWriter struct {
	wrote int
	delay time.Duration
}

func (w *slowWriter) Write(b []byte) (int, error) {
	time.Sleep(w.delay)
	w.wrote += len(b)
	return len(b), nil
}

type failWriter struct{ calls int }

func (w *failWriter) Write(b []byte) (int, error) {
	w.calls++
	return 0, errors.New("client left")
}

// TestJSONStreamWrites: a long document goes out in buffer-sized writes
// as it is produced (never held whole), a write that blocks for
// slowWrite tells slow once, and after a failed write nothing more is
// written.
func TestJSONStreamWrites(t *testing.T) {
	w := &slowWriter{delay: slowWrite + 5*time.Millisecond}
	js := NewStream(w)
	slow := 0
	js.slow = func() { slow++ }
	js.Raw("[")
	for i := range 20000 {
		js.Sep(i)
		js.Str(strings.Repeat("x", 10))
		if len(js.buf) > streamBuffer {
			t.Fatalf("buffer grew to %d bytes, over its %d", len(js.buf), streamBuffer)
		}
	}
	js.Raw("]")
	if err := js.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := 1 + 20000*13 - 1 + 1; w.wrote != want {
		t.Errorf("wrote %d bytes, want %d", w.wrote, want)
	}
	if slow != 1 {
		t.Errorf("slow called %d times, want once", slow)
	}

	fw := &failWriter{}
	js = NewStream(fw)
	for range 20000 {
		js.Str("0123456789")
	}
	if err := js.Flush(); err == nil || fw.calls != 1 {
		t.Errorf("after a failed write: Flush = %v, %d writes, want the error and no write after the first", err, fw.calls)
	}
}
