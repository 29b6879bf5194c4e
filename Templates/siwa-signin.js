// siwa-signin.js: Sign in with Apple JS for a site that keeps its own button, generated
// by siwa-buttons. Apple's API as documented: AppleID.auth.init, then
// `await AppleID.auth.signIn()`, with state and nonce fresh from your server for every
// sign-in. No meta tags, no #appleid-signin: nothing depends on Apple drawing at load,
// so it works in single-page apps, mounted late, several buttons per page.
//
// In your page (no inline script is needed: see the Content-Security-Policy recipe):
//   <script src="{{appleScriptURL}}" defer></script>
//   <script src="siwa-signin.js" defer></script>
//   <button type="button" data-siwa-signin>...your button, or our image...</button>
//
// Your server:
//  - POST /auth/apple/session (SESSION_URL below): makes two unguessable values (e.g. 32
//    random bytes each, base64url), keeps them in the visitor's session and answers
//    {"state": "...", "nonce": "..."};
//  - at the redirect URI: accepts the answer only if `state` is the session's and the
//    id_token (verified against Apple's keys: signature, iss, aud, exp) carries the
//    session's nonce. Each pair works once.
// (The source imports the rules it shares with <apple-signin-button>; `generate` inlines them.)
import { isFresh } from '../public/element/1/core/signin.js';
import { postAnswer } from '../public/element/1/core/form-post.js';

(function () {
  'use strict';

  var SESSION_URL = '/auth/apple/session';
  var CONFIG = {
    clientId: '{{clientId}}',
    scope: '{{scope}}',
    redirectURI: '{{redirectURI}}',
    usePopup: '{{usePopup}}' === 'true'
  };

  function say(button, text) {
    var note = button.nextElementSibling;
    if (!note || !note.classList.contains('siwa-note')) {
      note = document.createElement('p');
      note.className = 'siwa-note';
      note.setAttribute('role', 'alert');
      button.insertAdjacentElement('afterend', note);
    }
    note.textContent = text;
  }

  async function signIn(button) {
    var session;
    try {
      var response = await fetch(SESSION_URL, { method: 'POST', credentials: 'same-origin',
                                                headers: { Accept: 'application/json' }, cache: 'no-store' });
      session = response.ok ? await response.json() : null;
    } catch (error) {
      session = null;
    }
    if (!session || !isFresh(session.state) || !isFresh(session.nonce)) {
      console.error('siwa-signin.js: ' + SESSION_URL + ' did not answer {"state", "nonce"} with fresh values; ' +
        'no sign-in was started.');
      say(button, 'Sign in with Apple is not available right now. Please try again later.');
      return;
    }
    if (!window.AppleID || !window.AppleID.auth) {
      console.error('siwa-signin.js: appleid.auth.js is not loaded.');
      say(button, 'Sign in with Apple could not load. Please check your connection and try again.');
      return;
    }
    window.AppleID.auth.init({ clientId: CONFIG.clientId, scope: CONFIG.scope, redirectURI: CONFIG.redirectURI,
                               state: session.state, nonce: session.nonce, usePopup: CONFIG.usePopup });
    try {
      var data = await window.AppleID.auth.signIn();
      if (!CONFIG.usePopup) {
        return;  // Apple's page took over
      }
      data = data && data.data ? data.data : data || {};
      if (!data.authorization || data.authorization.state !== session.state) {
        console.error('siwa-signin.js: the answer carries another state than this sign-in; it was not sent.');
        say(button, 'Sign in with Apple did not complete. Please try again.');
        return;
      }
      postAnswer(CONFIG.redirectURI, data);
    } catch (failure) {
      var error = failure && failure.error ? failure.error : String(failure);
      if (error === 'popup_closed_by_user' || error === 'user_cancelled_authorize' ||
          error === 'user_trigger_new_signin_flow') {
        console.info('siwa-signin.js: sign-in not completed (' + error + ').');
      } else {
        console.error('siwa-signin.js: sign-in failed: ' + error);
        say(button, 'Sign in with Apple failed (' + error + '). Please try again.');
      }
    }
  }

  // One listener for every button, present or mounted later. A <button> turns Enter
  // and Space into a click itself.
  document.addEventListener('click', function (event) {
    var button = event.target && event.target.closest ? event.target.closest('[data-siwa-signin]') : null;
    if (button) {
      event.preventDefault();
      signIn(button);
    }
  });
})();
