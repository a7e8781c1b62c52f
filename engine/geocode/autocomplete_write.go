package geocode

// autocomplete_write.go: the importer's writer of the stored autocomplete
// index (the table's layout: autocomplete_load.go).

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"waymark/engine/geocode/complete"
)

// WriteCompleteIndex builds the autocomplete index of a pack being
// imported and stores it: from table textTable of tx, the search rows
// (rowid, name, housenumber, address as search_name's, whose rowids are
// SearchRowID's of rowBits), the places, postcodes and search_parent
// already written.
//
// The documents are read once and never held: each one's place goes to
// a temporary file and its words to a complete.Writer (postings sorted
// on disk), whose encoding is stored part by part as it is written. The
// temporary files are in the directory of tx's database (the import's
// output, on a disk), unlinked at once. What is held grows with the
// vocabulary, not with the documents (complete.Writer).
func WriteCompleteIndex(ctx context.Context, tx *sql.Tx, textTable string, rowBits uint) error {
	return writeCompleteIndex(ctx, tx, textTable, rowBits, completePart)
}

// writeCompleteIndex is WriteCompleteIndex storing parts of partSize bytes.
func writeCompleteIndex(ctx context.Context, tx *sql.Tx, textTable string, rowBits uint, partSize int) error {
	rowPlace := fmt.Sprintf(`(s.rowid & %d)`, int64(1)<<rowBits-1)
	groupOf, groups, err := completeGroups(ctx, tx, true)
	if err != nil {
		return err
	}
	dir, err := databaseDir(ctx, tx)
	if err != nil {
		return err
	}
	cw := complete.NewWriter(groups, dir, 0)
	defer cw.Close()
	// The stored index needs of a document's attributes only its place and
	// whether it is a postcode, encoded as they are read.
	heads, err := newTempFile(dir)
	if err != nil {
		return err
	}
	defer heads.Close()
	hw := bufio.NewWriterSize(heads, 256<<10)
	var head [binary.MaxVarintLen64]byte
	prev := int64(0)
	err = completeDocs(ctx, tx, textTable, rowPlace, groupOf, func(d docAttrs, cd *complete.Doc) error {
		x := d.id - prev
		v := uint64(x<<1^x>>63) << 1
		if d.postcode {
			v |= 1
		}
		prev = d.id
		if _, err := hw.Write(binary.AppendUvarint(head[:0], v)); err != nil {
			return fmt.Errorf("geocode: autocomplete documents: %w", err)
		}
		return cw.Add(cd)
	})
	if err != nil {
		return err
	}
	if err := hw.Flush(); err != nil {
		return fmt.Errorf("geocode: autocomplete documents: %w", err)
	}
	if _, err := heads.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("geocode: autocomplete documents: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE autocomplete(part INTEGER PRIMARY KEY, data BLOB NOT NULL)`); err != nil {
		return fmt.Errorf("geocode: store autocomplete index: %w", err)
	}
	pw := &partWriter{ctx: ctx, tx: tx, buf: make([]byte, 0, max(partSize, 1))}
	if _, err := pw.Write(binary.AppendUvarint(nil, uint64(cw.Len()))); err != nil {
		return err
	}
	if _, err := io.Copy(pw, heads); err != nil {
		return fmt.Errorf("geocode: store autocomplete index: %w", err)
	}
	if _, err := cw.WriteTo(pw); err != nil {
		return err
	}
	return pw.flush()
}

// partWriter stores what is written to it as the rows of table
// autocomplete: parts of cap(buf) bytes, numbered from 0, the last one
// shorter (flush writes it).
type partWriter struct {
	ctx  context.Context
	tx   *sql.Tx
	buf  []byte
	part int
}

func (w *partWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := min(len(p), cap(w.buf)-len(w.buf))
		w.buf = append(w.buf, p[:k]...)
		p = p[k:]
		if len(w.buf) == cap(w.buf) {
			if err := w.flush(); err != nil {
				return n - len(p), err
			}
		}
	}
	return n, nil
}

// flush stores the bytes buffered as the next part.
func (w *partWriter) flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	if _, err := w.tx.ExecContext(w.ctx, `INSERT INTO autocomplete(part, data) VALUES(?, ?)`, w.part, w.buf); err != nil {
		return fmt.Errorf("geocode: store autocomplete index: %w", err)
	}
	w.part++
	w.buf = w.buf[:0]
	return nil
}

// databaseDir returns the directory of the file of tx's main database, or
// "" (the system's temporary directory) for one in memory.
func databaseDir(ctx context.Context, tx *sql.Tx) (string, error) {
	var dir string
	err := eachRow(ctx, tx, `PRAGMA database_list`, func(r *sql.Rows) error {
		var seq int
		var name, file string
		if err := r.Scan(&seq, &name, &file); err != nil {
			return err
		}
		if name == "main" && file != "" {
			dir = filepath.Dir(file)
		}
		return nil
	})
	return dir, err
}

// newTempFile returns a temporary file in dir, already unlinked.
func newTempFile(dir string) (*os.File, error) {
	f, err := os.CreateTemp(dir, ".waymark-autocomplete-*")
	if err != nil {
		return nil, fmt.Errorf("geocode: autocomplete temporary file: %w", err)
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, fmt.Errorf("geocode: autocomplete temporary file: %w", err)
	}
	return f, nil
}
