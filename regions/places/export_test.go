package places

// StageKeepingLeaves is placesStage for the external tests, which build
// packs through packwrite (a later stage than this package).
var StageKeepingLeaves = placesStage
