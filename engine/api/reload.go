package api

import (
	"context"
	"net/http"

	"waymark/engine"
)

// Reloading packs. The server answers from one engine at a time; Reload
// puts a new one in its place (a changed pack set, or pack files replaced
// by an atomic rename) without dropping a request: each request holds the
// engine it started on (engineRef, counted), new requests get the new
// engine, and the old one is closed when its last request has finished.

// engineRef is one engine and the requests working on it.
type engineRef struct {
	eng  *engine.Engine
	n    int64         // requests in flight
	done chan struct{} // closed when replaced and idle
	gone bool          // replaced
}

type engineKey struct{}

// acquire returns the current engine, counted as in use until release.
func (s *Server) acquire() *engineRef {
	s.engMu.Lock()
	ref := s.cur
	ref.n++
	s.engMu.Unlock()
	return ref
}

// release ends one request's use of ref; the last request of a retired
// engine closes it.
func (s *Server) release(ref *engineRef) {
	s.engMu.Lock()
	ref.n--
	last := ref.gone && ref.n == 0
	s.engMu.Unlock()
	if last {
		s.retire(ref)
	}
}

// retire closes a replaced engine (it has no request left).
func (s *Server) retire(ref *engineRef) {
	if ref.eng != nil && s.cfg.CloseReplaced {
		ref.eng.Close()
	}
	close(ref.done)
}

// Reload makes eng answer the requests that start from now on. The
// engine it replaces finishes the requests in flight and is then closed
// when Config.CloseReplaced is set; the returned channel is closed at
// that moment.
func (s *Server) Reload(eng *engine.Engine) <-chan struct{} {
	next := &engineRef{eng: eng, done: make(chan struct{})}
	s.engMu.Lock()
	old := s.cur
	s.cur = next
	old.gone = true
	idle := old.n == 0
	s.engMu.Unlock()
	if idle {
		s.retire(old)
	}
	return old.done
}

// engine returns the engine the request was started on.
func (s *Server) engine(r *http.Request) *engine.Engine {
	if e, ok := r.Context().Value(engineKey{}).(*engine.Engine); ok {
		return e
	}
	return s.Engine()
}

// withEngine records the request's engine in its context.
func withEngine(r *http.Request, ref *engineRef) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), engineKey{}, ref.eng))
}
