// A page that configures Apple's script itself, with its own state and nonce
// (e2e/check_snippets.py, own-init.html); siwa-init.js must take these, not refuse them.
document.addEventListener('DOMContentLoaded', () => {
  const meta = (name) => document.querySelector(`meta[name="appleid-signin-${name}"]`).content;
  window.AppleID.auth.init({
    clientId: meta('client-id'), scope: 'name email', redirectURI: meta('redirect-uri'),
    state: 'state-own-init-0123456789', nonce: 'nonce-own-init-0123456789', usePopup: true,
  });
});
