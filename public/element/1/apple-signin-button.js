// <apple-signin-button>: a "Sign in with Apple" button as a custom element, for any front
// end (plain HTML, React, Vue, Svelte, Angular). One ES module, no dependencies, no
// build step; served by `siwa-buttons serve` at /element/1/apple-signin-button.js
// (the path's 1 is the attribute API's major version) and written by `generate`.
// docs/reference.md ("The <apple-signin-button> element") is the reference.
//
// What it does, and why:
//  - shows our image at once (WebP, PNG fallback, 1x-3x), so nothing waits for Apple's
//    script; the localized title is the accessible name (role=button, lang, dir);
//  - starts a sign-in itself, on every input (click, Enter, Space, touch, a script's
//    click()), always through one check: with state/nonce missing or still
//    placeholders it explains and sends nothing;
//  - loads Apple's script once per page (or uses the one there) and calls
//    AppleID.auth.init with this button's values right before AppleID.auth.signIn():
//    several buttons, late mounts and re-renders need nothing of Apple's page-load
//    drawing;
//  - asks for the service's canonical image URLs (no 301 per image) with its `v=`; in a
//    generated set (no service), finds the set's own files through its manifest.json;
//  - width="100%" follows its container within Apple's 130-375 points;
//  - CSP-safe: no inline script, no style attributes (constructable stylesheets);
//  - never puts attribute text into HTML (textContent and setAttribute only).
export const VERSION = '1.1.0';

