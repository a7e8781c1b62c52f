package route

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestIsochroneOptionsChecked: every option out of range is an
// ErrInvalidValue naming it.
func TestIsochroneOptionsChecked(t *testing.T) {
	for _, tc := range []struct {
		opt  IsochroneOptions
		name string
	}{
		{IsochroneOptions{}, "contours"},
		{IsochroneOptions{Limits: []float64{1, 2, 3, 4, 5}}, "contours"},
		{IsochroneOptions{Limits: []float64{0}}, "contour"},
		{IsochroneOptions{Limits: []float64{3601}}, "contour"},
		{IsochroneOptions{Limits: []float64{100001}, ByDistance: true}, "contour"},
		{IsochroneOptions{Limits: []float64{math.NaN()}}, "contour"},
		{IsochroneOptions{Limits: []float64{600, 300}}, "ascend"},
		{IsochroneOptions{Limits: []float64{60}, Cell: -1}, "cell"},
		{IsochroneOptions{Limits: []float64{60}, Cell: math.NaN()}, "cell"},
		{IsochroneOptions{Limits: []float64{60}, Denoise: 1.5}, "denoise"},
		{IsochroneOptions{Limits: []float64{60}, Denoise: math.NaN()}, "denoise"},
		{IsochroneOptions{Limits: []float64{60}, Generalize: -2}, "generalize"},
		{IsochroneOptions{Limits: []float64{60}, Generalize: -0.5}, "generalize"},
		{IsochroneOptions{Limits: []float64{60}, Generalize: math.Inf(1)}, "generalize"},
	} {
		err := checkLimits(tc.opt)
		if !errors.Is(err, ErrInvalidValue) || !strings.Contains(err.Error(), tc.name) {
			t.Errorf("%+v: %v, want ErrInvalidValue naming %s", tc.opt, err, tc.name)
		}
	}
	if err := checkLimits(IsochroneOptions{Limits: []float64{300, 600, 900, 3600}, Denoise: 0.5, Generalize: 50, Cell: 100}); err != nil {
		t.Errorf("valid options: %v", err)
	}
	if err := checkLimits(IsochroneOptions{Limits: []float64{300}, Generalize: AutoGeneralize}); err != nil {
		t.Errorf("AutoGeneralize: %v", err)
	}
}
