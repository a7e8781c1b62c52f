// Package catalog keeps the installed region packs: a directory of
// .waymark files (Catalog), listing, installing (an import through
// package packwrite into the directory) and removing them.
//
// Input: a directory (DefaultDir, or one the caller names) and, to
// install, extract paths. Output: Entries (name, path, size, pack info)
// and installed packs. It sits on top of the import: it imports packwrite,
// and nothing in the import imports it.
package catalog
