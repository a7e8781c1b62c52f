package state

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestSaveLoad(t *testing.T) {
	tests := []struct {
		name string
		s    State
	}{
		{"zero", State{}},
		{"full", State{
			View:    &View{Lon: 9.52, Lat: 47.14, Zoom: 13.5},
			Packs:   []string{"/a/liechtenstein.waymark"},
			Tour:    Tour{Stops: []Stop{{"Vaduz", 9.52, 47.14}, {"Schaan", 9.51, 47.17}}, Profile: "walking", Roundtrip: true},
			Server:  Server{Addr: "127.0.0.1:8088", Token: "abc", Open: true},
			Tab:     "Tour",
			Theme:   "light",
			FileDir: "/home/u/Documents/tours",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "sub")
			if err := Save(dir, tt.s); err != nil {
				t.Fatalf("Save: %v", err)
			}
			got, err := Load(dir)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if !reflect.DeepEqual(got, tt.s) {
				t.Errorf("Load = %+v, want %+v", got, tt.s)
			}
			ents, _ := os.ReadDir(dir)
			if len(ents) != 1 {
				t.Errorf("dir holds %d files, want only %s", len(ents), FileName)
			}
		})
	}
}

func TestLoadMissingAndBroken(t *testing.T) {
	tests := []struct {
		name    string
		content string // "" means no file
		wantErr bool
	}{
		{"missing", "", false},
		{"broken", "{not json", true},
		{"unknown fields", `{"future": 1, "tab": "Tour"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.content != "" {
				os.WriteFile(filepath.Join(dir, FileName), []byte(tt.content), 0o644)
			}
			_, err := Load(dir)
			if (err != nil) != tt.wantErr {
				t.Errorf("Load err = %v, want error %v", err, tt.wantErr)
			}
		})
	}
}