// Apple's grammar, as the image service takes it (docs/reference.md, "Parameters").
// `width` also takes "100%" (fluid: the container's width within RANGES.width).
const RANGES = {
  width: [130, 375], height: [30, 64], size: [30, 64], 'border-radius': [0, 50],
  'logo-position': [0, 182], 'label-position': [0, 182],
};
const CHOICES = {
  mode: ['center-align', 'left-align', 'logo-only'],
  type: ['sign-in', 'continue', 'sign-up'],
  color: ['black', 'white', 'auto'],
  border: ['true', 'false'],
  'logo-size': ['small', 'medium', 'large'],
  'use-popup': ['true', 'false'],
};
const DEFAULTS = {
  mode: 'center-align', type: 'sign-in', color: 'black', border: 'false', 'border-radius': '15',
  width: '140', height: '30', size: '30', 'logo-size': 'small', 'logo-position': '0', 'label-position': '0',
  locale: 'en_US', 'use-popup': 'false',
};
// The titles, [sign-in, continue, sign-up] per locale: Sources/SIWAModel/Locale/titles.json
// (e2e/element.py checks they are equal).
const TITLES = {
  ar_SA: ["تسجيل الدخول باستخدام Apple", "المتابعة باستخدام Apple", "الاشتراك باستخدام Apple"],
  ca_ES: ["Inicia la sessió amb Apple", "Continua amb Apple", "Registra’t amb Apple"],
  cs_CZ: ["Přihlásit se přes Apple", "Pokračovat přes Apple", "Zaregistrovat se přes Apple"],
  da_DK: ["Log ind med Apple", "Fortsæt med Apple", "Tilmeld dig med Apple"],
  de_DE: ["Mit Apple anmelden", "Mit Apple fortfahren", "Mit Apple registrieren"],
  el_GR: ["Σύνδεση μέσω Apple", "Συνέχεια μέσω Apple", "Εγγραφή μέσω Apple"],
  en_GB: ["Sign in with Apple", "Continue with Apple", "Sign up with Apple"],
  en_US: ["Sign in with Apple", "Continue with Apple", "Sign up with Apple"],
  es_ES: ["Iniciar sesión con Apple", "Continuar con Apple", "Registrarse con Apple"],
  es_MX: ["Iniciar sesión con Apple", "Continuar con Apple", "Registrarse con Apple"],
  fi_FI: ["Kirjaudu sisään Applella", "Jatka Applella", "Rekisteröidy Applella"],
  fr_CA: ["Se connecter avec Apple", "Continuer avec Apple", "S’inscrire avec Apple"],
  fr_FR: ["Se connecter avec Apple", "Continuer avec Apple", "S’inscrire avec Apple"],
  hr_HR: ["Prijava putem Applea", "Nastavi putem Applea", "Registracija putem Applea"],
  hu_HU: ["Bejelentkezés az Apple-lel", "Folytatás az Apple-lel", "Regisztráció az Apple-lel"],
  id_ID: ["Masuk dengan Apple", "Lanjutkan dengan Apple", "Daftar dengan Apple"],
  it_IT: ["Accedi con Apple", "Continua con Apple", "Iscriviti con Apple"],
  iw_IL: ["התחברות באמצעות Apple", "המשך באמצעות Apple", "הרשמה באמצעות Apple"],
  ja_JP: ["Appleでサインイン", "Appleで続ける", "Appleでサインアップ"],
  ko_KR: ["Apple로 로그인", "Apple로 계속하기", "Apple로 등록"],
  ms_MY: ["Daftar masuk dengan Apple", "Teruskan dengan Apple", "Daftar dengan Apple"],
  nl_NL: ["Log in met Apple", "Ga door met Apple", "Registreer met Apple"],
  no_NO: ["Logg på med Apple", "Fortsett med Apple", "Registrer deg med Apple"],
  pl_PL: ["Zaloguj się, używając konta Apple", "Kontynuuj, używając konta Apple", "Zarejestruj się, używając konta Apple"],
  pt_BR: ["Iniciar sessão com a Apple", "Continuar com a Apple", "Cadastrar-se com a Apple"],
  pt_PT: ["Iniciar sessão com a Apple", "Continuar com a Apple", "Registar-se com a Apple"],
  ro_RO: ["Autentificare cu Apple", "Continuați cu Apple", "Înregistrați-vă cu Apple"],
  ru_RU: ["Вход с Apple", "Продолжить с Apple", "Подписаться с Apple"],
  sk_SK: ["Prihlásiť sa cez Apple", "Pokračovať cez Apple", "Zaregistrovať sa cez Apple"],
  sv_SE: ["Logga in med Apple", "Fortsätt med Apple", "Registrera dig med Apple"],
  th_TH: ["ลงชื่อเข้าด้วย Apple", "ดำเนินการต่อด้วย Apple", "ลงทะเบียนด้วย Apple"],
  tr_TR: ["Apple ile Giriş Yap", "Apple ile Devam Et", "Apple ile Kaydol"],
  uk_UA: ["Увійти з Apple", "Продовжити з Apple", "Зареєструватися з Apple"],
  vi_VI: ["Đăng nhập bằng Apple", "Tiếp tục với Apple", "Đăng ký bằng Apple"],
  zh_CN: ["通过 Apple 登录", "通过 Apple 继续", "通过 Apple 注册"],
  zh_HK: ["使用 Apple 登入", "使用 Apple 繼續", "使用 Apple 註冊"],
  zh_TW: ["使用 Apple 登入", "使用 Apple 繼續", "使用 Apple 註冊"],
};
const TYPE_INDEX = { 'sign-in': 0, continue: 1, 'sign-up': 2 };
// The service's canonical query (ButtonRequest.canonicalTarget, GET /api/schema's
// endpoints): each endpoint's parameters in Apple's order, those equal to their default
// left out, then `format` unless PNG, then `v=`; anything else is answered with a 301.
const ORDER = {
  'center-align': ['color', 'border', 'type', 'border_radius', 'width', 'height', 'scale', 'locale'],
  'left-align': ['color', 'border', 'type', 'border_radius', 'width', 'height', 'scale', 'locale',
    'label-position', 'logo-position', 'logo-size'],
  'logo-only': ['color', 'border', 'border_radius', 'size', 'scale'],
};
const QUERY_DEFAULTS = {
  color: 'black', border: 'false', type: 'sign-in', border_radius: '15', width: '140', height: '30', size: '30',
  scale: '1', locale: 'en_US', 'label-position': '0', 'logo-position': '0', 'logo-size': 'small',
};
// A cache-version token (serve --cache-version), as the service checks it.
const isToken = (value) => typeof value === 'string' && /^[A-Za-z0-9._~-]{1,32}$/.test(value);
// The module's own `?v=` (`<script type="module" src=".../apple-signin-button.js?v=2026-11">`).
const MODULE_VERSION = (() => {
  try {
    const v = new URL(import.meta.url).searchParams.get('v');
    return isToken(v) ? v : null;
  } catch {
    return null;
  }
})();
// Fluid widths are requested in steps of this many points (few distinct images to cache).
const FLUID_STEP = 10;
// session-url: the longest wait and the largest answer taken.
const SESSION_TIMEOUT_MS = 10000;
const SESSION_MAX_BYTES = 16384;
const APPLE_SCRIPT = (locale) =>
  `https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/${locale}/appleid.auth.js`;
