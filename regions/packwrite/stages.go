package packwrite

import (
	"waymark/regions/features"
	"waymark/regions/places"
	"waymark/regions/roads"
	"waymark/regions/stage"
)

// DefaultStages returns the stages of a full import, in order:
// places (geocoding tables), roads (routing graphs per profile), and
// map features (tile rendering tables). Each stage owns its tables; see the
// doc comment of the file that defines it for the tables it writes.
func DefaultStages() []stage.Stage {
	return []stage.Stage{places.PlacesStage(), roads.RoadsStage(), features.FeaturesStage()}
}
