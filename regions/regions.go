package regions

import (
	"context"

	"waymark/regions/catalog"
	"waymark/regions/extract"
	"waymark/regions/features"
	"waymark/regions/packwrite"
	"waymark/regions/places"
	"waymark/regions/roads"
	"waymark/regions/stage"
)

// The public face of the importer: the names app/, ui/, internal/ and the
// tests of other packages use, each an alias of or a call into the stage
// package that owns it (see the package doc for the map).

// FormatVersion is the pack format this code writes and the engine reads.
const FormatVersion = packwrite.FormatVersion

type (
	// Options configures an import (packwrite.Options).
	Options = packwrite.Options
	// Stage is one step of an import (stage.Stage).
	Stage = stage.Stage
	// Summary reports what an import wrote (stage.Summary).
	Summary = stage.Summary
	// Data is an extract loaded in compact form (extract.Data).
	Data = extract.Data
	// Status is a progress report (extract.Status).
	Status = extract.Status
	// Progress receives import progress (extract.Progress).
	Progress = extract.Progress
	// StageStat is one stage's time and memory (extract.StageStat).
	StageStat = extract.StageStat
	// StageMeter measures stages as the import does (extract.StageMeter):
	// the importer's command meters the images step with it.
	StageMeter = extract.StageMeter
	// Catalog is a directory of installed packs (catalog.Catalog).
	Catalog = catalog.Catalog
	// Entry is an installed pack (catalog.Entry).
	Entry = catalog.Entry
)

// Errors, the stage packages' own, for errors.Is.
var (
	ErrEmptyExtract = extract.ErrEmptyExtract
	ErrNotPBF       = extract.ErrNotPBF
	ErrTruncated    = extract.ErrTruncated
	ErrCorrupt      = extract.ErrCorrupt
	ErrMemoryBudget = extract.ErrMemoryBudget
	ErrBadName      = catalog.ErrBadName
)

// Build imports the extract in into the pack out (packwrite.Build).
func Build(ctx context.Context, in, out string, opts Options) (*Summary, error) {
	return packwrite.Build(ctx, in, out, opts)
}

// BuildAll imports several extracts into one pack (packwrite.BuildAll).
func BuildAll(ctx context.Context, ins []string, out string, opts Options) (*Summary, error) {
	return packwrite.BuildAll(ctx, ins, out, opts)
}

// DefaultStages returns the stages of a full import, in order.
func DefaultStages() []Stage { return packwrite.DefaultStages() }

// PlacesStage returns the geocoding stage (places.PlacesStage).
func PlacesStage() Stage { return places.PlacesStage() }

// RoadsStage returns the routing-graph stage (roads.RoadsStage).
func RoadsStage() Stage { return roads.RoadsStage() }

// FeaturesStage returns the map-features stage (features.FeaturesStage).
func FeaturesStage() Stage { return features.FeaturesStage() }

// MapClassNames lists the map feature classes (features.MapClassNames).
func MapClassNames() []string { return features.MapClassNames() }

// NewStageMeter starts a meter that calls onEnd as each stage ends
// (extract.NewStageMeter).
func NewStageMeter(onEnd func(StageStat)) *StageMeter { return extract.NewStageMeter(onEnd) }

// HeapLimit is the Go heap limit an import with this budget sets.
func HeapLimit(budget int64) int64 { return packwrite.HeapLimit(budget) }

// RegionName returns the region name of an extract's path.
func RegionName(path string) string { return packwrite.RegionName(path) }

// Load reads an extract (extract.Load).
func Load(ctx context.Context, path string, progress Progress) (*Data, error) {
	return extract.Load(ctx, path, progress)
}

// DefaultDir returns the default catalog directory (catalog.DefaultDir).
func DefaultDir() (string, error) { return catalog.DefaultDir() }
