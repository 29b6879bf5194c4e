// Copying text. The async Clipboard API needs a secure context (https, or localhost)
// and may be refused by the browser; the fallback copies the selection of an
// off-screen textarea with execCommand, which works on plain http too.

/** Copies `text`; resolves to true on success. Never throws. */
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or document not focused: try the old way.
    }
  }
  return copyWithSelection(text);
}

function copyWithSelection(text) {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'clipboard-buffer';
  document.body.append(area);
  const focused = document.activeElement;
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  if (focused instanceof HTMLElement) focused.focus();
  return copied;
}
