package api

import (
	"fmt"
	"net/http"
)

// Operations endpoints, for load balancers and orchestrators; they need no
// token and are not under /v1:
//
//   - /healthz: 200 while the process serves (liveness);
//   - /readyz: 200 when the packs are open and indexed and the server is
//     not draining, else 503 (readiness: a balancer sends traffic only to
//     ready replicas, so a replica that loads or shuts down gets none);
//   - /metrics: Prometheus text format, only when Config.Metrics is set.

func (s *Server) opsEndpoints() {
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "ok")
	})
	s.mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if s.notReady.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, "not ready")
			return
		}
		fmt.Fprintln(w, "ready")
	})
	if s.cfg.Metrics != nil {
		s.mux.Handle("GET /metrics", s.cfg.Metrics)
	}
}

// SetReady sets what /readyz answers: serve marks the server not ready
// while its indexes load and again when it starts draining.
func (s *Server) SetReady(ready bool) { s.notReady.Store(!ready) }
