package addrformat

import (
	"reflect"
	"strings"
	"testing"
)

func addr(kv ...string) Address {
	var a Address
	for i := 0; i+1 < len(kv); i += 2 {
		a = append(a, Part{kv[i], kv[i+1]})
	}
	return a
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		name string
		in   Address
		want Address
	}{
		{"poi in Vaduz",
			addr("tourism", "Kunstmuseum Liechtenstein", "house_number", "32", "road", "Städtle", "town", "Vaduz", "county", "Oberland", "ISO3166-2-lvl8", "LI-11", "postcode", "9490", "country", "Liechtenstein", "country_code", "li"),
			addr("name", "Kunstmuseum Liechtenstein", "house_number", "32", "road", "Städtle", "city", "Vaduz", "county", "Oberland", "postcode", "9490", "country", "Liechtenstein", "country_code", "li")},
		{"village and hamlet",
			addr("road", "Gnetsch", "hamlet", "Gnetsch", "village", "Triesenberg", "country", "Liechtenstein", "country_code", "li"),
			addr("road", "Gnetsch", "neighbourhood", "Gnetsch", "city", "Triesenberg", "country", "Liechtenstein", "country_code", "li")},
		{"municipality becomes city",
			addr("house_number", "1", "road", "Main St", "municipality", "Prattville", "county", "Autauga County", "state", "Alabama", "postcode", "36067", "country", "United States", "country_code", "us"),
			addr("house_number", "1", "road", "Main St", "city", "Prattville", "county", "Autauga County", "state", "Alabama", "postcode", "36067", "country", "United States", "country_code", "us")},
		{"city keeps district as suburb",
			addr("road", "Rue", "city_district", "Monte-Carlo", "city", "Monaco", "country", "Monaco", "country_code", "mc"),
			addr("road", "Rue", "suburb", "Monte-Carlo", "city", "Monaco", "country", "Monaco", "country_code", "mc")},
		{"explicit name and state_code",
			addr("name", "X", "amenity", "Y", "state", "Bern", "state_code", "CH-BE", "country_code", "ch"),
			addr("name", "X", "state", "Bern", "state_code", "CH-BE", "country_code", "ch")},
		{"island and province",
			addr("pedestrian", "Via", "island", "Capri", "province", "Napoli", "country_code", "it"),
			addr("road", "Via", "island", "Capri", "state", "Napoli", "country_code", "it")},
		{"village inside a town",
			addr("road", "Städtle", "village", "Ebenholz", "town", "Vaduz", "country_code", "li"),
			addr("road", "Städtle", "suburb", "Ebenholz", "city", "Vaduz", "country_code", "li")},
		{"copied city is not repeated below",
			addr("road", "R", "village", "Triesenberg", "city", "Triesenberg", "country_code", "li"),
			addr("road", "R", "city", "Triesenberg", "country_code", "li")},
		{"empty", nil, Address{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Normalize(tc.in)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Normalize(%v) =\n %v, want\n %v", tc.in, got, tc.want)
			}
			for _, p := range got {
				ok := false
				for _, k := range NormalizedKeys {
					ok = ok || k == p.Key
				}
				if !ok {
					t.Errorf("Normalize gave key %q outside spec 2.5", p.Key)
				}
			}
		})
	}
}

func TestNormalizeCity(t *testing.T) {
	tests := []struct {
		name string
		in   Address
		want string // value of city, "" for none
	}{
		{"has city", addr("city", "Vaduz", "town", "Other"), "Vaduz"},
		{"city_district first", addr("quarter", "Q", "city_district", "CD", "town", "T"), "CD"},
		{"locality before town", addr("locality", "L", "town", "T"), "L"},
		{"town", addr("town", "Vaduz", "village", "V"), "Vaduz"},
		{"borough", addr("borough", "B", "municipality", "M"), "B"},
		{"municipality", addr("municipality", "M", "village", "V"), "M"},
		{"village", addr("village", "Triesenberg", "hamlet", "H"), "Triesenberg"},
		{"hamlet", addr("hamlet", "H", "quarter", "Q"), "H"},
		{"quarter", addr("quarter", "Q", "neighbourhood", "N"), "Q"},
		{"neighbourhood", addr("neighbourhood", "N"), "N"},
		{"none", addr("county", "Oberland"), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := NormalizeCity(tc.in)
			if v := got.Value("city"); v != tc.want {
				t.Errorf("NormalizeCity(%v) city = %q, want %q", tc.in, v, tc.want)
			}
			if n := len(got) - len(tc.in); tc.in.Has("city") && n != 0 || !tc.in.Has("city") && tc.want != "" && n != 1 {
				t.Errorf("NormalizeCity(%v) = %v: wrong number of parts", tc.in, got)
			}
		})
	}
	in := addr("road", "R", "village", "V", "country", "C")
	got := NormalizeCity(in)
	want := addr("road", "R", "village", "V", "city", "V", "country", "C")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("NormalizeCity order = %v, want %v", got, want)
	}
	if len(in) != 3 {
		t.Errorf("NormalizeCity modified its input: %v", in)
	}
}

