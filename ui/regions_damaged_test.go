package ui

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"waymark/internal/testpacks"
)

// TestRegionsMarkDamaged (issue 38, item 3): a pack whose quick check at
// open finds it damaged is opened, and the Regions panel marks it: its
// title says damaged and its second line, in the danger colour, names
// the problem; a sound pack beside it is not marked.
func TestRegionsMarkDamaged(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	var packs []string
	for _, name := range []string{"monaco", "andorra"} {
		b, err := os.ReadFile(testpacks.Path(t, name))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name+".waymark")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		packs = append(packs, p)
	}
	db, err := sql.Open("sqlite3", "file:"+packs[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE meta SET value = value || 'x' WHERE key = 'source'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	w, err := New(fyne.CurrentApp(), Options{ConfigDir: t.TempDir(), PacksDir: t.TempDir(), Packs: packs})
	if err != nil {
		t.Fatal(err)
	}
	defer w.locked(w.shutdown)
	var rows []packRow
	w.locked(func() { rows = append(rows, w.regions.rows...) })
	if len(rows) != 2 {
		t.Fatalf("Regions lists %d packs, want the damaged one and the sound one", len(rows))
	}
	for i, r := range rows {
		var title, line *widget.Label
		w.locked(func() {
			item := w.regions.list.CreateItem()
			w.regions.list.UpdateItem(i, item)
			texts := item.(*fyne.Container).Objects[0].(*fyne.Container)
			title, line = texts.Objects[0].(*widget.Label), texts.Objects[2].(*widget.Label)
		})
		damaged := filepath.Base(r.Path) == "monaco.waymark"
		marked := strings.Contains(title.Text, "damaged") && strings.Contains(line.Text, "table meta") && line.Importance == widget.DangerImportance
		if marked != damaged {
			t.Errorf("%s: title %q, line %q (importance %v); want marked damaged = %v", filepath.Base(r.Path), title.Text, line.Text, line.Importance, damaged)
		}
	}
}
