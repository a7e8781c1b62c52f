package geocode

import "testing"

func TestNameCoverage(t *testing.T) {
	simboula := map[string]string{
		"name":    "Table d'orientation de la Simboula",
		"name:de": "Aussichtsturm La Simboula",
		"name:en": "Observation tower La Simboula",
	}
	tests := []struct {
		names              map[string]string
		query              []string
		covered, uncovered int
	}{
		{map[string]string{"name": "Vaduz"}, []string{"vaduz"}, 1, 0},
		{map[string]string{"name": "Vaduz"}, []string{"schaan"}, 0, 0},
		{map[string]string{"name": "Rathaus Vaduz"}, []string{"vaduz"}, 1, 1},
		// Scores tie (1.5): the name with fewer unmatched words wins,
		// whichever the map gives first.
		{simboula, []string{"route", "de", "la", "simboula"}, 2, 1},
	}
	for _, tt := range tests {
		qset := map[string]bool{}
		for _, w := range tt.query {
			qset[w] = true
		}
		for range 50 { // map order varies between iterations
			if c, u := nameCoverage(tt.names, qset, spellings{}); c != tt.covered || u != tt.uncovered {
				t.Fatalf("nameCoverage(%v, %v) = %d, %d, want %d, %d", tt.names, tt.query, c, u, tt.covered, tt.uncovered)
			}
		}
	}
}
