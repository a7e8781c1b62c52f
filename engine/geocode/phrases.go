package geocode

import (
	"strings"

	"waymark/engine/text"
)

// Category is an OSM class/type pair a query asks for ("restaurants in
// Vaduz", "[amenity=restaurant] Vaduz").
type Category struct{ Class, Type string }

// SpecialPhrases is the table of category words (Nominatim's special
// phrases), singular and plural, in English, German, French, Italian and
// Spanish, written normalized (engine/text: lower case, no accents; both
// "backerei" and "baeckerei" for Bäckerei). A query that starts with one
// (optionally followed by an operator word, see nearWords) or ends with one
// searches that category around the rest of the query ("restaurants in
// Vaduz", "bars near 47.16,9.51", "Vaduz hotels"). Words that are common
// in names on their own (post, station, markt) are deliberately absent.
var SpecialPhrases = []struct {
	Category
	Phrases []string
}{
	{Category{"amenity", "restaurant"}, []string{"restaurant", "restaurants", "gaststatte", "gaststaette", "gaststatten", "ristorante", "ristoranti", "restaurante", "restaurantes"}},
	{Category{"amenity", "bar"}, []string{"bar", "bars"}},
	{Category{"amenity", "pub"}, []string{"pub", "pubs", "kneipe", "kneipen"}},
	{Category{"amenity", "cafe"}, []string{"cafe", "cafes", "coffee shop", "coffee shops", "caffe"}},
	{Category{"amenity", "fast_food"}, []string{"fast food", "fastfood", "imbiss"}},
	{Category{"amenity", "bank"}, []string{"bank", "banks", "banken", "banque", "banques", "banca", "banche", "banco"}},
	{Category{"amenity", "atm"}, []string{"atm", "atms", "cash machine", "geldautomat", "bancomat"}},
	{Category{"amenity", "pharmacy"}, []string{"pharmacy", "pharmacies", "apotheke", "apotheken", "pharmacie", "farmacia"}},
	{Category{"amenity", "hospital"}, []string{"hospital", "hospitals", "krankenhaus", "spital", "hopital", "ospedale"}},
	{Category{"amenity", "doctors"}, []string{"doctor", "doctors", "arzt", "arzte", "aerzte"}},
	{Category{"amenity", "dentist"}, []string{"dentist", "dentists", "zahnarzt", "zahnarzte"}},
	{Category{"amenity", "school"}, []string{"school", "schools", "schule", "schulen", "ecole", "ecoles", "scuola", "escuela"}},
	{Category{"amenity", "kindergarten"}, []string{"kindergarten", "kindergartens", "kindergarten"}},
	{Category{"amenity", "university"}, []string{"university", "universities", "universitat", "universitaet", "universite", "universita"}},
	{Category{"amenity", "library"}, []string{"library", "libraries", "bibliothek", "bibliotheque", "biblioteca"}},
	{Category{"amenity", "post_office"}, []string{"post office", "post offices", "postamt", "bureau de poste"}},
	{Category{"amenity", "post_box"}, []string{"post box", "letter box", "mailbox", "briefkasten"}},
	{Category{"amenity", "police"}, []string{"police", "police station", "polizei", "polizia", "policia"}},
	{Category{"amenity", "fire_station"}, []string{"fire station", "fire stations", "feuerwehr"}},
	{Category{"amenity", "fuel"}, []string{"fuel", "petrol station", "gas station", "filling station", "tankstelle", "tankstellen"}},
	{Category{"amenity", "parking"}, []string{"parking", "car park", "car parks", "parkplatz", "parkplatze", "parkhaus"}},
	{Category{"amenity", "place_of_worship"}, []string{"place of worship", "places of worship", "church", "churches", "kirche", "kirchen", "eglise", "chiesa", "iglesia"}},
	{Category{"amenity", "toilets"}, []string{"toilet", "toilets", "wc", "toilette", "toiletten"}},
	{Category{"amenity", "drinking_water"}, []string{"drinking water", "trinkwasser"}},
	{Category{"amenity", "cinema"}, []string{"cinema", "cinemas", "kino", "kinos"}},
	{Category{"amenity", "theatre"}, []string{"theatre", "theatres", "theater"}},
	{Category{"amenity", "townhall"}, []string{"town hall", "townhall", "rathaus", "gemeindehaus", "mairie"}},
	{Category{"amenity", "bus_station"}, []string{"bus station", "busbahnhof"}},
	{Category{"amenity", "recycling"}, []string{"recycling", "recycling centre"}},
	{Category{"amenity", "shelter"}, []string{"shelter", "shelters"}},
	{Category{"amenity", "bench"}, []string{"bench", "benches"}},
	{Category{"amenity", "veterinary"}, []string{"vet", "veterinary", "tierarzt"}},
	{Category{"highway", "bus_stop"}, []string{"bus stop", "bus stops", "bushaltestelle", "haltestelle"}},
	{Category{"railway", "station"}, []string{"railway station", "train station", "bahnhof", "gare"}},
	{Category{"tourism", "hotel"}, []string{"hotel", "hotels"}},
	{Category{"tourism", "guest_house"}, []string{"guest house", "guesthouse", "pension"}},
	{Category{"tourism", "hostel"}, []string{"hostel", "hostels", "jugendherberge"}},
	{Category{"tourism", "museum"}, []string{"museum", "museums", "museen", "musee", "museo"}},
	{Category{"tourism", "attraction"}, []string{"attraction", "attractions", "sehenswurdigkeit", "sehenswuerdigkeit"}},
	{Category{"tourism", "viewpoint"}, []string{"viewpoint", "viewpoints", "aussichtspunkt"}},
	{Category{"tourism", "camp_site"}, []string{"campsite", "camp site", "campground", "campingplatz"}},
	{Category{"tourism", "picnic_site"}, []string{"picnic site", "picnic sites", "rastplatz"}},
	{Category{"shop", "supermarket"}, []string{"supermarket", "supermarkets", "supermarkt", "supermarche", "supermercato", "supermercado"}},
	{Category{"shop", "bakery"}, []string{"bakery", "bakeries", "backerei", "baeckerei", "boulangerie", "panetteria", "panaderia"}},
	{Category{"shop", "butcher"}, []string{"butcher", "butchers", "metzgerei", "boucherie"}},
	{Category{"shop", "hairdresser"}, []string{"hairdresser", "hairdressers", "friseur", "coiffeur"}},
	{Category{"shop", "convenience"}, []string{"convenience store", "kiosk"}},
	{Category{"shop", "car_repair"}, []string{"car repair", "autowerkstatt"}},
	{Category{"shop", "car"}, []string{"car dealer", "autohaus"}},
	{Category{"leisure", "park"}, []string{"park", "parks"}},
	{Category{"leisure", "playground"}, []string{"playground", "playgrounds", "spielplatz", "spielplatze"}},
	{Category{"leisure", "sports_centre"}, []string{"sports centre", "sports center", "sportzentrum"}},
	{Category{"leisure", "stadium"}, []string{"stadium", "stadion"}},
	{Category{"leisure", "swimming_pool"}, []string{"swimming pool", "schwimmbad", "hallenbad", "piscine"}},
	{Category{"leisure", "pitch"}, []string{"pitch", "sportplatz"}},
	{Category{"leisure", "firepit"}, []string{"firepit", "fire pit", "feuerstelle", "grillstelle"}},
	{Category{"natural", "peak"}, []string{"peak", "peaks", "mountain", "mountains", "gipfel", "sommet", "cima"}},
	{Category{"natural", "spring"}, []string{"spring", "springs", "quelle"}},
	{Category{"natural", "tree"}, []string{"tree", "trees"}},
	{Category{"historic", "castle"}, []string{"castle", "castles", "burg", "schloss", "chateau", "castello"}},
	{Category{"historic", "monument"}, []string{"monument", "monuments", "denkmal"}},
	{Category{"historic", "memorial"}, []string{"memorial", "memorials", "gedenkstatte"}},
	{Category{"historic", "ruins"}, []string{"ruins", "ruine"}},
	{Category{"waterway", "waterfall"}, []string{"waterfall", "waterfalls", "wasserfall"}},
	{Category{"aeroway", "aerodrome"}, []string{"airport", "airports", "flughafen", "aeroport", "aeroporto", "aeropuerto"}},
}

