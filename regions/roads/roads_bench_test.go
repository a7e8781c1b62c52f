package roads_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"waymark/internal/testregions"
	"waymark/regions/packwrite"
	"waymark/regions/roads"
	"waymark/regions/stage"
)

// BenchmarkRoadsStage builds the roads stage (every profile, contraction
// included) of each shared extract and reports, per profile, the CH build
// time of the last build, the graph blob size and the arc and CH edge
// counts; "liechtenstein-cells" contracts LI's graphs in cells of at most
// 10,000 arcs (route's ch_cells.go), as a country's are within a budget.
func BenchmarkRoadsStage(b *testing.B) {
	cases := []struct {
		name, region string
		cellArcs     int
	}{
		{"liechtenstein", "liechtenstein", 0},
		{"liechtenstein-cells", "liechtenstein", 10000},
		{"monaco", "monaco", 0},
		{"andorra", "andorra", 0},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			src := testregions.Extract(b, c.region)
			out := filepath.Join(b.TempDir(), c.region+".waymark")
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				opts := packwrite.Options{Stages: []stage.Stage{roads.RoadsStage()}, ContractArcs: c.cellArcs}
				if _, err := packwrite.Build(context.Background(), src, out, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			db, err := sql.Open("sqlite3", "file:"+out+"?mode=ro")
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			rows, err := db.Query(`SELECT g.profile, (SELECT sum(length(p.data)) FROM graph_parts p WHERE p.profile = g.profile), g.arcs, g.ch_edges, g.build_ms FROM graphs g`)
			if err != nil {
				b.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var prof string
				var size, arcs, ch, ms int64
				if err := rows.Scan(&prof, &size, &arcs, &ch, &ms); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(ms), prof+"-build-ms")
				b.ReportMetric(float64(size), prof+"-bytes")
				b.ReportMetric(float64(arcs), prof+"-arcs")
				b.ReportMetric(float64(ch), prof+"-ch-edges")
			}
		})
	}
}
