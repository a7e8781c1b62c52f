package pack

// A pack's routing graphs: which the pack stores (table graphs, one row
// per profile, the encoding in graph_parts, each part compressed since
// engine/zblob: a graph's first part tells which), how they are read and
// decoded, and the background load Open starts (loadGraphs), which maps
// each graph from its image beside the pack or writes that image first
// (graphimage.go).

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"waymark/engine/route"
	"waymark/engine/spill"
	"waymark/engine/zblob"
)

// graphParts joins the parts of profile p's graph (table graph_parts),
// in sc (nil: on the heap), decompressing them (engine/zblob) when the
// first is compressed; the parts of packs written before are joined as
// they are. A compressed part that does not decode to what its header
// says is ErrDamaged, naming the part.
func graphParts(db *sql.DB, p route.Profile, sc *spill.Arena) ([]byte, error) {
	size, err := graphSize(db, p)
	if err != nil {
		return nil, err
	}
	rows, err := db.Query(`SELECT part, data FROM graph_parts WHERE profile = ? ORDER BY part`, p.String())
	if err != nil {
		return nil, fmt.Errorf("read %s graph: %w", p, err)
	}
	defer rows.Close()
	data := spill.Make[byte](sc, int(size))[:0]
	var z zblob.Decoder
	compressed := false
	for i := 0; rows.Next(); i++ {
		var n int
		var part sql.RawBytes
		if err := rows.Scan(&n, &part); err != nil {
			return nil, fmt.Errorf("read %s graph: %w", p, err)
		}
		if i == 0 {
			compressed = zblob.Is(part)
		}
		if !compressed {
			data = append(data, part...)
			continue
		}
		if h, err := zblob.ReadHeader(part); err == nil && h.End() > size {
			return nil, fmt.Errorf("read %s graph part %d: %w: it ends at byte %d, the last part at %d", p, n, ErrDamaged, h.End(), size)
		}
		if data, err = z.Append(data, part, int64(len(data))); err != nil {
			return nil, fmt.Errorf("read %s graph part %d: %w: %w", p, n, ErrDamaged, err)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read %s graph: %w", p, err)
	}
	if int64(len(data)) != size {
		return nil, fmt.Errorf("read %s graph: %d bytes, its last part says %d: %w", p, len(data), size, ErrDamaged)
	}
	return data, nil
}

// graphSize returns the bytes of profile p's graph's encoding: the sum of
// its parts' lengths, or, when they are compressed, where its last part
// ends (its header says: zblob.Header.End), ErrDamaged if no DEFLATE data
// of the parts' length can hold that much (nothing is allocated for a
// damaged header's size).
func graphSize(db *sql.DB, p route.Profile) (int64, error) {
	var last []byte
	err := db.QueryRow(`SELECT data FROM graph_parts WHERE profile = ? ORDER BY part DESC LIMIT 1`, p.String()).Scan(&last)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("size of %s graph: %w", p, err)
	}
	var n int64
	if err := db.QueryRow(`SELECT coalesce(sum(length(data)), 0) FROM graph_parts WHERE profile = ?`, p.String()).Scan(&n); err != nil {
		return 0, fmt.Errorf("size of %s graph: %w", p, err)
	}
	if !zblob.Is(last) {
		return n, nil
	}
	h, err := zblob.ReadHeader(last)
	if err == nil && uint64(h.End()) > zblob.MaxContent(int(n)) {
		err = fmt.Errorf("%w: a graph of %d bytes cannot come from %d compressed", zblob.ErrCorrupt, h.End(), n)
	}
	if err != nil {
		return 0, fmt.Errorf("size of %s graph: %w: %w", p, ErrDamaged, err)
	}
	return h.End(), nil
}

// checkGraphParts decompresses every compressed part of the pack's graphs
// (a part at a time, discarding the content) and returns a problem for
// each graph whose parts do not decode to what their headers say (a
// missing last part is a row count the checksums tell).
func checkGraphParts(ctx context.Context, db *sql.DB) []string {
	rows, err := db.QueryContext(ctx, `SELECT profile, part, data FROM graph_parts ORDER BY profile, part`)
	if err != nil {
		if strings.Contains(err.Error(), "no such table") {
			return nil
		}
		return []string{fmt.Sprintf("graph parts: %v", err)}
	}
	defer rows.Close()
	var problems []string
	var z zblob.Decoder
	var buf []byte
	var profile string
	var offset int64
	var compressed, bad bool
	for rows.Next() {
		var name string
		var n int
		var part sql.RawBytes
		if err := rows.Scan(&name, &n, &part); err != nil {
			return append(problems, fmt.Sprintf("graph parts: %v", err))
		}
		if name != profile {
			profile, offset, bad = name, 0, false
			compressed = zblob.Is(part)
		}
		if !compressed || bad {
			continue
		}
		if buf, err = z.Append(buf[:0], part, offset); err != nil {
			problems = append(problems, fmt.Sprintf("graph %s part %d: %v", name, n, err))
			bad = true
			continue
		}
		offset += int64(len(buf))
	}
	if err := rows.Err(); err != nil {
		problems = append(problems, fmt.Sprintf("graph parts: %v", err))
	}
	return problems
}

