import { imageTarget } from '../element/1/core/url.js';

// The button model of the editor, without any DOM, built from the service's schema
// (GET api/schema): which parameters each layout takes, their ranges, values and
// Apple's defaults come from there, so the editor never asks for an image the service
// would refuse and cannot drift from its parser. Kept here: only presentation (which
// control shows which parameter, how messages name it) and the URL grammar.

// The editor's controls (form names) and the query parameter each one sets; `noun` names
// a number in messages. `style` stands for the color + border pair.
const FIELDS = {
  style: { params: ['color', 'border'] },
  type: { param: 'type' },
  radius: { param: 'border_radius', noun: 'corner radius' },
  width: { param: 'width', noun: 'width' },
  height: { param: 'height', noun: 'height' },
  size: { param: 'size', noun: 'size' },
  scale: { param: 'scale', noun: 'scale' },
  locale: { param: 'locale' },
  labelPosition: { param: 'label-position', noun: 'title position' },
  logoPosition: { param: 'logo-position', noun: 'logo position' },
  logoSize: { param: 'logo-size' },
};

// Fields that reach only the code snippets, not the image: the logo-only image has no
// words, but the snippet API takes `locale` on the logo endpoint for Apple's script and
// the image's alt text.
const SNIPPET_FIELDS = { logo: ['locale'] };

// The element's names of the modes (<apple-signin-button mode>, the core's URL builder).
const ELEMENT_MODES = { center: 'center-align', left: 'left-align', logo: 'logo-only' };

export class ButtonModel {
  /** @param schema the JSON of GET api/schema. */
  constructor(schema) {
    const byName = new Map(schema.parameters.map((p) => [p.name, p]));
    const parameter = (name) => {
      const p = byName.get(name);
      if (!p) throw new Error(`the service's schema has no parameter '${name}'`);
      return p;
    };
    /** Whole-number fields: { param, min, max, fallback, noun }. */
    this.numbers = {};
    /** Choice fields: { param, fallback, values }. */
    this.choices = {};
    const fieldOf = new Map();
    for (const [field, { param, params, noun }] of Object.entries(FIELDS)) {
      for (const name of params || [param]) fieldOf.set(name, field);
      if (!param) continue;
      const p = parameter(param);
      if (p.type === 'integer') {
        this.numbers[field] = { param, min: p.minimum, max: p.maximum, fallback: p.default, noun };
      } else {
        this.choices[field] = { param, fallback: p.default, values: p.values };
      }
    }
    this.styles = Object.fromEntries(schema.styles.map((s) => [s.name, s]));
    const [color, border] = [parameter('color').default, parameter('border').default];
    this.defaultStyle = schema.styles.find((s) => s.color === color && s.border === border).name;
    this.formats = parameter('format').values;
    /** Format → file extension (`vectordrawable` → `xml`). */
    this.extensions = Object.fromEntries(schema.formats.map((f) => [f.name, f.fileExtension]));
    /** Pixel formats (one file per scale); the others are vector, at 1x. */
    this.rasterFormats = schema.formats.filter((f) => f.raster).map((f) => f.name);
    this.defaultFormat = parameter('format').default;
    /** The service's current `v=` token (`serve --cache-version`), written into every image URL; null when off. */
    this.cacheVersion = schema.cacheVersion || null;
    /** Mode → endpoint path (`/appleid/button/left`). */
    this.endpoints = Object.fromEntries(schema.endpoints.map((e) => [e.mode, e.path]));
    this.modes = schema.endpoints.map((e) => e.mode);
    // The fields of each mode in the endpoint's order (the server's canonical query).
    this.modeFields = {};
    for (const { mode, parameters } of schema.endpoints) {
      const fields = parameters.map((name) => fieldOf.get(name));
      if (fields.includes(undefined)) {
        throw new Error(`the editor has no control for ${parameters.filter((n) => !fieldOf.has(n)).join(', ')}`);
      }
      this.modeFields[mode] = [...new Set(fields)];
    }
  }

  snippetFields(mode) {
    return SNIPPET_FIELDS[mode] || [];
  }

  /** Whether a field (a key of the editor state) applies to a mode. */
  usesField(mode, field) {
    return this.modeFields[mode].includes(field) || this.snippetFields(mode).includes(field) ||
      field === 'mode' || field === 'format';
  }

  /** `locale=de_DE` for the snippet of a logo-only button; empty for the others. */
  snippetOnlyQuery(button) {
    return this.snippetFields(button.mode)
      .map((field) => `${this.choices[field].param}=${encodeURIComponent(button[field])}`).join('&');
  }

