#!/usr/bin/env python3
"""Opens the generated index.html, snippet.html and snippet-nojs.html in headless
Chromium over the DevTools protocol and fails on console errors from our own files.

Usage: check_generated_html.py DIST SCREENSHOTS --client-id ID --redirect-uri URL [--chromium PATH]

Python standard library only (a minimal WebSocket client is below), so CI needs no
PyPI package. The pages are served from a local HTTP server that sends a strict
Content-Security-Policy for the snippets, so an inline script would be caught.

What counts as an error: console.error / console.assert calls, uncaught exceptions,
and browser log entries of level "error" (failed loads, CSP violations), whose
source is our origin (http://127.0.0.1:PORT/) or unknown.

What is tolerated, and why (the ONLY tolerated messages):
  1. Failed network loads of URLs on other hosts. Apple's appleid.auth.js lives on
     appleid.cdn-apple.com, which CI cannot reach; Chromium is started with every
     host but 127.0.0.1 unresolvable, so the check behaves the same online and
     offline. Those loads fail with net::ERR_NAME_NOT_RESOLVED.
  2. A 404 for /favicon.ico: browsers ask for it on their own; our pages name none.
  3. In the run of snippet.html exactly as generated (placeholders not replaced by a
     server), the one console.error of siwa-init.js that says state and nonce are
     missing. That error is the feature under test there, so it is required, not
     just tolerated.
Warnings (e.g. siwa-init.js noting that Apple's library did not load) are printed
but never fail the check.
"""
import argparse
import base64
import functools
import http.server
import json
import os
import secrets
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

APPLE_SCRIPT_HOST = "appleid.cdn-apple.com"
PLACEHOLDERS = ("__SIWA_STATE__", "__SIWA_NONCE__")
SNIPPET_CSP = ("default-src 'none'; script-src 'self' https://appleid.cdn-apple.com; img-src 'self'; "
               "form-action https:; base-uri 'none'; frame-ancestors 'none'")


# ---------------------------------------------------------------- WebSocket (RFC 6455), client side only

