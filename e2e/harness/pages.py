"""What the checks of pages in Chromium share (check_generated_pages.py, check_front_ends.py):
what counts as our error (`our_errors`, `check_clean`), and the stand-ins for Apple: its
script and sign-in page (`apple_stand_ins`, served by `harness.browser.Browser`), its keys,
a static server with the README's CSP recipe, and a TLS relay for the example server's
https origin. check_generated_pages.py's docstring says what each stand-in does and what
is tolerated."""

import base64
import http.client
import http.server
import json
import os
import shutil
import ssl
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding

import harness
from harness import ROOT, free_port

APPLE_SCRIPT_HOST = "appleid.cdn-apple.com"
APPLE_AUTHORIZE = "https://appleid.apple.com/auth/authorize"
EXAMPLE_ORIGIN = "https://siwa-example.test"
PLACEHOLDERS = ("__SIWA_STATE__", "__SIWA_NONCE__")
# The README's Content-Security-Policy recipe with the images on the page's own origin,
# exactly as the example servers send it, and the opener policy that keeps the popup's
# answer reaching the page.
RECIPE = (
    "default-src 'self'; script-src 'self' https://appleid.cdn-apple.com; "
    "style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self'; "
    "connect-src 'self' https://appleid.apple.com; frame-src https://appleid.apple.com; "
    "form-action 'self' https://appleid.apple.com; base-uri 'none'; object-src 'none'"
)
OPENER_POLICY = "same-origin-allow-popups"
# The stand-in for Apple's appleid.auth.js (see the module docstring). What it draws,
# the sign-ins it starts and the forms the page posts are recorded in window.__siwa.
APPLE_SCRIPT = """
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
    style.textContent = "@font-face { font-family: 'SIWAStandIn'; src: url(data:font/otf;base64,FONT) format('opentype'); }";
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
    var url = 'AUTHORIZE?' + q.toString();
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
""".replace("AUTHORIZE", APPLE_AUTHORIZE)

KEY_ID = "stand-in-key"


