package api

import (
	"sync"
	"time"
)

// limiter keeps one token bucket per access token that has a rate: the
// token's own, else the server's default. A rate of 0 (the default) means
// no limit: a loopback server does not throttle its own user's batch work
// unless a limit is configured. The same limiter keys buckets by client
// address (wrong keys; keyless requests on an open server): once it holds
// maxBuckets, the buckets that have refilled (those of clients gone
// quiet) are dropped before a new one is made, so many addresses cannot
// grow it without bound.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   int
	buckets map[string]*bucket
	now     func() time.Time
}

type bucket struct {
	tokens      float64
	last        time.Time
	rate, burst float64 // of its token, to tell when it has refilled
}

// maxBuckets is how many buckets a limiter holds before it drops the
// refilled ones.
const maxBuckets = 1 << 16

func newLimiter(c Config) *limiter {
	return &limiter{rate: c.Rate, burst: c.Burst, buckets: map[string]*bucket{}, now: time.Now}
}

// limits returns tok's rate (requests per second; 0: no limit) and burst:
// its own, else the limiter's defaults; the burst defaults to 2×rate.
func (l *limiter) limits(tok Token) (float64, int) {
	rate, burst := l.rate, l.burst
	if tok.Rate > 0 {
		rate = tok.Rate
	}
	if tok.Burst > 0 {
		burst = tok.Burst
	}
	if burst == 0 {
		burst = max(1, int(2*rate))
	}
	return rate, burst
}

// level returns the requests left in tok's bucket now (refilled since its
// last use; a bucket not seen yet is full), creating the bucket when
// create is set. l.mu must be held.
func (l *limiter) level(tok Token, rate float64, burst int, now time.Time, create bool) (*bucket, float64) {
	b := l.buckets[tok.Key]
	if b == nil {
		if !create {
			return nil, float64(burst)
		}
		if len(l.buckets) >= maxBuckets {
			l.prune(now)
		}
		b = &bucket{tokens: float64(burst), last: now, rate: rate, burst: float64(burst)}
		l.buckets[tok.Key] = b
	}
	return b, min(float64(burst), b.tokens+now.Sub(b.last).Seconds()*rate)
}

// take spends one request of tok's bucket. When the bucket is empty it
// returns false and how long until a request is allowed again.
func (l *limiter) take(tok Token) (time.Duration, bool) {
	rate, burst := l.limits(tok)
	if rate == 0 {
		return 0, true
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, left := l.level(tok, rate, burst, now, true)
	b.tokens, b.last = left, now
	if b.tokens >= 1 {
		b.tokens--
		return 0, true
	}
	return time.Duration((1 - b.tokens) / rate * float64(time.Second)), false
}

// peek reports whether tok's bucket has a request left, without spending it.
func (l *limiter) peek(tok Token) bool {
	rate, burst := l.limits(tok)
	if rate == 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	_, left := l.level(tok, rate, burst, l.now(), false)
	return left >= 1
}

// prune drops the buckets that have refilled: a client that comes back
// gets a full bucket, as it would have. l.mu must be held.
func (l *limiter) prune(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*b.rate >= b.burst {
			delete(l.buckets, k)
		}
	}
}
