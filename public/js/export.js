// The "Download set" panel: the generator's options (presets, layouts, titles, styles,
// languages, scales, formats) plus the current button's size and corner radius and, when
// filled in, the client ID and redirect URI, sent to api/export.zip (relative to the
// page, so it works wherever the service is mounted). The ZIP is read with progress and
// saved through a blob link; the service's refusals (400, 503: their message) are shown here.

import { readRefusal } from './api-error.js';
import { choiceLabel } from './controls.js';

const $ = (id) => document.getElementById(id);

/** What `generate` writes by default: every layout, title and style, PNG 1x-3x and SVG. */
const DEFAULT_SCALES = ['1', '2', '3'];
const DEFAULT_FORMATS = ['png', 'svg'];

function check(name, value, label, checked) {
  const id = `export-${name}-${value}`;
  const input = document.createElement('input');
  Object.assign(input, { type: 'checkbox', id, name, value, checked });
  const text = document.createElement('label');
  text.htmlFor = id;
  text.textContent = label;
  const wrap = document.createElement('span');
  wrap.className = 'check';
  wrap.append(input, text);
  return wrap;
}

function fill(name, values, label, isChecked) {
  const container = document.querySelector(`[data-export="${name}"]`);
  container.replaceChildren(...values.map((v) => check(name, v, label(v), isChecked(v))));
}

function ticked(name) {
  return [...document.querySelectorAll(`[data-export="${name}"] input:checked`)].map((box) => box.value);
}

/** `values` with `first` in front when it is among them: the set's snippets show its first button. */
function leading(values, first) {
  return values.includes(first) ? [first, ...values.filter((v) => v !== first)] : values;
}

