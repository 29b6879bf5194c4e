// Builds the editor's controls from the service's schema: the choices (layouts, titles,
// styles, logo sizes, formats, scales, languages, scopes), the number fields' and
// sliders' ranges and the ranges in their hints. index.html holds only the places and
// the prose; what the service accepts is never written there, so it cannot drift.

// Presentation only: how a value is shown (a value without a name here shows as is).
const LABELS = {
  mode: { center: 'Centered', left: 'Left-aligned', logo: 'Logo only' },
  type: { 'sign-in': 'Sign in', continue: 'Continue', 'sign-up': 'Sign up' },
  style: { black: 'Black', white: 'White', 'white-outline': 'Outline' },
  logoSize: { small: 'Small', medium: 'Medium', large: 'Large' },
  format: { png: 'PNG', webp: 'WebP', svg: 'SVG', pdf: 'PDF', vectordrawable: 'XML' },
  scope: { name: 'Name', email: 'Email' },
};
/** How a choice is shown: `choiceLabel('mode', 'logo')` is 'Logo only'. */
export function choiceLabel(name, value) {
  return LABELS[name]?.[value] ?? value;
}

// The ids of the radios and checkboxes: `logo-size-large`, `scope-email`.
const ID_PREFIX = { logoSize: 'logo-size' };

function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, '');
    else if (value !== false) node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

/** One radio (or checkbox) with its label per value, in the container for `name`. */
function fillChoices(name, values, checked, type = 'radio') {
  const container = document.querySelector(`[data-choices="${name}"]`);
  const prefix = ID_PREFIX[name] || name;
  for (const value of values) {
    const id = `${prefix}-${value}`;
    const label = element('label', { for: id }, [LABELS[name]?.[value] ?? value]);
    if (name === 'style') label.prepend(element('span', { class: `swatch swatch-${value}`, 'aria-hidden': 'true' }));
    const input = element('input', { type, name: type === 'radio' ? name : false, id, value, checked: checked(value) });
    if (type === 'radio') container.append(input, label);
    else container.append(element('span', { class: 'check' }, [input, label]));
  }
}

/** Sets the controls up from `model` (ButtonModel) and the schema it was built from. */
export function buildControls(model, schema) {
  fillChoices('mode', model.modes, (v) => v === model.modes[0]);
  fillChoices('type', model.choices.type.values, (v) => v === model.choices.type.fallback);
  fillChoices('style', Object.keys(model.styles), (v) => v === model.defaultStyle);
  fillChoices('logoSize', model.choices.logoSize.values, (v) => v === model.choices.logoSize.fallback);
  fillChoices('format', model.formats, (v) => v === model.defaultFormat);
  const scope = schema.webFlow.find((f) => f.name === 'scope');
  const scopeDefault = String(scope.default).split(' ');
  fillChoices('scope', scope.values, (v) => scopeDefault.includes(v), 'checkbox');

  const scale = document.getElementById('scale');
  const { min, max } = model.numbers.scale;
  const start = Number(scale.dataset.start);
  for (let n = min; n <= max; n++) {
    const selected = n === (start >= min && start <= max ? start : model.numbers.scale.fallback);
    scale.append(new Option(`${n}×`, String(n), selected, selected));
  }

  const locale = document.getElementById('locale');
  for (const { code, name } of schema.locales) {
    const selected = code === model.choices.locale.fallback;
    locale.append(new Option(`${name} — ${code}`, code, selected, selected));
  }
  for (const node of document.querySelectorAll('[data-locale-count]')) node.textContent = String(schema.locales.length);
  const rightToLeft = [...new Set(schema.locales.filter((l) => l.direction === 'rtl').map((l) => l.name.split(' (')[0]))];
  for (const node of document.querySelectorAll('[data-rtl-names]')) {
    node.textContent = rightToLeft.length > 1
      ? `${rightToLeft.slice(0, -1).join(', ')} and ${rightToLeft.at(-1)} read`
      : `${rightToLeft[0] ?? 'No language'} reads`;
  }

  for (const [field, { min: low, max: high }] of Object.entries(model.numbers)) {
    for (const control of [document.getElementById(field), document.getElementById(`${field}-range`)]) {
      if (!control || control.tagName !== 'INPUT') continue; // scale is a select
      control.min = String(low);
      control.max = String(high);
    }
    // The slider's start value was clamped to the default range before min/max were set.
    const range = document.getElementById(`${field}-range`);
    if (range) range.value = document.getElementById(field).value;
    for (const node of document.querySelectorAll(`[data-range="${field}"]`)) node.textContent = `${low}–${high}`;
  }
}
