package roads

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/paulmach/osm"

	"waymark/regions/extract"
	"waymark/regions/internal/fixture"
)

// TestRestrictionMembers: the ways whose end nodes the car graph keeps
// for restrictions are the from, via and to ways of type=restriction
// relations, not every routable way nor other relations' members.
func TestRestrictionMembers(t *testing.T) {
	const osmXML = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
 <node id="1" lat="47.14" lon="9.52" version="1"/>
 <node id="2" lat="47.15" lon="9.53" version="1"/>
 <node id="3" lat="47.16" lon="9.51" version="1"/>
 <way id="10" version="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/></way>
 <way id="11" version="1"><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/></way>
 <way id="12" version="1"><nd ref="3"/><nd ref="1"/><tag k="highway" v="residential"/></way>
 <way id="13" version="1"><nd ref="1"/><nd ref="3"/><tag k="highway" v="residential"/></way>
 <relation id="100" version="1"><member type="way" ref="10" role="from"/><member type="way" ref="11" role="via"/><member type="way" ref="12" role="to"/><member type="node" ref="2" role="via"/><tag k="type" v="restriction"/><tag k="restriction" v="no_left_turn"/></relation>
 <relation id="101" version="1"><member type="way" ref="13" role="outer"/><tag k="type" v="multipolygon"/></relation>
 <relation id="102" version="1"><member type="way" ref="13" role="stop"/><tag k="type" v="restriction"/></relation>
</osm>`
	d, err := extract.Load(context.Background(), fixture.Write(t, osmXML), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	got := slices.Sorted(maps.Keys(restrictionMembers(d)))
	if want := []osm.WayID{10, 11, 12}; !slices.Equal(got, want) {
		t.Errorf("restriction members %v, want %v", got, want)
	}
}