/** `12 KB`, `1.4 MB`. */
function bytes(n) {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Sets the panel up from the model and schema.
 * @param current  () => the last valid button (ButtonModel's), or null
 * @param web      () => the web settings as the snippet API takes them
 */
export function setUpExport(model, schema, { current, web, locale }) {
  fill('modes', model.modes, (v) => choiceLabel('mode', v), () => true);
  fill('types', model.choices.type.values, (v) => choiceLabel('type', v), () => true);
  fill('styles', Object.keys(model.styles), (v) => choiceLabel('style', v), () => true);
  const scales = [];
  for (let n = model.numbers.scale.min; n <= model.numbers.scale.max; n++) scales.push(String(n));
  fill('scales', scales, (v) => `${v}×`, (v) => DEFAULT_SCALES.includes(v));

  const locales = $('export-locales');
  for (const { code, name } of schema.locales) locales.append(new Option(`${name} — ${code}`, code));
  const all = $('export-all-locales');
  all.addEventListener('change', () => {
    locales.disabled = all.checked;
  });
  // The editor's language is picked until the person picks others.
  let touched = false;
  locales.addEventListener('change', () => {
    touched = true;
  });
  const followEditor = () => {
    if (touched) return;
    for (const option of locales.options) option.selected = option.value === locale();
  };
  followEditor();
  $('locale').addEventListener('change', followEditor);

  // Presets come with the schema when the service has them; without, no preset control.
  // Several may be ticked: the formats are their union, and each preset takes those it
  // holds (as `generate --presets a,b --formats ...` does); the hint says what each took.
  const presets = Array.isArray(schema.presets) ? schema.presets : [];
  const hint = $('export-preset-hint');
  fill('formats', [...model.formats, 'best'], (v) => (v === 'best' ? 'Best for each' : choiceLabel('format', v)),
    (v) => DEFAULT_FORMATS.includes(v));
  const chosenPresets = () => presets.filter((p) => ticked('presets').includes(p.name));
  const formatBoxes = () => [...document.querySelectorAll('[data-export="formats"] input')];
  /** The formats a preset takes of those ticked: GeneratorConfiguration.formats(for:). */
  const takes = (p, formats) => {
    if (formats.includes('best')) return p.bestFormats ?? p.defaultFormats ?? p.formats;
    const taken = formats.filter((f) => p.formats.includes(f));
    return p.name === 'ios' && taken.includes('pdf') ? ['pdf'] : taken;
  };
  const describe = () => {
    const chosen = chosenPresets();
    const formats = ticked('formats');
    const best = formats.includes('best');
    for (const box of formatBoxes()) if (box.value !== 'best') box.disabled = best || box.dataset.unheld === '1';
    if (!chosen.length) {
      hint.textContent = 'None ticked: the generator’s own folder layout.';
      return;
    }
    hint.textContent = chosen.map((p) => `${p.name}: ${takes(p, formats).join(', ') || 'nothing'}`).join(' · ');
  };
  // The formats no ticked preset holds (or the web layout's, with none) are unticked and
  // disabled; a change of presets ticks their own defaults, as `generate --presets` has them.
  const restrictFormats = () => {
    const chosen = chosenPresets();
    const holders = chosen.length ? chosen : presets.filter((p) => p.name === 'web');
    const held = new Set(holders.flatMap((p) => p.formats));
    const defaults = new Set(chosen.length ? chosen.flatMap((p) => p.defaultFormats ?? p.formats) : DEFAULT_FORMATS);
    for (const box of formatBoxes()) {
      if (box.value === 'best') {
        box.checked = false;
        continue;
      }
      box.dataset.unheld = held.size && !held.has(box.value) ? '1' : '';
      box.disabled = box.dataset.unheld === '1';
      box.checked = !box.disabled && defaults.has(box.value);
    }
    describe();
  };
  if (presets.length) {
    fill('presets', presets.map((p) => p.name), (v) => v, () => false);
    for (const p of presets) {
      document.getElementById(`export-presets-${p.name}`).title = p.summary ?? '';
    }
    document.querySelector('[data-export="presets"]').addEventListener('change', restrictFormats);
    $('export-preset-control').hidden = false;
  }
  document.querySelector('[data-export="formats"]').addEventListener('change', describe);
  restrictFormats();

  const form = $('export-form');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    download();
  });

  /** The query, or a message saying what to pick first. */
  function query() {
    const button = current();
    if (!button) return { problem: 'Fix the button above first: the set uses its size and corner radius.' };
    const pairs = [];
    const chosen = presets.length ? ticked('presets') : [];
    if (chosen.length) pairs.push(['presets', chosen.join(',')]);
    if ($('export-flat').checked) pairs.push(['naming', 'flat']);
    if ($('export-strings').checked) pairs.push(['strings', 'all']);
    // The first layout, title, style and language are the snippets' button: the editor's own when ticked.
    const groups = {
      modes: ['a layout', button.mode], types: ['a title', button.type], styles: ['a style', button.style],
      scales: ['a scale'], formats: ['a format'],
    };
    for (const [name, [what, first]] of Object.entries(groups)) {
      // `best` stands alone: each preset's best vector with its rasters.
      const values = name === 'formats' && ticked(name).includes('best') ? ['best'] : leading(ticked(name), first);
      if (!values.length) return { problem: `Pick at least ${what}.` };
      pairs.push([name, values.join(',')]);
    }
    const codes = all.checked ? ['all'] : leading([...locales.selectedOptions].map((o) => o.value), locale());
    if (!codes.length) return { problem: 'Pick at least one language, or all.' };
    pairs.push(['locales', codes.join(',')]);
    // The logo-only button has a side only: the set's other layouts keep the width field's value.
    const width = button.mode === 'logo' ? model.checkNumber('width', $('width').value).value ?? 250 : button.width;
    const height = button.mode === 'logo' ? button.size : button.height;
    pairs.push(['sizes', `${width}x${height}r${button.radius}`]);
    const settings = web();
    if (settings['client-id'] && settings['redirect-uri']) {
      for (const name of ['client-id', 'redirect-uri', 'scope', 'use-popup']) pairs.push([name, settings[name]]);
    }
    return { url: `api/export.zip?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` };
  }

  const status = $('export-status');
  const progress = $('export-progress');
  const error = $('export-error');
  const button = $('export-download');

  function showError(message) {
    error.textContent = message;
    error.hidden = !message;
  }
  // A refusal is about the selection it was made for: a change clears it.
  $('export-form').addEventListener('change', () => {
    if (button.disabled) return;  // a download in flight keeps its own status
    showError('');
    status.textContent = '';
  });

  async function download() {
    const { url, problem } = query();
    showError(problem ?? '');
    if (problem) return;
    button.disabled = true;
    progress.hidden = false;
    progress.removeAttribute('value'); // indeterminate while the service renders
    status.textContent = 'The service is making the set…';
    try {
      const response = await fetch(url, { headers: { Accept: 'application/zip' } });
      if (!response.ok) {
        let text = (await readRefusal(response)).message;
        const retry = response.headers.get('Retry-After');
        // Too many files with presets: their scales and sizes are the platforms' own, so
        // the lever is the formats (each preset's best vector and rasters) or languages.
        if (response.status === 400 && / files, more than /.test(text) && chosenPresets().length) {
          text = text.replace(/ask for fewer locales, sizes, scales or formats\.$/, 'pick fewer languages or formats.');
          if (!ticked('formats').includes('best')) text += ' “Best for each” under Formats gives each preset only its best vector and its rasters.';
        }
        showError(retry ? `${text} (retry in ${retry} s)` : text);
        status.textContent = '';
        return;
      }
      const total = Number(response.headers.get('Content-Length')) || 0;
      const files = response.headers.get('X-SIWA-Export-Files');
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'siwa-buttons.zip';
      const chunks = [];
      let received = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        // Sent as it is archived, a set has no length: the bytes so far are shown.
        if (total) progress.value = received / total;
        status.textContent = `Downloading ${files ? `${files} files, ` : ''}${bytes(received)}${total ? ` of ${bytes(total)}` : ''}`;
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      progress.value = 1;
      status.textContent = `Saved ${name}: ${files ? `${files} files, ` : ''}${bytes(received)}.`;
    } catch (failure) {
      showError(`The download failed (${failure.message}).`);
      status.textContent = '';
    } finally {
      button.disabled = false;
      if (error.hidden === false) progress.hidden = true;
    }
  }
}
