"""What the checks of pages in Chromium share (check_generated_pages.py, check_element.py,
check_snippets.py, check_element_drawn.py): what counts as our error (`our_errors`,
`check_clean`), and the stand-ins for Apple: its script (apple-stand-in.js) and sign-in
page (`apple_stand_ins`, served by `harness.browser.Browser`), its keys, a static server
with the README's CSP recipe, and a TLS relay for the example server's https origin.
check_generated_pages.py's docstring says what each stand-in does and what is tolerated."""

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
# The stand-in for Apple's appleid.auth.js (see the module docstring), a file of its own
# so that `node --check` parses it; apple_script() fills in its placeholders.
APPLE_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "apple-stand-in.js")

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
    """APPLE_SCRIPT's text with Apple's authorize URL and a real font in its data: URL (a
    3 KB Inter subset)."""
    with open(APPLE_SCRIPT, encoding="utf-8") as f:
        script = f.read()
    with open(os.path.join(ROOT, "Tests/Fixtures/NoSpace.otf"), "rb") as f:
        font = base64.b64encode(f.read()).decode()
    for name, value in (("__APPLE_AUTHORIZE__", APPLE_AUTHORIZE), ("__FONT_BASE64__", font)):
        if script.count(name) != 1:
            raise RuntimeError(f"{APPLE_SCRIPT}: {name} appears {script.count(name)} times, not once")
        script = script.replace(name, value)
    return script


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
