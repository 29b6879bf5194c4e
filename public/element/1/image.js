// render="image": <apple-signin-button> showing the service's images instead of drawing
// (imported at the first such button). The service's canonical image URLs (no 301 per
// image) with its `v=`, WebP with a PNG fallback, 1x-3x; in a generated set (no service
// beside the module), the set's own files through its manifest.json.
import { imageTarget } from './core/url.js';

// A generated set: `generate` writes the element at the set's root, beside manifest.json,
// whose files name the canonical endpoint target each one is (the service serves the
// element at /element/1/ instead). Without image-base, a button shows the set's files.
const IN_SET = !/\/element\/1\/image\.js$/.test(new URL(import.meta.url).pathname);
let setFiles = null;  // a Promise of Map(target -> file URL), or of null without a manifest
function loadSet() {
  if (!setFiles) {
    const manifest = new URL('manifest.json', import.meta.url);
    setFiles = fetch(manifest, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body) => {
        if (!body || !Array.isArray(body.files)) return null;
        const files = new Map();
        for (const file of body.files) {
          if (typeof file.endpoint !== 'string' || typeof file.path !== 'string') continue;
          files.set(file.endpoint.replace(/[?&]v=[^&]*$/, ''), new URL(file.path, manifest).href);
        }
        return files;
      })
      .catch(() => null);
  }
  return setFiles;
}
// One console line per page for a base that serves no images (a static set).
let toldNoService = false;

/**
 * Shows the image of `request` in `view`: { picture, fallback (the title as text, shown
 * when no image loads), current() (false once a newer rendering has replaced this one) }.
 * request: { mode, values (the query's values as text), width, height, imageBase (the
 * /appleid/button endpoint), given (image-base was an attribute), version (v= or null) }.
 */
export function showImage(view, { mode, values, width, height, imageBase, given, version }) {
  const apple = /\/\/appleid\.cdn-apple\.com\//.test(imageBase);
  if (apple) version = null;
  const target = (scale, format, withVersion = true) =>
    imageTarget(mode, { ...values, scale: String(scale) }, format, withVersion ? version : null);
  const url = (scale, format) => imageBase + target(scale, format);
  const srcset = (format) => [1, 2, 3].map((s) => `${url(s, format)} ${s}x`).join(', ');
  if (IN_SET && !given) {
    // The set's own files, by the canonical target each is (what the service would answer).
    const inSet = (scale, format) => `/appleid/button${target(scale, format, false)}`;
    loadSet().then((files) => {
      if (!view.current()) return;
      const found = (format) => [1, 2, 3].filter((s) => files && files.has(inSet(s, format)))
        .map((s) => `${files.get(inSet(s, format))} ${s}x`).join(', ');
      if (files && files.has(inSet(1, null))) {
        show(view, width, height, files.get(inSet(1, null)), found(null), found('webp'), given);
        return;
      }
      view.picture.hidden = true;
      view.fallback.hidden = false;
      if (toldNoService) return;
      toldNoService = true;
      const why = files ? `this generated set has no image for ${inSet(1, null)}`
        : 'no image service next to the module and no manifest.json beside it';
      console.error(`<apple-signin-button>: ${why}: give the button ` +
        'image-base="https://YOUR-SERVICE/appleid/button" (or Apple\'s https://appleid.cdn-apple.com/appleid/button), ' +
        'generate the set with these attributes\' values, or leave out render="image" to draw the button. ' +
        'Showing the title as text.');
    });
    return;
  }
  // Apple's own service has no WebP: offered only from ours (and from a set that has it).
  show(view, width, height, url(1), srcset(), apple ? '' : srcset('webp'), given);
}

// Shows an image (src and srcset, a WebP srcset if any); on a failed load, the title as text.
function show(view, width, height, src, srcset, webpSrcset, given) {
  view.fallback.hidden = true;
  view.picture.hidden = false;
  const img = document.createElement('img');
  img.alt = '';  // the button carries the title
  img.width = width;
  img.height = height;
  img.decoding = 'async';
  img.src = src;
  if (srcset) img.srcset = srcset;
  img.setAttribute('part', 'image');
  img.addEventListener('error', () => {
    if (!img.isConnected) return;  // replaced by a newer rendering while it loaded
    // The button stays a button: its title as text, in its colour.
    view.picture.hidden = true;
    view.fallback.hidden = false;
    if (given || toldNoService) {
      console.error(`<apple-signin-button>: the image did not load (${img.currentSrc || img.src}).`);
      return;
    }
    toldNoService = true;
    console.error(`<apple-signin-button>: the image did not load (${img.currentSrc || img.src}): render="image" ` +
      'shows the images of a running siwa-buttons service next to the module. Served from a generated set or any ' +
      'static folder, give it image-base="https://YOUR-SERVICE/appleid/button" (or Apple\'s ' +
      'https://appleid.cdn-apple.com/appleid/button), or leave out render="image" to draw the button. ' +
      'Showing the title as text.');
  });
  const parts = [];
  if (webpSrcset) {
    const webp = document.createElement('source');
    webp.type = 'image/webp';
    webp.srcset = webpSrcset;
    parts.push(webp);
  }
  view.picture.replaceChildren(...parts, img);
}
