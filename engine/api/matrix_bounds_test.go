package api_test

import (
	"math"
	"net/http"
	"strings"
	"testing"

	"github.com/paulmach/orb"
)

// TestMatrixFactorBounds (issue 38, item 5): scale_factor and
// fallback_speed values that would make every cell 0 at the answer's
// 0.1, or infinite, are refused with InvalidValue naming the parameter
// (scale_factor=1e-308 was accepted and zeroed every duration); the
// bounds themselves give finite cells.
func TestMatrixFactorBounds(t *testing.T) {
	m := routeSrvMap
	pts := []orb.Point{m.Between('a', 'b', 0.5), m.Between('e', 'f', 0.5), m.Between('y', 'z', 0.5)}
	base := "/v1/matrix/driving/" + routeCoords(pts...) + "?annotations=duration,distance&radiuses=unlimited;unlimited;5&"
	tests := []struct {
		query string
		ok    bool
	}{
		{"scale_factor=1e-308", false},
		{"scale_factor=1e-9", false},
		{"scale_factor=0.0009", false},
		{"scale_factor=0.001", true},
		{"scale_factor=1e6", true},
		{"scale_factor=1.1e6", false},
		{"fallback_speed=1e6", false},
		{"fallback_speed=1001", false},
		{"fallback_speed=1000", true},
		{"fallback_speed=1e-6", true},
		{"fallback_speed=1e-7", false},
		{"fallback_speed=1000&scale_factor=0.001", true},
	}
	for _, tt := range tests {
		status, body := routeGet(t, base+tt.query)
		name := tt.query[:strings.Index(tt.query, "=")]
		if !tt.ok {
			if msg, _ := body["message"].(string); status != http.StatusBadRequest || body["code"] != "InvalidValue" || !strings.Contains(msg, name) {
				t.Errorf("%s = %d %v, want 400 InvalidValue naming %s", tt.query, status, body, name)
			}
			continue
		}
		if status != http.StatusOK {
			t.Errorf("%s = %d %v, want 200", tt.query, status, body)
			continue
		}
		for _, key := range []string{"durations", "distances"} {
			for _, row := range body[key].([]any) {
				for _, cell := range row.([]any) {
					if v, ok := cell.(float64); cell != nil && (!ok || math.IsInf(v, 0) || math.IsNaN(v)) {
						t.Errorf("%s: %s cell %v, want a finite number or null", tt.query, key, cell)
					}
				}
			}
		}
	}
}
