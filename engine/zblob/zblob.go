// Package zblob compresses the large blobs of a region pack (the parts of
// a routing graph's encoding: engine/pack's graphs.go, regions/roads)
// so that a pack stays small, and tells them from the blobs of packs
// written before it.
//
// A compressed blob is self-describing:
//
//	magic      4 bytes "WMZ\x01"
//	size       uvarint: bytes of the content
//	offset     uvarint: bytes of the stream before this blob (the
//	           graph's encoding before this part), so that the last
//	           blob of a stream tells the stream's size and a reader
//	           can tell a missing or reordered blob
//	crc        4 bytes little-endian: CRC-32 (Castagnoli) of the content
//	deflate    the content, DEFLATE (RFC 1951, compress/flate)
//
// Design choices. DEFLATE because the standard library has it (no new
// dependency) and a graph's varint encoding compresses by a third
// (walking) to two fifths (driving) with it; each blob is compressed on
// its own, so a reader decodes parts one at a time with a few megabytes
// of buffers and a damaged part is found by its number. The CRC is of
// the content, because DEFLATE itself does not detect every damage (a
// flipped bit in a literal decodes to a wrong byte); with the sizes it
// makes a damaged blob an error, never a wrong decoding. A blob of a pack
// written before this package starts otherwise (a graph's encoding
// starts with "WMRG"), so readers check Is on a stream's first blob.
package zblob

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// Magic starts every compressed blob.
const Magic = "WMZ\x01"

// ErrCorrupt is returned for a blob that starts with Magic but does not
// decode to what its header says.
var ErrCorrupt = errors.New("zblob: damaged compressed blob")

// Level is the DEFLATE level blobs are written at.
const Level = flate.DefaultCompression

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Is reports whether b starts like a compressed blob.
func Is(b []byte) bool { return bytes.HasPrefix(b, []byte(Magic)) }

// Header is what a compressed blob says of its content.
type Header struct {
	Size   int64  // bytes of the content
	Offset int64  // bytes of the stream before it
	CRC    uint32 // CRC-32 (Castagnoli) of the content
	Len    int    // bytes of the header itself; the DEFLATE data follows
}

// End is the offset of the byte after the content in its stream.
func (h Header) End() int64 { return h.Offset + h.Size }

// ReadHeader parses the header of compressed blob b.
func ReadHeader(b []byte) (Header, error) {
	if !Is(b) {
		return Header{}, fmt.Errorf("%w: no header", ErrCorrupt)
	}
	i := len(Magic)
	size, n := binary.Uvarint(b[i:])
	if n <= 0 || size > 1<<40 {
		return Header{}, fmt.Errorf("%w: bad size", ErrCorrupt)
	}
	i += n
	off, n := binary.Uvarint(b[i:])
	if n <= 0 || off > 1<<48 {
		return Header{}, fmt.Errorf("%w: bad offset", ErrCorrupt)
	}
	i += n
	if len(b) < i+4 {
		return Header{}, fmt.Errorf("%w: short header", ErrCorrupt)
	}
	if size > MaxContent(len(b)-i-4) {
		return Header{}, fmt.Errorf("%w: %d bytes of content cannot come from %d compressed", ErrCorrupt, size, len(b)-i-4)
	}
	return Header{Size: int64(size), Offset: int64(off), CRC: binary.LittleEndian.Uint32(b[i:]), Len: i + 4}, nil
}

// MaxContent is the most content n bytes of DEFLATE data can hold
// (DEFLATE expands at most 1032:1, a length of 258 in 2 bits), so that
// a damaged header's size is refused before anything is allocated for it.
func MaxContent(n int) uint64 { return uint64(n)*1032 + 1024 }

// Encoder compresses blobs, reusing its compressor's memory (~1 MB)
// from blob to blob. It is not safe for concurrent use.
type Encoder struct {
	fw  *flate.Writer
	out bytes.Buffer
}

// Encode returns the compressed blob of content, the part of a stream
// after offset bytes. The result is valid until the next call.
func (e *Encoder) Encode(content []byte, offset int64) ([]byte, error) {
	e.out.Reset()
	var h [len(Magic) + 2*binary.MaxVarintLen64 + 4]byte
	b := append(h[:0], Magic...)
	b = binary.AppendUvarint(b, uint64(len(content)))
	b = binary.AppendUvarint(b, uint64(offset))
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(content, castagnoli))
	e.out.Write(b)
	if e.fw == nil {
		fw, err := flate.NewWriter(&e.out, Level)
		if err != nil {
			return nil, fmt.Errorf("zblob: %w", err)
		}
		e.fw = fw
	} else {
		e.fw.Reset(&e.out)
	}
	if _, err := e.fw.Write(content); err != nil {
		return nil, fmt.Errorf("zblob: compress: %w", err)
	}
	if err := e.fw.Close(); err != nil {
		return nil, fmt.Errorf("zblob: compress: %w", err)
	}
	return e.out.Bytes(), nil
}

// Decoder decompresses blobs, reusing its decompressor from blob to
// blob. It is not safe for concurrent use.
type Decoder struct {
	fr  io.ReadCloser
	src bytes.Reader
}

// Append decompresses blob b, which must be the part of its stream
// after offset bytes, and appends its content to dst. Any difference from
// what the header says (the offset, the size, the CRC, DEFLATE data that
// does not decode or goes on) is ErrCorrupt; dst's bytes past its length
// may have been written then.
func (d *Decoder) Append(dst []byte, b []byte, offset int64) ([]byte, error) {
	h, err := ReadHeader(b)
	if err != nil {
		return dst, err
	}
	if want := offset; h.Offset != want {
		return dst, fmt.Errorf("%w: blob of the stream at byte %d, expected at %d (a part is missing or out of order)", ErrCorrupt, h.Offset, want)
	}
	d.src.Reset(b[h.Len:])
	if d.fr == nil {
		d.fr = flate.NewReader(&d.src)
	} else if err := d.fr.(flate.Resetter).Reset(&d.src, nil); err != nil {
		return dst, fmt.Errorf("zblob: %w", err)
	}
	n := len(dst)
	if int64(cap(dst)-n) < h.Size {
		dst = append(dst[:n:n], make([]byte, h.Size)...)[:n]
	}
	out := dst[n : n+int(h.Size)]
	if _, err := io.ReadFull(d.fr, out); err != nil {
		return dst, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	var one [1]byte
	if k, err := d.fr.Read(one[:]); k != 0 || err != io.EOF {
		return dst, fmt.Errorf("%w: more content than its header says", ErrCorrupt)
	}
	if d.src.Len() != 0 {
		return dst, fmt.Errorf("%w: %d bytes after the compressed data", ErrCorrupt, d.src.Len())
	}
	if crc32.Checksum(out, castagnoli) != h.CRC {
		return dst, fmt.Errorf("%w: checksum differs", ErrCorrupt)
	}
	return dst[:n+int(h.Size)], nil
}
