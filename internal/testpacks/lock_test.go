package testpacks

import (
	"testing"
	"time"
)

// TestLockSharedExcludes: a second taker of a key's lock (another test
// binary building the same shared packs) waits until the first releases
// it.
func TestLockSharedExcludes(t *testing.T) {
	t.Setenv("WAYMARK_TEST_PACKS", t.TempDir())
	unlock := lockShared("tiles-10/whole")
	got := make(chan struct{})
	go func() {
		u := lockShared("tiles-10/whole")
		close(got)
		u()
	}()
	select {
	case <-got:
		t.Fatal("the second taker got the lock while the first held it")
	case <-time.After(200 * time.Millisecond):
	}
	unlock()
	select {
	case <-got:
	case <-time.After(5 * time.Second):
		t.Fatal("the second taker did not get the lock once released")
	}
}
