package route

// Verify checks the graph's arrays as decoding a stored graph does (their
// lengths and every index they hold), reading all of them: for a check of
// a graph mapped from its image (which LoadImage checks for its
// structure only). It returns an error wrapping ErrGraph.
func (g *Graph) Verify() error { return g.validate() }
