package tour

import "math"

// heldKarp returns an optimal cycle by dynamic programming over the subsets
// of stops 1..n-1, the cycle starting at stop 0. Ties keep the first found,
// so the result is deterministic.
func heldKarp(t *costTable) []int {
	n := t.n
	m := n - 1 // stops 1..n-1 are bits 0..m-1
	full := 1<<m - 1
	dp := make([]float64, (full+1)*m)
	parent := make([]int8, (full+1)*m)
	for i := range dp {
		dp[i] = math.Inf(1)
	}
	for j := range m {
		dp[(1<<j)*m+j] = t.at(0, j+1)
		parent[(1<<j)*m+j] = -1
	}
	for set := 1; set <= full; set++ {
		for j := range m {
			if set&(1<<j) == 0 {
				continue
			}
			cur := dp[set*m+j]
			if math.IsInf(cur, 1) {
				continue
			}
			row := t.c[(j+1)*n:]
			for k := range m {
				if set&(1<<k) != 0 {
					continue
				}
				next := set | 1<<k
				v := cur + row[k+1]
				if v < dp[next*m+k] {
					dp[next*m+k] = v
					parent[next*m+k] = int8(j)
				}
			}
		}
	}
	best, last := math.Inf(1), 0
	for j := range m {
		if v := dp[full*m+j] + t.at(j+1, 0); v < best {
			best, last = v, j
		}
	}
	cycle := make([]int, n)
	set := full
	for pos := n - 1; pos >= 1; pos-- {
		cycle[pos] = last + 1
		p := int(parent[set*m+last])
		set &^= 1 << last
		last = p
	}
	cycle[0] = 0
	return cycle
}
