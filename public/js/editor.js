// The button editor: builds its controls from the service's schema (api/schema), shows
// only those the chosen layout uses, explains invalid values next to the field, and,
// for valid buttons only, points the previews, the image URL and the downloads at this
// service and fetches the code snippets from api/snippet/... (rendered by the server
// from the generator's templates). Every URL is relative to the page, so the editor
// works wherever the service is mounted. Runs under a strict CSP: no inline script or
// style, no element.style.

import { readRefusal } from './api-error.js';
import { ButtonModel, points } from './button.js';
import { buildControls } from './controls.js';
import { copyText } from './clipboard.js';
import { setUpExport } from './export.js';
import { lintButton } from './lint.js';
import { loadSchema, webFlowCheck } from './schema.js';

const DEBOUNCE_MS = 150;
const HIG_MIN_WIDTH = 140;

const $ = (id) => document.getElementById(id);
const form = $('controls');
const previews = { light: $('preview-light'), dark: $('preview-dark'), zoom: $('preview-zoom') };
const stages = document.querySelector('.stages');

/** The button rules (ButtonModel) and the web-flow checks, from the schema. */
let model = null;
let checkWebField = null;
/** The last valid button, shown everywhere; null until the first one. */
let current = null;
/** Fields whose error is on screen: kept up to date while the person types on. */
const shownErrors = new Set();

// ---------------------------------------------------------------- controls

/** The raw control values (numbers still as typed). */
function readState() {
  const data = new FormData(form);
  const state = {};
  for (const [name, value] of data) state[name] = value;
  return state;
}

/** Sets the controls from a (complete) state, e.g. one read from the URL. */
function writeState(state) {
  for (const [name, value] of Object.entries(state)) {
    const control = form.elements.namedItem(name);
    if (!control) continue;
    if (control instanceof RadioNodeList) {
      for (const radio of control) radio.checked = radio.value === value;
    } else {
      control.value = value;
      mirror(name, value);
    }
  }
}

/** Keeps a number field's slider at its value (only when the value is a valid one). */
function mirror(name, value) {
  const range = $(`${name}-range`);
  if (range && name in model.numbers && 'value' in model.checkNumber(name, value)) range.value = value;
}

/** Hides the controls the chosen layout does not use (their values are kept). */
function showControlsFor(mode) {
  for (const element of form.querySelectorAll('[data-field]')) {
    element.hidden = !model.usesField(mode, element.dataset.field);
  }
  // Logo-only: the language reaches only the snippets, and its hint says so.
  const hint = mode === 'logo' ? 'locale-hint-logo' : 'locale-hint';
  $('locale-hint').hidden = hint !== 'locale-hint';
  $('locale-hint-logo').hidden = hint !== 'locale-hint-logo';
  $('locale').setAttribute('aria-describedby', hint);
}

// ---------------------------------------------------------------- validation messages

/**
 * Shows the errors that should be seen now: all of them once a value is committed
 * (change / blur), otherwise only those typing further cannot fix ("500" is too large,
 * "13" may become "130").
 */
function showErrors(errors, committed) {
  for (const key of Object.keys(model.numbers)) {
    const message = $(`${key}-error`);
    if (!message) continue; // a select (scale): cannot be invalid
    const input = $(key);
    const error = errors[key];
    const visible = Boolean(error) && (committed || error.early || shownErrors.has(key));
    message.hidden = !visible;
    message.textContent = visible ? error.message : '';
    input.closest('.control').classList.toggle('is-invalid', visible);
    if (visible) {
      input.setAttribute('aria-invalid', 'true');
      shownErrors.add(key);
    } else {
      input.removeAttribute('aria-invalid');
      shownErrors.delete(key);
    }
  }
}

/**
 * Outputs that no longer match the controls: the whole button while a value is invalid
 * (the last valid one stays on screen), or only the code while the service refuses a
 * setting. Out-of-date outputs are faded and cannot be copied or downloaded.
 */
const stale = { button: false, code: false };

