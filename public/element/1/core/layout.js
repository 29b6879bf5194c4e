// A button's geometry in points: SIWAModel/Layout's steps on its numbers (facts.generated.js),
// held to the renderer by ElementLayoutTests (10,000 random buttons, 0.001 pt). No DOM.
import { LAYOUT, LOCALE_LAYOUT } from './facts.generated.js';

const GLYPH = LAYOUT.logoGlyph;

const rect = (x, y, width, height) => ({ x, y, width, height });
const inset = (r, d) => rect(r.x + d, r.y + d, r.width - 2 * d, r.height - 2 * d);
const rounded = (r, radius) => ({ ...r, radius: Math.max(0, Math.min(radius, r.width / 2, r.height / 2)) });

// Layout.shapes: a bordered white button is a black outer shape and a white face.
function shapes(spec) {
  const bounds = rect(0, 0, spec.width, spec.height);
  const share = spec.borderRadius / 100;
  if (!(spec.border && spec.color === 'white')) {
    return [{ ...rounded(bounds, share * bounds.height), fill: spec.color === 'black' ? 'black' : 'white' }];
  }
  const [r, stroke] = spec.mode === 'center' ? [inset(bounds, 1), 1]
    : spec.mode === 'left' ? [bounds, 1] : [inset(bounds, 1), bounds.width / 50];
  const radius = share * r.height;
  return [
    { ...rounded(inset(r, -stroke / 2), radius + stroke / 2), fill: 'black' },
    { ...rounded(inset(r, stroke / 2), radius - stroke / 2), fill: 'white' },
  ];
}

// CenterLayout: logo, U+2005 and title as one run at 12 px, scaled to fit, centred.
function center(spec, [textAt12], gap) {
  const w = spec.width, h = spec.height;
  const { box: boxHeight, baselineOffset, rtl } = LOCALE_LAYOUT[spec.locale];
  const reference = LAYOUT.center.referenceSize;
  const logoAndSpace = (GLYPH.advance + GLYPH.space - gap) * reference;
  const boxWidth = logoAndSpace + textAt12;
  const s = Math.min(LAYOUT.center.maxWidthShare * w / boxWidth, 0.5 * h / boxHeight);
  const font = reference * s;
  const runWidth = boxWidth * s;
  const runX = (w - runWidth) / 2;
  const baseline = h / 2 + baselineOffset * s;
  let logo = rect(runX + GLYPH.inkLeft * font, baseline - GLYPH.inkAscent * font,
    (GLYPH.inkRight - GLYPH.inkLeft) * font, (GLYPH.inkAscent + GLYPH.inkDescent) * font);
  const textWidth = textAt12 * s;
  let textBox = rect(runX + runWidth - textWidth, 0, textWidth, h);
  if (rtl) {
    const mirror = (r) => rect(2 * runX + runWidth - (r.x + r.width), r.y, r.width, r.height);
    logo = mirror(logo);
    textBox = mirror(textBox);
  }
  return { logo, label: { x: textBox.x, baseline, fontSize: font, advance: textWidth } };
}

// As Apple's JS clamps (LeftLayout.clamp): max wins when min > max.
const clamp = (v, lower, upper) => (v > upper ? upper : Math.max(v, lower));

// LeftLayout: the logo in a slot of whole points, the title from label-position.
function left(spec, [textAt13]) {
  const w = spec.width, h = spec.height;
  const L = LAYOUT.left;
  const style = L.logos[spec.logoSize];
  const logoW = Math.floor(style.slot * h / L.frameHeight);
  const minLeft = Math.floor(0.5 * logoW);
  const gap = Math.floor(0.7 * logoW);
  const labelX = clamp(spec.labelPosition, minLeft + logoW + gap, Math.floor(w / 2));
  const logoX = clamp(spec.logoPosition, minLeft, labelX - gap - logoW);
  const rightMargin = Math.floor(0.08 * w);
  const labelWidth = w - logoX - rightMargin - (labelX - logoX - logoW) - logoW;
  const { rtl } = LOCALE_LAYOUT[spec.locale];
  const slotX = rtl ? w - logoX - logoW : logoX;
  const k = logoW / style.slot;
  const top = (h - L.frameHeight * k) / 2;
  const [ix, iy, iw, ih] = style.ink;
  const logo = rect(slotX + ix * k, top + iy * k, iw * k, ih * k);
  const reference = L.referenceSize;
  const font = Math.min(reference * Math.min(labelWidth / textAt13, h / 30), L.maxFontShare * h);
  const advance = textAt13 * font / reference;
  let textBox = rect(labelX, 0, advance, h);
  if (rtl) textBox = rect(w - (textBox.x + textBox.width), 0, advance, h);
  return { logo, label: { x: textBox.x, baseline: h / 2 + L.baselineShare * font, fontSize: font, advance } };
}

// LogoOnlyLayout.
function logoOnly(side) {
  const h = LAYOUT.logoOnly.heightShare * side;
  const w = LAYOUT.logoAspect * h;
  return rect((side - w) / 2, LAYOUT.logoOnly.topShare * side, w, h);
}

/**
 * spec: { mode: 'center' | 'left' | 'logo', color, border, borderRadius, width, height (the
 * side of a logo-only button), locale, logoSize, logoPosition, labelPosition }, in points;
 * title: its locale module's [advance] for the mode, `gap` the module's. Returns the shapes
 * back to front, the logo's ink box, the title's placement; without `title`, the shapes.
 */
export function layout(spec, title, gap = 0) {
  const result = {
    width: spec.width, height: spec.height, shapes: shapes(spec), logo: null, label: null,
    foreground: spec.color === 'black' ? 'white' : 'black',
  };
  if (spec.mode === 'logo') {
    result.logo = logoOnly(spec.width);
  } else if (title) {
    Object.assign(result, spec.mode === 'center' ? center(spec, title, gap) : left(spec, title));
  }
  return result;
}
