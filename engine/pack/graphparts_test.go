package pack_test

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"waymark/engine/mapdata"
	"waymark/engine/pack"
	"waymark/engine/route"
	"waymark/engine/zblob"
	"waymark/internal/testpacks"
)

// rawPart is the size of the parts of a pack written before zblob.
const rawPart = 4 << 20

// writableDB opens the pack copy at path for writing.
func writableDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// encodings returns the joined encoding of every graph of the pack at path.
func encodings(t *testing.T, path string) map[route.Profile][]byte {
	t.Helper()
	pk, err := pack.OpenWith(path, pack.Options{NoGraphs: true})
	if err != nil {
		t.Fatal(err)
	}
	defer pk.Close()
	out := map[route.Profile][]byte{}
	for _, p := range route.Profiles {
		enc, err := pack.GraphEncoding(pk, p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out[p] = enc
	}
	return out
}

// TestGraphPartsCompressed: the importer writes every graph part as a
// zblob; a pack whose parts are the encoding as it is (written before
// zblob) joins to the same encoding, maps to the same image and routes
// alike.
func TestGraphPartsCompressed(t *testing.T) {
	path := testpacks.Copy(t, "monaco")
	db := writableDB(t, path)
	var parts, compressed int
	var stored int64
	rows, err := db.Query(`SELECT data FROM graph_parts`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			t.Fatal(err)
		}
		parts++
		stored += int64(len(b))
		if zblob.Is(b) {
			compressed++
		}
	}
	rows.Close()
	if parts == 0 || compressed != parts {
		t.Fatalf("%d of %d graph parts compressed, want all", compressed, parts)
	}
	encs := encodings(t, path)
	var raw int64
	for _, p := range route.Profiles {
		if !strings.HasPrefix(string(encs[p]), "WMRG") {
			t.Fatalf("%s: joined encoding starts %q, want a graph's magic", p, encs[p][:min(8, len(encs[p]))])
		}
		raw += int64(len(encs[p]))
	}
	if stored*10 > raw*9 {
		t.Errorf("graph parts take %d bytes for %d of encoding, want at least 10%% less", stored, raw)
	}
	var images [][]byte
	for _, p := range route.Profiles {
		img, _, err := pack.SpilledAndHeapGraphImage(path, p)
		if err != nil {
			t.Fatal(err)
		}
		images = append(images, img)
	}

	old := testpacks.Copy(t, "monaco")
	odb := writableDB(t, old)
	if _, err := odb.Exec(`DELETE FROM graph_parts`); err != nil {
		t.Fatal(err)
	}
	for _, p := range route.Profiles {
		enc := encs[p]
		for i := 0; len(enc) > 0; i++ {
			n := min(len(enc), rawPart)
			if _, err := odb.Exec(`INSERT INTO graph_parts(profile, part, data) VALUES(?, ?, ?)`, p.String(), i, enc[:n]); err != nil {
				t.Fatal(err)
			}
			enc = enc[n:]
		}
	}
	odb.Close()
	oldEncs := encodings(t, old)
	for i, p := range route.Profiles {
		if !bytes.Equal(oldEncs[p], encs[p]) {
			t.Errorf("%s: the uncompressed pack joins to %d bytes, the compressed one to %d, want the same", p, len(oldEncs[p]), len(encs[p]))
		}
		img, _, err := pack.SpilledAndHeapGraphImage(old, p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(img, images[i]) {
			t.Errorf("%s: image of the uncompressed pack differs from the compressed one's", p)
		}
	}
	pk, err := pack.OpenWith(old, pack.Options{AllowDamaged: true})
	if err != nil {
		t.Fatal(err)
	}
	defer pk.Close()
	if err := pk.WaitGraphs(); err != nil || pk.Graph(route.Driving) == nil {
		t.Fatalf("uncompressed pack: WaitGraphs = %v, want its graphs", err)
	}
}

// TestDamagedGraphPart: a compressed graph part whose bytes differ is
// found: loading the graph fails with ErrDamaged naming the profile and
// part (never a panic or a wrong graph), and Check reports it, also in a
// pack without checksums.
func TestDamagedGraphPart(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(b []byte) []byte
		want string // what the decoding's error names
	}{
		{"byte in the compressed data", func(b []byte) []byte { b[len(b)/2] ^= 0x10; return b }, ""},
		{"header's size", func(b []byte) []byte { b[len(zblob.Magic)] ^= 1; return b }, ""},
		{"cut short", func(b []byte) []byte { return b[:len(b)-100] }, ""},
		{"a header saying a terabyte", func(b []byte) []byte {
			h, err := zblob.ReadHeader(b)
			if err != nil {
				t.Fatal(err)
			}
			out := binary.AppendUvarint([]byte(zblob.Magic), uint64(h.Size))
			out = binary.AppendUvarint(out, 1<<40)
			return append(out, b[h.Len-4:]...)
		}, "size of walking graph"},
		{"magic gone", func(b []byte) []byte { b[0] = 'X'; return b }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := testpacks.Copy(t, "monaco")
			db := writableDB(t, path)
			var b []byte
			if err := db.QueryRow(`SELECT data FROM graph_parts WHERE profile = 'walking' AND part = 0`).Scan(&b); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(`UPDATE graph_parts SET data = ? WHERE profile = 'walking' AND part = 0`, tc.edit(b)); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(`DROP TABLE pack_checksums`); err != nil {
				t.Fatal(err)
			}
			db.Close()
			pk, err := pack.OpenWith(path, pack.Options{DecodeGraphs: true})
			if err != nil {
				t.Fatal(err)
			}
			defer pk.Close()
			_, err = pack.DecodeStoredGraph(pk, route.Walking)
			if err == nil {
				t.Fatal("decoding the damaged walking graph succeeded")
			}
			want := cmp.Or(tc.want, "walking graph part 0")
			if tc.name != "magic gone" && (!errors.Is(err, pack.ErrDamaged) || !strings.Contains(err.Error(), want)) {
				t.Errorf("decode: %v, want ErrDamaged naming %q", err, want)
			}
			if err := pk.WaitGraphs(); err == nil {
				t.Error("WaitGraphs: nil, want the damaged graph's error")
			}
			if _, err := pack.DecodeStoredGraph(pk, route.Driving); err != nil {
				t.Errorf("driving graph: %v, want it sound", err)
			}
			rep, err := pack.Check(context.Background(), path)
			if tc.name == "magic gone" {
				return // an uncompressed first part: the graph's own decoding finds it
			}
			if !errors.Is(err, pack.ErrDamaged) || rep == nil || len(rep.Problems) == 0 || !strings.Contains(rep.Problems[0], "graph walking part 0") {
				t.Errorf("Check = %+v, %v; want ErrDamaged with graph walking part 0", rep, err)
			}
		})
	}
}

