package api

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// paramError is a bad query parameter: a 400 whose body names it.
type paramError struct {
	Param string
	Msg   string
	// Nominatim, when set, is Nominatim's own message for this error,
	// answered on its paths instead of Error() (dialect.go).
	Nominatim string
}

func (e *paramError) Error() string {
	return fmt.Sprintf("Parameter '%s': %s", e.Param, e.Msg)
}

// badParam returns a ParamError for param.
func badParam(param, format string, args ...any) *paramError {
	return &paramError{Param: param, Msg: fmt.Sprintf(format, args...)}
}

// writeParamError writes a geocoding-style 400: {"error": ..., "parameter": ...}.
// On Nominatim's paths the answer is Nominatim's (writeNominatimError).
func writeParamError(w http.ResponseWriter, r *http.Request, err *paramError) {
	if isNominatim(r) {
		msg := err.Nominatim
		if msg == "" {
			msg = err.Error()
		}
		writeNominatimError(w, r, http.StatusBadRequest, msg)
		return
	}
	cb, _ := callback(r)
	if cb != "" && err.Param == "json_callback" {
		cb = ""
	}
	writeJSON(w, cb, http.StatusBadRequest, map[string]string{"error": err.Error(), "parameter": err.Param})
}

// callbackRE is the rule for JSONP callback names: JavaScript
// identifiers with member accesses (Nominatim's PHP rule; its Python
// rule, dot-separated identifiers, accepts a subset).
var callbackRE = regexp.MustCompile(`^[$_\p{L}][$_\p{L}\p{Nd}.\[\]]*$`)

// callback returns the validated json_callback parameter ("" when absent).
func callback(r *http.Request) (string, *paramError) {
	cb := r.URL.Query().Get("json_callback")
	if cb == "" {
		return "", nil
	}
	if len(cb) > 200 || !callbackRE.MatchString(cb) {
		e := badParam("json_callback", "invalid callback name %q", cb)
		e.Nominatim = "Invalid json_callback value"
		return "", e
	}
	return cb, nil
}

// writeXML writes v as an XML document with the standard header.
func writeXML(w http.ResponseWriter, status int, v any) {
	b, err := xml.Marshal(v)
	if err != nil {
		writeJSON(w, "", http.StatusInternalServerError, map[string]string{"error": "Internal server error"})
		return
	}
	w.Header().Set("Content-Type", "text/xml; charset=utf-8")
	w.WriteHeader(status)
	w.Write([]byte(xml.Header))
	w.Write(b)
}

// query reads typed query parameters and keeps the first error, so a
// handler parses everything and then checks Err once:
//
//	q := api.NewQuery(r)
//	limit := q.Int("limit", 10, 1, 50)
//	details := q.Bool("addressdetails", false)
//	if err := q.Err(); err != nil { api.WriteParamError(w, r, err); return }
type query struct {
	v   url.Values
	err *paramError
	// nominatim: the request came in on a Nominatim path (dialect.go).
	nominatim bool
}

// newQuery wraps the request's query parameters.
func newQuery(r *http.Request) *query { return &query{v: r.URL.Query(), nominatim: isNominatim(r)} }

// Values returns the raw parameters.
func (q *query) Values() url.Values { return q.v }

// Err returns the first parameter error, or nil.
func (q *query) Err() *paramError { return q.err }

// Fail records err unless an earlier error is already recorded.
func (q *query) Fail(err *paramError) {
	if q.err == nil && err != nil {
		q.err = err
	}
}

// Has reports whether name was given (even empty).
func (q *query) Has(name string) bool { _, ok := q.v[name]; return ok }

// String returns the trimmed value of name, or def when absent or empty.
func (q *query) String(name, def string) string {
	s := strings.TrimSpace(q.v.Get(name))
	if s == "" {
		return def
	}
	return s
}

// Enum returns name's value, which must be one of allowed (def when absent).
func (q *query) Enum(name, def string, allowed ...string) string {
	s := q.String(name, def)
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	q.Fail(badParam(name, "must be one of %s, got %q", strings.Join(allowed, ", "), s))
	return def
}

// Bool parses a 0/1 flag (also accepting true/false), def when absent.
func (q *query) Bool(name string, def bool) bool {
	if q.nominatim {
		// Nominatim: "0" is false, any other value (even empty) true.
		if !q.Has(name) {
			return def
		}
		return q.v.Get(name) != "0"
	}
	s := q.String(name, "")
	switch strings.ToLower(s) {
	case "":
		return def
	case "1", "true":
		return true
	case "0", "false":
		return false
	}
	q.Fail(badParam(name, "must be 0 or 1, got %q", s))
	return def
}

// Int parses an integer in [min, max], def when absent.
func (q *query) Int(name string, def, min, max int) int {
	s := q.String(name, "")
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		q.Fail(badParam(name, "must be an integer, got %q", s))
		return def
	}
	if n < min || n > max {
		q.Fail(badParam(name, "must be between %d and %d, got %d", min, max, n))
		return def
	}
	return n
}

// Float parses a finite number in [min, max]; ok is false when absent.
func (q *query) Float(name string, min, max float64) (v float64, ok bool) {
	s := q.String(name, "")
	if s == "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != f || f < min || f > max {
		e := badParam(name, "must be a number between %g and %g, got %q", min, max, s)
		e.Nominatim = "Parameter '" + name + "' must be a number."
		q.Fail(e)
		return 0, false
	}
	return f, true
}

// Required is like Float but records an error when name is absent.
func (q *query) RequiredFloat(name string, min, max float64) float64 {
	v, ok := q.Float(name, min, max)
	if !ok && q.String(name, "") == "" {
		e := badParam(name, "is required")
		e.Nominatim = "Parameter '" + name + "' missing."
		q.Fail(e)
	}
	return v
}
