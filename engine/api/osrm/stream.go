package osrm

import (
	"io"
	"math"
	"strconv"
	"time"
	"unicode/utf8"
)

// Stream writes a JSON document as it is produced, through a small
// buffer, instead of building it in memory first: the routing answers
// (routes, tables, trips, matchings) are encoded with it straight from
// the engine's results, so that a 10 MB answer costs a 32 kB buffer, not
// a tree of encoding types and a 10 MB byte slice (and their garbage).
//
// Its output is byte for byte what encoding/json writes for the same
// values (stream_test.go checks numbers and strings against it):
// strings HTML-escaped, invalid UTF-8 as U+FFFD, floats in the shortest
// form that reads back ('e' notation below 1e-6 and from 1e21). A
// non-finite float, which encoding/json refuses, is written as null: once
// the answer's first bytes are sent it can no longer turn into an error.
//
// The caller writes the separators itself (comma, colon) through the
// small helpers below; the first error of the underlying writer (a client
// that left) is kept and every later write is dropped.
type Stream struct {
	w   io.Writer
	buf []byte
	err error
	// slow, when set, is called (once) when a write blocks for
	// slowWrite: the client reads slower than the answer is produced.
	slow func()
}

// slowWrite is how long a write may block before its client counts as
// slow.
const slowWrite = 20 * time.Millisecond

// streamBuffer is the size of a stream's buffer: large enough that most
// answers go out in a single write.
const streamBuffer = 32 << 10

// NewStream returns a stream writing to w (nil: set it with Reset).
func NewStream(w io.Writer) *Stream {
	return &Stream{w: w, buf: make([]byte, 0, streamBuffer)}
}

// Reset points the stream at w, with no error yet and slow (nil: none)
// to call once when a write blocks for slowWrite; the buffer is kept, so
// that a server reuses one stream between answers.
func (s *Stream) Reset(w io.Writer, slow func()) { s.w, s.err, s.slow = w, nil, slow }

// Flush writes what is buffered; it returns the stream's first error.
func (s *Stream) Flush() error {
	if s.err == nil && len(s.buf) > 0 {
		start := time.Now()
		_, s.err = s.w.Write(s.buf)
		if s.slow != nil && time.Since(start) > slowWrite {
			s.slow()
			s.slow = nil
		}
	}
	s.buf = s.buf[:0]
	return s.err
}

// spill writes the buffer out once it is nearly full.
func (s *Stream) spill() {
	if len(s.buf) >= streamBuffer-512 {
		s.Flush()
	}
}

// Raw writes JSON text as is (punctuation, literal keys).
func (s *Stream) Raw(text string) {
	s.buf = append(s.buf, text...)
	s.spill()
}

// Key writes `"name":` (or `,"name":` when comma), for names that need no
// escaping.
func (s *Stream) Key(comma bool, name string) {
	if comma {
		s.buf = append(s.buf, ',')
	}
	s.buf = append(s.buf, '"')
	s.buf = append(s.buf, name...)
	s.buf = append(s.buf, '"', ':')
}

// Sep writes the comma before every item of a list but the first.
func (s *Stream) Sep(i int) {
	if i > 0 {
		s.buf = append(s.buf, ',')
	}
}

// Str writes v as a JSON string (HTML-escaped as encoding/json escapes it).
func (s *Stream) Str(v string) {
	s.buf = appendJSONString(s.buf, v)
	s.spill()
}

// Float writes v in encoding/json's shortest form (null when not finite).
func (s *Stream) Float(v float64) {
	s.buf = appendJSONFloat(s.buf, v)
	s.spill()
}

// Int writes v.
func (s *Stream) Int(v int64) {
	s.buf = strconv.AppendInt(s.buf, v, 10)
	s.spill()
}

// Bool writes true or false.
func (s *Stream) Bool(v bool) {
	s.buf = strconv.AppendBool(s.buf, v)
}

// Floats writes a list of numbers (null for a nil slice).
func (s *Stream) Floats(vs []float64, round func(float64) float64) {
	if vs == nil {
		s.Raw("null")
		return
	}
	s.buf = append(s.buf, '[')
	for i, v := range vs {
		s.Sep(i)
		s.Float(round(v))
	}
	s.buf = append(s.buf, ']')
}

// ints writes a list of integers (null for a nil slice).
func ints[T int | int64](s *Stream, vs []T) {
	if vs == nil {
		s.Raw("null")
		return
	}
	s.buf = append(s.buf, '[')
	for i, v := range vs {
		s.Sep(i)
		s.Int(int64(v))
	}
	s.buf = append(s.buf, ']')
}

// appendJSONFloat appends f as encoding/json writes a float64.
func appendJSONFloat(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-07 → e-7, as encoding/json writes exponents
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends v quoted as encoding/json writes a string:
// HTML-escaped (<, >, &), control characters escaped, invalid UTF-8 as
// U+FFFD, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, v string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(v); {
		if c := v[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, v[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(v[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, v[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, v[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, v[start:]...)
	return append(b, '"')
}