func TestStateCode(t *testing.T) {
	tests := []struct {
		name string
		in   Address
		cc   string
		want string
	}{
		{"LI from ISO tag", addr("town", "Vaduz", "ISO3166-2-lvl8", "LI-11", "country_code", "li"), "", "LI-11"},
		{"LI from table", addr("village", "Triesenberg", "country_code", "li"), "", "LI-10"},
		{"LI municipality key", addr("municipality", "Schaan"), "li", "LI-07"},
		{"US state", addr("city", "Prattville", "state", "Alabama", "country_code", "us"), "", "US-AL"},
		{"US lvl4 beats lvl6", addr("ISO3166-2-lvl6", "US-XX", "ISO3166-2-lvl4", "US-AL", "country_code", "us"), "", "US-AL"},
		{"foreign ISO tag ignored", addr("ISO3166-2-lvl4", "CH-SG", "state", "Vorarlberg", "country_code", "at"), "", "AT-8"},
		{"CH canton with prefix", addr("state", "Kanton St. Gallen"), "CH", "CH-SG"},
		{"CH canton French", addr("state", "Genève"), "ch", "CH-GE"},
		{"AD parish", addr("state", "Andorra la Vella"), "ad", "AD-07"},
		{"MC quarter", addr("suburb", "La Condamine", "city", "Monaco"), "mc", "MC-CO"},
		{"DE", addr("state", "Bayern"), "de", "DE-BY"},
		{"GB", addr("state", "Scotland"), "gb", "GB-SCT"},
		{"unknown country", addr("state", "Ontario"), "ca", ""},
		{"unknown state", addr("state", "Atlantis"), "us", ""},
	}
	for _, tc := range tests {
		if got := StateCode(tc.in, tc.cc); got != tc.want {
			t.Errorf("%s: StateCode(%v, %q) = %q, want %q", tc.name, tc.in, tc.cc, got, tc.want)
		}
	}
	for cc, table := range subdivisionTable {
		seen := map[string]bool{}
		for _, s := range table {
			if !strings.HasPrefix(s.code, cc+"-") || seen[s.code] {
				t.Errorf("table %s: bad or duplicate code %q", cc, s.code)
			}
			seen[s.code] = true
		}
	}
	for _, cc := range PostalCountries {
		if subdivisionTable[cc] == nil {
			t.Errorf("postal country %s has no subdivision table", cc)
		}
	}
}

func TestWithStateCode(t *testing.T) {
	tests := []struct {
		in   Address
		code string
		want Address
	}{
		{addr("city", "P", "state", "Alabama", "postcode", "1", "country_code", "us"), "US-AL",
			addr("city", "P", "state", "Alabama", "state_code", "US-AL", "postcode", "1", "country_code", "us")},
		{addr("town", "Vaduz", "postcode", "9490", "country", "Liechtenstein"), "LI-11",
			addr("town", "Vaduz", "state_code", "LI-11", "postcode", "9490", "country", "Liechtenstein")},
		{addr("town", "Vaduz"), "LI-11", addr("town", "Vaduz", "state_code", "LI-11")},
		{addr("town", "Vaduz", "state_code", "old"), "", addr("town", "Vaduz")},
	}
	for _, tc := range tests {
		if got := WithStateCode(tc.in, tc.code); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("WithStateCode(%v, %q) = %v, want %v", tc.in, tc.code, got, tc.want)
		}
	}
}

