// Dark behind an element: the first opaque background of its ancestors (across shadow
// roots), else the canvas of the color-scheme in effect for it, so a light-only page stays
// light on a dark system, and a page with its own dark background counts as dark.

function luminance(color) {
  const v = (color.match(/[\d.]+/g) || []).map(Number);
  if (v.length < 3 || (v.length > 3 && v[3] <= 0.5)) return null;
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

/** `probe`: an element inside `element`'s shadow root styled `color: Canvas`. */
export function isDarkBehind(element, probe) {
  for (let node = element.parentElement || element.getRootNode().host; node;
       node = node.parentElement || (node.getRootNode() !== document && node.getRootNode().host) || null) {
    const lum = luminance(getComputedStyle(node).backgroundColor);
    if (lum !== null) return lum < 128;
  }
  // The probe inherits the element's color-scheme, so its colour is that scheme's canvas.
  const lum = luminance(getComputedStyle(probe).color);
  return lum !== null && lum < 128;
}
