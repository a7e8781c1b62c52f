package main

import (
	"fmt"
	"strconv"
)

// The linear model of regions/doc.go's cost model: a stage's CPU time
// is proportional to the input's nodes. printModel checks it the way the
// issue asks: each stage's CPU per million nodes measured on the first
// (smallest) input predicts every larger input's, and the table prints
// prediction, measurement and the error.

// modelRow is one stage's prediction for one input.
type modelRow struct {
	stage               string
	predicted, measured float64 // CPU seconds
}

// errPct is the measurement's distance from the prediction, in percent
// of the prediction (+: slower than predicted).
func (m modelRow) errPct() float64 {
	if m.predicted == 0 {
		return 0
	}
	return 100 * (m.measured - m.predicted) / m.predicted
}

// predict scales base's stages (CPU per node) to r's nodes; stages r
// does not have are left out, and a "total" row sums the others. Nil
// when either node count is unknown.
func predict(base, r *importRow) []modelRow {
	bn, err1 := strconv.ParseFloat(base.nodes, 64)
	rn, err2 := strconv.ParseFloat(r.nodes, 64)
	if err1 != nil || err2 != nil || bn == 0 {
		return nil
	}
	measured := map[string]float64{}
	for _, st := range r.stages {
		measured[st.name] = st.cpu
	}
	var out []modelRow
	total := modelRow{stage: "total"}
	for _, st := range base.stages {
		m, ok := measured[st.name]
		if !ok {
			continue
		}
		row := modelRow{stage: st.name, predicted: st.cpu * rn / bn, measured: m}
		out = append(out, row)
		total.predicted += row.predicted
		total.measured += row.measured
	}
	if len(out) == 0 {
		return nil
	}
	return append(out, total)
}

// printModel prints, for every input after the first, each stage's CPU
// as the first input's per-node cost predicts it and as measured.
func printModel(rows []*importRow) {
	if len(rows) < 2 {
		return
	}
	base := rows[0]
	header := false
	for _, r := range rows[1:] {
		for _, m := range predict(base, r) {
			if !header {
				fmt.Printf("\nmodel (CPU per node of %s predicts the larger inputs)\n%-6s %-9s %11s %11s %8s\n", name(base.n), "input", "stage", "predicted", "measured", "error")
				header = true
			}
			fmt.Printf("%-6s %-9s %10.0fs %10.0fs %+7.1f%%\n", name(r.n), m.stage, m.predicted, m.measured, m.errPct())
		}
	}
}
