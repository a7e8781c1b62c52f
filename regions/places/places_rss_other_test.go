//go:build !unix

// places_rss_other_test.go measures process resources for the import benchmarks.

package regions_test

// maxRSS is not measured on this platform.
func maxRSS() int64 { return 0 }

// cpuTime is not measured on this platform.
func cpuTime() int64 { return 0 }
