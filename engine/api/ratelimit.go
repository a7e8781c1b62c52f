package api

import (
	"sync"
	"time"
)

// limiter keeps one token bucket per access token that has a rate: the
// token's own, else the server's default. A rate of 0 (the default) means
// no limit: a loopback server does not throttle its own user's batch work
// unless a limit is configured.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   int
	buckets map[string]*bucket
	now     func() time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(c Config) *limiter {
	return &limiter{rate: c.Rate, burst: c.Burst, buckets: map[string]*bucket{}, now: time.Now}
}

// take spends one request of tok's bucket. When the bucket is empty it
// returns false and how long until a request is allowed again.
func (l *limiter) take(tok Token) (time.Duration, bool) {
	rate, burst := l.rate, l.burst
	if tok.Rate > 0 {
		rate = tok.Rate
	}
	if tok.Burst > 0 {
		burst = tok.Burst
	}
	if rate == 0 {
		return 0, true
	}
	if burst == 0 {
		burst = max(1, int(2*rate))
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[tok.Key]
	if b == nil {
		b = &bucket{tokens: float64(burst), last: now}
		l.buckets[tok.Key] = b
	}
	b.tokens = min(float64(burst), b.tokens+now.Sub(b.last).Seconds()*rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return 0, true
	}
	return time.Duration((1 - b.tokens) / rate * float64(time.Second)), false
}

// peek reports whether tok's bucket has a request left, without spending
// it (a bucket not seen yet is full).
func (l *limiter) peek(tok Token) bool {
	rate, burst := l.rate, l.burst
	if rate == 0 {
		return true
	}
	if burst == 0 {
		burst = max(1, int(2*rate))
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[tok.Key]
	if b == nil {
		return true
	}
	return min(float64(burst), b.tokens+now.Sub(b.last).Seconds()*rate) >= 1
}
