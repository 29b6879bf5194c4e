// <apple-signin-button>: a "Sign in with Apple" button as a custom element, for any front
// end; docs/element.md is the reference (/element/1/: the attribute API's major version).
// It draws the button in the page (core/: the renderer's geometry and title outlines, one
// module per locale) or, with render="image", shows the service's images (image.js). Every
// input ends in start(), which refuses without fresh state and nonce and signs in with
// Apple's script (asked for on intent) in the click's own task, else by redirect. CSP-safe
// (no inline script or style attribute); attribute text never becomes markup.
import { CHOICES, DEFAULTS, LOCALE_LAYOUT, RANGES, TOKEN, TYPE_INDEX } from './core/facts.generated.js';
import { layout } from './core/layout.js';
import { drawButton, titleOf } from './core/draw.js';
import { APPLE_SCRIPT, authorizeURL, isFresh } from './core/signin.js';
import { isDarkBehind } from './core/theme.js';
// The default locale's titles come with the module, so an en_US button is drawn at once.
import * as EN_US from './core/titles/en_US.generated.js';

export const VERSION = '1.2.0';

// The module's own `?v=` (`<script type="module" src=".../apple-signin-button.js?v=2026-11">`).
const MODULE_VERSION = (() => {
  try {
    const v = new URL(import.meta.url).searchParams.get('v');
    return v && TOKEN.test(v) ? v : null;
  } catch {
    return null;
  }
})();
// render="image" asks for fluid widths in steps of this many points (few images to cache).
const FLUID_STEP = 10;
// One line naming the attribute and what it accepts; null if the value is good.
function problem(name, value) {
  if (name === 'locale') {
    // An own property: `constructor`, `__proto__` or `toString` are no locale.
    return Object.hasOwn(LOCALE_LAYOUT, value) ? null
      : `one of Apple's 37 locale codes (${Object.keys(LOCALE_LAYOUT).join(', ')})`;
  }
  if (name === 'width' && value === '100%') return null;
  if (name === 'cache-version') {
    return TOKEN.test(value) ? null : "a cache-version token (1-32 letters, digits, '.', '_', '-' or '~')";
  }
  if (RANGES[name]) {
    const [low, high] = RANGES[name];
    return /^(0|[1-9]\d{0,2})$/.test(value) && +value >= low && +value <= high ? null : `an integer ${low}-${high}`;
  }
  if (CHOICES[name]) {
    return CHOICES[name].includes(value) ? null : CHOICES[name].join(', ');
  }
  return null;
}

// --------------------------------------------------------------- the titles' outlines

// Locale -> its title module, a Promise until loaded. Only Apple's locales reach a URL.
const titleModules = new Map([['en_US', EN_US]]);
// One console line per locale whose module did not load.
const toldTitles = new Set();
function titleModule(locale) {
  if (!titleModules.has(locale)) {
    titleModules.set(locale, import(`./core/titles/${locale}.generated.js`).then(
      (module) => titleModules.set(locale, module).get(locale),
      (error) => {
        if (!toldTitles.has(locale)) {
          toldTitles.add(locale);
          console.error(`<apple-signin-button>: the ${locale} title did not load (${error.message}); drawing the ` +
            'English title. Serve core/titles/ beside the module, with script-src allowing it.');
        }
        const fallback = { ...EN_US, fallback: true };
        titleModules.set(locale, fallback);
        return fallback;
      }));
  }
  return titleModules.get(locale);
}

// --------------------------------------------------------------- Apple's script, once

