// A laid-out button (layout.js) as inline SVG, the paths our own SVG output has; DOM nodes
// only (createElementNS, setAttribute): no markup from any text.
import { LOGO_PATH } from './facts.generated.js';

const NS = 'http://www.w3.org/2000/svg';
const INK = { black: '#000', white: '#fff' };
// The title modules' outlines are in 1/1000 em.
const OUTLINE_UNITS = 1000;

const n = (v) => String(Math.round(v * 1000) / 1000);

// As VectorPath(RoundedRect): each corner the cubic Cairo draws for 90°.
export function roundedRectPath({ x, y, width, height, radius: r }) {
  const right = x + width, bottom = y + height;
  if (!(r > 0)) return `M${n(x)} ${n(y)}H${n(right)}V${n(bottom)}H${n(x)}Z`;
  const k = r * 4 / 3 * 0.41421356237309503;
  return `M${n(x + r)} ${n(y)}H${n(right - r)}` +
    `C${n(right - r + k)} ${n(y)} ${n(right)} ${n(y + r - k)} ${n(right)} ${n(y + r)}V${n(bottom - r)}` +
    `C${n(right)} ${n(bottom - r + k)} ${n(right - r + k)} ${n(bottom)} ${n(right - r)} ${n(bottom)}H${n(x + r)}` +
    `C${n(x + r - k)} ${n(bottom)} ${n(x)} ${n(bottom - r + k)} ${n(x)} ${n(bottom - r)}V${n(y + r)}` +
    `C${n(x)} ${n(y + r - k)} ${n(x + r - k)} ${n(y)} ${n(x + r)} ${n(y)}Z`;
}

// The logo's outline stretched onto its ink box.
export function logoPath(box) {
  const at = (u, v) => `${n(box.x + u * box.width)} ${n(box.y + v * box.height)}`;
  return LOGO_PATH.map(([op, ...p]) => (op === 'Z' ? 'Z'
    : op + (op === 'C' ? `${at(p[0], p[1])} ${at(p[2], p[3])} ${at(p[4], p[5])}` : at(p[0], p[1])))).join('');
}

/**
 * A title from its locale's module (titles/LOCALE.generated.js) for a layout mode
 * (`center` or `left`): `entry`, the [advance] layout.js takes, and its outline. A
 * left-aligned entry reuses the centred outline, as it is or with each contour moved.
 */
export function titleOf(module, mode, index) {
  const entry = (mode === 'center' ? module.center : module.left)[index];
  const centred = module.center[index][1];
  let outline = entry[1] ?? centred;
  if (Array.isArray(outline)) {
    let i = 0;
    outline = centred.replace(/M(-?\d+)/g, (_, x) => `M${Number(x) + entry[1][i++]}`);
  }
  return { entry, outline };
}

function path(doc, d, fill, transform) {
  const node = doc.createElementNS(NS, 'path');
  node.setAttribute('d', d);
  node.setAttribute('fill', INK[fill]);
  if (transform) node.setAttribute('transform', transform);
  return node;
}

/**
 * The button as an <svg> of its size in CSS pixels (one per point): `outline`, the
 * title's path data from its locale module (null: no title drawn yet).
 */
export function drawButton(doc, geometry, outline) {
  const svg = doc.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${geometry.width} ${geometry.height}`);
  svg.setAttribute('width', String(geometry.width));
  svg.setAttribute('height', String(geometry.height));
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const shape of geometry.shapes) svg.append(path(doc, roundedRectPath(shape), shape.fill));
  if (geometry.logo) svg.append(path(doc, logoPath(geometry.logo), geometry.foreground));
  const label = geometry.label;
  if (label && outline) {
    const scale = label.fontSize / OUTLINE_UNITS;
    svg.append(path(doc, outline, geometry.foreground, `translate(${label.x} ${label.baseline}) scale(${scale})`));
  }
  return svg;
}
