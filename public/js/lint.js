// Apple's rules beside the preview: the findings of GET /api/lint/... for the button on
// screen (the service checks it, with the words `siwa-buttons lint` prints), and the
// page colours it will sit on, picked here, so a black button on a dark page is flagged
// before review. Builds its own panel in #lint; no inline style (strict CSP).

import { readRefusal } from './api-error.js';

const $ = (id) => document.getElementById(id);
const DEFAULT_PAGES = { light: '#ffffff', dark: '#1c1c1e' };
const STYLE_NAMES = { black: 'black', white: 'white', 'white-outline': 'white with outline' };

let request = null;
let lastButton = null;
/** The button model (built from the service's schema), set by the first lintButton call. */
let model = null;

function element(tag, attributes = {}, text = '') {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

/** The panel: page-colour pickers, the findings list and Apple's recommendation. */
function buildPanel(root) {
  root.append(element('h3', { class: 'subtitle', id: 'lint-heading' }, 'Apple’s rules'));
  const pickers = element('div', { class: 'lint-pages' });
  const picker = (appearance, text, name) => {
    const id = `lint-page-${appearance}`;
    const label = element('label', { class: 'lint-page', for: id });
    label.append(element('input', { type: 'color', id, value: DEFAULT_PAGES[appearance], 'aria-label': name }),
      document.createTextNode(` ${text}`));
    return label;
  };
  // A page without a dark appearance is not checked against one.
  const darkMode = element('label', { class: 'lint-page', for: 'lint-dark-mode' });
  darkMode.append(element('input', { type: 'checkbox', id: 'lint-dark-mode' }), document.createTextNode(' The page has a dark mode:'));
  pickers.append(picker('light', 'Page colour', 'Page colour'), darkMode, picker('dark', 'its colour', 'Dark mode page colour'));
  root.append(pickers);
  root.append(element('p', { class: 'lint-summary', id: 'lint-summary', role: 'status' }));
  root.append(element('ul', { class: 'lint-findings', id: 'lint-findings', 'aria-labelledby': 'lint-heading' }));
  root.append(element('p', { class: 'hint', id: 'lint-advice' }));
  pickers.addEventListener('input', () => {
    $('lint-page-dark').disabled = !$('lint-dark-mode').checked;
    if (lastButton) lintButton(lastButton, model);
  });
  $('lint-page-dark').disabled = true;
}

/**
 * `api/lint/appleid/button?<the image's query>&background=LIGHT,DARK`, relative to the
 * editor's URL like every URL of the page (so it works mounted under a prefix).
 */
export function lintURL(button) {
  const appearances = $('lint-dark-mode').checked ? ['light', 'dark'] : ['light'];
  const pages = appearances.map((a) => $(`lint-page-${a}`).value).join(',');
  const pairs = [model.query(button, { format: 'png' }), `background=${encodeURIComponent(pages)}`];
  return `api/lint${model.endpoints[button.mode]}?${pairs.filter(Boolean).join('&')}`;
}

/** Fetches and shows the findings for a valid button (the last request wins). */
export async function lintButton(button, buttonModel) {
  model = buttonModel;
  const root = $('lint');
  if (!root) return;
  if (!root.childElementCount) buildPanel(root);
  lastButton = button;
  request?.abort();
  const controller = new AbortController();
  request = controller;
  let report;
  try {
    const response = await fetch(lintURL(button), { signal: controller.signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error((await readRefusal(response)).message);
    report = await response.json();
  } catch (error) {
    if (controller.signal.aborted) return;
    show({ failure: `The rules could not be checked (${error.message}).` });
    return;
  }
  if (!controller.signal.aborted) show(report);
}

function show(report) {
  const list = $('lint-findings');
  list.replaceChildren();
  const root = $('lint');
  if (report.failure) {
    $('lint-summary').textContent = report.failure;
    $('lint-advice').textContent = '';
    root.dataset.state = 'failure';
    return;
  }
  for (const finding of report.findings) {
    const item = element('li', { class: `lint-finding lint-${finding.severity}`, 'data-rule': finding.id, title: `HIG: ${finding.hig}` });
    item.append(element('span', { class: 'lint-badge' }, finding.severity), document.createTextNode(` ${finding.message}`));
    list.append(item);
  }
  const plural = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  $('lint-summary').textContent = report.findings.length
    ? `${plural(report.errors, 'error')}, ${plural(report.warnings, 'warning')}.`
    : 'Follows Apple’s rules checked here.';
  root.dataset.state = report.errors ? 'errors' : report.warnings ? 'warnings' : 'clean';
  const advice = ['light', 'dark'].filter((a) => report.recommendations[a])
    .map((a) => `${a} mode: ${report.recommendations[a].map((s) => STYLE_NAMES[s] || s).join(' or ')}`);
  $('lint-advice').textContent = advice.length ? `Apple recommends · ${advice.join(' · ')}.` : '';
}
