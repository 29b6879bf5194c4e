import { LOCALES } from './locales.js';

// The button model of the editor, without any DOM: which parameters each mode takes,
// their ranges and Apple's defaults, validation with messages, and the URLs in the
// exact grammar of the image endpoints (README "Parameters"). The server is the
// authority; these rules mirror its parser so that the editor never asks it for an
// image it would refuse.

export const ENDPOINTS = {
  center: '/appleid/button',
  left: '/appleid/button/left',
  logo: '/appleid/button/logo',
};

export const STYLES = {
  black: { color: 'black', border: false },
  white: { color: 'white', border: false },
  'white-outline': { color: 'white', border: true },
};

// Whole-number fields: the query parameter, the range the endpoints accept, Apple's
// default, and how a message names the field.
export const NUMBERS = {
  width: { param: 'width', min: 130, max: 375, fallback: 140, noun: 'width' },
  height: { param: 'height', min: 30, max: 64, fallback: 30, noun: 'height' },
  size: { param: 'size', min: 30, max: 64, fallback: 30, noun: 'size' },
  radius: { param: 'border_radius', min: 0, max: 50, fallback: 15, noun: 'corner radius' },
  scale: { param: 'scale', min: 1, max: 6, fallback: 1, noun: 'scale' },
  logoPosition: { param: 'logo-position', min: 0, max: 182, fallback: 0, noun: 'logo position' },
  labelPosition: { param: 'label-position', min: 0, max: 182, fallback: 0, noun: 'title position' },
};

// Choice fields: the query parameter and Apple's default.
const CHOICES = {
  type: { param: 'type', fallback: 'sign-in', values: ['sign-in', 'continue', 'sign-up'] },
  locale: { param: 'locale', fallback: 'en_US', values: LOCALES.map((l) => l.code) },
  logoSize: { param: 'logo-size', fallback: 'small', values: ['small', 'medium', 'large'] },
};

// The editor fields each mode uses, in the order of the server's canonical query
// (Apple's documentation order), so URLs are predictable. `style` stands for the
// color + border pair.
const MODE_FIELDS = {
  center: ['style', 'type', 'radius', 'width', 'height', 'scale', 'locale'],
  left: ['style', 'type', 'radius', 'width', 'height', 'scale', 'locale', 'labelPosition', 'logoPosition', 'logoSize'],
  logo: ['style', 'radius', 'size', 'scale'],
};

// Fields that reach only the code snippets, not the image: the logo-only image has no
// words, but its snippet loads Apple's script in a language and has a localised alt.
const SNIPPET_FIELDS = { center: [], left: [], logo: ['locale'] };

export const FORMATS = ['png', 'svg', 'pdf'];

/** Whether a field (a key of the editor state) applies to a mode. */
export function usesField(mode, field) {
  return MODE_FIELDS[mode].includes(field) || SNIPPET_FIELDS[mode].includes(field) ||
    field === 'mode' || field === 'format';
}

/** `locale=de_DE` for the snippet of a logo-only button; empty for the others. */
export function snippetOnlyQuery(button) {
  return SNIPPET_FIELDS[button.mode]
    .map((field) => `${CHOICES[field].param}=${encodeURIComponent(button[field])}`).join('&');
}

/**
 * Checks one whole-number field as typed. Returns { value } or { message, early }:
 * `early` errors can be shown while the person is still typing (a value can only grow
 * into a valid one from below the minimum, or from empty).
 */
export function checkNumber(key, raw) {
  const { min, max, noun } = NUMBERS[key];
  const range = `${min} to ${max}`;
  const text = String(raw).trim();
  if (text === '') return { message: `Enter a ${noun} from ${range}.`, early: false };
  if (!/^\d{1,4}$/.test(text)) return { message: `Enter a whole number from ${range}.`, early: true };
  const value = Number(text);
  if (value > max) return { message: `Too large: the ${noun} can be at most ${max}.`, early: true };
  if (value < min) return { message: `Too small: the ${noun} must be at least ${min}.`, early: false };
  return { value };
}

