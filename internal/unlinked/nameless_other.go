//go:build !linux

package unlinked

import (
	"errors"
	"os"
)

func createNameless(string) (*os.File, error) { return nil, errors.ErrUnsupported }