def id_token(key, claims, kid=KEY_ID):
    """A JWT signed like Apple's id_tokens (RS256)."""

    def part(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    head = part(json.dumps({"alg": "RS256", "kid": kid}).encode()) + "." + part(json.dumps(claims).encode())
    return head + "." + part(key.sign(head.encode(), padding.PKCS1v15(), hashes.SHA256()))


def key_set(key, kid=KEY_ID):
    """The public half of `key` as Apple publishes its keys (a JWK set)."""
    numbers = key.public_key().public_numbers()

    def b64(n):
        return base64.urlsafe_b64encode(n.to_bytes((n.bit_length() + 7) // 8, "big")).rstrip(b"=").decode()

    return json.dumps(
        {"keys": [{"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256", "n": b64(numbers.n), "e": b64(numbers.e)}]}
    )


def apple_claims(client_id, nonce, **changes):
    now = int(time.time())
    return {
        "iss": "https://appleid.apple.com",
        "aud": client_id,
        "sub": "000123.standin",
        "nonce": nonce,
        "iat": now,
        "exp": now + 600,
        **changes,
    }


def apple_signin_page(url, key):
    """The stand-in for Apple's sign-in page in the popup: answers at once, like Apple's
    web_message, to the redirect URI's origin, with a signed id_token carrying the nonce."""
    query = urllib.parse.parse_qs(urllib.parse.urlparse(url).query)
    answer = {
        "authorization": {
            "code": "c0de",
            "state": query["state"][0],
            "id_token": id_token(key, apple_claims(query["client_id"][0], query["nonce"][0])),
        },
        "user": {"email": "a@example.com"},
    }
    target = urllib.parse.urlparse(query["redirect_uri"][0])
    data = json.dumps([answer, f"{target.scheme}://{target.netloc}"]).replace("</", "<\\/")
    return (
        "<!DOCTYPE html><title>Apple (stand-in)</title><script>"
        f"var a = {data}; window.opener.postMessage(a[0], a[1]); window.close();</script>"
    )


def apple_script():
    """APPLE_SCRIPT with a real font in its data: URL (a 3 KB Inter subset)."""
    with open(os.path.join(ROOT, "Tests/Fixtures/NoSpace.otf"), "rb") as f:
        return APPLE_SCRIPT.replace("FONT", base64.b64encode(f.read()).decode())


def apple_stand_ins(signing_key):
    """Apple's script and sign-in page (its id_tokens signed with `signing_key`), as
    `harness.browser.Browser`'s stand-ins."""
    script = apple_script()
    return {
        f"https://{APPLE_SCRIPT_HOST}/**": lambda url: ("text/javascript", script),
        APPLE_AUTHORIZE + "*": lambda url: ("text/html; charset=utf-8", apple_signin_page(url, signing_key)),
    }


# ---------------------------------------------------------------- the checks


def classify(messages, origin, expected_errors=(), strict=False):
    """Splits errors into ours (failures) and tolerated ones; prints everything. With
    `strict` (the runs with the stand-ins, where every host answers) only the expected
    errors are tolerated."""
    ours, seen_expected = [], set()
    for level, text, url in messages:
        print(f"    console {level}: {text[:160]!r} ({url or 'no url'})")
        if level != "error":
            continue
        match = next((x for x in expected_errors if x in text), None)
        if match:
            seen_expected.add(match)
            continue  # tolerated 3 (required): the fail-closed message of siwa-init.js
        host = urllib.parse.urlparse(url).hostname if url else None
        if not strict and url and not url.startswith(origin) and host not in (None, "127.0.0.1"):
            continue  # tolerated 1: other hosts (Apple's CDN) are unreachable on purpose
        if url.startswith(origin) and urllib.parse.urlparse(url).path == "/favicon.ico":
            continue  # tolerated 2: the browser's own favicon request
        ours.append(f"{level}: {text} ({url})")
    return ours, seen_expected


def our_errors(browser, origin, expected_errors=(), strict=False):
    """Console errors from our files, CSP violations and failed loads of the page."""
    ours, seen = classify(browser.messages(), origin, expected_errors, strict)
    return ours + page_problems(browser, origin), seen


def check_clean(failures, browser, origin, what, expected=(), strict=False, ignore=()):
    """Checks `what`: no error of ours on the page (`our_errors`) but the `expected` ones,
    each of which must occur; messages holding one of `ignore` do not count. What is left
    over is named after `what`."""
    ours, seen = our_errors(browser, origin, expected, strict)
    ours = [o for o in ours if not any(i in o for i in ignore)]
    missing = [e for e in expected if e not in seen]
    return failures.check(not ours and not missing, f"{what} {ours}" + (f", missing {missing}" if missing else ""))


def page_problems(browser, origin):
    """CSP violations the page saw, and requests to our origin answered 4xx/5xx (but the
    browser's own /favicon.ico: tolerated 2)."""
    failed = [f for f in browser.failed_requests(origin) if urllib.parse.urlparse(f.split(" ", 1)[1]).path != "/favicon.ico"]
    return [f"CSP violation: {v}" for v in browser.csp_violations()] + [f"failed request: {f}" for f in failed]


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


# The media types of the files the checks' own servers send.
MEDIA_TYPES = {
    "html": "text/html; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "png": "image/png",
    "webp": "image/webp",
    "svg": "image/svg+xml",
}


def read_file(folder, relative):
    """The bytes and media type of the file at `relative` below `folder` (never outside it,
    links resolved), or None."""
    root = os.path.realpath(folder)
    file = os.path.realpath(os.path.join(root, relative.lstrip("/")))
    if not file.startswith(root + os.sep) or not os.path.isfile(file):
        return None
    with open(file, "rb") as f:
        return f.read(), MEDIA_TYPES.get(file.rsplit(".", 1)[-1], "application/octet-stream")


def make_handler(root):
    """Static files, as a plain web host serves a pasted snippet: no server step; the
    pages carry the recipe's policies."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=root, **kwargs)

        def log_message(self, *args):
            pass

        def end_headers(self):
            if self.path.split("?")[0].endswith(".html"):
                self.send_header("Content-Security-Policy", RECIPE)
                self.send_header("Cross-Origin-Opener-Policy", OPENER_POLICY)
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    return Handler


class TLSRelay:
    """https://siwa-example.test/ as the browser sees it (mapped to this port, its
    self-signed certificate accepted): every request relayed to the example server, as
    a site's TLS proxy would. The page is then a secure origin of its own, so its Secure
    cookie and its CSP 'self' work as in production."""

    def __init__(self):
        self.target = None  # the example server's port, once it runs
        self.opener_policy = None  # replaces the example's Cross-Origin-Opener-Policy if set
        self.folder = tempfile.mkdtemp(prefix="siwa-tls-")
        cert, key = os.path.join(self.folder, "cert.pem"), os.path.join(self.folder, "key.pem")
        subprocess.run(
            [
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "1",
                "-subj",
                "/CN=siwa-example.test",
                "-keyout",
                key,
                "-out",
                cert,
            ],
            check=True,
            capture_output=True,
        )
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        relay = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def relay(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {
                    k: v for k, v in self.headers.items() if k.lower() not in ("connection", "keep-alive", "accept-encoding")
                }
                upstream = http.client.HTTPConnection("127.0.0.1", relay.target, timeout=20)
                upstream.request(self.command, self.path, body=body, headers=headers)
                response = upstream.getresponse()
                data = response.read()
                upstream.close()
                self.send_response(response.status)
                for name, value in response.getheaders():
                    if name.lower() not in ("connection", "keep-alive", "transfer-encoding", "content-length"):
                        if name.lower() == "cross-origin-opener-policy" and relay.opener_policy:
                            value = relay.opener_policy
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = relay

        self.server = Server(("127.0.0.1", 0), Handler)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        shutil.rmtree(self.folder, ignore_errors=True)


class Example:
    """The Hummingbird example server (Examples/swift-hummingbird) over a generated set."""

    def __init__(self, binary, dist, client_id, keys_url):
        self.port = free_port()
        self.log = tempfile.NamedTemporaryFile(prefix="siwa-example-", suffix=".log", delete=False)
        environment = dict(os.environ, APPLE_CLIENT_ID=client_id, APPLE_KEYS_URL=keys_url)
        self.process = subprocess.Popen(
            [binary, dist, str(self.port)], stdout=self.log, stderr=subprocess.STDOUT, env=environment
        )
        deadline = time.time() + 30
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the example server exited with {self.process.returncode}:\n{self.output()}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/siwa-init.js", timeout=5):
                    return
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("the example server did not answer within 30 s") from None
                time.sleep(0.1)

    def output(self):
        return harness.read_log(self.log.name)

    def stop(self):
        harness.stop(self.process)
        os.unlink(self.log.name)


def click_at(browser, x, y):
    """A real click (trusted, with a user gesture, as a person's) at page coordinates."""
    for kind in ("mousePressed", "mouseReleased"):
        browser.cdp("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})


def click_middle(browser, box):
    """A real click in the middle of a box (BOX's answer)."""
    click_at(browser, box["x"] + box["w"] / 2, box["y"] + box["h"] / 2)


BOX = """const el = document.querySelector(arguments[0]);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height, shown: getComputedStyle(el).display !== 'none'};"""

# The image shown: its box in points, and the pixel size of the file it picked (an
# image's naturalWidth is divided by the srcset density, so the file is loaded alone).
VISIBLE_IMAGE = """const done = arguments[arguments.length - 1];
    const img = [...document.querySelectorAll('img')].find(i => i.getBoundingClientRect().width > 0);
    if (!img) return done(null);
    const r = img.getBoundingClientRect();
    const file = new Image();
    const answer = () => done({src: img.currentSrc, ok: img.complete && img.naturalWidth > 0, w: r.width, h: r.height,
        natural: [file.naturalWidth, file.naturalHeight], alt: img.alt,
        link: img.closest('a') && img.closest('a').getAttribute('href')});
    file.onload = answer;
    file.onerror = answer;
    file.src = img.currentSrc;"""