  /**
   * Checks one whole-number field as typed. Returns { value } or { message, early }:
   * `early` errors can be shown while the person is still typing (a value can only grow
   * into a valid one from below the minimum, or from empty).
   */
  checkNumber(key, raw) {
    const { min, max, noun } = this.numbers[key];
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
   * { button } (numbers parsed) or { errors: {field: check} }.
   */
  validate(state) {
    const errors = {};
    const button = { mode: state.mode, format: state.format };
    for (const field of [...this.modeFields[state.mode], ...this.snippetFields(state.mode)]) {
      if (field in this.numbers) {
        const check = this.checkNumber(field, state[field]);
        if ('value' in check) button[field] = check.value;
        else errors[field] = check;
      } else {
        button[field] = state[field];
      }
    }
    return Object.keys(errors).length ? { errors } : { button };
  }

  /**
   * The query of a valid button in the endpoint's grammar: the service's canonical form
   * (the element's core/url.js, held to ButtonRequest.canonicalTarget by swift test), so
   * the service serves it without a redirect. `overrides` replaces scale and format
   * (downloads, srcset).
   */
  query(button, overrides = {}) {
    const b = { ...button, ...overrides };
    const target = imageTarget(ELEMENT_MODES[b.mode], this.parameters(b), b.format, this.cacheVersion);
    return target.includes('?') ? target.slice(target.indexOf('?') + 1) : '';
  }

  /** A valid button's query parameters, by their names in Apple's grammar (values as text). */
  parameters(button) {
    const values = {};
    for (const field of this.modeFields[button.mode]) {
      if (field === 'style') {
        const { color, border } = this.styles[button.style];
        Object.assign(values, { color, border: String(border) });
      } else if (button[field] !== undefined) {
        values[(this.numbers[field] || this.choices[field]).param] = String(button[field]);
      }
    }
    return values;
  }

  /** A valid button as <apple-signin-button>'s attributes (those of its mode; the others null). */
  elementAttributes(button) {
    const q = this.parameters(button);
    const logo = button.mode === 'logo';
    const left = button.mode === 'left';
    return {
      mode: ELEMENT_MODES[button.mode], color: q.color, border: q.border, 'border-radius': q.border_radius,
      type: logo ? null : q.type, locale: logo ? null : q.locale, width: logo ? null : q.width,
      height: logo ? null : q.height, size: logo ? q.size : null, 'logo-size': left ? q['logo-size'] : null,
      'logo-position': left ? q['logo-position'] : null, 'label-position': left ? q['label-position'] : null,
    };
  }

  /** `/appleid/button/left?type=continue&width=250`: the image target, below the service's address. */
  imageTarget(button, overrides = {}) {
    const q = this.query(button, overrides);
    return this.endpoints[button.mode] + (q ? `?${q}` : '');
  }

  /**
   * `appleid/button/left?...`: relative to the editor's own URL, so the editor works
   * wherever the service is mounted (`/`, or `/buttons/` in a host app).
   */
  imageURL(button, overrides = {}) {
    return this.imageTarget(button, overrides).replace(/^\//, '');
  }

  /**
   * The editor's own fragment for a button: its image target plus what only the snippet
   * uses (a logo-only button's language), so a shared link reopens the same code too.
   */
  editorTarget(button) {
    const extra = this.snippetOnlyQuery(button);
    const path = this.imageTarget(button);
    return extra ? `${path}${path.includes('?') ? '&' : '?'}${extra}` : path;
  }

  /**
   * A download name, the generator's flat name (`generate --naming flat`, AssetNaming):
   * `siwa-sign-in-black-en_US-250x44@2x.png`, `siwa-left-continue-white-de_DE-250x44.svg`,
   * `siwa-logo-white-44r50.svg` (the centred mode, the default, is not named).
   * EditorFileNameTests (swift test) runs this in node and holds it to AssetNaming.
   */
  fileName(button, format, scale) {
    const radius = String(button.radius) === String(this.numbers.radius.fallback) ? '' : `r${button.radius}`;
    const parts = button.mode === 'center' ? ['siwa'] : ['siwa', button.mode];
    if (button.mode === 'logo') {
      parts.push(button.style, `${button.size}${radius}`);
    } else {
      parts.push(button.type, button.style, button.locale, `${button.width}x${button.height}${radius}`);
    }
    return parts.join('-') + (this.rasterFormats.includes(format) ? `@${scale}x` : '') + `.${this.extensions[format] || format}`;
  }

  /**
   * The complete editor state of an image target (`/appleid/button/left?type=continue`),
   * for links to the editor with a button preselected (`#/appleid/button?width=250`).
   * Parameters left out take Apple's defaults, as at the endpoint; invalid values too.
   */
  stateFromTarget(target) {
    const [path, search = ''] = target.split('?');
    const mode = this.modes.find((m) => this.endpoints[m] === path);
    if (!mode) return null;
    const params = new URLSearchParams(search);
    const state = { mode, style: this.defaultStyle, format: this.defaultFormat };
    for (const [field, spec] of Object.entries({ ...this.numbers, ...this.choices })) {
      const value = params.get(spec.param);
      const valid = value !== null &&
        (field in this.numbers ? 'value' in this.checkNumber(field, value) : spec.values.includes(value));
      state[field] = valid ? value : String(spec.fallback);
    }
    const style = Object.values(this.styles).find((s) =>
      s.color === (params.get('color') ?? this.styles[this.defaultStyle].color) &&
      String(s.border) === (params.get('border') ?? String(this.styles[this.defaultStyle].border)));
    if (style) state.style = style.name;
    if (this.formats.includes(params.get('format'))) state.format = params.get('format');
    return state;
  }
}

/** The button's size in points: [width, height]. */
export function points(button) {
  return button.mode === 'logo' ? [button.size, button.size] : [button.width, button.height];
}