function setStale(kind, isStale, message = '') {
  stale[kind] = isStale;
  if (kind === 'button') {
    $('preview-status').hidden = !isStale;
    $('preview-status').textContent = message;
  }
  document.body.classList.toggle('is-stale', stale.button);
  document.querySelector('button.copy[data-copy="image-url"]').disabled = stale.button;
  // The element's module and declarations are files of this service: always offered.
  for (const link of document.querySelectorAll('.download:not(.code-download):not(.element-download)')) {
    if (stale.button) {
      link.removeAttribute('href');
      link.setAttribute('aria-disabled', 'true');
    } else {
      link.removeAttribute('aria-disabled');
    }
  }
  for (const block of document.querySelectorAll('.code-block')) {
    block.classList.toggle('is-stale', stale.button || stale.code);
    block.querySelector('.copy').disabled = stale.button || stale.code;
    const page = block.querySelector('.code-download');
    if (page && (stale.button || stale.code)) {
      page.removeAttribute('href');
      page.setAttribute('aria-disabled', 'true');
    }
  }
}

// ---------------------------------------------------------------- the button everywhere

function showButton(button) {
  const [width, height] = points(button);
  const png = (scale) => model.imageURL(button, { scale, format: 'png' });

  for (const img of [previews.light, previews.dark]) {
    img.width = width;
    img.height = height;
    img.srcset = `${png(1)} 1x, ${png(2)} 2x, ${png(3)} 3x`;
    img.src = png(1);
  }
  const zoom = Number(document.querySelector('input[name="zoom"]:checked').value);
  previews.zoom.width = width * zoom;
  previews.zoom.height = height * zoom;
  previews.zoom.srcset = `${png(zoom)} 1x, ${png(Math.min(model.numbers.scale.max, zoom * 2))} 2x`;
  previews.zoom.src = png(zoom);
  fitStages();
  // The HIG pairs dark backgrounds with the white button; say so where it shows.
  $('dark-caption').textContent = button.style === 'black'
    ? 'Dark background · Apple recommends the white style here'
    : 'Dark background';

  const scale = Number(button.scale);
  let meta = `${width} × ${height} pt · image ${width * scale} × ${height * scale} px`;
  if (button.mode !== 'logo' && width < HIG_MIN_WIDTH) meta += ` · narrower than Apple’s ${HIG_MIN_WIDTH} pt minimum`;
  $('preview-meta').textContent = meta;

  showImageURL(button);
  setDownload('png', model.imageURL(button, { format: 'png' }), model.fileName(button, 'png', scale), `PNG @${scale}×`);
  setDownload('webp', model.imageURL(button, { format: 'webp' }), model.fileName(button, 'webp', scale), `WebP @${scale}×`);
  setDownload('svg', model.imageURL(button, { scale: 1, format: 'svg' }), model.fileName(button, 'svg', 1), 'SVG');
  setDownload('pdf', model.imageURL(button, { scale: 1, format: 'pdf' }), model.fileName(button, 'pdf', 1), 'PDF');
  setDownload('vectordrawable', model.imageURL(button, { scale: 1, format: 'vectordrawable' }),
    model.fileName(button, 'vectordrawable', 1), 'Android XML');

  // Shareable: the editor's own URL names the button (`#/appleid/button?width=250`).
  history.replaceState(null, '', `#${model.editorTarget(button)}`);
}

/** The production URL of the image: the base URL the service last accepted + the target. */
function showImageURL(button) {
  // SVG, PDF and VectorDrawable are vector: their URL is the 1x one, as their download is.
  const vector = !model.rasterFormats.includes(button.format);
  $('image-url').textContent = acceptedBase + model.imageTarget(button, vector ? { scale: 1 } : {});
}

function setDownload(format, href, name, label) {
  const link = $(`download-${format}`);
  link.href = href;
  link.download = name;
  link.textContent = label;
}

/**
 * Light and dark side by side when both fit at actual size, else one above the other;
 * a note when the zoomed button is wider than its frame.
 */