const AUTHORIZE = 'https://appleid.apple.com/auth/authorize';
const ENDPOINTS = { 'center-align': '', 'left-align': '/left', 'logo-only': '/logo' };

// Fresh values come from the site's server for every sign-in; a placeholder (or a value
// too short to be unguessable) means that step is missing.
const isFresh = (value) => typeof value === 'string' && value.length >= 16 && !value.includes('__SIWA_');

// One line naming the attribute and what it accepts; null if the value is good.
function problem(name, value) {
  if (name === 'locale') {
    // An own property: `constructor`, `__proto__` or `toString` are no locale.
    return Object.hasOwn(TITLES, value) ? null : `one of Apple's 37 locale codes (${Object.keys(TITLES).join(', ')})`;
  }
  if (name === 'width' && value === '100%') return null;
  if (name === 'cache-version') {
    return isToken(value) ? null : "a cache-version token (1-32 letters, digits, '.', '_', '-' or '~')";
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

// A response's text, refused past `limit` bytes (a session answer is a few hundred).
async function readAtMost(response, limit) {
  const declared = Number(response.headers.get('Content-Length'));
  if (declared > limit) throw new Error(`its answer is ${declared} bytes, more than ${limit}`);
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new Error(`its answer is more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

// --------------------------------------------------------------- Apple's script, once

let appleLoading = null;
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
    appleLoading.catch(() => { appleLoading = null; });  // a later sign-in tries again
  }
  return appleLoading;
}

// --------------------------------------------------------------- colour scheme

// Dark behind the element: the first opaque background of its ancestors, else the
// canvas of the color-scheme in effect for it (so a light-only page stays light on a
// dark system, and a page with its own dark background counts as dark).
function luminance(color) {
  const v = (color.match(/[\d.]+/g) || []).map(Number);
  if (v.length < 3 || (v.length > 3 && v[3] <= 0.5)) return null;
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}
function isDarkBehind(element, probe) {
  for (let node = element.parentElement || element.getRootNode().host; node;
       node = node.parentElement || (node.getRootNode() !== document && node.getRootNode().host) || null) {
    const lum = luminance(getComputedStyle(node).backgroundColor);
    if (lum !== null) return lum < 128;
  }
  // `probe` is in the element's shadow root, styled `color: Canvas`: it inherits the
  // element's color-scheme, so its colour is the canvas of the scheme in effect.
  const lum = luminance(getComputedStyle(probe).color);
  return lum !== null && lum < 128;
}
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
  /* Two colours, so one of them has 3:1 or more on any page and on either button colour:
     an inner ring (box-shadow) and an outer one (outline) right outside it. */
  .button:focus-visible { outline: 2px solid var(--apple-signin-button-focus-outer, #000);
    box-shadow: 0 0 0 2px var(--apple-signin-button-focus-inner, #fff); }
  .button[aria-disabled="true"] { cursor: progress; }
  picture, img { display: block; max-width: none; margin: 0; border: 0; }
  picture[hidden] { display: none; }
  .fallback { display: flex; align-items: center; justify-content: center; box-sizing: border-box; height: 100%;
    padding: 0 8px; overflow: hidden; white-space: nowrap; font: 500 15px/1 system-ui, -apple-system, sans-serif;
    border-radius: inherit; background: #000; color: #fff; }
  .fallback.white { background: #fff; color: #000; box-shadow: inset 0 0 0 1px #000; }
  .fallback[hidden] { display: none; }
  /* Windows contrast themes strip backgrounds, not images: a black button on a black
     canvas keeps an edge, and the ring its colour. */
  @media (forced-colors: active) {
    .button::after { content: ''; position: absolute; inset: 0; border: 1px solid CanvasText; border-radius: inherit;
      pointer-events: none; }
    .button:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
  }
  .note { display: block; margin: 6px 0 0; max-width: 24em; font: 13px/1.35 system-ui, sans-serif; color: CanvasText; }
  .note[hidden] { display: none; }
  .probe { display: none; color: Canvas; }
`);

// The attributes, events, parts and custom properties as data: scripts/element-types.mjs
// writes the TypeScript declarations and custom-elements.json from these, so the element,
// its typings and its manifest cannot drift. `drawn`: a change redraws the button.
export const ATTRIBUTES = Object.freeze([
  { name: 'mode', drawn: true, description: "Apple's layout: the title centred, the logo at the left, or the logo alone." },
  { name: 'type', drawn: true, description: 'The title: Sign in, Continue or Sign up with Apple.' },
  { name: 'color', drawn: true, description: 'black, white, or auto: white without outline on a dark background, else black.' },
  { name: 'border', drawn: true, description: 'An outline (for a white button on a white page).' },
  { name: 'border-radius', drawn: true, description: 'Corner radius in percent of the height.' },
  { name: 'width', drawn: true, description: 'Width in points, or "100%": the container\'s width within 130-375.' },
  { name: 'height', drawn: true, description: 'Height in points.' },
  { name: 'size', drawn: true, description: 'Width and height of a logo-only button, in points.' },
  { name: 'logo-size', drawn: true, description: 'The logo of a left-aligned button.' },
  { name: 'logo-position', drawn: true, description: "The logo's distance from the left edge (left-aligned), points." },
  { name: 'label-position', drawn: true, description: "The title's distance from the left edge (left-aligned), points." },
  { name: 'locale', drawn: true, description: "One of Apple's 37 locales: the title's language and the accessible name." },
  { name: 'image-base', drawn: true, description: 'The URL of an /appleid/button endpoint (default: the service next to the module).' },
  { name: 'cache-version', drawn: true, description: "The service's v= token (serve --cache-version; default: the module URL's ?v=)." },
  { name: 'client-id', drawn: false, description: 'Your Services ID.' },
  { name: 'redirect-uri', drawn: false, description: 'The https:// URL Apple answers to (a path is taken relative to the page).' },
  { name: 'scope', drawn: false, description: 'What to ask for: "name", "email", "name email" or empty.' },
  { name: 'use-popup', drawn: false, description: "Apple's popup (appleid-success) instead of the redirect." },
  { name: 'state', drawn: false, description: 'Fresh from your server for every page view, 16 characters or more.' },
  { name: 'nonce', drawn: false, description: 'Fresh from your server for every page view, 16 characters or more.' },
  { name: 'session-url', drawn: false, description: 'POSTed before each sign-in; answers {"state": ..., "nonce": ...} as JSON.' },
].map((a) => Object.freeze({ ...a, values: CHOICES[a.name], range: RANGES[a.name], default: DEFAULTS[a.name] })));
export const EVENTS = Object.freeze([
  { name: 'appleid-success', detail: 'AppleSignInSuccessDetail',
    description: "Popup flow: Apple's authorization (code, id_token, state) and, on the first sign-in only, user." },
  { name: 'appleid-failure', detail: 'AppleSignInFailureDetail',
    description: "No sign-in happened or completed: Apple's error, or siwa_not_configured, siwa_placeholders, " +
      'session_failed, state_mismatch.' },
]);
export const PARTS = Object.freeze([
  { name: 'button', description: 'The focusable button (role=button); its ring is :focus-visible on it.' },
  { name: 'image', description: 'The button image (<img>).' },
  { name: 'note', description: 'The explanation under the button when a sign-in is refused.' },
]);
export const CSS_PROPERTIES = Object.freeze([
  { name: '--apple-signin-button-focus-inner', default: '#fff', description: 'The inner colour of the focus ring.' },
  { name: '--apple-signin-button-focus-outer', default: '#000', description: 'The outer colour of the focus ring.' },
]);
export const LOCALES = Object.freeze(Object.keys(TITLES));
const OBSERVED = ATTRIBUTES.filter((a) => a.drawn).map((a) => a.name);
// One console line per page for a base that serves no images (a static set).
let toldNoService = false;

// A generated set: `generate` writes this module at the set's root, beside manifest.json,
// whose files name the canonical endpoint target each one is (the service serves the
// module at /element/1/ instead). Without image-base, the element shows the set's files.
const IN_SET = !/\/element\/1\/apple-signin-button\.js$/.test(new URL(import.meta.url).pathname);
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

export class AppleSignInButton extends HTMLElement {
  static observedAttributes = OBSERVED;

  #root;
  #sheet = new CSSStyleSheet();
  #button;
  #picture;
  #note;
  #probe;
  #good = {};       // the last good value of each attribute
  #told = {};       // the bad value last logged for each attribute (one line per bad value)
  #busy = false;
  #rendered = '';   // the image URL last shown
  #fallback;
  #setRender = 0;   // the latest rendering waiting for the set's manifest
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
    this.#picture = document.createElement('picture');
    this.#fallback = document.createElement('span');
    this.#fallback.className = 'fallback';
    this.#fallback.setAttribute('aria-hidden', 'true');
    this.#fallback.hidden = true;
    this.#button.append(this.#picture, this.#fallback);
    this.#note = document.createElement('p');
    this.#note.className = 'note';
    this.#note.setAttribute('role', 'alert');
    this.#note.setAttribute('part', 'note');
    this.#note.lang = 'en';
    this.#note.hidden = true;
    this.#probe = document.createElement('span');
    this.#probe.className = 'probe';
    this.#root.append(this.#button, this.#note, this.#probe);
    // Every input ends in start(): click (mouse, touch, Enter-less programmatic click()),
    // Enter on keydown, Space on keyup (as a native button, and as Apple's does).
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
  }

  connectedCallback() {
    watchTheme();
    this.render();
    // Apple's script is wanted when the button can sign in: fetch it early, so the
    // popup opens within the click's user activation.
    if (this.hasAttribute('client-id')) loadApple(this.#value('locale')).catch(() => {});
  }

  disconnectedCallback() {
    autoButtons.delete(this);
    this.#resize?.disconnect();
    this.#resize = null;
  }

  attributeChangedCallback() {
    if (this.isConnected) this.render();
  }

  // An attribute's value if it is good; else the last good one, and one console line
  // per bad value (a parser-created element renders once per attribute: not one line each).
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

  // Fluid width: the host's width, rounded down to a step and kept within Apple's range;
  // below the minimum, the minimum (drawn and shown scaled down to fit). 0: not laid out.
  #fluidWidth() {
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
    return { width: available >= high ? high : Math.floor(available / FLUID_STEP) * FLUID_STEP, shrink: false };
  }

  /** Draws the button from the attributes (also called when the colour scheme changes). */
  render() {
    const mode = this.#value('mode');
    const logo = mode === 'logo-only';
    const locale = this.#value('locale');
    const type = this.#value('type');
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
    const { width, shrink } = fluid ? this.#fluidWidth() : { width: Number(widthValue), shrink: false };
    if (!fluid && this.#resize) {
      this.#resize.disconnect();
      this.#resize = null;
    }
    const height = Number(logo ? this.#value('size') : this.#value('height'));
    const radius = Number(this.#value('border-radius'));
    const values = {
      color, border, type, border_radius: String(radius), width: String(width), height: String(height),
      size: String(width), locale, 'logo-size': this.#value('logo-size'),
      'logo-position': this.#value('logo-position'), 'label-position': this.#value('label-position'),
    };
    const imageBase = this.#imageBase();
    const apple = /\/\/appleid\.cdn-apple\.com\//.test(imageBase);
    const version = apple ? null : this.#cacheVersion();
    const base = imageBase + ENDPOINTS[mode];
    // Canonical, so the service answers with the image and no redirect.
    const query = (scale, format, withVersion = true) => {
      const pairs = [];
      for (const name of ORDER[mode]) {
        const value = name === 'scale' ? String(scale) : values[name];
        if (value !== QUERY_DEFAULTS[name]) pairs.push(`${name}=${encodeURIComponent(value)}`);
      }
      if (format) pairs.push(`format=${format}`);
      if (version && withVersion) pairs.push(`v=${encodeURIComponent(version)}`);
      return pairs.length ? `?${pairs.join('&')}` : '';
    };
    const url = (scale, format) => base + query(scale, format);
    const srcset = (format) => [1, 2, 3].map((s) => `${url(s, format)} ${s}x`).join(', ');

    const title = TITLES[locale][TYPE_INDEX[type]];
    const rtl = locale === 'ar_SA' || locale === 'iw_IL';
    this.#button.setAttribute('aria-label', title);
    this.#button.lang = (locale.startsWith('iw') ? 'he' : locale.slice(0, 2)) + '-' + locale.slice(3);
    this.#button.dir = rtl ? 'rtl' : 'ltr';
    this.#fallback.textContent = title;
    this.#fallback.classList.toggle('white', color === 'white');
    const host = fluid ? `:host { display: block; max-width: ${RANGES.width[1]}px; }` : '';
    if (fluid && width === 0) {  // not laid out yet: the ResizeObserver renders when it is
      this.#sheet.replaceSync(`${host} .button { height: ${height}px; }`);
      return;
    }
    this.#sheet.replaceSync(shrink
      ? `${host} .button { width: 100%; aspect-ratio: ${width} / ${height}; border-radius: ${(radius * height) / width}% / ${radius}%; }
         picture, img { width: 100%; height: auto; }`
      : `${host} .button, img { width: ${width}px; height: ${height}px; }
         .button { border-radius: ${(radius / 100) * height}px; }`);
    if (url(1) === this.#rendered) return;
    this.#rendered = url(1);
    if (IN_SET && !this.getAttribute('image-base')) {
      // The set's own files, by the canonical target each is (what the service would answer).
      const token = ++this.#setRender;
      const target = (scale, format) => `/appleid/button${ENDPOINTS[mode]}${query(scale, format, false)}`;
      loadSet().then((files) => {
        if (token !== this.#setRender) return;  // a newer rendering is on its way
        const found = (format) => [1, 2, 3].filter((s) => files && files.has(target(s, format)))
          .map((s) => `${files.get(target(s, format))} ${s}x`).join(', ');
        if (files && files.has(target(1, null))) {
          this.#show(width, height, files.get(target(1, null)), found(null), found('webp'));
          return;
        }
        this.#picture.hidden = true;
        this.#fallback.hidden = false;
        if (toldNoService) return;
        toldNoService = true;
        console.error(`<apple-signin-button>: ${files ? `this generated set has no image for ${target(1, null)}` :
          `no image service next to the module and no manifest.json beside it`}: give the button ` +
          'image-base="https://YOUR-SERVICE/appleid/button" (or Apple\'s https://appleid.cdn-apple.com/appleid/button), ' +
          'or generate the set with these attributes\' values. Showing the title as text.');
      });
      return;
    }
    this.#show(width, height, url(1), srcset(), apple ? '' : srcset('webp'));
  }

  // Shows an image (src and srcset, a WebP srcset if any); on a failed load, the title as text.
  #show(width, height, src, srcset, webpSrcset) {
    this.#fallback.hidden = true;
    this.#picture.hidden = false;
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
      this.#picture.hidden = true;
      this.#fallback.hidden = false;
      if (this.getAttribute('image-base') || toldNoService) {
        console.error(`<apple-signin-button>: the image did not load (${img.currentSrc || img.src}).`);
        return;
      }
      toldNoService = true;
      console.error(`<apple-signin-button>: the image did not load (${img.currentSrc || img.src}): the element draws ` +
        'its images from a running siwa-buttons service next to the module. Served from a generated set or any ' +
        'static folder, give it image-base="https://YOUR-SERVICE/appleid/button" (or Apple\'s ' +
        'https://appleid.cdn-apple.com/appleid/button). Showing the title as text.');
    });
    const parts = [];
    // Apple's own service has no WebP: offered only from ours (and from a set that has it).
    if (webpSrcset) {
      const webp = document.createElement('source');
      webp.type = 'image/webp';
      webp.srcset = webpSrcset;
      parts.push(webp);
    }
    this.#picture.replaceChildren(...parts, img);
  }

  // The web-flow values: the attributes, state and nonce fresh from session-url if given.
  async #values() {
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
    let state = this.getAttribute('state') || '';
    // Under a CSP, browsers hide every element's nonce attribute from getAttribute
    // ("nonce hiding"); the nonce property keeps the value.
    let nonce = this.nonce || this.getAttribute('nonce') || '';
    const sessionURL = this.getAttribute('session-url');
    if (sessionURL) {
      // A hang, a 500, a login page, a huge body or JSON without the two fields: refused.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), SESSION_TIMEOUT_MS);
      try {
        const response = await fetch(new URL(sessionURL, document.baseURI), {
          method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, cache: 'no-store',
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`it answered ${response.status}`);
        const kind = response.headers.get('Content-Type') || '';
        if (!/^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(kind)) {
          throw new Error(`it answered ${kind.slice(0, 40) || 'no Content-Type'}, not application/json`);
        }
        const text = await readAtMost(response, SESSION_MAX_BYTES);
        let body;
        try {
          body = JSON.parse(text);
        } catch {
          throw new Error('its answer is not JSON');
        }
        const fresh = (value) => isFresh(value) && value.length <= 1024;
        if (!body || typeof body !== 'object' || !fresh(body.state) || !fresh(body.nonce)) {
          throw new Error('its JSON lacks fresh "state" and "nonce" strings (16 to 1024 characters)');
        }
        ({ state, nonce } = body);
      } catch (error) {
        const why = error.name === 'AbortError' ? `it did not answer within ${SESSION_TIMEOUT_MS / 1000} s` : error.message;
        return this.#refuse('session_failed', `Sign in with Apple did not start: session-url ${sessionURL.slice(0, 60)} ` +
          `failed: ${why}.`, 'Sign in with Apple is not available right now. Please try again later.');
      } finally {
        clearTimeout(timer);
      }
    } else if (!isFresh(state) || !isFresh(nonce)) {
      return this.#refuse('siwa_placeholders', 'Sign in with Apple did not start: state and nonce are missing or ' +
        'still placeholders. Give the button fresh random values from your server for every sign-in (state and ' +
        'nonce attributes, 16 characters or more), or a session-url that answers {"state": ..., "nonce": ...}.');
    }
    return { clientId, redirectURI, scope, state, nonce, usePopup };
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
      const values = await this.#values();
      if (!values) return;
      this.#note.hidden = true;
      let auth;
      try {
        auth = await loadApple(this.#value('locale'));
      } catch (error) {
        // Without Apple's script: Apple's page itself, as the link of the no-JS snippet.
        console.warn(`<apple-signin-button>: ${error.message}; going to Apple's sign-in page instead.`);
        const query = new URLSearchParams({ client_id: values.clientId, redirect_uri: values.redirectURI,
          response_type: 'code id_token' });
        if (values.scope) query.set('scope', values.scope);
        query.set('response_mode', 'form_post');
        query.set('state', values.state);
        query.set('nonce', values.nonce);
        window.location.assign(`${AUTHORIZE}?${query.toString().replace(/\+/g, '%20')}`);
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
