package api_test

import (
	"os"
	"testing"
)

// TestMain removes what the package's shared fixtures leave behind once
// every test has run.
func TestMain(m *testing.M) {
	code := m.Run()
	closeRouteServer()
	closeExcludeServer()
	os.Exit(code)
}