func TestPostal(t *testing.T) {
	base := func(cc, country string, kv ...string) Address {
		return append(addr(kv...), Part{"country", country}, Part{"country_code", cc})
	}
	tests := []struct {
		cc   string
		in   Address
		want string
	}{
		{"li", base("li", "Liechtenstein", "house_number", "10", "road", "Äulestrasse", "town", "Vaduz", "postcode", "9490"), "Äulestrasse 10, 9490 Vaduz, Liechtenstein"},
		{"ch", base("ch", "Schweiz", "house_number", "3", "road", "Bahnhofstrasse", "town", "Buchs", "postcode", "9470"), "Bahnhofstrasse 3, 9470 Buchs, Schweiz"},
		{"at", base("at", "Österreich", "house_number", "3", "road", "Marktplatz", "town", "Feldkirch", "postcode", "6800"), "Marktplatz 3, 6800 Feldkirch, Österreich"},
		{"de", base("de", "Deutschland", "amenity", "Rathaus", "house_number", "1", "road", "Marienplatz", "city", "München", "postcode", "80331"), "Rathaus, Marienplatz 1, 80331 München, Deutschland"},
		{"fr", base("fr", "France", "house_number", "10", "road", "Rue de Rivoli", "city", "Paris", "postcode", "75001"), "10 Rue de Rivoli, 75001 PARIS, France"},
		{"mc", base("mc", "Monaco", "house_number", "2", "road", "Avenue de Monte-Carlo", "city", "Monaco", "postcode", "98000"), "2 Avenue de Monte-Carlo, 98000 MONACO, Monaco"},
		{"ad", base("ad", "Andorra", "road", "Avinguda Meritxell", "house_number", "5", "town", "Andorra la Vella", "postcode", "AD500"), "Avinguda Meritxell 5, AD500 Andorra la Vella, Andorra"},
		{"us", base("us", "United States", "house_number", "135", "road", "North Court Street", "city", "Prattville", "state", "Alabama", "postcode", "36067"), "135 North Court Street, Prattville, AL 36067, United States"},
		{"gb", base("gb", "United Kingdom", "house_number", "10", "road", "Downing Street", "city", "London", "postcode", "sw1a 2aa"), "10 Downing Street, LONDON, SW1A 2AA, United Kingdom"},
		{"ie", base("ie", "Ireland", "house_number", "1", "road", "Main Street", "city", "Galway", "county", "County Galway", "postcode", "H91 X2Y3"), "1 Main Street, Galway, County Galway, H91 X2Y3, Ireland"},
		{"it", base("it", "Italia", "house_number", "10", "road", "Via Roma", "city", "Roma", "postcode", "00184"), "Via Roma 10, 00184 Roma, Italia"},
		{"es", base("es", "España", "house_number", "7", "road", "Calle Mayor", "city", "Madrid", "state", "Comunidad de Madrid", "postcode", "28013"), "Calle Mayor, 7, 28013 Madrid, Comunidad de Madrid, España"},
		{"pt", base("pt", "Portugal", "house_number", "5", "road", "Rua Augusta", "city", "Lisboa", "postcode", "1100-048"), "Rua Augusta 5, 1100-048 Lisboa, Portugal"},
		{"be", base("be", "België", "house_number", "1", "road", "Grote Markt", "city", "Brussel", "postcode", "1000"), "Grote Markt 1, 1000 Brussel, België"},
		{"gr", base("gr", "Ελλάς", "house_number", "1", "road", "Ermou", "city", "Athina", "postcode", "105 63"), "Ermou 1, 105 63 Athina, Ελλάς"},
		{"in", base("in", "India", "house_number", "12", "road", "MG Road", "suburb", "Shivaji Nagar", "city", "Bengaluru", "state", "Karnataka", "postcode", "560001"), "12, MG Road, Shivaji Nagar, Bengaluru - 560001, Karnataka, India"},
		{"za", base("za", "South Africa", "house_number", "1", "road", "Long Street", "suburb", "City Centre", "city", "Cape Town", "postcode", "8001"), "1 Long Street, City Centre, Cape Town, 8001, South Africa"},
		{"br", base("br", "Brasil", "house_number", "100", "road", "Avenida Paulista", "suburb", "Bela Vista", "city", "São Paulo", "state", "São Paulo", "postcode", "01310-100"), "Avenida Paulista, 100, Bela Vista, São Paulo - SP, 01310-100, Brasil"},
	}
	for _, tc := range tests {
		got, ok := Postal(tc.in, "")
		if !ok || got != tc.want {
			t.Errorf("Postal(%s) = %q, %v, want %q", tc.cc, got, ok, tc.want)
		}
	}
	if _, ok := Postal(addr("city", "Toronto", "country_code", "ca"), ""); ok {
		t.Errorf("Postal(ca) ok, want no format")
	}
	if _, ok := Postal(addr("country", "Liechtenstein", "country_code", "li"), ""); ok {
		t.Errorf("Postal(country only) ok, want false")
	}
	if len(PostalCountries) != len(postalFormats) {
		t.Errorf("PostalCountries has %d, formats %d", len(PostalCountries), len(postalFormats))
	}
}