// nearWords are the operator words between a leading special phrase and
// the place it relates to ("restaurants in Vaduz", "bars near ...").
// Longest first, so "in der nahe von" wins over "in".
var nearWords = [][]string{{"in", "der", "nahe", "von"}, {"close", "to"}, {"pres", "de"}, {"vicino", "a"}, {"cerca", "de"},
	{"in"}, {"near"}, {"nearby"}, {"around"}, {"bei"}, {"nahe"}, {"im"}, {"a"}, {"au"}, {"en"}}

// phraseIndex maps each phrase (space-joined words) to its category.
var phraseIndex = func() map[string]Category {
	m := map[string]Category{}
	for _, e := range SpecialPhrases {
		for _, p := range e.Phrases {
			m[p] = e.Category
		}
	}
	return m
}()

// phraseCategory looks up a special phrase written in any form.
func phraseCategory(s string) (Category, bool) {
	c, ok := phraseIndex[text.Normalize(s)]
	return c, ok
}

// splitPhrase finds a special phrase at the start (with an optional
// operator word after it) or at the end of words, and returns the category
// and the remaining words. Phrases of up to three words are tried, longest
// first.
func splitPhrase(words []string) (Category, []string, bool) {
	for n := min(3, len(words)); n >= 1; n-- {
		if c, ok := phraseIndex[strings.Join(words[:n], " ")]; ok {
			rest := words[n:]
			for _, op := range nearWords {
				if len(rest) >= len(op) && equalWords(rest[:len(op)], op) {
					rest = rest[len(op):]
					break
				}
			}
			return c, rest, true
		}
		if len(words) > n {
			if c, ok := phraseIndex[strings.Join(words[len(words)-n:], " ")]; ok {
				return c, words[:len(words)-n], true
			}
		}
	}
	return Category{}, nil, false
}

func equalWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
