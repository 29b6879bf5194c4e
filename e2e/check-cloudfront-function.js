// The viewer-request function of deploy/cdn/cloudfront.yaml, run under node on the events
// CloudFront gives it: every spelling of one button (order, unknown names, a repeated
// name) leaves with the same query; a v not configured is answered 404 at the edge.
//   node e2e/check-cloudfront-function.js FUNCTION.js   (e2e/check-deploy.sh extracts it)
'use strict';
const fs = require('fs');
const assert = require('assert');
const code = fs.readFileSync(process.argv[2], 'utf8');
const load = (source) => new Function(source + '\nreturn handler;')();

// CloudFront's event: querystring as {name: {value}} or, for a repeated name, {value, multiValue}.
function event(query) {
  const querystring = {};
  for (const [name, value] of query) {
    const entry = querystring[name];
    if (entry === undefined) querystring[name] = {value};
    else (entry.multiValue = entry.multiValue || [{value: entry.value}]).push({value});
  }
  return {request: {method: 'GET', uri: '/appleid/button', querystring, headers: {}}};
}
const form = (request) => JSON.stringify(Object.entries(request.querystring).map(([n, e]) => [n, e.value]));

const handler = load(code);
const button = [['color', 'white'], ['width', '200'], ['height', '44'], ['locale', 'de_DE'], ['border', 'true'], ['v', '2025a']];
const expected = form(handler(event(button)));
assert.deepStrictEqual(JSON.parse(expected).map(([n]) => n), ['border', 'color', 'height', 'locale', 'v', 'width'], 'names sorted');
let spellings = 0;
for (let shift = 0; shift < button.length; shift++) {
  const rotated = button.slice(shift).concat(button.slice(0, shift));
  for (const query of [rotated, rotated.slice().reverse(),
                       rotated.concat([['utm_source', 'mail']]),                 // an unknown name: dropped
                       [['width', '200']].concat(rotated.filter(([n]) => n !== 'width'), [['width', '999']])]) { // repeat: first kept
    assert.strictEqual(form(handler(event(query))), expected, 'spelling ' + JSON.stringify(query));
    spellings++;
  }
}
// v checked at the edge once VERSIONS lists the service's tokens.
const checking = load(code.replace(/var VERSIONS = \[\];/, "var VERSIONS = ['2025a'];"));
assert.ok(/var VERSIONS = \[\];/.test(code), 'the VERSIONS line is not found');
assert.strictEqual(form(checking(event(button))), expected, 'a configured v passes');
const refused = checking(event([['width', '200'], ['v', 'random123']]));
assert.strictEqual(refused.statusCode, 404, 'an unconfigured v is 404');
assert.match(refused.body.data, /'v'/);
assert.strictEqual(checking(event([['width', '200']])).querystring.width.value, '200', 'no v passes');
console.log(`cloudfront function: ${spellings} spellings of one button give one query; unconfigured v refused: passed`);
