// What a front-end framework does with <apple-signin-button>, in plain ES modules: the
// usage pages (plain, react, vue, svelte, angular .html) show the framework code to paste
// and run this, which does the same to the element as those frameworks do at run time:
//  - mounts it late (after Apple's script and the element's module have loaded),
//  - re-renders it by setting attributes (all five frameworks set kebab-case attributes
//    on a custom element; React 19 sets a property when the element has one),
//  - listens for its events with addEventListener (React 19's `onappleid-success`, Vue's
//    `@appleid-success`, Svelte's `onappleid-success`, Angular's `(appleid-success)`),
//  - unmounts it (removes the node, drops the listener) and mounts a new one.
// No framework runtime is vendored: Debian and PyPI, the registries this project uses,
// have none of React 19, Vue 3, Svelte or Angular.
const root = document.getElementById('root');
const result = document.getElementById('result');
const props = {
  'client-id': 'com.example.web',
  'redirect-uri': '/auth/apple/callback',
  'use-popup': 'true',
  // The site's endpoint answering {"state": "...", "nonce": "..."}, fresh per sign-in.
  'session-url': '/auth/apple/session',
  type: 'sign-in',
  color: 'auto',
  width: '240',
  height: '44',
  'border-radius': '20',
};
let element = null;

function onSuccess(event) {
  const { authorization, user } = event.detail;
  // Post authorization.code and id_token to your server, which verifies the id_token
  // (signature, iss, aud, exp, nonce) and checks state against the session.
  result.textContent = `Signed in: code ${authorization.code.slice(0, 8)}…${user ? ' (first sign-in: user sent once)' : ''}`;
}
function onFailure(event) {
  result.textContent = `Not signed in: ${event.detail.error}`;
}

function render() {
  if (!element) {
    element = document.createElement('apple-signin-button');
    element.addEventListener('appleid-success', onSuccess);
    element.addEventListener('appleid-failure', onFailure);
    root.append(element);
  }
  for (const [name, value] of Object.entries(props)) {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
}

function unmount() {
  element.removeEventListener('appleid-success', onSuccess);
  element.removeEventListener('appleid-failure', onFailure);
  element.remove();
  element = null;
}

document.getElementById('rerender').addEventListener('click', () => {
  props.type = props.type === 'sign-in' ? 'continue' : 'sign-in';
  render();
});
document.getElementById('toggle').addEventListener('click', () => (element ? unmount() : render()));
// A late mount, as an app renders after its data arrives.
setTimeout(render, 150);
