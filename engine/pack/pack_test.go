package pack

import (
	"errors"
	"testing"
)

func TestParseInfoFormatVersions(t *testing.T) {
	tests := []struct {
		version string
		ok      bool
	}{
		{"1", true}, // WKB place geometries
		{"2", true}, // compact place geometries
		{"0", false},
		{"3", true}, // house address lines on their street
		{"4", true}, // map rows of a bucket in one blob
		{"5", true}, // places behind a view: E7 coordinates, kinds
		{"6", true}, // graph V7 (exclude classes, pushed bikes), the cycling graph
		{"7", true}, // graph parts compressed (zblob)
		{"8", false},
		{"", false},
		{"two", false},
	}
	for _, tt := range tests {
		t.Run(tt.version, func(t *testing.T) {
			info, err := parseInfo(map[string]string{"format_version": tt.version, "bbox": "9.4,47.0,9.7,47.3"})
			if tt.ok {
				if err != nil || info.FormatVersion == 0 {
					t.Fatalf("parseInfo: %v, %v", info, err)
				}
				return
			}
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("parseInfo error = %v, want ErrFormat", err)
			}
		})
	}
}