class WebSocket:
    def __init__(self, url, timeout=30):
        parsed = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((parsed.hostname, parsed.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {parsed.path} HTTP/1.1\r\nHost: {parsed.hostname}:{parsed.port}\r\n"
                   f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                   f"Sec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("DevTools closed the connection during the handshake")
            response += chunk
        head, rest = response.split(b"\r\n\r\n", 1)
        self.buffer, self.partial = bytearray(rest), bytearray()
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError("WebSocket handshake refused: " + head.decode(errors="replace"))

    def _ensure(self, n):
        """Waits until the buffer holds n bytes. A timeout leaves it untouched, so a
        frame is only consumed once it is complete."""
        while len(self.buffer) < n:
            chunk = self.sock.recv(max(65536, n - len(self.buffer)))
            if not chunk:
                raise ConnectionError("DevTools closed the connection")
            self.buffer += chunk

    def send(self, text, opcode=1):
        payload = text.encode() if isinstance(text, str) else text
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def recv(self):
        """One text message (fragments joined); answers pings."""
        while True:
            self._ensure(2)
            b0, b1 = self.buffer[0], self.buffer[1]
            fin, opcode, n, pos = b0 & 0x80, b0 & 0x0F, b1 & 0x7F, 2
            if n == 126:
                self._ensure(4)
                n, pos = struct.unpack(">H", bytes(self.buffer[2:4]))[0], 4
            elif n == 127:
                self._ensure(10)
                n, pos = struct.unpack(">Q", bytes(self.buffer[2:10]))[0], 10
            mask = None
            if b1 & 0x80:
                self._ensure(pos + 4)
                mask, pos = bytes(self.buffer[pos:pos + 4]), pos + 4
            self._ensure(pos + n)
            payload = bytes(self.buffer[pos:pos + n])
            del self.buffer[:pos + n]
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 9:
                self.send(payload, opcode=10)
                continue
            if opcode == 8:
                raise ConnectionError("DevTools closed the WebSocket")
            self.partial += payload
            if fin:
                message, self.partial = bytes(self.partial), bytearray()
                return message.decode()


# ---------------------------------------------------------------- DevTools protocol

class Browser:
    def __init__(self, chromium, profile):
        self.profile = profile
        args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--mute-audio", "--remote-debugging-port=0",
                f"--user-data-dir={profile}",
                # Every host but ours unresolvable: same result with or without network.
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                "about:blank"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not (os.path.exists(port_file) and len(open(port_file).read().split("\n")) >= 2):
            if self.process.poll() is not None or time.time() > deadline:
                raise RuntimeError("Chromium did not start (no DevToolsActivePort)")
            time.sleep(0.1)
        port, path = open(port_file).read().split("\n")[:2]
        self.ws = WebSocket(f"ws://127.0.0.1:{port}{path}")
        self.next_id = 0
        self.events = []

    def call(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        deadline = time.time() + timeout
        while time.time() < deadline:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise TimeoutError(method)

    def pump(self, seconds):
        """Collects events for a while."""
        self.ws.sock.settimeout(0.1)
        end = time.time() + seconds
        try:
            while time.time() < end:
                try:
                    self.events.append(json.loads(self.ws.recv()))
                except (socket.timeout, TimeoutError):
                    pass
        finally:
            self.ws.sock.settimeout(30)

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Tab:
    """A fresh page with console, log, network and (optionally) request interception."""

    def __init__(self, browser, width=900, height=600, scale=1, dark=False, intercept=None):
        self.browser = browser
        self.target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.call("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        self.intercept = intercept or {}
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": False})
        self.call("Emulation.setEmulatedMedia",
                  {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        if self.intercept:
            self.call("Fetch.enable", {"patterns": [{"urlPattern": p} for p in self.intercept]})
        self.first_event = len(browser.events)

    def call(self, method, params=None, timeout=30):
        return self.browser.call(method, params, session=self.session, timeout=timeout)

    def mine(self):
        return [e for e in self.browser.events[self.first_event:] if e.get("sessionId") == self.session]

    def serve_intercepted(self):
        for event in self.mine():
            if event.get("method") == "Fetch.requestPaused" and not event.get("_done"):
                event["_done"] = True
                url = event["params"]["request"]["url"]
                body = next(body for pattern, body in self.intercept.items() if pattern.strip("*") in url)
                self.call("Fetch.fulfillRequest", {
                    "requestId": event["params"]["requestId"], "responseCode": 200,
                    "responseHeaders": [{"name": "Content-Type", "value": "text/javascript"}],
                    "body": base64.b64encode(body.encode()).decode()})

    def open(self, url, settle=0.7):
        self.call("Page.navigate", {"url": url})
        deadline = time.time() + 30
        while time.time() < deadline:
            self.serve_intercepted()
            if any(e.get("method") == "Page.loadEventFired" for e in self.mine()):
                break
            self.browser.pump(0.1)
        else:
            raise TimeoutError(f"{url} did not load")
        self.browser.pump(settle)
        self.serve_intercepted()

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluation failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path, full_page=False):
        params = {"format": "png"}
        if full_page:
            size = self.evaluate("[document.documentElement.scrollWidth, Math.min(document.documentElement.scrollHeight, 4000)]")
            params["clip"] = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}
            params["captureBeyondViewport"] = True
        data = self.call("Page.captureScreenshot", params)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def messages(self):
        """(level, text, url) of every console call, exception and log entry."""
        out = []
        for e in self.mine():
            method, p = e.get("method"), e.get("params", {})
            if method == "Runtime.consoleAPICalled":
                frames = (p.get("stackTrace") or {}).get("callFrames") or [{}]
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
                level = {"assert": "error"}.get(p["type"], p["type"])
                out.append((level, text, frames[0].get("url", "")))
            elif method == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                text = (d.get("exception") or {}).get("description") or d.get("text", "")
                out.append(("error", text, d.get("url", "")))
            elif method == "Log.entryAdded":
                entry = p["entry"]
                out.append((entry["level"], entry.get("text", ""), entry.get("url", "")))
        return out

    def close(self):
        self.browser.call("Target.closeTarget", {"targetId": self.target})


# ---------------------------------------------------------------- the checks

class Failures(list):
    def check(self, ok, what):
        print(("  ok    " if ok else "  FAIL  ") + what)
        if not ok:
            self.append(what)


def classify(messages, origin, expected_errors=()):
    """Splits errors into ours (failures) and tolerated ones; prints everything."""
    ours, seen_expected = [], set()
    for level, text, url in messages:
        print(f"    console {level}: {text[:160]!r} ({url or 'no url'})")
        if level != "error":
            continue
        host = urllib.parse.urlparse(url).hostname if url else None
        if url and not url.startswith(origin) and host not in (None, "127.0.0.1"):
            continue  # tolerated 1: other hosts (Apple's CDN) are unreachable on purpose
        if url.startswith(origin) and urllib.parse.urlparse(url).path == "/favicon.ico":
            continue  # tolerated 2: the browser's own favicon request
        match = next((x for x in expected_errors if x in text), None)
        if match:
            seen_expected.add(match)
            continue  # tolerated 3 (required): the fail-closed message of siwa-init.js
        ours.append(f"{level}: {text} ({url})")
    return ours, seen_expected


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def make_handler(root, fill_placeholders):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=root, **kwargs)

        def log_message(self, *args):
            pass

        def end_headers(self):
            if "snippet" in self.path:
                self.send_header("Content-Security-Policy", SNIPPET_CSP)
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def do_GET(self):
            # /served/snippet.html: what the site's server sends, with fresh values
            # in place of the placeholders (new ones on every request).
            if self.path.startswith("/served/"):
                name = self.path[len("/served/"):].split("?")[0]
                if not name.endswith(".html"):
                    self.path = "/" + name
                    return super().do_GET()
                text = open(os.path.join(root, name), encoding="utf-8").read()
                state, nonce = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
                fill_placeholders[name] = (state, nonce)
                text = text.replace(PLACEHOLDERS[0], state).replace(PLACEHOLDERS[1], nonce)
                body = text.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()
    return Handler


# A stand-in for Apple's appleid.auth.js, served instead of the unreachable CDN file in
# one run only: it records what siwa-init.js passes to AppleID.auth.init and stops the
# form post that the success handler makes, so both can be checked.
APPLE_STAND_IN = """
window.__siwa = { inits: [], posts: [] };
window.AppleID = { auth: { init: function (config) {
  var el = document.getElementById('appleid-signin');
  window.__siwa.inits.push({ config: config, dataset: el ? Object.assign({}, el.dataset) : null });
} } };
HTMLFormElement.prototype.submit = function () {
  var fields = {};
  Array.prototype.forEach.call(this.elements, function (e) { fields[e.name] = e.value; });
  window.__siwa.posts.push({ method: this.method, action: this.action, fields: fields });
};
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dist")
    ap.add_argument("screenshots")
    ap.add_argument("--client-id", required=True)
    ap.add_argument("--redirect-uri", required=True)
    ap.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = ap.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    shot = functools.partial(os.path.join, args.screenshots)

    served = {}
    server = Server(("127.0.0.1", 0), make_handler(os.path.abspath(args.dist), served))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}/"
    profile = tempfile.mkdtemp(prefix="siwa-chromium-")
    browser = Browser(args.chromium, profile)
    failures = Failures()
    try:
        # ---- index.html: every image loads, on light and dark panes
        print(f"index.html ({origin}index.html)")
        tab = Tab(browser, width=1280, height=900)
        tab.open(origin + "index.html")
        result = tab.evaluate("""(async () => {
            const imgs = Array.from(document.images);
            imgs.forEach(i => { i.loading = 'eager'; });
            await Promise.all(imgs.map(i => i.decode().catch(() => null)));
            return { count: imgs.length, broken: imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src),
                     dark: document.querySelectorAll('.pane.dark img').length };
        })()""")
        failures.check(result["count"] > 0 and result["dark"] * 2 == result["count"],
                       f"index.html shows {result['count']} images, half of them on the dark background")
        failures.check(not result["broken"], f"every gallery image loads (broken: {result['broken'][:5]})")
        tab.screenshot(shot("index.png"), full_page=True)
        ours, _ = classify(tab.messages(), origin)
        failures.check(not ours, f"index.html: no console errors from our files {ours}")
        tab.close()

        # ---- snippet-nojs.html: light at 1x, dark at 2x
        for dark, scale in ((False, 1), (True, 2)):
            name = "dark" if dark else "light"
            print(f"snippet-nojs.html ({name}, {scale}x)")
            tab = Tab(browser, width=480, height=160, scale=scale, dark=dark)
            tab.open(origin + "snippet-nojs.html")
            info = tab.evaluate("""(() => {
                const img = document.querySelector('a > picture > img');
                return img && { src: img.currentSrc, ok: img.complete && img.naturalWidth > 0,
                                w: img.width, h: img.height, alt: img.alt,
                                href: img.closest('a').href };
            })()""")
            failures.check(bool(info and info["ok"]), f"the button image loads ({info and info['src']})")
            want = ("/white/" if dark else "/black/") + f"en_US/button@{scale}x.png"
            failures.check(bool(info) and info["src"].endswith(want), f"picture picks {want} ({info and info['src']})")
            failures.check(bool(info) and info["alt"] == "Sign in with Apple", "alt text is the localised title")
            href = urllib.parse.urlparse(info["href"]) if info else None
            query = urllib.parse.parse_qs(href.query) if href else {}
            failures.check(bool(href) and f"{href.scheme}://{href.netloc}{href.path}" == "https://appleid.apple.com/auth/authorize",
                           "the link goes to Apple's /auth/authorize")
            failures.check(query.get("client_id") == [args.client_id] and query.get("redirect_uri") == [args.redirect_uri],
                           "client_id and redirect_uri arrive intact (escaping round-trips)")
            failures.check(query.get("state") == [PLACEHOLDERS[0]] and query.get("nonce") == [PLACEHOLDERS[1]],
                           "state and nonce are the server's placeholders, not values")
            tab.screenshot(shot(f"snippet-nojs-{name}.png"))
            ours, _ = classify(tab.messages(), origin)
            failures.check(not ours, f"snippet-nojs.html: no console errors from our files {ours}")
            tab.close()

        # ---- snippet.html as the site's server serves it (fresh state/nonce), Apple unreachable
        print("snippet.html, served with fresh state and nonce, Apple's library unreachable")
        tab = Tab(browser, width=480, height=160)
        tab.open(origin + "served/snippet.html")
        ours, _ = classify(tab.messages(), origin)
        failures.check(not ours, f"no console errors from our files {ours}")
        failures.check(any(l == "warning" and "appleid.auth.js is not loaded" in t for l, t, _ in tab.messages()),
                       "siwa-init.js ran and noticed that Apple's library is missing")
        tab.screenshot(shot("snippet-offline.png"))
        tab.close()

        # ---- snippet.html with a stand-in for Apple's library
        print("snippet.html, served with fresh state and nonce, with a stand-in for Apple's library")
        tab = Tab(browser, width=480, height=160, intercept={f"*{APPLE_SCRIPT_HOST}*": APPLE_STAND_IN})
        tab.open(origin + "served/snippet.html")
        state, nonce = served["snippet.html"]
        inits = tab.evaluate("window.__siwa && window.__siwa.inits") or []
        failures.check(len(inits) == 1, f"AppleID.auth.init called once ({len(inits)})")
        if inits:
            config, dataset = inits[0]["config"], inits[0]["dataset"]
            failures.check(config.get("clientId") == args.client_id, f"clientId is the configured one, as data ({config.get('clientId')!r})")
            failures.check(config.get("redirectURI") == args.redirect_uri, f"redirectURI intact ({config.get('redirectURI')!r})")
            failures.check(config.get("state") == state and config.get("nonce") == nonce,
                           "state and nonce come from the page the server sent")
            failures.check(config.get("usePopup") is True and config.get("scope") == "name email", "usePopup and scope")
            failures.check((dataset or {}).get("mode") == "center-align", f"the button element is there for Apple's library {dataset}")
        tab.evaluate(f"""document.dispatchEvent(new CustomEvent('AppleIDSignInOnSuccess', {{ detail: {{
            authorization: {{ code: 'c0de', id_token: 'eyJ.x.y', state: {json.dumps(state)} }},
            user: {{ email: 'a@example.com' }} }} }})); true""")
        tab.evaluate("""document.dispatchEvent(new CustomEvent('AppleIDSignInOnFailure',
            { detail: { error: 'popup_closed_by_user' } })); true""")
        tab.browser.pump(0.3)
        posts = tab.evaluate("window.__siwa.posts") or []
        # form.action reads back as the browser's parse of the URL (' becomes %27, as
        # it would be sent): compare with the same parse of the configured URI.
        action = tab.evaluate(f"new URL({json.dumps(args.redirect_uri)}).href")
        failures.check(len(posts) == 1 and posts[0]["action"] == action and posts[0]["method"] == "post"
                       and posts[0]["fields"].get("code") == "c0de" and posts[0]["fields"].get("state") == state
                       and json.loads(posts[0]["fields"].get("user", "{}")).get("email") == "a@example.com",
                       f"the popup answer is posted to the redirect URI as Apple's form_post ({posts})")
        ours, _ = classify(tab.messages(), origin)
        failures.check(not ours, f"no console errors from our files {ours}")
        tab.screenshot(shot("snippet-stand-in.png"))
        tab.close()

        # ---- snippet.html exactly as generated: placeholders still there -> refuses to start
        print("snippet.html as generated (placeholders not replaced)")
        tab = Tab(browser, width=480, height=160, intercept={f"*{APPLE_SCRIPT_HOST}*": APPLE_STAND_IN})
        tab.open(origin + "snippet.html")
        required = "must hold fresh values"
        ours, seen = classify(tab.messages(), origin, expected_errors=(required,))
        failures.check(required in seen, "siwa-init.js refuses to start without fresh state and nonce")
        failures.check(not ours, f"no other console errors from our files {ours}")
        failures.check((tab.evaluate("window.__siwa.inits.length")) == 0, "AppleID.auth.init is not called")
        tab.close()
    finally:
        browser.close()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)

    print(f"screenshots: {args.screenshots}")
    if failures:
        print(f"{len(failures)} check(s) failed:")
        for f in failures:
            print(f"  - {f}")
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(main())
