package tagfilter

import "testing"

func TestParseLayers(t *testing.T) {
	type kind struct {
		class, typ string
		rank       int
	}
	var (
		street   = kind{"highway", "residential", 26}
		busStop  = kind{"highway", "bus_stop", 30}
		vaduz    = kind{"place", "town", 16}
		muni     = kind{"boundary", "administrative", 16}
		country  = kind{"boundary", "administrative", 4}
		state    = kind{"boundary", "administrative", 8}
		county   = kind{"boundary", "administrative", 12}
		suburb   = kind{"place", "suburb", 20}
		quarter  = kind{"place", "neighbourhood", 22}
		postcode = kind{"place", "postcode", 21}
		cafe     = kind{"amenity", "cafe", 30}
	)
	tests := []struct {
		name   string
		layers string
		tagSet bool
		pass   []kind
		fail   []kind
	}{
		{"road", "road", false, []kind{street}, []kind{busStop, vaduz, cafe}},
		{"city", "city", false, []kind{vaduz, muni}, []kind{street, country}},
		{"case and spaces", " Ci ty , COUNTRY", false, []kind{vaduz, country}, []kind{street}},
		{"unknown ignored", "city,planet", false, []kind{vaduz}, []kind{street}},
		{"all unknown filters nothing", "planet,moon", false, []kind{street, cafe}, nil},
		{"state county", "state,county", false, []kind{state, county}, []kind{vaduz}},
		{"suburb neighbourhood", "suburb,neighbourhood", false, []kind{suburb, quarter}, []kind{vaduz}},
		{"postcode sole", "postcode", false, []kind{postcode}, []kind{vaduz, street}},
		{"postcode sole with tag", "postcode", true, []kind{postcode, vaduz, street}, nil},
		{"postcode not sole", "postcode,city", false, []kind{vaduz}, []kind{postcode, street}},
		{"postcode twice is sole", "postcode, POSTCODE", false, []kind{postcode}, []kind{vaduz}},
		{"empty", "", false, []kind{cafe}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := ParseLayers(tc.layers, tc.tagSet)
			for _, k := range tc.pass {
				if !l.Match(k.class, k.typ, k.rank) {
					t.Errorf("ParseLayers(%q, %v).Match(%v) = false, want true", tc.layers, tc.tagSet, k)
				}
			}
			for _, k := range tc.fail {
				if l.Match(k.class, k.typ, k.rank) {
					t.Errorf("ParseLayers(%q, %v).Match(%v) = true, want false", tc.layers, tc.tagSet, k)
				}
			}
		})
	}
}

func FuzzParseLayers(f *testing.F) {
	for _, s := range []string{"road", "postcode", "City, state", ",,", "postcode,road"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, tagSet bool) {
		l := ParseLayers(s, tagSet)
		if l.PostcodeOnly() && tagSet {
			t.Fatalf("ParseLayers(%q, tag set) is postcode only", s)
		}
	})
}
