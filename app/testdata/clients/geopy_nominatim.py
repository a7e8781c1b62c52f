"""Stock geopy against a Waymark server: Nominatim(domain=..., scheme="http"),
nothing else configured (no key anywhere). Run with Debian's python3-geopy.

usage: /usr/bin/python3 geopy_nominatim.py HOST:PORT
Prints one JSON object with what each call returned.
"""
import json
import sys

from geopy.geocoders import Nominatim

g = Nominatim(domain=sys.argv[1], scheme="http", user_agent="waymark-e2e")
out = {}
loc = g.geocode("Vaduz")
out["geocode"] = {"address": loc.address, "lat": loc.latitude, "lon": loc.longitude,
                  "osm_id": loc.raw["osm_id"], "place_id": loc.raw["place_id"]}
many = g.geocode("Landstrasse", exactly_one=False, limit=3, addressdetails=True, extratags=True,
                 namedetails=True, country_codes="li")
out["many"] = [{"address": l.address, "country_code": l.raw["address"]["country_code"]} for l in many]
structured = g.geocode({"city": "Vaduz", "country": "Liechtenstein"})
out["structured"] = structured.address
out["nothing"] = g.geocode("xnznxvcx") is None
rev = g.reverse((47.066, 9.504))
out["reverse"] = {"address": rev.address, "osm_id": rev.raw["osm_id"], "road": rev.raw["address"].get("road")}
out["reverse_zoom"] = g.reverse("47.14, 9.52", zoom=10).address
out["reverse_nothing"] = g.reverse((0.0, 0.0)) is None
print(json.dumps(out))
