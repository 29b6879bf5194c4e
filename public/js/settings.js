// The web-flow settings' rules, mirrored from the service (WebFlowSettings.swift) so
// that the editor asks for a snippet only with settings the service accepts (a refused
// request would leave a 400 in the console) and names every wrong field at once.
// The service stays the authority: whatever it refuses is still shown.

/** Cuts long values in messages, as the service does. */
function shown(value) {
  return value.length > 60 ? `${value.slice(0, 57)}...` : value;
}

/** The Services ID: any text of 1 to 255 bytes without control characters. */
export function checkClientId(value) {
  if (value === '') return 'Must not be empty';
  if (new TextEncoder().encode(value).length > 255) return 'Is longer than 255 bytes';
  if (/\p{Cc}/u.test(value)) return 'Must not contain control characters (line breaks, tabs)';
  return null;
}

/** An absolute https:// URL of URL characters, no user, no fragment, a host, a valid port. */
export function checkRedirectURI(value) {
  if (value === '') return 'Must not be empty';
  if (new TextEncoder().encode(value).length > 2048) return 'Is longer than 2048 bytes';
  if (!value.toLowerCase().startsWith('https://')) {
    return `'${shown(value)}' is not an https:// URL (Apple only redirects to https)`;
  }
  const bad = [...value].find((c) => !/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]$/.test(c));
  if (bad !== undefined) {
    const what = /^[\x00-\x20\x7f]$/.test(bad) ? 'a space or control character' : `'${bad}'`;
    return `'${shown(value)}' contains ${what}, which a URL cannot hold: percent-encode it`;
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(value)) return `'${shown(value)}' has a '%' not followed by two hex digits`;
  if (value.includes('#')) return `'${shown(value)}' has a fragment ('#'), which OAuth does not allow`;
  return checkAuthority(value);
}

/** The `host[:port]` after the scheme: no user, a host, a port (if any) up to 65535. */
function checkAuthority(value) {
  const authority = value.slice(value.indexOf('://') + 3).split(/[/?#]/)[0];
  if (authority.includes('@')) return `'${shown(value)}' has a user name or password`;
  // The port follows the first ':' after the host (an IPv6 host is in brackets).
  const colon = authority.indexOf(':', Math.max(authority.lastIndexOf(']'), 0));
  const host = colon < 0 ? authority : authority.slice(0, colon);
  const port = colon < 0 ? undefined : authority.slice(colon + 1);
  if (host === '') return `'${shown(value)}' has no host`;
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) <= 65535)) {
    return `'${shown(value)}' has a port that is not a number from 0 to 65535`;
  }
  return null;
}

/**
 * The image base URL: `http(s)://host[:port][/path]` of URL characters that need no
 * escaping, at most 200 bytes (SnippetQuery.checkBaseURL). Empty means the page's own origin.
 */
export function checkBaseURL(value) {
  if (value === '') return null;
  const lower = value.toLowerCase();
  if (!lower.startsWith('https://') && !lower.startsWith('http://')) {
    return `'${shown(value)}' is not an http:// or https:// URL`;
  }
  if (new TextEncoder().encode(value).length > 200) return 'Is longer than 200 bytes';
  const bad = [...value].find((c) => !/^[A-Za-z0-9\-._~:/[\]]$/.test(c));
  if (bad !== undefined) {
    return `'${shown(value)}' contains '${bad}': give the service's origin, e.g. https://buttons.example.com`;
  }
  return checkAuthority(value);
}
