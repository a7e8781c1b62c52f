package geocode

// autocomplete_parts.go: the stored autocomplete index's parts read in
// two passes (readStoredDocs, then readStoredIndex), so that the index's
// bytes are not held while its documents' places are read.

import (
	"context"
	"database/sql"
	"fmt"
	"io"
)

// partAt is a place in the stored parts: byte off of part.
type partAt struct {
	part int64
	off  int
}

// partReader reads the stored parts' bytes in order, holding one part
// at a time, for binary.ReadUvarint; a read past the last part or a
// failing one (err) is io.ErrUnexpectedEOF.
type partReader struct {
	rows *sql.Rows
	at   partAt
	data []byte // part at.part (a copy: the driver's bytes last until Next)
	err  error
}

func (r *partReader) ReadByte() (byte, error) {
	for r.at.off == len(r.data) {
		if r.err != nil || !r.rows.Next() {
			return 0, io.ErrUnexpectedEOF
		}
		var b sql.RawBytes
		if r.err = r.rows.Scan(&r.at.part, &b); r.err != nil {
			return 0, io.ErrUnexpectedEOF
		}
		r.data, r.at.off = append(r.data[:0], b...), 0
	}
	r.at.off++
	return r.data[r.at.off-1], nil
}

// readStoredIndex returns the stored index's bytes from at on, where
// readStoredDocs left them (complete.Index.AppendBinary's).
func readStoredIndex(ctx context.Context, ix *Index, at partAt) ([]byte, error) {
	var size int64
	if err := ix.db.QueryRowContext(ctx, `SELECT coalesce(sum(length(data)), 0) FROM autocomplete WHERE part >= ?`, at.part).Scan(&size); err != nil {
		return nil, fmt.Errorf("geocode: load autocomplete index: %w", err)
	}
	b := make([]byte, 0, max(size-int64(at.off), 0))
	if err := eachRow(ctx, ix.db, `SELECT part, data FROM autocomplete WHERE part >= ? ORDER BY part`, func(r *sql.Rows) error {
		var part int64
		var data sql.RawBytes
		if err := r.Scan(&part, &data); err != nil {
			return err
		}
		if part == at.part {
			data = data[min(at.off, len(data)):]
		}
		b = append(b, data...)
		return nil
	}, at.part); err != nil {
		return nil, fmt.Errorf("geocode: load autocomplete index: %w", err)
	}
	return b, nil
}
