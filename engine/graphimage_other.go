//go:build !unix

package engine

import "errors"

// imagesMapped: graph images cannot be mapped here (none are written).
const imagesMapped = false

// mapImage maps nothing where there is no mmap: the graphs are decoded.
func mapImage(string) ([]byte, error) { return nil, errors.ErrUnsupported }

func unmapImage([]byte) {}
