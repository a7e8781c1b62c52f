package geocode

// nearby_water.go: the water body at a point, for reverse's oceans=1
// (spec 2.2: when the point is in water, address holds only name and water
// elements).
//
// With our data (OSM region extracts) "water" means the named water areas
// mapped in the pack: lakes, ponds, reservoirs and river areas
// (natural=water with water=*, waterway=riverbank, landuse=reservoir or
// basin), bays and straits (natural=bay/strait) and sea or ocean areas
// (place=sea/ocean) when the extract has them. Open ocean without a mapped
// area is not detectable offline; rivers mapped only as lines are not
// areas and never contain a point.

import (
	"context"
	"fmt"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"waymark/engine/geocode/placegeom"
)

// waterKey returns the address key of a water area: ocean, sea, bay,
// strait, river, lake, reservoir, pond, canal... (the water=* subtag when
// there is one), else "water".
func waterKey(class, typ, sub string) string {
	switch {
	case class == "place" && (typ == "sea" || typ == "ocean"):
		return typ
	case class == "natural" && (typ == "bay" || typ == "strait"):
		return typ
	case class == "waterway" && typ == "riverbank":
		return "river"
	case class == "waterway" && (typ == "dock" || typ == "canal"):
		return typ
	case class == "landuse" && (typ == "reservoir" || typ == "basin"):
		return typ
	case sub != "":
		return sub
	}
	return "water"
}

// WaterAt returns the smallest named water area containing pt ([lon, lat]),
// assembled like any result in the languages of out, or nil when pt is on
// land (or in water that the pack has no named area for).
func (ix *Index) WaterAt(ctx context.Context, pt orb.Point, out Output) (*Place, error) {
	rows, err := ix.db.QueryContext(ctx, `SELECT p.place_id, p.class, p.type,
			COALESCE(json_extract(p.extratags, '$.water'), ''), p.geometry
		FROM places_rtree r JOIN places p ON p.place_id = r.id
		WHERE r.min_lon <= ?1 AND r.max_lon >= ?1 AND r.min_lat <= ?2 AND r.max_lat >= ?2
		  AND p.name != '' AND p.linked_place_id = 0
		  AND ((p.class = 'natural' AND p.type IN ('water', 'bay', 'strait'))
		    OR (p.class = 'waterway' AND p.type IN ('riverbank', 'dock', 'canal'))
		    OR (p.class = 'landuse' AND p.type IN ('reservoir', 'basin'))
		    OR (p.class = 'place' AND p.type IN ('sea', 'ocean')))`, pt[0], pt[1])
	if err != nil {
		return nil, fmt.Errorf("geocode: water at point: %w", err)
	}
	defer rows.Close()
	var bestID int64
	var bestKey string
	bestArea := -1.0
	for rows.Next() {
		var id int64
		var class, typ, sub string
		var blob []byte
		if err := rows.Scan(&id, &class, &typ, &sub, &blob); err != nil {
			return nil, fmt.Errorf("geocode: water at point: %w", err)
		}
		g, err := placegeom.Decode(blob)
		if err != nil {
			continue
		}
		var in bool
		switch v := g.(type) {
		case orb.Polygon:
			in = planar.PolygonContains(v, pt)
		case orb.MultiPolygon:
			in = planar.MultiPolygonContains(v, pt)
		}
		if !in {
			continue
		}
		if a := planar.Area(g); bestArea < 0 || a < bestArea {
			bestID, bestKey, bestArea = id, waterKey(class, typ, sub), a
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: water at point: %w", err)
	}
	rows.Close()
	if bestArea < 0 {
		return nil, nil
	}
	places, err := ix.placesInOrder(ctx, []int64{bestID}, out)
	if err != nil || len(places) == 0 {
		return nil, err
	}
	p := places[0]
	p.Address = []AddressPart{
		{Key: "name", Value: p.Name, Rank: p.RankAddress, PlaceID: p.PlaceID, Class: p.Class, Type: p.Type},
		{Key: bestKey, Value: p.Name, Rank: p.RankAddress, PlaceID: p.PlaceID, Class: p.Class, Type: p.Type},
	}
	p.DisplayName = p.Name
	p.AddressType = bestKey
	return &p, nil
}
