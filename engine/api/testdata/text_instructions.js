// Reads OSRM v5 route responses (a JSON array) on stdin and prints, for
// each, the sentences osrm-text-instructions makes of its steps (a JSON
// array of arrays). NODE_PATH points at the node_modules holding it.
const compiler = require('osrm-text-instructions')('v5');
let input = '';
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', () => {
  const out = JSON.parse(input).map((resp) => {
    const route = resp.routes[0];
    const sentences = [];
    route.legs.forEach((leg, legIndex) => {
      leg.steps.forEach((step) => {
        sentences.push(compiler.compile('en', step, { legCount: route.legs.length, legIndex }));
      });
    });
    return sentences;
  });
  process.stdout.write(JSON.stringify(out));
});
