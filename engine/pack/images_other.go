//go:build !unix

package pack

import "errors"

// imagesMapped: images cannot be mapped here (none are written).
const imagesMapped = false

// mapImage maps nothing where there is no mmap: what images hold is decoded.
func mapImage(string) ([]byte, error) { return nil, errors.ErrUnsupported }

func unmapImage([]byte) {}
