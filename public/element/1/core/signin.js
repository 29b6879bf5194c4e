// The sign-in rules every front end of ours keeps: which state and nonce may be sent, and
// Apple's authorize URL for a sign-in without Apple's script (a top-level navigation whose
// answer Apple posts to the redirect URI, as its own redirect flow does).

export const AUTHORIZE = 'https://appleid.apple.com/auth/authorize';
export const APPLE_SCRIPT = (locale) =>
  `https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/${locale}/appleid.auth.js`;

/**
 * Fresh values come from the site's server for every sign-in; a placeholder (or a value
 * too short to be unguessable) means that step is missing.
 */
export const isFresh = (value) => typeof value === 'string' && value.length >= 16 && !value.includes('__SIWA_');

/** Apple's authorize URL for these values; `response_mode=form_post`, as Apple's redirect flow. */
export function authorizeURL({ clientId, redirectURI, scope, state, nonce }) {
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: redirectURI, response_type: 'code id_token' });
  if (scope) query.set('scope', scope);
  query.set('response_mode', 'form_post');
  query.set('state', state);
  query.set('nonce', nonce);
  return `${AUTHORIZE}?${query.toString().replace(/\+/g, '%20')}`;
}