/**
 * Validates the fields the mode uses. `state` holds raw control values; the result is
 * { button } (numbers parsed, style split into color/border) or { errors: {field: check} }.
 */
export function validate(state) {
  const errors = {};
  const button = { mode: state.mode, format: state.format };
  for (const field of [...MODE_FIELDS[state.mode], ...SNIPPET_FIELDS[state.mode]]) {
    if (field in NUMBERS) {
      const check = checkNumber(field, state[field]);
      if ('value' in check) button[field] = check.value;
      else errors[field] = check;
    } else {
      button[field] = state[field];
    }
  }
  return Object.keys(errors).length ? { errors } : { button };
}

/**
 * The query of a valid button in the endpoint's grammar, parameters equal to Apple's
 * defaults left out. `overrides` replaces scale and format (downloads, srcset).
 */
export function query(button, overrides = {}) {
  const b = { ...button, ...overrides };
  const pairs = [];
  for (const field of MODE_FIELDS[b.mode]) {
    if (field === 'style') {
      const { color, border } = STYLES[b.style];
      if (color !== 'black') pairs.push(['color', color]);
      if (border) pairs.push(['border', 'true']);
    } else {
      const spec = NUMBERS[field] || CHOICES[field];
      if (String(b[field]) !== String(spec.fallback)) pairs.push([spec.param, b[field]]);
    }
  }
  if (b.format && b.format !== 'png') pairs.push(['format', b.format]);
  return pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
}

/** `/appleid/button/left?type=continue&width=250`, relative to the service. */
export function imagePath(button, overrides = {}) {
  const q = query(button, overrides);
  return ENDPOINTS[button.mode] + (q ? `?${q}` : '');
}

/**
 * The editor's own fragment for a button: its image target plus what only the snippet
 * uses (a logo-only button's language), so a shared link reopens the same code too.
 */
export function editorTarget(button) {
  const extra = snippetOnlyQuery(button);
  const path = imagePath(button);
  return extra ? `${path}${path.includes('?') ? '&' : '?'}${extra}` : path;
}

/** The button's size in points: [width, height]. */
export function points(button) {
  return button.mode === 'logo' ? [button.size, button.size] : [button.width, button.height];
}

/**
 * A download name in the generator's words (AssetNaming), flattened:
 * `siwa-center-sign-in-black-en_US-250x44@2x.png`, `siwa-logo-white-44r50.svg`.
 */
export function fileName(button, format, scale) {
  const radius = button.radius === NUMBERS.radius.fallback ? '' : `r${button.radius}`;
  const parts = ['siwa', button.mode];
  if (button.mode === 'logo') {
    parts.push(button.style, `${button.size}${radius}`);
  } else {
    parts.push(button.type, button.style, button.locale, `${button.width}x${button.height}${radius}`);
  }
  return parts.join('-') + (format === 'png' ? `@${scale}x` : '') + `.${format}`;
}

/**
 * The complete editor state of an image target (`/appleid/button/left?type=continue`),
 * for links to the editor with a button preselected (`/#/appleid/button?width=250`).
 * Parameters left out take Apple's defaults, as at the endpoint; invalid values too.
 */
export function stateFromTarget(target) {
  const [path, search = ''] = target.split('?');
  const mode = Object.keys(ENDPOINTS).find((m) => ENDPOINTS[m] === path);
  if (!mode) return null;
  const params = new URLSearchParams(search);
  const state = { mode, style: 'black', format: 'png' };
  for (const [field, spec] of Object.entries({ ...NUMBERS, ...CHOICES })) {
    const value = params.get(spec.param);
    const valid = value !== null && (field in NUMBERS ? 'value' in checkNumber(field, value) : spec.values.includes(value));
    state[field] = valid ? value : String(spec.fallback);
  }
  if (params.get('color') === 'white') state.style = params.get('border') === 'true' ? 'white-outline' : 'white';
  if (FORMATS.includes(params.get('format'))) state.format = params.get('format');
  return state;
}
