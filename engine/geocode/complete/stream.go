package complete

// stream.go: the stored form of an index (AppendBinary's bytes) written
// from documents given one at a time, in memory that does not grow with
// their number — for an importer whose country has millions of them.
// BuildGroups holds every document's postings in maps, then the whole
// index, then its encoding (LI ×64: 167 MB of live heap); a Writer
// instead sorts (word, posting) and (group, document) pairs externally
// (package extsort: runs on disk, merged) and encodes them as they come
// out of the merge. What it holds is what the format puts first and so
// must be known before the postings: the vocabulary and each word's
// number of postings, and the groups' words and sizes.

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"waymark/engine/extsort"
)

// errStreamOrder is returned by WriteTo when the sorted pairs do not
// match the counts taken as they were added (a temporary file changed
// underneath).
var errStreamOrder = errors.New("sorted pairs out of step with their counts")

// Writer writes the stored form of the index BuildGroups(docs, groups)
// would build from the documents added, without holding them: Add each
// document in order, then WriteTo once; Close removes its temporary
// files. The documents' importance and location are not used (the
// stored form has none).
type Writer struct {
	groups     []string
	groupWords map[string][]uint32 // the groups holding each group word
	posts      *extsort.Sorter     // (word, doc<<1 | addressOnly)
	members    *extsort.Sorter     // (group as 4 bytes big-endian, doc)
	counts     map[string]uint32   // postings of each document word
	groupSize  []uint32            // documents of each group
	nDocs      uint32
	seen       map[string]uint32 // a document's words (Add's scratch)
	docGroups  []int32
}

// NewWriter returns a Writer of an index with address groups groups (as
// BuildGroups takes them) whose temporary files go to dir (os.TempDir
// when ""), sorting in runs of about runBytes of memory each
// (extsort.DefaultRunBytes when 0).
func NewWriter(groups []string, dir string, runBytes int) *Writer {
	if runBytes <= 0 {
		runBytes = extsort.DefaultRunBytes
	}
	// A document is in a few groups but has some ten words: the members
	// take a quarter of the postings' memory.
	w := &Writer{
		groups:     groups,
		groupWords: map[string][]uint32{},
		posts:      extsort.New(dir, runBytes),
		members:    extsort.New(dir, runBytes/4),
		counts:     map[string]uint32{},
		groupSize:  make([]uint32, len(groups)),
		seen:       map[string]uint32{},
	}
	for g, s := range groups {
		forFields(s, func(word string) {
			gs := w.groupWords[word]
			if len(gs) == 0 || gs[len(gs)-1] != uint32(g) {
				w.groupWords[word] = append(gs, uint32(g))
			}
		})
	}
	return w
}

// forFields calls fn with each whitespace-separated field of s, as
// strings.Fields splits it.
func forFields(s string, fn func(string)) {
	for _, f := range strings.Fields(s) {
		fn(f)
	}
}

// docWords calls fn once with each distinct word of d and whether it is
// only in its address (1) or in its name (0), into seen (cleared).
func docWords(d *Doc, seen map[string]uint32, fn func(word string, addr uint32)) {
	clear(seen)
	add := func(s string, addr uint32) {
		forFields(s, func(w string) {
			if prev, ok := seen[w]; ok && prev <= addr {
				return
			}
			seen[w] = addr
		})
	}
	for _, s := range d.Name {
		add(s, 0)
	}
	for _, s := range d.Address {
		add(s, 1)
	}
	for w, addr := range seen {
		fn(w, addr)
	}
}

// Add adds the next document (document Len() before the call).
func (w *Writer) Add(d *Doc) error {
	i := w.nDocs
	if i > 1<<31-1 {
		return fmt.Errorf("complete: more than %d documents", 1<<31-1)
	}
	w.nDocs++
	var err error
	docWords(d, w.seen, func(word string, addr uint32) {
		if err != nil {
			return
		}
		if _, ok := w.counts[word]; !ok {
			word = strings.Clone(word) // not a view of the document's text
		}
		w.counts[word]++
		err = w.posts.AddString(word, i<<1|addr)
	})
	if err != nil {
		return fmt.Errorf("complete: write index: %w", err)
	}
	// A document in a group twice is one member (BuildGroups compacts).
	w.docGroups = w.docGroups[:0]
	for _, g := range d.Groups {
		if g < 0 || int(g) >= len(w.groups) || slices.Contains(w.docGroups, g) {
			continue
		}
		w.docGroups = append(w.docGroups, g)
		w.groupSize[g]++
		var key [4]byte
		binary.BigEndian.PutUint32(key[:], uint32(g))
		if err := w.members.Add(key[:], i); err != nil {
			return fmt.Errorf("complete: write index: %w", err)
		}
	}
	return nil
}

