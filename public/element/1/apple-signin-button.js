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
//  - CSP-safe: no inline script, no style attributes (constructable stylesheets).
export const VERSION = '1.0.0';

// Apple's grammar, as the image service takes it (docs/reference.md, "Parameters").
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
    return value in TITLES ? null : `one of Apple's 37 locale codes (${Object.keys(TITLES).join(', ')})`;
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
  .button:focus-visible { outline: 2px solid #0071e3; }
  .button[aria-disabled="true"] { cursor: progress; }
  picture, img { display: block; max-width: none; margin: 0; border: 0; }
  .note { display: block; margin: 6px 0 0; max-width: 24em; font: 13px/1.35 system-ui, sans-serif; color: CanvasText; }
  .note[hidden] { display: none; }
  .probe { display: none; color: Canvas; }
`);

const OBSERVED = ['type', 'color', 'border', 'border-radius', 'width', 'height', 'mode', 'logo-size',
  'logo-position', 'label-position', 'size', 'locale', 'image-base'];

export class AppleSignInButton extends HTMLElement {
  static observedAttributes = OBSERVED;

  #root;
  #sheet = new CSSStyleSheet();
  #button;
  #picture;
  #note;
  #probe;
  #good = {};       // the last good value of each attribute
  #busy = false;
  #rendered = '';   // the image URL last shown

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.adoptedStyleSheets = [SHARED, this.#sheet];
    this.#button = document.createElement('div');
    this.#button.className = 'button';
    this.#button.setAttribute('role', 'button');
    this.#button.setAttribute('part', 'button');
    this.#button.tabIndex = 0;
    this.#picture = document.createElement('picture');
    this.#button.append(this.#picture);
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
  }

  attributeChangedCallback() {
    if (this.isConnected) this.render();
  }

  // An attribute's value if it is good; else one console line, and the last good one.
  #value(name) {
    const raw = this.getAttribute(name);
    if (raw === null || raw === '') return this.#good[name] ?? DEFAULTS[name];
    const bad = problem(name, raw);
    if (bad) {
      console.error(`<apple-signin-button>: ${name}="${raw.slice(0, 40)}" is not valid; it takes ${bad}. ` +
        `Keeping ${this.#good[name] ?? DEFAULTS[name]}.`);
      return this.#good[name] ?? DEFAULTS[name];
    }
    this.#good[name] = raw;
    return raw;
  }

  // The image service's base: `image-base`, else the service this module came from.
  #imageBase() {
    const given = this.getAttribute('image-base');
    if (given) {
      try {
        return new URL(given, document.baseURI).href.replace(/\/+$/, '');
      } catch {
        console.error(`<apple-signin-button>: image-base="${given.slice(0, 40)}" is not a URL; it takes the URL of an /appleid/button endpoint.`);
      }
    }
    return new URL('../../appleid/button', import.meta.url).href;
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
    const width = Number(logo ? this.#value('size') : this.#value('width'));
    const height = Number(logo ? this.#value('size') : this.#value('height'));
    const radius = Number(this.#value('border-radius'));
    const query = new URLSearchParams();
    query.set('color', color);
    query.set('border', border);
    query.set('border_radius', String(radius));
    if (logo) {
      query.set('size', String(width));
    } else {
      query.set('type', type);
      query.set('width', String(width));
      query.set('height', String(height));
      query.set('locale', locale);
    }
    if (mode === 'left-align') {
      query.set('logo-size', this.#value('logo-size'));
      query.set('logo-position', this.#value('logo-position'));
      query.set('label-position', this.#value('label-position'));
    }
    const base = this.#imageBase() + ENDPOINTS[mode];
    const url = (scale, format) => `${base}?${query}&scale=${scale}${format ? `&format=${format}` : ''}`;
    const srcset = (format) => [1, 2, 3].map((s) => `${url(s, format)} ${s}x`).join(', ');

    const title = TITLES[locale][TYPE_INDEX[type]];
    const rtl = locale === 'ar_SA' || locale === 'iw_IL';
    this.#button.setAttribute('aria-label', title);
    this.#button.lang = (locale.startsWith('iw') ? 'he' : locale.slice(0, 2)) + '-' + locale.slice(3);
    this.#button.dir = rtl ? 'rtl' : 'ltr';
    this.#sheet.replaceSync(`.button, img { width: ${width}px; height: ${height}px; }
      .button { border-radius: ${(radius / 100) * height}px; }`);
    if (url(1) === this.#rendered) return;
    this.#rendered = url(1);
    const img = document.createElement('img');
    img.alt = '';  // the button carries the title
    img.width = width;
    img.height = height;
    img.decoding = 'async';
    img.src = url(1);
    img.srcset = srcset();
    img.addEventListener('error', () => console.error(`<apple-signin-button>: the image did not load (${img.currentSrc || img.src}).`));
    const parts = [];
    // Apple's own service has no WebP: offer it only from ours.
    if (!/\/\/appleid\.cdn-apple\.com\//.test(base)) {
      const webp = document.createElement('source');
      webp.type = 'image/webp';
      webp.srcset = srcset('webp');
      parts.push(webp);
    }
    this.#picture.replaceChildren(...parts, img);
  }

  // The web-flow values: the attributes, state and nonce fresh from session-url if given.
  async #values() {
    const clientId = this.getAttribute('client-id') || '';
    let redirectURI = this.getAttribute('redirect-uri') || '';
    // Apple wants an absolute URL; a path is taken relative to the page.
    try {
      if (redirectURI) redirectURI = new URL(redirectURI, document.baseURI).href;
    } catch {
      redirectURI = '';
    }
    const usePopup = this.#value('use-popup') === 'true';
    const scope = this.getAttribute('scope') ?? '';
    if (!clientId || !redirectURI) {
      return this.#refuse('siwa_not_configured', 'Sign in with Apple did not start: the button has no client-id ' +
        'and redirect-uri attributes (your Services ID and the URL Apple answers to).');
    }
    let state = this.getAttribute('state') || '';
    // Under a CSP, browsers hide every element's nonce attribute from getAttribute
    // ("nonce hiding"); the nonce property keeps the value.
    let nonce = this.nonce || this.getAttribute('nonce') || '';
    const sessionURL = this.getAttribute('session-url');
    if (sessionURL) {
      try {
        const response = await fetch(new URL(sessionURL, document.baseURI), {
          method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, cache: 'no-store',
        });
        if (!response.ok) throw new Error(`it answered ${response.status}`);
        const body = await response.json();
        if (!body || !isFresh(body.state) || !isFresh(body.nonce)) {
          throw new Error('its JSON lacks fresh "state" and "nonce" strings (16 characters or more)');
        }
        ({ state, nonce } = body);
      } catch (error) {
        return this.#refuse('session_failed', `Sign in with Apple did not start: session-url ${sessionURL} failed: ` +
          `${error.message}.`, 'Sign in with Apple is not available right now. Please try again later.');
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
