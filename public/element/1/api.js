// <apple-signin-button>'s API as data: its attributes, events, parts and custom properties.
// scripts/element-types.mjs writes the TypeScript declarations and custom-elements.json
// from these (and checks that the attributes marked `drawn` are the ones the element
// observes), so the element, its typings and its manifest cannot drift. For tools and
// docs: the element does not import this module, so a page never fetches it.
import { CHOICES, DEFAULTS, LOCALE_LAYOUT, RANGES } from './core/facts.generated.js';

// `drawn`: a change redraws the button.
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
  { name: 'render', drawn: true, description: 'drawn: the button drawn in the page (no request); image: the service\'s images.' },
  { name: 'image-base', drawn: true, description: 'render="image": the URL of an /appleid/button endpoint (default: the service next to the module).' },
  { name: 'cache-version', drawn: true, description: "render=\"image\": the service's v= token (serve --cache-version; default: the module URL's ?v=)." },
  { name: 'client-id', drawn: false, description: 'Your Services ID.' },
  { name: 'redirect-uri', drawn: false, description: 'The https:// URL Apple answers to (a path is taken relative to the page).' },
  { name: 'scope', drawn: false, description: 'What to ask for: "name", "email", "name email" or empty.' },
  { name: 'use-popup', drawn: false, description: "Apple's popup (appleid-success) instead of the redirect." },
  { name: 'state', drawn: false, description: 'Fresh from your server for every page view, 16 characters or more.' },
  { name: 'nonce', drawn: false, description: 'Fresh from your server for every page view, 16 characters or more.' },
  { name: 'session-url', drawn: false, description: 'POSTed before each sign-in (same origin, no redirect); answers {"state": ..., "nonce": ...} as JSON.' },
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
  { name: 'image', description: 'The drawn button (<svg>), or with render="image" the button image (<img>).' },
  { name: 'note', description: 'The explanation under the button when a sign-in is refused.' },
]);
export const CSS_PROPERTIES = Object.freeze([
  { name: '--apple-signin-button-focus-inner', default: '#fff', description: 'The inner colour of the focus ring.' },
  { name: '--apple-signin-button-focus-outer', default: '#000', description: 'The outer colour of the focus ring.' },
]);
/** Apple's 37 locales, the values of `locale`. */
export const LOCALES = Object.freeze(Object.keys(LOCALE_LAYOUT));