let appleLoading = null;
let appleFailure = null;  // why the last load failed
function loadApple(locale) {
  if (window.AppleID && window.AppleID.auth) return Promise.resolve(window.AppleID.auth);
  if (!appleLoading) {
    appleLoading = new Promise((resolve, reject) => {
      const done = () => (window.AppleID && window.AppleID.auth ? resolve(window.AppleID.auth)
        : reject(new Error('appleid.auth.js loaded but defines no AppleID.auth')));
      // The page's own copy, if it has one (loading or loaded).
      let script = document.querySelector('script[src*="/appleid.auth.js"]');
      const ours = !script;
      if (ours) {
        script = document.createElement('script');
        script.src = APPLE_SCRIPT(locale);
        script.async = true;
        document.head.appendChild(script);
      }
      script.addEventListener('load', done, { once: true });
      script.addEventListener('error', () => {
        if (ours) script.remove();  // a later sign-in adds a fresh one
        reject(new Error(`${script.src} did not load`));
      }, { once: true });
      setTimeout(() => reject(new Error('appleid.auth.js did not load within 10 s')), 10000);
    });
    appleLoading.then(() => { appleFailure = null; }, (error) => {
      appleFailure = error.message;
      appleLoading = null;  // a later intent tries again
    });
  }
  return appleLoading;
}

// --------------------------------------------------------------- colour scheme