// loadGraphs returns the pack's routing graphs (table graphs, written by
// the regions "roads" stage), each mapped from its image beside the pack
// (graphimage.go) or else decoded, in parallel; with images set, a
// graph without an image has its image written from a spilled decoding
// (writeSpilledGraphImage) and is mapped from it, and where that fails
// (read-only media) it is decoded onto the heap and its image written
// from there: the error of writing one is imageErr, not an error of the
// pack. A pack without the table (a partial pack) has no graphs; that is
// not an error. Each graph is given to ready as soon as it is loaded, so a graph
// mapped from its image serves while another is still being decoded.
func loadGraphs(pk *Pack, images bool, ready func(route.Profile, *route.Graph)) (imageErr error, err error) {
	db, path, buildID := pk.db, pk.Path, pk.Info.BuildID
	profiles, err := storedGraphs(db)
	if err != nil {
		return nil, err
	}
	errs := make([]error, len(profiles))
	imageErrs := make([]error, len(profiles))
	var wg sync.WaitGroup
	var wrote atomic.Bool // a decoded graph was replaced by its mapped image
	for i, st := range profiles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var started time.Time
			if images {
				img := graphImagePath(path, st.p)
				if g, ok := mapped(img, buildID, graphImage(st.p)); ok {
					ready(st.p, g)
					return
				}
				started = pk.cacheStarted(img)
				defer func() { pk.cacheDone(img, started, errors.Join(errs[i], imageErrs[i])) }()
				if writeSpilledGraphImage(db, path, buildID, st) == nil {
					if g, ok := mapped(img, buildID, graphImage(st.p)); ok {
						ready(st.p, g)
						return
					}
				}
			}
			g, err := decodeGraph(db, st.p, st.whole, nil)
			if err != nil {
				errs[i] = err
				return
			}
			g.SetBuildID(buildID)
			if images {
				g, imageErrs[i] = writeGraphImage(path, g)
				if g.Mapped() {
					wrote.Store(true)
				}
			}
			ready(st.p, g)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if images && wrote.Load() {
		// The decoded graphs whose images were written are garbage
		// now (LI ×64: ~700 MB); give their memory back at once rather
		// than as the runtime's scavenger gets to it.
		debug.FreeOSMemory()
	}
	return errors.Join(imageErrs...), nil
}

// storedGraph is a routing graph a pack stores.
type storedGraph struct {
	p     route.Profile
	whole bool // format 1: the whole encoding in graphs.data
}

// storedGraphs lists the graphs of the pack's profiles this engine
// knows (none for a pack without a graphs table).
func storedGraphs(db *sql.DB) ([]storedGraph, error) {
	rows, err := db.Query(`SELECT profile, length(data) FROM graphs`)
	if err != nil {
		if strings.Contains(err.Error(), "no such table") {
			return nil, nil
		}
		return nil, fmt.Errorf("read graphs: %w", err)
	}
	defer rows.Close()
	var profiles []storedGraph
	for rows.Next() {
		var name string
		var n int64
		if err := rows.Scan(&name, &n); err != nil {
			return nil, fmt.Errorf("read graphs: %w", err)
		}
		p, err := route.ParseProfile(name)
		if err != nil {
			continue // a profile this engine does not know
		}
		profiles = append(profiles, storedGraph{p, n > 0})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read graphs: %w", err)
	}
	return profiles, nil
}

// decodeGraph reads and decodes the pack's graph of profile p, in sc
// (route.DecodeIn; nil: on the heap). The whole encoding of an old
// pack's graph (format 1) is read onto the heap.
func decodeGraph(db *sql.DB, p route.Profile, whole bool, sc *spill.Arena) (*route.Graph, error) {
	var data []byte
	var err error
	if whole {
		err = db.QueryRow(`SELECT data FROM graphs WHERE profile = ?`, p.String()).Scan(&data)
		if err != nil {
			err = fmt.Errorf("read %s graph: %w", p, err)
		}
	} else {
		data, err = graphParts(db, p, sc)
	}
	if err != nil {
		return nil, err
	}
	g, err := route.DecodeIn(data, sc)
	if err != nil {
		return nil, fmt.Errorf("%s graph: %w", p, err)
	}
	if g.Profile() != p {
		return nil, fmt.Errorf("%s graph holds the %s profile: %w", p, g.Profile(), route.ErrGraph)
	}
	return g, nil
}

// Graph returns the pack's graph of profile prof, or nil when the pack has
// none or its graphs could not be loaded (WaitGraphs tells why). It waits
// for the graphs to be decoded.
func (p *Pack) Graph(prof route.Profile) *route.Graph {
	if int(prof) < 0 || int(prof) >= len(p.graphs.ready) {
		return nil
	}
	<-p.graphs.ready[prof]
	if int(prof) < len(p.graphs.byPro) {
		return p.graphs.byPro[prof]
	}
	return nil
}