function fitStages() {
  if (!current) return;
  const [width] = points(current);
  const columnWidth = (stages.clientWidth - 12) / 2 - 40;
  stages.classList.toggle('is-stacked', width > columnWidth);
  const zoomFrame = previews.zoom.parentElement;
  $('zoom-note').hidden = previews.zoom.width + 40 <= zoomFrame.clientWidth;
}

// A failed image is not expected (the controls only allow what the service accepts),
// but if the service refuses or is overloaded, say why instead of a broken image.
for (const img of Object.values(previews)) {
  img.addEventListener('error', async () => {
    if (!img.getAttribute('src')) return;
    let reason = 'the service did not answer';
    try {
      const response = await fetch(img.currentSrc || img.src);
      reason = `${response.status}: ${(await response.text()).trim()}`;
    } catch {
      // Keep the generic reason.
    }
    setStale('button', true, `The preview could not be drawn (${reason}).`);
  });
}

// ---------------------------------------------------------------- code snippets

/** The schema's web-flow fields that have a place for a message (scope and popup cannot be wrong). */
let settingsFields = [];
let snippetRequest = null;

/** This service's address, without a trailing slash: `https://host` or `https://host/buttons`. */
const ownAddress = new URL('.', document.baseURI).href.replace(/\/+$/, '');
/** The image base URL the service last accepted (the editor's own until then). */
let acceptedBase = ownAddress;
/**
 * The service's refusals by field, with the value refused: still true while the field
 * holds that value (each field is checked on its own), so they stay on screen while
 * another field's problem keeps the page from asking again.
 */
const refusals = new Map();

function knownRefusals(settings) {
  const known = {};
  for (const [field, { value, text }] of refusals) if (settings[field] === value) known[field] = text;
  return known;
}

function readWebSettings() {
  const scope = [...document.querySelectorAll('[data-choices="scope"] input:checked')].map((box) => box.value).join(' ');
  return {
    'client-id': $('client-id').value.trim(),
    'redirect-uri': $('redirect-uri').value.trim(),
    scope,
    'use-popup': $('use-popup').checked ? 'true' : 'false',
    'base-url': $('base-url').value.trim(),
  };
}

/** `api/snippet/appleid/button?<the button's query>&client-id=..`: the same query the images use. */
function snippetURL(button, settings) {
  const pairs = [model.query(button, { scale: 1, format: 'png' }), model.snippetOnlyQuery(button)];
  for (const [name, value] of Object.entries(settings)) pairs.push(`${name}=${encodeURIComponent(value)}`);
  return `api/snippet${model.endpoints[button.mode]}?${pairs.filter(Boolean).join('&')}`;
}

async function loadSnippets(button) {
  snippetRequest?.abort();
  const settings = readWebSettings();
  // Only what the schema states (required, maxBytes); the service decides the rest.
  const problems = {};
  for (const [name, value] of Object.entries(settings)) {
    const problem = checkWebField(name, value);
    if (problem) problems[name] = problem;
  }
  if (Object.keys(problems).length) {
    if (problems['base-url']) setAcceptedBase(ownAddress);
    showSnippetProblems({ ...knownRefusals(settings), ...problems });
    return;
  }
  const request = new AbortController();
  snippetRequest = request;
  let response;
  let body;
  try {
    response = await fetch(snippetURL(button, settings), { signal: request.signal, headers: { Accept: 'application/json' } });
    body = response.ok ? await response.json() : await readRefusal(response);
  } catch (error) {
    if (request.signal.aborted) return;
    showSnippetProblems({}, `The service did not answer (${error.message}).`);
    return;
  }
  if (request.signal.aborted) return;
  if (!response.ok) {
    showServiceRefusal(body, settings);
    return;
  }
  refusals.clear();
  setAcceptedBase(settings['base-url'] || ownAddress);
  showSnippetProblems({});
  // The panes hold what to paste; the full pages are downloads.
  $('element-html').textContent = elementSnippet(body.snippetHTML);
  $('snippet-html').textContent = fragment(body.snippetHTML);
  $('init-js').textContent = body.initJS;
  $('signin-js').textContent = body.signInJS;
  $('nojs-html').textContent = fragment(body.noJSHTML);
  $('img-html').textContent = body.imgHTML;
  offerPage('download-snippet-html', body.snippetHTML);
  offerPage('download-nojs-html', body.noJSHTML);
}

