package api

import (
	"context"
	"errors"
	"log"
	"net/http"
)

// writeEngineError answers a geocoding request whose engine call failed
// for a reason that is not the client's: 503 when the request ran past
// its deadline or its client left, else 500. The cause is logged (without
// the query, which may hold the key) and never written to the body, which
// must not carry SQL or other internals.
func writeEngineError(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		writeError(w, r, http.StatusServiceUnavailable, "The request took longer than the server's deadline")
	case errors.Is(err, context.Canceled):
		writeError(w, r, http.StatusServiceUnavailable, "The request was cancelled")
	default:
		log.Printf("api: %s: %v", r.URL.Path, err)
		writeError(w, r, http.StatusInternalServerError, "Internal server error")
	}
}
