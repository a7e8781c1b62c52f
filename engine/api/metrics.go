package api

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"
)

// Metrics counts requests for Prometheus: requests by endpoint and status
// code, errors by endpoint (client: 4xx, server: 5xx) and a latency
// histogram per endpoint. Endpoints are route patterns, so the label set
// stays small. Feed it from Config.OnRequest (Observe) and set it as
// Config.Metrics to serve it at /metrics.
type Metrics struct {
	mu        sync.Mutex
	endpoints map[string]*endpointMetrics
}

// latencyBuckets are the histogram's upper bounds in seconds.
var latencyBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

type endpointMetrics struct {
	byCode       map[int]int64
	clientErrors int64
	serverErrors int64
	buckets      []int64 // per latencyBuckets, not cumulative
	sum          float64
	count        int64
}

// NewMetrics returns empty metrics.
func NewMetrics() *Metrics { return &Metrics{endpoints: map[string]*endpointMetrics{}} }

// Observe counts one answered request.
func (m *Metrics) Observe(r Request) {
	ep := r.Endpoint
	if ep == "" {
		ep = "other"
	}
	secs := r.Duration.Seconds()
	m.mu.Lock()
	defer m.mu.Unlock()
	em := m.endpoints[ep]
	if em == nil {
		em = &endpointMetrics{byCode: map[int]int64{}, buckets: make([]int64, len(latencyBuckets))}
		m.endpoints[ep] = em
	}
	em.byCode[r.Status]++
	switch {
	case r.Status >= 500:
		em.serverErrors++
	case r.Status >= 400:
		em.clientErrors++
	}
	for i, b := range latencyBuckets {
		if secs <= b {
			em.buckets[i]++
			break
		}
	}
	em.sum += secs
	em.count++
}

// ServeHTTP writes the metrics in Prometheus' text format.
func (m *Metrics) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	var b strings.Builder
	m.mu.Lock()
	names := make([]string, 0, len(m.endpoints))
	for n := range m.endpoints {
		names = append(names, n)
	}
	sort.Strings(names)
	b.WriteString("# HELP waymark_requests_total Requests answered, by endpoint and HTTP status.\n# TYPE waymark_requests_total counter\n")
	for _, n := range names {
		codes := make([]int, 0)
		for c := range m.endpoints[n].byCode {
			codes = append(codes, c)
		}
		sort.Ints(codes)
		for _, c := range codes {
			fmt.Fprintf(&b, "waymark_requests_total{endpoint=%q,code=\"%d\"} %d\n", n, c, m.endpoints[n].byCode[c])
		}
	}
	b.WriteString("# HELP waymark_request_errors_total Requests answered with an error, by endpoint and kind (client: 4xx, server: 5xx).\n# TYPE waymark_request_errors_total counter\n")
	for _, n := range names {
		em := m.endpoints[n]
		fmt.Fprintf(&b, "waymark_request_errors_total{endpoint=%q,kind=\"client\"} %d\n", n, em.clientErrors)
		fmt.Fprintf(&b, "waymark_request_errors_total{endpoint=%q,kind=\"server\"} %d\n", n, em.serverErrors)
	}
	b.WriteString("# HELP waymark_request_duration_seconds Time to answer a request, by endpoint.\n# TYPE waymark_request_duration_seconds histogram\n")
	for _, n := range names {
		em := m.endpoints[n]
		var cum int64
		for i, le := range latencyBuckets {
			cum += em.buckets[i]
			fmt.Fprintf(&b, "waymark_request_duration_seconds_bucket{endpoint=%q,le=\"%g\"} %d\n", n, le, cum)
		}
		fmt.Fprintf(&b, "waymark_request_duration_seconds_bucket{endpoint=%q,le=\"+Inf\"} %d\n", n, em.count)
		fmt.Fprintf(&b, "waymark_request_duration_seconds_sum{endpoint=%q} %g\n", n, em.sum)
		fmt.Fprintf(&b, "waymark_request_duration_seconds_count{endpoint=%q} %d\n", n, em.count)
	}
	m.mu.Unlock()
	w.Write([]byte(b.String()))
}

// AccessLine formats one request for the access log: time, client,
// method, path (never the query, which may hold the key), status,
// duration and bytes.
func AccessLine(r Request) string {
	return fmt.Sprintf("%s %s %s %s %d %.1fms %dB", r.Time.UTC().Format(time.RFC3339Nano), r.Remote, r.Method, r.Path,
		r.Status, float64(r.Duration.Microseconds())/1000, r.Bytes)
}
