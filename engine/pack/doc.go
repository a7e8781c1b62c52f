// Package pack is one region pack on disk and what the engine keeps of
// it while it is open: the file's format and checks, its routing graphs,
// its place indexes and the caches (images) written beside it. It opens
// and checks a pack without the engine's facade, so the importer
// (regions: checksums, images written ahead of the first open, the
// catalog's disk use), `waymark check` and the map renderer use it
// directly; package engine opens its packs through it and keeps what
// spans packs (coverage, the atlas of joined graphs, merged answers).
//
// The contract. Open reads the meta table, makes the quick check
// (quick.go: the header and length, the small tables' checksums; a
// damaged pack is refused with ErrDamaged unless Options.AllowDamaged)
// and returns at once: the routing graphs load in the background (Graph
// waits for its profile's, GraphsLoaded asks without waiting), the place
// indexes on first use (Places, Completer, Nearby; WarmPlaces builds them
// now). A Pack is read-only and safe for concurrent use; Close stops its
// background loads, after which its places fail. Check reads every row
// against the checksums written at import (WriteChecksums) and runs
// SQLite's integrity check.
//
// Images. A pack stores its routing graphs compactly (varints, derived
// fields left out, each part compressed: LI ×64's pack is 4.1× its
// extract); decoding them takes seconds and a heap
// several times their stored size. So the first open of a pack writes
// each decoded graph's image beside it and every later open maps the
// image read-only (graphimage.go): a pack of any size routes within
// milliseconds of opening, and servers of the same pack share its pages
// instead of each holding its own copy. The autocomplete, nearby and
// reverse indexes are imaged alike (images.go, places.go). The images are
// a cache, ~1.25× the pack's size, rebuilt whenever they are missing or of
// another build (caches.go: CheckCaches, DiskUse, RemoveImages; the
// importer writes them ahead with WriteImages, prepare.go).
//
// Why a package of its own: a pack's lifecycle (open, check, load, image,
// warm, close) is one job with its own state and invariants, and none of
// it depends on how answers from several packs are combined; kept apart,
// the engine's root reads as the facade and callers that need one pack's
// file (the importer, the catalog, the renderer) need not open an Engine.
package pack
