// session-url: state and nonce fresh from the site's server before each sign-in, for
// <apple-signin-button> (imported at the first sign-in of a button that has one).
import { isFresh } from './core/signin.js';

// The longest wait and the largest answer taken.
export const SESSION_TIMEOUT_MS = 10000;
const SESSION_MAX_BYTES = 16384;

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

/**
 * POSTs to `url` (same origin credentials) and resolves with its { state, nonce }; rejects
 * with an Error saying why for a hang, a non-2xx, a login page, a redirect (its target
 * would choose what is sent to Apple), a huge body or JSON without the two fresh fields.
 */
export async function fetchSession(url) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SESSION_TIMEOUT_MS);
  try {
    let response;
    try {
      response = await fetch(url, {
        method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, cache: 'no-store',
        redirect: 'error', signal: controller.signal,
      });
    } catch (error) {
      if (error.name === 'AbortError') throw new Error(`it did not answer within ${SESSION_TIMEOUT_MS / 1000} s`);
      throw new Error('it could not be reached or it redirected (redirects are refused)');
    }
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    const kind = response.headers.get('Content-Type') || '';
    if (!/^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(kind)) {
      throw new Error(`it answered ${kind.slice(0, 40) || 'no Content-Type'}, not application/json`);
    }
    let text;
    try {
      text = await readAtMost(response, SESSION_MAX_BYTES);
    } catch (error) {
      if (error.name === 'AbortError') throw new Error(`it did not answer within ${SESSION_TIMEOUT_MS / 1000} s`);
      throw error;
    }
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
    return { state: body.state, nonce: body.nonce };
  } finally {
    clearTimeout(timer);
  }
}
