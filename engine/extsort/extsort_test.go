package extsort_test

import (
	"bytes"
	"cmp"
	"fmt"
	"math/rand"
	"slices"
	"testing"
	"time"

	"waymark/engine/extsort"
	"waymark/internal/benchstat"
)

type pair struct {
	key string
	val uint32
}

func randomPairs(rng *rand.Rand, n int) []pair {
	ps := make([]pair, n)
	for i := range ps {
		k := make([]byte, rng.Intn(6))
		for j := range k {
			k[j] = "ab\x00\xffz"[rng.Intn(5)]
		}
		ps[i] = pair{string(k), uint32(rng.Intn(50))}
		if rng.Intn(10) == 0 {
			ps[i].val = 1<<32 - 1 - uint32(rng.Intn(3))
		}
	}
	return ps
}

func sortedPairs(t *testing.T, s *extsort.Sorter) []pair {
	t.Helper()
	it, err := s.Sorted()
	if err != nil {
		t.Fatal(err)
	}
	var out []pair
	for it.Next() {
		out = append(out, pair{string(it.Key()), it.Val()})
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSorted: the pairs come back in (key, value) order, duplicates kept,
// whether they fit one run in memory or span many runs on disk.
func TestSorted(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	for _, tc := range []struct {
		name     string
		n        int
		runBytes int
		onDisk   bool
	}{
		{"empty", 0, 64, false},
		{"one run in memory", 500, 1 << 20, false},
		{"many runs", 3000, 256, true},
		{"a run a pair", 40, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps := randomPairs(rng, tc.n)
			s := extsort.New(t.TempDir(), tc.runBytes)
			defer s.Close()
			for i, p := range ps {
				var err error
				if i%2 == 0 {
					err = s.Add([]byte(p.key), p.val)
				} else {
					err = s.AddString(p.key, p.val)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if s.Len() != int64(tc.n) {
				t.Errorf("Len = %d, want %d", s.Len(), tc.n)
			}
			if got := s.Runs() > 0; got != tc.onDisk {
				t.Errorf("runs on disk: %v, want %v (%d runs)", got, tc.onDisk, s.Runs())
			}
			want := slices.Clone(ps)
			slices.SortFunc(want, func(a, b pair) int {
				if c := bytes.Compare([]byte(a.key), []byte(b.key)); c != 0 {
					return c
				}
				return cmp.Compare(a.val, b.val)
			})
			got := sortedPairs(t, s)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("sorted %d pairs differ:\n got %v\nwant %v", tc.n, got[:min(len(got), 10)], want[:min(len(want), 10)])
			}
		})
	}
}

// TestKeyCopied: a key's bytes changed after Add do not change the pair.
func TestKeyCopied(t *testing.T) {
	s := extsort.New(t.TempDir(), 1)
	defer s.Close()
	k := []byte("b")
	for i := range 3 {
		if err := s.Add(k, uint32(i)); err != nil {
			t.Fatal(err)
		}
		k[0]--
	}
	got := sortedPairs(t, s)
	if want := []pair{{"`", 2}, {"a", 1}, {"b", 0}}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// BenchmarkSorter: 200,000 pairs of 5,000 keys sorted in runs of 1 MB on
// disk and merged.
func BenchmarkSorter(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	words := make([]string, 5000)
	for i := range words {
		words[i] = fmt.Sprintf("w%x", rng.Int63())
	}
	const n = 200_000
	var lat benchstat.Latencies
	b.ReportAllocs()
	for b.Loop() {
		lat.Time(func() {
			s := extsort.New(b.TempDir(), 1<<20)
			defer s.Close()
			for i := range n {
				if err := s.AddString(words[rng.Intn(len(words))], uint32(i)); err != nil {
					b.Fatal(err)
				}
			}
			it, err := s.Sorted()
			if err != nil {
				b.Fatal(err)
			}
			for it.Next() {
			}
			if it.Err() != nil {
				b.Fatal(it.Err())
			}
		})
	}
	lat.Report(b)
}

// TestRunSize: a run holds what runBytes has room for, a quarter of it
// for the keys and 24 bytes a pair for the rest.
func TestRunSize(t *testing.T) {
	for _, tc := range []struct {
		name     string
		key      string
		n, runs  int
		runBytes int
	}{
		{"pairs fill a run", "k", 1000, 10, 3200},         // 100 pairs a run
		{"keys fill a run", "0123456789", 1000, 13, 3200}, // 80 keys of 10 bytes a run
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := extsort.New(t.TempDir(), tc.runBytes)
			defer s.Close()
			for i := range tc.n {
				if err := s.AddString(tc.key, uint32(i)); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := s.Sorted(); err != nil {
				t.Fatal(err)
			}
			if s.Runs() != tc.runs {
				t.Errorf("%d runs, want %d", s.Runs(), tc.runs)
			}
		})
	}
}