// Every color="auto" button follows the system's switch and the page's own theme switch.
const autoButtons = new Set();
function repaintAuto() {
  for (const button of autoButtons) button.render();
}
if (window.matchMedia) {
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', repaintAuto);
}
const themeWatch = new MutationObserver(repaintAuto);
function watchTheme() {
  const options = { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-bs-theme'] };
  themeWatch.observe(document.documentElement, options);
  if (document.body) themeWatch.observe(document.body, options);
}

// --------------------------------------------------------------- the element

const SHARED = new CSSStyleSheet();
SHARED.replaceSync(`
  :host { display: inline-block; vertical-align: top; line-height: 0; }
  :host([hidden]) { display: none; }
  .button { display: block; cursor: pointer; position: relative; outline-offset: 2px;
            -webkit-tap-highlight-color: transparent; }
  /* Two colours, so one has 3:1 or more on any page and either button. */
  .button:focus-visible { outline: 2px solid var(--apple-signin-button-focus-outer, #000);
    box-shadow: 0 0 0 2px var(--apple-signin-button-focus-inner, #fff); }
  .button[aria-disabled="true"] { cursor: progress; }
  picture, img, svg { display: block; max-width: none; margin: 0; border: 0; }
  /* The drawn button keeps its colours under forced colours, as an image does. */
  svg { forced-color-adjust: none; overflow: hidden; }
  picture[hidden] { display: none; }
  .fallback { display: flex; align-items: center; justify-content: center; box-sizing: border-box; height: 100%;
    padding: 0 8px; overflow: hidden; white-space: nowrap; font: 500 15px/1 system-ui, -apple-system, sans-serif;
    border-radius: inherit; background: #000; color: #fff; }
  .fallback.white { background: #fff; color: #000; box-shadow: inset 0 0 0 1px #000; }
  .fallback[hidden] { display: none; }
  /* Contrast themes strip backgrounds: keep an edge and the ring's colour. */
  @media (forced-colors: active) {
    .button::after { content: ''; position: absolute; inset: 0; border: 1px solid CanvasText; border-radius: inherit;
      pointer-events: none; }
    .button:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
  }
  .note { display: block; margin: 6px 0 0; max-width: 24em; font: 13px/1.35 system-ui, sans-serif; color: CanvasText; }
  .note[hidden] { display: none; }
  .probe { display: none; color: Canvas; }
`);

// The attributes whose change redraws the button: every attribute with a default (but
// use-popup) and image mode's two. api.js describes each; element-types.mjs checks the two agree.
const OBSERVED = [...Object.keys(DEFAULTS).filter((name) => name !== 'use-popup'), 'image-base', 'cache-version'];
// The element's modes as layout.js names them.
const LAYOUT_MODE = { 'center-align': 'center', 'left-align': 'left', 'logo-only': 'logo' };

// Why Apple's script is not there at a click: the last load's failure, else not yet loaded.
const appleMissing = () => appleFailure || "Apple's script is not loaded yet";

export class AppleSignInButton extends HTMLElement {
  static observedAttributes = OBSERVED;

  #root;
  #sheet = new CSSStyleSheet();
  #button;
  #picture;
  #drawing;
  #note;
  #probe;
  #good = {};       // the last good value of each attribute
  #told = {};       // the bad value last logged for each attribute (one line per bad value)
  #busy = false;
  #rendered = '';   // the image URL or drawn button last shown
  #fallback;
  #setRender = 0;   // the latest rendering waiting for the set's manifest or a title module
  #resize = null;   // a ResizeObserver while the width is fluid
  #measured = 0;    // the host's width when last rendered fluid

  constructor() {
    super();
    // delegatesFocus: host.focus() (a framework's ref.focus()) focuses the button.
    this.#root = this.attachShadow({ mode: 'open', delegatesFocus: true });
    this.#root.adoptedStyleSheets = [SHARED, this.#sheet];
    this.#button = document.createElement('div');
    this.#button.className = 'button';
    this.#button.setAttribute('role', 'button');
    this.#button.setAttribute('part', 'button');
    this.#button.tabIndex = 0;
    this.#drawing = document.createElement('span');
    this.#drawing.className = 'drawing';
    this.#picture = document.createElement('picture');
    this.#picture.hidden = true;
    this.#fallback = document.createElement('span');
    this.#fallback.className = 'fallback';
    this.#fallback.setAttribute('aria-hidden', 'true');
    this.#fallback.hidden = true;
    this.#button.append(this.#drawing, this.#picture, this.#fallback);
    this.#note = document.createElement('p');
    this.#note.className = 'note';
    this.#note.setAttribute('role', 'alert');
    this.#note.setAttribute('part', 'note');
    this.#note.lang = 'en';
    this.#note.hidden = true;
    this.#probe = document.createElement('span');
    this.#probe.className = 'probe';
    this.#root.append(this.#button, this.#note, this.#probe);
    // Every input ends in start(): click, Enter on keydown, Space on keyup (as a native button).
    this.addEventListener('click', (event) => {
      if (!event.composedPath().includes(this.#note)) this.start();
    });
    this.#button.addEventListener('keydown', (event) => {
      if (event.key === ' ' || event.key === 'Enter') event.preventDefault();  // no scroll
      if (event.key === 'Enter' && !event.repeat) this.start();
    });
    this.#button.addEventListener('keyup', (event) => {
      if (event.key === ' ') this.start();
    });
    // Apple's script on intent, not at page load: there for the click's signIn() (a popup
    // opened after an await is blocked), and nothing of Apple's for a page only viewed.
    const intent = () => {
      if (this.hasAttribute('client-id')) loadApple(this.#value('locale')).catch(() => {});
    };
    for (const type of ['pointerenter', 'focusin', 'touchstart']) this.addEventListener(type, intent, { passive: true });
  }

  connectedCallback() {
    watchTheme();
    this.render();
  }

  disconnectedCallback() {
    autoButtons.delete(this);
    this.#resize?.disconnect();
    this.#resize = null;
  }

  attributeChangedCallback() {
    if (this.isConnected) this.render();
  }

  // An attribute's value if good; else the last good one, and one console line per bad value.
  #value(name) {
    const raw = this.getAttribute(name);
    if (raw === null || raw === '') {
      delete this.#told[name];
      return this.#good[name] ?? DEFAULTS[name];
    }
    const bad = problem(name, raw);
    if (bad) {
      this.#tell(name, raw, `${name}="${raw.slice(0, 40)}" is not valid; it takes ${bad}. ` +
        `Keeping ${this.#good[name] ?? DEFAULTS[name] ?? 'none'}.`);
      return this.#good[name] ?? DEFAULTS[name];
    }
    delete this.#told[name];
    this.#good[name] = raw;
    return raw;
  }

  // One console line for this attribute's bad value, unless it was told already.
  #tell(name, raw, message) {
    if (this.#told[name] === raw) return;
    this.#told[name] = raw;
    console.error(`<apple-signin-button>: ${message}`);
  }

  // The image service's base: `image-base`, else the service this module came from.
  #imageBase() {
    const given = this.getAttribute('image-base');
    if (given) {
      let url = null;
      try {
        url = new URL(given, document.baseURI);
      } catch {
        // told below
      }
      if (url && (url.protocol === 'https:' || url.protocol === 'http:')) {
        delete this.#told['image-base'];
        return url.href.replace(/[?#].*$/, '').replace(/\/+$/, '');
      }
      this.#tell('image-base', given, `image-base="${given.slice(0, 40)}" is not an http(s) URL; it takes the URL of ` +
        'an /appleid/button endpoint.');
    }
    return new URL('../../appleid/button', import.meta.url).href;
  }

  // The `v=` of the service's cache version: the attribute, else the module URL's own.
  #cacheVersion() {
    if (this.getAttribute('cache-version')) return this.#value('cache-version') ?? MODULE_VERSION;
    return MODULE_VERSION;
  }

  // Fluid width: the host's width in steps of `step` within Apple's range; below it, the
  // minimum shown scaled down. 0: not laid out yet.
  #fluidWidth(step) {
    if (!this.#resize && typeof ResizeObserver === 'function') {
      this.#resize = new ResizeObserver(() => {
        const now = Math.floor(this.getBoundingClientRect().width);
        if (now !== this.#measured) this.render();
      });
      this.#resize.observe(this);
    }
    const [low, high] = RANGES.width;
    const available = Math.floor(this.getBoundingClientRect().width);
    this.#measured = available;
    if (available <= 0) return { width: 0, shrink: false };
    if (available < low) {
      this.#tell('fluid', 'narrow', `width="100%": the container is ${available}px wide, below ` +
        `Apple's minimum of ${low}; the button is drawn at ${low} and shown scaled down to fit.`);
      return { width: low, shrink: true };
    }
    delete this.#told.fluid;
    return { width: available >= high ? high : Math.floor(available / step) * step, shrink: false };
  }

  /** Draws the button from the attributes (also called when the colour scheme changes). */
  render() {
    const mode = this.#value('mode');
    const logo = mode === 'logo-only';
    const locale = this.#value('locale');
    const type = this.#value('type');
    const drawn = this.#value('render') !== 'image';
    let color = this.#value('color');
    if (color === 'auto') {
      autoButtons.add(this);
      color = isDarkBehind(this, this.#probe) ? 'white' : 'black';
    } else {
      autoButtons.delete(this);
    }
    // The outline is for white on white: an automatic white (on dark) has none.
    const border = this.getAttribute('color') === 'auto' && color === 'white' ? 'false' : this.#value('border');
    const widthValue = logo ? this.#value('size') : this.#value('width');
    const fluid = !logo && widthValue === '100%';
    const { width, shrink } = fluid ? this.#fluidWidth(drawn ? 1 : FLUID_STEP) : { width: Number(widthValue), shrink: false };
    if (!fluid && this.#resize) {
      this.#resize.disconnect();
      this.#resize = null;
    }
    const height = Number(logo ? this.#value('size') : this.#value('height'));
    const radius = Number(this.#value('border-radius'));

    // The title and its outline come from the locale's module; until it is there, the face.
    const titles = titleModule(locale);
    if (titles instanceof Promise) {
      titles.then(() => {
        if (this.isConnected && this.#value('locale') === locale) this.render();
      });
    }
    const loaded = titles instanceof Promise ? null : titles;
    const typeIndex = TYPE_INDEX[type];
    // Named at once: in English until the locale's module is there (or if it never comes).
    const named = loaded && !loaded.fallback ? loaded : EN_US;
    this.#button.setAttribute('aria-label', named.titles[typeIndex]);
    this.#button.lang = named.lang;
    this.#button.dir = named === EN_US ? 'ltr' : LOCALE_LAYOUT[locale].rtl ? 'rtl' : 'ltr';
    this.#fallback.textContent = named.titles[typeIndex];
    this.#fallback.classList.toggle('white', color === 'white');
    const host = fluid ? `:host { display: block; max-width: ${RANGES.width[1]}px; }` : '';
    if (fluid && width === 0) {  // not laid out yet: the ResizeObserver renders when it is
      this.#sheet.replaceSync(`${host} .button { height: ${height}px; }`);
      return;
    }
    this.#sheet.replaceSync(shrink
      ? `${host} .button { width: 100%; aspect-ratio: ${width} / ${height}; border-radius: ${(radius * height) / width}% / ${radius}%; }
         picture, img, svg { width: 100%; height: auto; }`
      : `${host} .button, img, svg { width: ${width}px; height: ${height}px; }
         .button { border-radius: ${(radius / 100) * height}px; }`);

    const spec = {
      mode: LAYOUT_MODE[mode], color, border: border === 'true', borderRadius: radius, width, height, locale,
      logoSize: this.#value('logo-size'), logoPosition: Number(this.#value('logo-position')),
      labelPosition: Number(this.#value('label-position')),
    };
    if (drawn) {
      this.#draw(spec, typeIndex, loaded);
      return;
    }
    this.#showImage(mode, {
      color, border, type, border_radius: String(radius), width: String(width), height: String(height),
      size: String(width), locale, 'logo-size': spec.logoSize,
      'logo-position': String(spec.logoPosition), 'label-position': String(spec.labelPosition),
    }, width, height);
  }

  // The button drawn in the page; `titles`: its locale's module (null while it loads).
  #draw(spec, typeIndex, titles) {
    const key = JSON.stringify([spec, typeIndex, !!titles]);
    if (key === this.#rendered) return;
    this.#rendered = key;
    this.#setRender++;
    this.#picture.hidden = true;
    this.#picture.replaceChildren();
    this.#fallback.hidden = true;
    let geometry, outline = null;
    if (spec.mode === 'logo' || !titles) {
      geometry = layout(spec, null);
      if (spec.mode !== 'logo') geometry.logo = null;
    } else {
      // A module that did not load draws the English title (with its own metrics).
      const laid = titles.fallback ? { ...spec, locale: 'en_US' } : spec;
      const title = titleOf(titles, spec.mode, typeIndex);
      outline = title.outline;
      geometry = layout(laid, title.entry, titles.gap);
    }
    const svg = drawButton(document, geometry, outline);
    svg.setAttribute('part', 'image');
    this.#drawing.replaceChildren(svg);
  }

  // render="image" (image.js, imported for the first such button).
  #showImage(mode, values, width, height) {
    const imageBase = this.#imageBase();
    const version = this.#cacheVersion();
    const key = JSON.stringify([mode, values, imageBase, version]);
    if (key === this.#rendered) return;
    this.#rendered = key;
    this.#drawing.replaceChildren();
    const token = ++this.#setRender;
    const view = { picture: this.#picture, fallback: this.#fallback, current: () => token === this.#setRender };
    const given = !!this.getAttribute('image-base');
    import('./image.js').then(({ showImage }) => {
      if (view.current()) showImage(view, { mode, values, width, height, imageBase, given, version });
    }, (error) => {
      if (!view.current()) return;
      this.#picture.hidden = true;
      this.#fallback.hidden = false;
      console.error(`<apple-signin-button>: render="image" needs image.js beside the module (${error.message}).`);
    });
  }

  // The web-flow values from the attributes; null when refused. Synchronous, so that a
  // click reaches signIn() in its own task.
  #config() {
    const clientId = this.getAttribute('client-id') || '';
    let redirectURI = this.getAttribute('redirect-uri') || '';
    const givenRedirect = redirectURI;
    // Apple wants an absolute https:// URL; a path is taken relative to the page.
    try {
      if (redirectURI) redirectURI = new URL(redirectURI, document.baseURI);
    } catch {
      redirectURI = null;
    }
    const usePopup = this.#value('use-popup') === 'true';
    const scope = this.getAttribute('scope') ?? '';
    if (!clientId || !givenRedirect) {
      return this.#refuse('siwa_not_configured', 'Sign in with Apple did not start: the button has no client-id ' +
        'and redirect-uri attributes (your Services ID and the URL Apple answers to).');
    }
    if (!redirectURI || redirectURI.protocol !== 'https:' || redirectURI.username || redirectURI.password) {
      return this.#refuse('siwa_not_configured', `Sign in with Apple did not start: redirect-uri ` +
        `"${givenRedirect.slice(0, 60)}" is not an https:// URL (Apple answers to nothing else).`,
        'Sign in with Apple is not set up correctly on this page.');
    }
    redirectURI = redirectURI.href;
    const state = this.getAttribute('state') || '';
    // Under a CSP, browsers hide every element's nonce attribute from getAttribute
    // ("nonce hiding"); the nonce property keeps the value.
    const nonce = this.nonce || this.getAttribute('nonce') || '';
    const sessionURL = this.getAttribute('session-url');
    if (!sessionURL && (!isFresh(state) || !isFresh(nonce))) {
      return this.#refuse('siwa_placeholders', 'Sign in with Apple did not start: state and nonce are missing or ' +
        'still placeholders. Give the button fresh random values from your server for every sign-in (state and ' +
        'nonce attributes, 16 characters or more), or a session-url that answers {"state": ..., "nonce": ...}.');
    }
    return { clientId, redirectURI, scope, state, nonce, usePopup, sessionURL };
  }

  // state and nonce fresh from session-url (session.js, imported at the first such
  // sign-in); null when refused.
  async #session(values) {
    const { sessionURL } = values;
    try {
      const { fetchSession } = await import('./session.js');
      return { ...values, ...await fetchSession(new URL(sessionURL, document.baseURI)) };
    } catch (error) {
      return this.#refuse('session_failed', `Sign in with Apple did not start: session-url ${sessionURL.slice(0, 60)} ` +
        `failed: ${error.message}.`, 'Sign in with Apple is not available right now. Please try again later.');
    }
  }

  // Explains (console, the note under the button, an appleid-failure event); sends nothing.
  #refuse(error, message, visible = message) {
    console.error(`<apple-signin-button>: ${message}`);
    this.#note.textContent = visible;
    this.#note.hidden = false;
    this.#emit('appleid-failure', { error, message });
    return null;
  }

  #emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  /** Starts a sign-in, as a click does. Resolves when it has started or been refused. */
  async start() {
    if (this.#busy) return;
    this.#busy = true;
    this.#button.setAttribute('aria-disabled', 'true');
    try {
      // Without session-url nothing below awaits before signIn(): it runs in the click's task.
      let values = this.#config();
      if (values && values.sessionURL) values = await this.#session(values);
      if (!values) return;
      this.#note.hidden = true;
      const auth = window.AppleID && window.AppleID.auth;
      if (!auth) {
        // Not asked for yet (no pointer or focus came first), blocked, offline or slow:
        // Apple's own page, by a top-level navigation, with the same values.
        console.warn(`<apple-signin-button>: ${appleMissing()}; going to Apple's sign-in page instead.`);
        window.location.assign(authorizeURL(values));
        return;
      }
      auth.init({ clientId: values.clientId, scope: values.scope, redirectURI: values.redirectURI,
        state: values.state, nonce: values.nonce, usePopup: values.usePopup });
      const signingIn = auth.signIn();
      if (!values.usePopup) return;  // Apple's page takes over, and posts to the redirect URI
      let data;
      try {
        data = await signingIn;
      } catch (failure) {
        const error = (failure && (failure.error || failure.message)) || String(failure);
        const benign = ['popup_closed_by_user', 'user_cancelled_authorize', 'user_trigger_new_signin_flow'];
        (benign.includes(error) ? console.info : console.error)(`<apple-signin-button>: sign-in not completed (${error}).`);
        this.#emit('appleid-failure', { error });
        return;
      }
      const answer = data && data.data && typeof data.data === 'object' ? data.data : data || {};
      if (!answer.authorization || answer.authorization.state !== values.state) {
        this.#refuse('state_mismatch', 'Sign in with Apple: the answer carries another state than this sign-in; it was dropped.',
          'Sign in with Apple did not complete. Please try again.');
        return;
      }
      this.#emit('appleid-success', { authorization: answer.authorization, user: answer.user });
    } finally {
      this.#busy = false;
      this.#button.removeAttribute('aria-disabled');
    }
  }
}

if (!customElements.get('apple-signin-button')) {
  customElements.define('apple-signin-button', AppleSignInButton);
}