// Len returns the number of documents added.
func (w *Writer) Len() int { return int(w.nDocs) }

// WriteTo writes to out what AppendBinary(nil) returns for the index of
// the documents added, and returns the bytes written.
func (w *Writer) WriteTo(out io.Writer) (int64, error) {
	cw := &countWriter{w: bufio.NewWriterSize(out, 64<<10)}
	if err := w.writeTo(cw); err != nil {
		return cw.n, fmt.Errorf("complete: write index: %w", err)
	}
	if err := cw.w.Flush(); err != nil {
		return cw.n, fmt.Errorf("complete: write index: %w", err)
	}
	return cw.n, cw.err
}

func (w *Writer) writeTo(cw *countWriter) error {
	vocab := make([]string, 0, len(w.counts)+len(w.groupWords))
	for word := range w.counts {
		vocab = append(vocab, word)
	}
	for word := range w.groupWords {
		if _, ok := w.counts[word]; !ok {
			vocab = append(vocab, word)
		}
	}
	slices.Sort(vocab)
	cw.uvarint(codecVersion)
	cw.uvarint(uint64(w.nDocs))
	cw.uvarint(uint64(len(w.groups)))
	cw.uvarint(uint64(len(vocab)))
	prev := ""
	for _, word := range vocab {
		n := 0
		for n < len(word) && n < len(prev) && word[n] == prev[n] {
			n++
		}
		cw.uvarint(uint64(n))
		cw.uvarint(uint64(len(word) - n))
		cw.write(word[n:])
		prev = word
	}
	posts, err := w.posts.Sorted()
	if err != nil {
		return err
	}
	more := posts.Next()
	for _, word := range vocab {
		count := w.counts[word]
		cw.uvarint(uint64(count))
		last := uint32(0)
		for range count {
			if !more || string(posts.Key()) != word {
				return fmt.Errorf("postings of %q: %w", word, errStreamOrder)
			}
			cw.uvarint(uint64(posts.Val() - last))
			last = posts.Val()
			more = posts.Next()
		}
		cw.sorted(w.groupWords[word])
	}
	if more || posts.Err() != nil {
		return fmt.Errorf("postings: %w", errors.Join(posts.Err(), errStreamOrder))
	}
	members, err := w.members.Sorted()
	if err != nil {
		return err
	}
	more = members.Next()
	for g, size := range w.groupSize {
		cw.uvarint(uint64(size))
		last := uint32(0)
		for range size {
			if !more || binary.BigEndian.Uint32(members.Key()) != uint32(g) {
				return fmt.Errorf("members of group %d: %w", g, errStreamOrder)
			}
			cw.uvarint(uint64(members.Val() - last))
			last = members.Val()
			more = members.Next()
		}
	}
	if more || members.Err() != nil {
		return fmt.Errorf("group members: %w", errors.Join(members.Err(), errStreamOrder))
	}
	return cw.err
}

// Close removes the Writer's temporary files.
func (w *Writer) Close() error {
	return errors.Join(w.posts.Close(), w.members.Close())
}

// countWriter writes varints and bytes, keeping the first error and the
// count of bytes written.
type countWriter struct {
	w   *bufio.Writer
	n   int64
	err error
	buf [binary.MaxVarintLen64]byte
}

func (c *countWriter) write(s string) {
	if c.err != nil {
		return
	}
	k, err := c.w.WriteString(s)
	c.n += int64(k)
	c.err = err
}

func (c *countWriter) uvarint(v uint64) {
	if c.err != nil {
		return
	}
	k, err := c.w.Write(binary.AppendUvarint(c.buf[:0], v))
	c.n += int64(k)
	c.err = err
}

// sorted writes an ascending list as appendSorted does.
func (c *countWriter) sorted(v []uint32) {
	c.uvarint(uint64(len(v)))
	prev := uint32(0)
	for _, x := range v {
		c.uvarint(uint64(x - prev))
		prev = x
	}
}
