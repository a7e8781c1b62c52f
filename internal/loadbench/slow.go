package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// slowConn holds one connection from 127.0.0.1 that sends part of a
// request's headers and no more, re-opened whenever the server closes it,
// until stop is closed; opened counts the connections made.
func slowConn(stop <-chan struct{}, opened *atomic.Int64) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)}, Timeout: 5 * time.Second}
	for {
		select {
		case <-stop:
			return
		default:
		}
		c, err := d.Dial("tcp", *addr)
		if err != nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		opened.Add(1)
		go func() { <-stop; c.Close() }()
		io.WriteString(c, "GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
		io.Copy(io.Discard, c) // until the server closes it (or stop)
		c.Close()
	}
}

// runSlow is the slow-connection scenario.
func runSlow(n int) {
	stop := make(chan struct{})
	var opened atomic.Int64
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slowConn(stop, &opened)
		}()
	}
	time.Sleep(2 * time.Second) // all of them open, the server at its cap
	from := net.ParseIP(*slowFrom)
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: from}, Timeout: 5 * time.Second}
	tr := &http.Transport{DialContext: func(ctx context.Context, network, a string) (net.Conn, error) {
		return d.DialContext(ctx, network, a)
	}}
	hc := &http.Client{Transport: tr, Timeout: 2 * time.Second}
	rng := rand.New(rand.NewPCG(1, 2))
	var all []sample
	end := time.Now().Add(*duration)
	for i := 0; time.Now().Before(end); i++ {
		k := i % len(lightKinds)
		all = append(all, get(hc, k, lightKinds[k], request(lightKinds[k], rng)))
	}
	close(stop)
	wg.Wait()
	fast := 0
	for _, s := range all {
		if s.ok && s.dur <= 100*time.Millisecond {
			fast++
		}
	}
	dd := durations(all, func(sample) bool { return true })
	fmt.Printf("%d slow-header connections from 127.0.0.1 (%d opened in all); a keep-alive client from %s: %d of %d requests (%.2f%%) answered within 100 ms, p50 %s p99 %s\n",
		n, opened.Load(), from, fast, len(all), 100*float64(fast)/float64(max(1, len(all))), ms(quantile(dd, 0.5)), ms(quantile(dd, 0.99)))
}
