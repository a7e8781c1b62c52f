package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// Input errors: what is wrong with an extract, said so that the user knows
// what to do. Load wraps them with the file's name.
var (
	ErrNotPBF    = errors.New("not an OpenStreetMap PBF file")
	ErrTruncated = errors.New("the file is truncated (it ends in the middle of a block)")
	ErrCorrupt   = errors.New("the file is damaged (a block does not decode)")
)

// sniffInput checks the first bytes of the file at path: an .osm.pbf file
// starts with its OSMHeader block, an OSM XML file with "<?xml" or "<osm".
func sniffInput(path string, xml bool) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 64)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return err
	}
	head = head[:n]
	if xml {
		t := bytes.TrimLeft(head, "\ufeff \t\r\n")
		if !bytes.HasPrefix(t, []byte("<?xml")) && !bytes.HasPrefix(t, []byte("<osm")) {
			return fmt.Errorf("%w: an .osm file must be OSM XML", ErrNotPBF)
		}
		return nil
	}
	if !bytes.Contains(head, []byte("OSMHeader")) {
		return ErrNotPBF
	}
	return nil
}

// inputError explains a read error of the extract at path.
func inputError(path string, err error) error {
	var kind error
	msg := err.Error()
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(msg, "unexpected EOF"):
		kind = ErrTruncated
	case strings.Contains(msg, "blobHeader") || strings.Contains(msg, "blob header") || strings.Contains(msg, "OSMHeader"):
		kind = ErrNotPBF
	case strings.Contains(msg, "inflate") || strings.Contains(msg, "zlib") || strings.Contains(msg, "flate") ||
		strings.Contains(msg, "data check") || strings.Contains(msg, "proto") || strings.Contains(msg, "invalid"):
		kind = ErrCorrupt
	default:
		return fmt.Errorf("regions: read %s: %w", path, err)
	}
	return fmt.Errorf("regions: read %s: %w (%v); %s", path, kind, err, advice(kind))
}

// advice is what the user can do about an input error.
func advice(kind error) string {
	switch kind {
	case ErrNotPBF:
		return "give an .osm.pbf extract, or OSM XML named .osm"
	default:
		return "download the extract again (its checksum, where published, tells a complete copy)"
	}
}

// ErrEmptyExtract is returned when an extract holds no nodes.
var ErrEmptyExtract = errors.New("regions: extract holds no nodes")