// TestDamagedMapRun checks that a damaged map run (format 7: buckets'
// rows compressed together) is found by Check, also in a pack without
// checksums, and that a map query meeting it gives an error naming it.
func TestDamagedMapRun(t *testing.T) {
	path := testpacks.Copy(t, "monaco")
	db := writableDB(t, path)
	var b []byte
	if err := db.QueryRow(`SELECT data FROM map_runs WHERE run = 3`).Scan(&b); err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0x10
	if _, err := db.Exec(`UPDATE map_runs SET data = ? WHERE run = 3`, b); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DROP TABLE pack_checksums`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	rep, err := pack.Check(context.Background(), path)
	if !errors.Is(err, pack.ErrDamaged) || rep == nil || len(rep.Problems) == 0 || !strings.Contains(rep.Problems[0], "map run 3") {
		t.Fatalf("Check = %+v, %v; want ErrDamaged with map run 3", rep, err)
	}
	pk, err := pack.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer pk.Close()
	md, err := pk.MapData()
	if err != nil || md == nil {
		t.Fatalf("MapData: %v, %v", md, err)
	}
	if err := md.All(context.Background(), func(*mapdata.Row, int, int) error { return nil }); err == nil || !strings.Contains(err.Error(), "map run 3") {
		t.Errorf("reading every map row: %v, want an error naming map run 3", err)
	}
}
