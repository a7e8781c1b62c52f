// A stock Leaflet page, run in jsdom (whose XMLHttpRequest enforces CORS
// as a browser does): leaflet-routing-machine's OSRM v1 router and
// leaflet-control-geocoder's Nominatim geocoder, pointed at a Waymark
// server with nothing but its address (no key anywhere).
//
// usage: node leaflet.js NODE_MODULES SERVER_URL PAGE_ORIGIN
// Prints one JSON object: {route: {...} | {error}, geocode: [...] | {error},
// reverse: {...} | {error}}.
'use strict';
const fs = require('fs');
const path = require('path');
const [modules, server, origin] = process.argv.slice(2);
const { JSDOM } = require(path.join(modules, 'jsdom'));

const dom = new JSDOM('<!DOCTYPE html><html><body><div id="map" style="width:600px;height:400px"></div></body></html>',
  { url: origin + '/index.html', runScripts: 'outside-only', pretendToBeVisual: true });
const w = dom.window;
for (const f of ['leaflet/dist/leaflet-src.js', 'leaflet-routing-machine/dist/leaflet-routing-machine.js',
  'leaflet-control-geocoder/dist/Control.Geocoder.js']) {
  w.eval(fs.readFileSync(path.join(modules, f), 'utf8'));
}
const L = w.L;
const out = {};
const timeout = setTimeout(() => { out.timeout = true; finish(); }, 20000);
let pending = 3;
function finish() {
  if (--pending > 0 && !out.timeout) return;
  clearTimeout(timeout);
  process.stdout.write(JSON.stringify(out) + '\n');
  process.exit(0);
}

// The router exactly as a page configures it: only serviceUrl changes.
const router = L.Routing.osrmv1({ serviceUrl: server + '/route/v1' });
router.route([L.Routing.waypoint(L.latLng(47.1410, 9.5209)), L.Routing.waypoint(L.latLng(47.1664, 9.5096))],
  (err, routes) => {
    if (err) {
      out.route = { error: err.message || String(err.status) };
    } else {
      const r = routes[0];
      out.route = { name: r.name, distance: r.summary.totalDistance, time: r.summary.totalTime,
        coordinates: r.coordinates.length, instructions: r.instructions.map((i) => i.type + ':' + (i.road || '')) };
    }
    finish();
  });

// The geocoder control's Nominatim geocoder, with only serviceUrl set.
const geocoder = L.Control.Geocoder.nominatim({ serviceUrl: server + '/' });
geocoder.geocode('Vaduz', (results) => {
  out.geocode = results.map((r) => ({ name: r.name, lat: r.center.lat, lng: r.center.lng }));
  finish();
});
geocoder.reverse(L.latLng(47.066, 9.504), 2 ** 18, (results) => {
  out.reverse = results.map((r) => ({ name: r.name, lat: r.center.lat, lng: r.center.lng }));
  finish();
});
