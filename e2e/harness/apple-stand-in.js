// The stand-in for Apple's appleid.auth.js, served by harness.pages.apple_stand_ins in
// place of Apple's script (check_generated_pages.py's docstring says what it does and
// why). What it draws, the sign-ins it starts and the forms the page posts are recorded
// in window.__siwa. harness.pages.apple_script fills in its two __NAME__ placeholders:
// Apple's authorize URL and a real font for its data: URL.
(function () {
  var record = window.__siwa = { inits: [], drawn: [], signIns: [] };
  var config = null;
  var pending = null;  // the popup sign-in's promise, settled by the popup's message
  function meta(name) {
    var tag = document.querySelector('meta[name="appleid-signin-' + name + '"]');
    return tag ? tag.getAttribute('content') : null;
  }
  function svg(width, height, text) {
    var node = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    node.setAttribute('width', width);
    node.setAttribute('height', height);
    var label = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    label.setAttribute('x', '0');
    label.setAttribute('y', String(Math.round(height * 0.7)));
    label.setAttribute('fill', 'currentColor');
    label.textContent = text;
    node.appendChild(label);
    return node;
  }
  function draw() {
    var el = document.getElementById('appleid-signin');
    if (!el) return;
    var d = el.dataset, mode = d.mode || 'center-align';
    // Apple sizes a logo-only button by data-size alone; the others by data-width/height.
    var w = mode === 'logo-only' ? Number(d.size || 64) : Number(d.width || 140);
    var h = mode === 'logo-only' ? w : Number(d.height || 30);
    var white = d.color === 'white';
    el.innerHTML = '';  // Apple replaces the element's content
    var style = document.createElement('style');
    style.textContent = "@font-face { font-family: 'SIWAStandIn'; src: url(data:font/otf;base64,__FONT_BASE64__) format('opentype'); }";
    var button = document.createElement('div');
    button.setAttribute('role', 'button');
    button.tabIndex = 0;
    button.setAttribute('style', 'box-sizing: border-box; width: ' + w + 'px; height: ' + h + 'px; ' +
      'background: ' + (white ? '#fff' : '#000') + '; color: ' + (white ? '#000' : '#fff') + '; ' +
      'border-radius: ' + Number(d.borderRadius || 15) * h / 100 + 'px; font: 500 ' + Math.round(h * 0.43) +
      "px 'SIWAStandIn'; cursor: pointer; white-space: nowrap; overflow: visible; " +
      (mode === 'left-align' ? 'text-align: left;' : 'display: flex; align-items: center; justify-content: center;') +
      (d.border === 'true' ? 'border: 1px solid #000;' : ''));
    if (mode === 'left-align') {
      // As Apple draws a left-aligned button: the logo and the label, two inline SVGs side
      // by side (a CSS reset's svg { display: block } stacks them).
      var logo = svg(Math.floor(h * 0.5), h, 'A');
      logo.setAttribute('class', 'siwa-standin-logo');
      var label = svg(w - Math.floor(h * 0.6), h, 'Apple');
      label.setAttribute('class', 'siwa-standin-label');
      button.appendChild(logo);
      button.appendChild(label);
    } else {
      button.textContent = mode === 'logo-only' ? 'A' : 'Apple';
    }
    el.appendChild(style);
    el.appendChild(button);
    record.drawn.push({ mode: mode, color: d.color, border: d.border, width: w, height: h });
    // Apple listens on the element itself: clicks, Enter's keydown, and Space's keyup
    // (it starts a sign-in when Space is released).
    if (!el.__standIn) {
      el.__standIn = true;
      el.addEventListener('click', function () { if (config) signIn(); });
      el.addEventListener('keydown', function (event) { if (config && event.key === 'Enter') signIn(); });
      el.addEventListener('keyup', function (event) { if (config && event.key === ' ') signIn(); });
    }
  }
  function init(c) {
    config = c;
    record.inits.push(c);
    draw();
  }
  function signIn() {
    if (!config) return Promise.reject({ error: 'not_initialized' });
    var q = new URLSearchParams();
    q.set('client_id', config.clientId);
    q.set('redirect_uri', config.redirectURI);
    q.set('response_type', 'code id_token');
    q.set('state', config.state);
    if (config.scope) q.set('scope', config.scope);  // left out when empty, as Apple does
    q.set('response_mode', config.usePopup ? 'web_message' : 'form_post');
    q.set('nonce', config.nonce);
    var url = '__APPLE_AUTHORIZE__?' + q.toString();
    record.signIns.push(url);
    if (!config.usePopup) {
      window.location.assign(url);
      return new Promise(function () {});
    }
    // Opened blank first and loaded a moment later: a page requested at once by a new
    // window can slip past the check's request interception (it attaches to new windows).
    var popup = window.open('about:blank', 'AppleAuthentication', 'width=500,height=600');
    setTimeout(function () { popup.location.href = url; }, 500);
    return new Promise(function (resolve, reject) { pending = { resolve: resolve, reject: reject }; });
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== 'https://appleid.apple.com') return;
    var data = event.data || {};
    var name = data.error ? 'AppleIDSignInOnFailure' : 'AppleIDSignInOnSuccess';
    document.dispatchEvent(new CustomEvent(name, { detail: data.error ? { error: data.error } : data }));
    if (pending) {
      (data.error ? pending.reject : pending.resolve)(data.error ? { error: data.error } : data);
      pending = null;
    }
  });
  window.AppleID = { auth: { init: function (c) { init(c); }, signIn: function () { return signIn(); },
                             renderButton: draw } };
  // Configured by the meta tags when the page has them, and drawn at load, as Apple's script is.
  if (meta('client-id') !== null) {
    init({ clientId: meta('client-id'), scope: meta('scope') || '', redirectURI: meta('redirect-uri'),
           state: meta('state'), nonce: meta('nonce'), usePopup: meta('use-popup') === 'true' });
  }
})();
