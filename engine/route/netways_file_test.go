package route

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"unsafe"
)

// spilledCopy returns a network with net's ways, node lists and
// coordinates added anew into files in dir (Network.SpillTo), finished
// unless told not to.
func spilledCopy(t *testing.T, net *Network, dir string, finish bool) *Network {
	t.Helper()
	c := &Network{Profile: net.Profile, Barriers: net.Barriers, Signals: net.Signals, TurningPlaces: net.TurningPlaces,
		Restrictions: net.Restrictions, Maneuvers: net.Maneuvers}
	if err := c.SpillTo(dir); err != nil {
		t.Fatal(err)
	}
	for wi, nodes := range net.wayNodes() {
		w := net.Ways[wi]
		w.Name, w.Ref, w.Destination = c.Intern(net.Text(w.Name)), c.Intern(net.Text(w.Ref)), c.Intern(net.Text(w.Destination))
		w.Guidance = c.AddGuidance(net.GuidanceOf(&w))
		c.AddWay(w, nodes, net.wayPoints(wi))
	}
	if finish {
		if err := c.Finish(); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// TestNetWayPointerFree: a way holds no pointer (its array may be a
// file's mapping) and is no larger than it was with one.
func TestNetWayPointerFree(t *testing.T) {
	if got := unsafe.Sizeof(NetWay{}); got > 56 {
		t.Errorf("NetWay is %d bytes, want at most 56", got)
	}
	// every field is a number or a bool: a pointer, string or slice
	// added to NetWay would not compile here
	w := NetWay{}
	_ = [...]any{w.ID + 0, w.Forward + 0, w.Backward + 0, w.Name + 0, w.Ref + 0, w.Destination + 0, w.Guidance + 0,
		w.Lanes + 0, w.Class + 0, !w.Roundabout, !w.Circular, !w.Ferry, !w.PushForward, !w.PushBackward,
		!w.RestrictedForward, !w.RestrictedBackward, !w.NoEnds}
}

// TestNetworkWaysFile: ways that go to a file come back as added, across
// several of its writes and a pass's page drops; a network whose ways
// are not finished is refused; adding after Finish panics; Close empties
// the network.
func TestNetworkWaysFile(t *testing.T) {
	way := func(k int) NetWay {
		return NetWay{ID: int64(k)*7 - 3, Forward: float64(k%130) / 3, Backward: float64(k%7) * 1.1, Name: Str(k % 5), Guidance: uint32(k % 3),
			Lanes: uint8(k), Class: Class(k % 22), Ferry: k%11 == 0, NoEnds: k%13 == 0, RestrictedBackward: k%2 == 0}
	}
	const n = 2*waysDrop + 1234 // several flushes, and a pass drops pages behind it
	net := &Network{}
	if err := net.SpillTo(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer net.Close()
	for k := range n {
		net.AddWay(way(k), []int64{int64(k), int64(k) + 1}, nil)
	}
	if err := net.check(); !errors.Is(err, ErrNetwork) {
		t.Fatalf("unfinished ways: check = %v, want ErrNetwork", err)
	}
	if len(net.Ways) != 0 {
		t.Fatalf("unfinished ways: %d in Ways, want none", len(net.Ways))
	}
	if err := net.Finish(); err != nil {
		t.Fatal(err)
	}
	if err := net.check(); err != nil {
		t.Fatal(err)
	}
	if b := net.ways.s.Bytes(); b == nil || unsafe.Pointer(&net.Ways[0]) != unsafe.Pointer(&b[0]) {
		t.Fatal("the ways are not read from the file's mapping")
	}
	if len(net.Ways) != n {
		t.Fatalf("%d ways, want %d", len(net.Ways), n)
	}
	for pass := range 2 {
		for i := range net.Ways {
			if net.Ways[i] != way(i) {
				t.Fatalf("pass %d: way %d = %+v, want %+v", pass, i, net.Ways[i], way(i))
			}
			net.dropWaysBefore(i)
		}
		net.dropWaysBefore(len(net.Ways))
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("AddWay after Finish did not panic")
			}
		}()
		net.AddWay(way(0), []int64{1, 2}, nil)
	}()
	if err := net.Close(); err != nil {
		t.Fatal(err)
	}
	if len(net.Ways) != 0 || net.WayNodes.Len() != 0 || net.wayCount() != 0 {
		t.Fatalf("closed network: %d ways, %d node lists", len(net.Ways), net.WayNodes.Len())
	}
}

// TestWriteWaysFile: a network whose ways and node lists are in files
// writes the same graph, byte for byte, as the same network in memory;
// one not finished is refused.
func TestWriteWaysFile(t *testing.T) {
	seed := int64(20261130)
	t.Logf("seed %d", seed)
	defer func(n int) { waysFlush = n }(waysFlush)
	waysFlush = 300
	net := classedNetwork(seed, 30)
	// guidance with strings, shared by several ways
	for i := range net.Ways {
		switch i % 97 {
		case 1:
			net.Ways[i].Guidance = net.AddGuidance(WayGuidance{Exits: "12", TurnLanesForward: "left|through"})
		case 2:
			net.Ways[i].Guidance = net.AddGuidance(WayGuidance{Exits: "12; 13", Tunnel: true})
		}
	}
	if len(net.Ways) < 4*waysFlush {
		t.Fatalf("%d ways: the test wants several flushes", len(net.Ways))
	}
	net.WayNodes.Clip()
	spilled := spilledCopy(t, net, t.TempDir(), true)
	for i := range net.Ways {
		if a, b := net.Ways[i], spilled.Ways[i]; a.ID != b.ID || a.Forward != b.Forward || net.GuidanceOf(&a) != spilled.GuidanceOf(&b) {
			t.Fatalf("way %d: in a file %+v, want %+v", i, b, a)
		}
	}
	write := func(net *Network) []byte {
		var buf bytes.Buffer
		if _, err := Write(context.Background(), &buf, net, WriteOptions{TempDir: t.TempDir(), CellArcs: 5000, CellWorkers: 2, PrepareResident: 1 << 20}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	got, want := write(spilled), write(cloneNetwork(net))
	if !bytes.Equal(got, want) {
		t.Fatalf("graph of ways in a file: %d bytes, differs from the %d of ways in memory", len(got), len(want))
	}
	if spilled.ways != nil || spilled.Ways != nil {
		t.Error("Write left the ways' file open")
	}

	unfinished := spilledCopy(t, net, t.TempDir(), false)
	if _, err := Write(context.Background(), &bytes.Buffer{}, unfinished, WriteOptions{TempDir: t.TempDir()}); !errors.Is(err, ErrNetwork) {
		t.Fatalf("Write of unfinished ways = %v, want ErrNetwork", err)
	}
	if unfinished.ways != nil {
		t.Error("a failed Write left the ways' file open")
	}
}

// TestAddGuidance: equal guidance tags share a number, none is 0, and a
// way's tags come back as given.
func TestAddGuidance(t *testing.T) {
	var net Network
	exits := string([]byte("7; 8")) // not a constant: AddGuidance copies
	for _, tt := range []struct {
		name string
		g    WayGuidance
		want uint32
	}{
		{"none", WayGuidance{}, 0},
		{"toll", WayGuidance{Toll: true}, 1},
		{"exits", WayGuidance{Exits: exits}, 2},
		{"toll again", WayGuidance{Toll: true}, 1},
		{"exits again", WayGuidance{Exits: "7; 8"}, 2},
		{"lanes", WayGuidance{TurnLanesBackward: "left|"}, 3},
	} {
		got := net.AddGuidance(tt.g)
		if got != tt.want {
			t.Errorf("%s: AddGuidance(%+v) = %d, want %d", tt.name, tt.g, got, tt.want)
		}
		if back := net.GuidanceOf(&NetWay{Guidance: got}); back != tt.g {
			t.Errorf("%s: GuidanceOf = %+v, want %+v", tt.name, back, tt.g)
		}
	}
}