/** What to paste from one of our full pages: its <head> after <title>, and its <body>. */
function fragment(page) {
  const head = page.match(/<\/title>\n([\s\S]*?)<\/head>/)?.[1].trim() ?? '';
  const body = page.match(/<body>\n([\s\S]*?)<\/body>/)?.[1].trim() ?? '';
  return `<!-- In <head>: -->\n${head}\n\n<!-- Where the button goes: -->\n${body}\n`;
}

const escapeHTML = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The same button as <apple-signin-button>: the attributes of snippet.html's
 * #appleid-signin (Apple's names, the element's too), its locale, and the settings of its
 * meta tags, copied as they are there (already HTML-escaped).
 */
function elementSnippet(page) {
  const div = page.match(/<div id="appleid-signin"( data-[^>]*)>/)?.[1] ?? '';  // not the comment's
  const attrs = [...div.matchAll(/ data-([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => `${name}="${value}"`);
  const locale = page.match(/\/appleid\/1\/([A-Za-z_]+)\/appleid\.auth\.js/)?.[1];
  if (locale) attrs.push(`locale="${locale}"`);
  const settings = [];
  for (const name of ['client-id', 'redirect-uri', 'scope', 'use-popup']) {
    const value = page.match(new RegExp(`<meta name="appleid-signin-${name}" content="([^"]*)">`))?.[1];
    if (value !== undefined) settings.push(`${name}="${value}"`);
  }
  settings.push('session-url="/auth/apple/session"');
  // The service's cache version rides on the module's URL: the element writes it into
  // every image URL it asks for.
  const version = model && model.cacheVersion ? `?v=${encodeURIComponent(model.cacheVersion)}` : '';
  return '<!-- In <head>: -->\n' +
    `<script type="module" src="${escapeHTML(acceptedBase)}/element/1/apple-signin-button.js${escapeHTML(version)}"></script>\n\n` +
    '<!-- Where the button goes. session-url: your endpoint answering {"state": "...", "nonce": "..."},\n' +
    '     fresh for every sign-in (or give state and nonce attributes from your page\'s server). -->\n' +
    `<apple-signin-button ${attrs.join(' ')}\n  ${settings.join(' ')}></apple-signin-button>\n`;
}

/** A full page as a download (a data: URL: a few KB, nothing to revoke). */
function offerPage(id, text) {
  $(id).href = `data:text/html;charset=utf-8,${encodeURIComponent(text)}`;
  $(id).removeAttribute('aria-disabled');
}

/** The image URL follows the base URL once the service has accepted it. */
function setAcceptedBase(base) {
  acceptedBase = base.replace(/\/+$/, '');
  if (current) showImageURL(current);
}

/**
 * The service's refusal ({ parameter, reason, message }): its reason under the field it
 * names if the page has one, else its message under the settings.
 */
function showServiceRefusal({ parameter, reason, message }, settings) {
  if (!settingsFields.includes(parameter)) {
    showSnippetProblems(knownRefusals(settings), message);
    return;
  }
  if (parameter === 'base-url') setAcceptedBase(ownAddress);
  refusals.set(parameter, { value: settings[parameter], text: reason.charAt(0).toUpperCase() + reason.slice(1) });
  showSnippetProblems(knownRefusals(settings));
}

/**
 * Shows each settings problem under its field and any other one under the settings;
 * while there is one, the code shown so far is marked out of date.
 */
function showSnippetProblems(problems, general = null) {
  for (const name of settingsFields) {
    const problem = problems[name];
    $(`${name}-error`).hidden = !problem;
    $(`${name}-error`).textContent = problem || '';
    $(name).closest('.control').classList.toggle('is-invalid', Boolean(problem));
    if (problem) $(name).setAttribute('aria-invalid', 'true');
    else $(name).removeAttribute('aria-invalid');
  }
  $('snippet-error').hidden = !general;
  $('snippet-error').textContent = general || '';
  setStale('code', Boolean(general) || Object.keys(problems).length > 0);
}

// ---------------------------------------------------------------- updating

let timer = 0;

/** Validates now; shows the button after the debounce, so typing does not flood the service. */
function update({ committed = false, immediate = false } = {}) {
  if (!model) return; // the schema has not arrived (or did not)
  const state = readState();
  showControlsFor(state.mode);
  clearTimeout(timer);
  const apply = () => {
    const result = model.validate(readState());
    showErrors(result.errors || {}, committed);
    if (result.errors) {
      const names = Object.keys(result.errors).map((key) => model.numbers[key].noun);
      setStale('button', true, `Showing the last valid button. Fix the ${names.join(' and ')} to update it.`);
      return;
    }
    setStale('button', false);
    current = result.button;
    showButton(current);
    loadSnippets(current);
    lintButton(current, model);
  };
  if (immediate) apply();
  else timer = setTimeout(apply, DEBOUNCE_MS);
}

form.addEventListener('input', (event) => {
  const target = event.target;
  if (target.dataset.mirror) {
    // A slider moved: its number field follows (and is valid by construction).
    $(target.dataset.mirror).value = target.value;
  } else if (target.name) {
    mirror(target.name, target.value);
  }
  update();
});
form.addEventListener('change', () => update({ committed: true }));
form.addEventListener('submit', (event) => event.preventDefault());

for (const radio of document.querySelectorAll('input[name="zoom"]')) {
  radio.addEventListener('change', () => current && showButton(current));
}

let webTimer = 0;
$('web-settings').addEventListener('input', () => {
  clearTimeout(webTimer);
  webTimer = setTimeout(() => {
    if (!current) return;
    showButton(current); // the image URL follows the base URL
    loadSnippets(current);
  }, DEBOUNCE_MS);
});

new ResizeObserver(fitStages).observe(document.querySelector('.preview'));

// ---------------------------------------------------------------- copying

function announce(message) {
  const region = $('announcer');
  region.textContent = '';
  // A new text node after a tick, so the same message is announced again.
  setTimeout(() => {
    region.textContent = message;
  }, 50);
}

document.addEventListener('click', async (event) => {
  const button = event.target.closest('button.copy');
  if (!button || button.disabled) return;
  const source = $(button.dataset.copy);
  const what = button.querySelector('.visually-hidden').textContent.trim();
  const label = button.querySelector('.copy-label');
  if (await copyText(source.textContent)) {
    label.textContent = 'Copied';
    button.classList.add('is-copied');
    announce(`Copied ${what} to the clipboard.`);
    setTimeout(() => {
      label.textContent = 'Copy';
      button.classList.remove('is-copied');
    }, 1600);
  } else {
    // Leave it to the person: the text is selected, ready for Ctrl+C / ⌘C.
    window.getSelection().selectAllChildren(source);
    source.focus();
    announce(`Could not copy ${what}. The text is selected: press Ctrl+C or ⌘C.`);
  }
});

// ---------------------------------------------------------------- start

function applyLocationHash() {
  const target = window.location.hash.slice(1);
  const state = target.startsWith('/') && model.stateFromTarget(target);
  if (state) writeState(state);
}

/** Builds the controls from the service's schema, then shows the first button. */
async function start() {
  let schema;
  try {
    schema = await loadSchema();
    model = new ButtonModel(schema);
  } catch (error) {
    setStale('button', true, `The editor cannot start: the service's schema did not load (${error.message}).`);
    return;
  }
  buildControls(model, schema);
  checkWebField = webFlowCheck(schema);
  setUpExport(model, schema, { current: () => current, web: readWebSettings, locale: () => $('locale').value });
  settingsFields = schema.webFlow.map((field) => field.name).filter((name) => $(`${name}-error`));
  // Until told otherwise, the images are where this editor is.
  if (!$('base-url').value) $('base-url').value = ownAddress;
  window.addEventListener('hashchange', () => {
    applyLocationHash();
    update({ immediate: true });
  });
  applyLocationHash();
  update({ immediate: true });
}

start();
