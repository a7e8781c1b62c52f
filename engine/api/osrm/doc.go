// Package osrm is the OSRM v5 dialect of the routing endpoints, without
// their handlers: it parses a request (Parse: the {profile} and
// {coordinates} path values and the query, checked against the service's
// grammar as OSRM checks it) into Params, maps parse and engine errors to
// OSRM's codes and bodies (Error, WriteError, WriteRouteError,
// WriteStatus), and writes the engine's answers (engine/route's routes,
// legs, steps and tables, engine's trips and matchings) as OSRM's JSON
// through a Stream.
//
// Inputs: an *http.Request and the answers of engine and engine/route.
// Outputs: JSON bytes on an io.Writer. engine/api owns the routes, the
// gate and the limits; its handlers parse with this package, ask the
// engine, and stream the answer with it.
//
// Design choices:
//   - A Stream writes the JSON as it is produced through a 32 kB buffer
//     instead of building a tree of values first, byte for byte what
//     encoding/json would write (stream.go): a 10 MB answer costs the
//     buffer, not the answer twice. A server keeps its streams between
//     answers (Reset).
//   - Numbers are rounded and fields ordered as OSRM writes them (json.go),
//     so OSRM's clients (osrm-text-instructions, leaflet-routing-machine)
//     read our answers unchanged.
//   - Parameters outside a service's grammar are refused, as OSRM refuses
//     them, rather than ignored (params.go).
package osrm
