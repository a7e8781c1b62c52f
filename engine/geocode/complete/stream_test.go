package complete

import (
	"bytes"
	"math/rand"
	"testing"
	"time"

	"waymark/internal/benchstat"
)

// streamed returns what a Writer writes for docs and groups, sorting in
// runs of runBytes.
func streamed(t testing.TB, docs []Doc, groups []string, runBytes int) []byte {
	t.Helper()
	w := NewWriter(groups, t.TempDir(), runBytes)
	defer w.Close()
	for i := range docs {
		if err := w.Add(&docs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if w.Len() != len(docs) {
		t.Fatalf("Len = %d, want %d", w.Len(), len(docs))
	}
	var out bytes.Buffer
	n, err := w.WriteTo(&out)
	if err != nil {
		t.Fatal(err)
	}
	if n != int64(out.Len()) {
		t.Errorf("WriteTo returned %d, wrote %d bytes", n, out.Len())
	}
	return out.Bytes()
}

// TestWriterEqualsAppendBinary: a Writer writes byte for byte what
// BuildGroups(...).AppendBinary writes, whether its pairs are sorted in
// memory or in many runs on disk.
func TestWriterEqualsAppendBinary(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	edge := []Doc{
		{},
		{Name: []string{""}, Address: []string{"  "}},
		{Name: []string{"a\x00b ä", "a\x00b"}, Address: []string{"ä zz"}, Groups: []int32{1, 1, 0, 1, 7}},
		{Name: []string{"zz"}, Address: []string{"zz a\x00b"}, Groups: []int32{2, 2}},
		{Address: []string{"only address"}, Groups: []int32{0}},
	}
	edgeGroups := []string{"vaduz ä", "", "zz  zz qq"}
	for _, tc := range []struct {
		name   string
		docs   []Doc
		groups []string
	}{
		{"no documents", nil, nil},
		{"groups without documents", nil, []string{"liechtenstein vaduz", "vaduz"}},
		{"edge cases", edge, edgeGroups},
		{"random 50", nil, nil},
		{"random 2000", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			docs, groups := tc.docs, tc.groups
			if docs == nil && groups == nil {
				n := 50
				if tc.name == "random 2000" {
					n = 2000
				}
				docs, groups, _ = randomGroupedDocs(rng.Int63(), n)
			}
			want := BuildGroups(docs, groups).AppendBinary(nil)
			for _, runBytes := range []int{1, 300, 1 << 20} {
				if got := streamed(t, docs, groups, runBytes); !bytes.Equal(got, want) {
					t.Fatalf("runs of %d bytes: %d bytes differ from AppendBinary's %d (first difference at %d)",
						runBytes, len(got), len(want), firstDiff(got, want))
				}
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// BenchmarkWriteIndex: the stored form of 20,000 random documents in
// address groups, written by BuildGroups+AppendBinary (in memory) and by
// a Writer (sorted in runs of 1 MB on disk).
func BenchmarkWriteIndex(b *testing.B) {
	docs, groups, _ := randomGroupedDocs(7, 20_000)
	for _, way := range []string{"build", "stream"} {
		b.Run(way, func(b *testing.B) {
			var lat benchstat.Latencies
			b.ReportAllocs()
			for b.Loop() {
				lat.Time(func() {
					if way == "build" {
						BuildGroups(docs, groups).AppendBinary(nil)
						return
					}
					streamed(b, docs, groups, 1<<20)
				})
			}
			lat.Report(b)
		})
	}
}
