// The service's canonical image URL (ButtonRequest.canonicalTarget): each endpoint's
// parameters in Apple's order, those equal to their default left out, then `format`
// unless PNG, then `v=`. The service answers any other spelling with a 301, so a page that
// asks for these gets its image in one request. ElementURLTests (swift test) holds it to
// the Swift.
import { ENDPOINTS, ORDER, QUERY_DEFAULTS } from './facts.generated.js';

/**
 * The path and query below the service's base (`/appleid/button`, `/left` or `/logo`):
 * `mode` is the element's (`center-align`, ...), `values` the query parameters' values as
 * text (scale included), `format` null for PNG, `version` the `v=` token or null.
 */
export function imageTarget(mode, values, format = null, version = null) {
  const pairs = [];
  for (const name of ORDER[mode]) {
    const value = String(values[name] ?? QUERY_DEFAULTS[name]);
    if (value !== QUERY_DEFAULTS[name]) pairs.push(`${name}=${encodeURIComponent(value)}`);
  }
  if (format && format !== 'png') pairs.push(`format=${format}`);
  if (version) pairs.push(`v=${encodeURIComponent(version)}`);
  return ENDPOINTS[mode] + (pairs.length ? `?${pairs.join('&')}` : '');
}
