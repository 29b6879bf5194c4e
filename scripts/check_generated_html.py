#!/usr/bin/env python3
"""Opens the generated index.html, snippet.html and snippet-nojs.html in headless
Chromium and fails on console errors from our own files.

Usage: check_generated_html.py DIST SCREENSHOTS --client-id ID --redirect-uri URL
                               [--chromedriver PATH] [--chromium PATH]

Drives Debian's `chromium` through `chromedriver` with Selenium, as
scripts/check_editor.py does (scripts/setup.sh installs all three). The pages are
served from a local HTTP server (Python standard library) that sends a strict
Content-Security-Policy for the snippets, so an inline script would be caught.

What counts as an error, per page: browser log entries of level SEVERE (Selenium's
goog:loggingPrefs log: console.error / console.assert calls, uncaught exceptions,
failed loads, CSP violations) whose source is our origin (http://127.0.0.1:PORT/) or
unknown; CSP violations the page reports (securitypolicyviolation events); requests to
our origin answered 4xx/5xx (resource timing).

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

Two runs load a stand-in for Apple's library instead of the unreachable CDN file.
It is served by intercepting the request with Selenium's WebDriver BiDi network
handler (driver.network.add_request_handler), so the page, its script URL and its
CSP stay exactly as generated. ChromeDriver does not answer BiDi commands while a
classic navigation command waits for the page load, so the session uses the "none"
page load strategy and `Browser.open` waits for the load itself.
"""
import argparse
import base64
import functools
import http.server
import json
import os
import re
import secrets
import shutil
import signal
import sys
import threading
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

APPLE_SCRIPT_HOST = "appleid.cdn-apple.com"
PLACEHOLDERS = ("__SIWA_STATE__", "__SIWA_NONCE__")
SNIPPET_CSP = ("default-src 'none'; script-src 'self' https://appleid.cdn-apple.com; img-src 'self'; "
               "form-action https:; base-uri 'none'; frame-ancestors 'none'")
# ChromeDriver's log levels, named as the console names them.
LEVELS = {"SEVERE": "error", "WARNING": "warning", "INFO": "info", "DEBUG": "debug"}
# Seen by every page before its own scripts: what the CSP blocked, per the page itself.
CSP_RECORDER = """
performance.setResourceTimingBufferSize(100000);
window.__siwaCheck = { csp: [] };
document.addEventListener('securitypolicyviolation', function (e) {
  window.__siwaCheck.csp.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') +
                              ' (' + e.sourceFile + ':' + e.lineNumber + ')');
});
"""

# A stand-in for Apple's appleid.auth.js, served instead of the unreachable CDN file in
# two runs: it records what siwa-init.js passes to AppleID.auth.init and stops the
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


# ---------------------------------------------------------------- the browser

class Browser:
    """One headless Chromium; `open` gives each page a fresh document, viewport,
    colour scheme and console log."""

    def __init__(self, chromedriver, chromium=None):
        options = webdriver.ChromeOptions()
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--mute-audio",
                    # Every host but ours unresolvable: same result with or without network.
                    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
            options.add_argument(arg)
        if chromium:
            options.binary_location = chromium
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        options.enable_bidi = True           # for the stand-in's request handler
        options.page_load_strategy = "none"  # see the module docstring; open() waits
        self.driver = webdriver.Chrome(service=Service(chromedriver), options=options)
        self.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_RECORDER})
        self.stand_in_handler = None
        self.stand_in_served = []
        self.log = []

    def cdp(self, method, params=None):
        return self.driver.execute_cdp_cmd(method, params or {})

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def _wait_loaded(self, url, timeout=30):
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
                lambda _: self.js("return [location.href, document.readyState]") == [url, "complete"])
        except TimeoutException:
            raise TimeoutException(f"{url} did not load within {timeout} s") from None

    def open(self, url, width, height, scale=1, dark=False, stand_in=False, settle=0.7):
        # A new document on a blank page first, so nothing of the previous page is
        # left in the log (which get_log empties) when this one starts.
        self.driver.get("about:blank")
        self._wait_loaded("about:blank")
        self.driver.get_log("browser")
        self.log = []
        self.cdp("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": False})
        self.cdp("Emulation.setEmulatedMedia",
                 {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        self.use_stand_in(stand_in)
        self.driver.get(url)
        self._wait_loaded(url)
        time.sleep(settle)  # late errors (timers, decoding) still count

    def use_stand_in(self, on):
        if on and self.stand_in_handler is None:
            def serve(request):
                self.stand_in_served.append(request.url)
                request.provide_response(status=200, headers={"Content-Type": "text/javascript"},
                                         body=APPLE_STAND_IN)
            self.stand_in_handler = self.driver.network.add_request_handler(
                [f"https://{APPLE_SCRIPT_HOST}/**"], serve)
        elif not on and self.stand_in_handler is not None:
            self.driver.network.remove_request_handler(self.stand_in_handler)
            self.stand_in_handler = None
        self.stand_in_served = []

    def messages(self):
        """(level, text, url) of every browser log entry of the current page so far.
        ChromeDriver writes "URL LINE:COL TEXT" (console, exceptions), "URL LINE TEXT"
        (CSP) or "URL - TEXT" (network); anything else has no known source."""
        self.log += self.driver.get_log("browser")
        out = []
        for entry in self.log:
            message = entry["message"]
            match = re.match(r"(\S+) (?:- |\d+(?::\d+)? )?(.*)\Z", message, re.S)
            url, text = (match.group(1), match.group(2)) if match else ("", message)
            if not re.match(r"[a-z][a-z0-9+.-]*:", url):  # e.g. "console-api 12:3 ...": no URL
                url, text = "", message
            elif entry.get("source") == "console-api":
                text = console_args(text)
            out.append((LEVELS.get(entry["level"], entry["level"].lower()), text, url))
        return out

    def page_problems(self, origin):
        """CSP violations the page saw, and requests to our origin answered 4xx/5xx
        (but the browser's own /favicon.ico: tolerated 2)."""
        violations = self.js("return (window.__siwaCheck || {csp: []}).csp")
        failed = self.js("""return performance.getEntriesByType('resource')
            .filter(e => e.name.startsWith(arguments[0]) && e.responseStatus >= 400
                         && new URL(e.name).pathname !== '/favicon.ico')
            .map(e => e.responseStatus + ' ' + e.name);""", origin)
        return [f"CSP violation: {v}" for v in violations] + [f"failed request: {f}" for f in failed]

    def screenshot(self, path, full_page=False):
        params = {"format": "png"}
        if full_page:
            size = self.js("return [document.documentElement.scrollWidth,"
                           " Math.min(document.documentElement.scrollHeight, 4000)]")
            params["clip"] = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}
            params["captureBeyondViewport"] = True
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.cdp("Page.captureScreenshot", params)["data"]))

    def quit(self):
        self.driver.quit()


def console_args(text):
    """ChromeDriver writes a console call's arguments as JSON values, one space apart:
    back to the text the console shows (unchanged if it does not parse)."""
    decoder, values, pos = json.JSONDecoder(), [], 0
    try:
        while pos < len(text):
            value, pos = decoder.raw_decode(text, pos)
            values.append(value if isinstance(value, str) else json.dumps(value))
            while pos < len(text) and text[pos] == " ":
                pos += 1
    except ValueError:
        return text
    return " ".join(values)


# ---------------------------------------------------------------- the checks

class Failures(list):
    """The failed checks, each named with the page run it belongs to."""
    run = "setup"

    def start(self, run):
        self.run = run
        print(run)

    def check(self, ok, what):
        print(("  ok    " if ok else "  FAIL  ") + what)
        if not ok:
            self.append(f"[{self.run}] {what}")


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


def our_errors(browser, origin, expected_errors=()):
    """Console errors from our files, CSP violations and failed loads of the page."""
    ours, seen = classify(browser.messages(), origin, expected_errors)
    return ours + browser.page_problems(origin), seen


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


def run_checks(browser, origin, served, args, shot, failures):
    # ---- the harness itself: the snippet pages carry the strict CSP
    failures.start("the local server")
    for path in ("snippet.html", "served/snippet.html", "snippet-nojs.html"):
        with urllib.request.urlopen(origin + path, timeout=20) as response:
            policy = response.headers.get("Content-Security-Policy")
        failures.check(policy == SNIPPET_CSP, f"{path} is served with the strict CSP ({policy!r})")

    # ---- index.html: every image loads, on light and dark panes
    failures.start(f"index.html ({origin}index.html)")
    browser.open(origin + "index.html", width=1280, height=900)
    result = browser.js("""return (async () => {
        const imgs = Array.from(document.images);
        imgs.forEach(i => { i.loading = 'eager'; });
        await Promise.all(imgs.map(i => i.decode().catch(() => null)));
        return { count: imgs.length, broken: imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src),
                 dark: document.querySelectorAll('.pane.dark img').length };
    })()""")
    failures.check(result["count"] > 0 and result["dark"] * 2 == result["count"],
                   f"index.html shows {result['count']} images, half of them on the dark background")
    failures.check(not result["broken"], f"every gallery image loads (broken: {result['broken'][:5]})")
    browser.screenshot(shot("index.png"), full_page=True)
    ours, _ = our_errors(browser, origin)
    failures.check(not ours, f"index.html: no console errors, CSP violations or failed loads from our files {ours}")

    # ---- snippet-nojs.html: light at 1x, dark at 2x
    for dark, scale in ((False, 1), (True, 2)):
        name = "dark" if dark else "light"
        failures.start(f"snippet-nojs.html ({name}, {scale}x)")
        browser.open(origin + "snippet-nojs.html", width=480, height=160, scale=scale, dark=dark)
        info = browser.js("""const img = document.querySelector('a > picture > img');
            return img && { src: img.currentSrc, ok: img.complete && img.naturalWidth > 0,
                            w: img.width, h: img.height, alt: img.alt,
                            href: img.closest('a').href };""")
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
        browser.screenshot(shot(f"snippet-nojs-{name}.png"))
        ours, _ = our_errors(browser, origin)
        failures.check(not ours, f"snippet-nojs.html: no console errors, CSP violations or failed loads from our files {ours}")

    # ---- snippet.html as the site's server serves it (fresh state/nonce), Apple unreachable
    failures.start("snippet.html, served with fresh state and nonce, Apple's library unreachable")
    browser.open(origin + "served/snippet.html", width=480, height=160)
    ours, _ = our_errors(browser, origin)
    failures.check(not ours, f"no console errors, CSP violations or failed loads from our files {ours}")
    failures.check(any(l == "warning" and "appleid.auth.js is not loaded" in t for l, t, _ in browser.messages()),
                   "siwa-init.js ran and noticed that Apple's library is missing")
    browser.screenshot(shot("snippet-offline.png"))

    # ---- snippet.html with a stand-in for Apple's library
    failures.start("snippet.html, served with fresh state and nonce, with a stand-in for Apple's library")
    browser.open(origin + "served/snippet.html", width=480, height=160, stand_in=True)
    failures.check(len(browser.stand_in_served) == 1, f"the stand-in answered Apple's script URL {browser.stand_in_served}")
    state, nonce = served["snippet.html"]
    inits = browser.js("return window.__siwa && window.__siwa.inits") or []
    failures.check(len(inits) == 1, f"AppleID.auth.init called once ({len(inits)})")
    if inits:
        config, dataset = inits[0]["config"], inits[0]["dataset"]
        failures.check(config.get("clientId") == args.client_id, f"clientId is the configured one, as data ({config.get('clientId')!r})")
        failures.check(config.get("redirectURI") == args.redirect_uri, f"redirectURI intact ({config.get('redirectURI')!r})")
        failures.check(config.get("state") == state and config.get("nonce") == nonce,
                       "state and nonce come from the page the server sent")
        failures.check(config.get("usePopup") is True and config.get("scope") == "name email", "usePopup and scope")
        failures.check((dataset or {}).get("mode") == "center-align", f"the button element is there for Apple's library {dataset}")
    browser.js("""document.dispatchEvent(new CustomEvent('AppleIDSignInOnSuccess', { detail: {
        authorization: { code: 'c0de', id_token: 'eyJ.x.y', state: arguments[0] },
        user: { email: 'a@example.com' } } }));""", state)
    browser.js("""document.dispatchEvent(new CustomEvent('AppleIDSignInOnFailure',
        { detail: { error: 'popup_closed_by_user' } }));""")
    time.sleep(0.3)
    posts = browser.js("return window.__siwa.posts") or []
    # form.action reads back as the browser's parse of the URL (' becomes %27, as
    # it would be sent): compare with the same parse of the configured URI.
    action = browser.js("return new URL(arguments[0]).href", args.redirect_uri)
    failures.check(len(posts) == 1 and posts[0]["action"] == action and posts[0]["method"] == "post"
                   and posts[0]["fields"].get("code") == "c0de" and posts[0]["fields"].get("state") == state
                   and json_email(posts[0]["fields"].get("user", "{}")) == "a@example.com",
                   f"the popup answer is posted to the redirect URI as Apple's form_post ({posts})")
    ours, _ = our_errors(browser, origin)
    failures.check(not ours, f"no console errors, CSP violations or failed loads from our files {ours}")
    browser.screenshot(shot("snippet-stand-in.png"))

    # ---- snippet.html exactly as generated: placeholders still there -> refuses to start
    failures.start("snippet.html as generated (placeholders not replaced)")
    browser.open(origin + "snippet.html", width=480, height=160, stand_in=True)
    required = "must hold fresh values"
    ours, seen = our_errors(browser, origin, expected_errors=(required,))
    failures.check(required in seen, "siwa-init.js refuses to start without fresh state and nonce")
    failures.check(not ours, f"no other console errors, CSP violations or failed loads from our files {ours}")
    failures.check(len(browser.stand_in_served) == 1, f"the stand-in answered Apple's script URL {browser.stand_in_served}")
    failures.check(browser.js("return window.__siwa.inits.length") == 0, "AppleID.auth.init is not called")
    browser.use_stand_in(False)


def json_email(text):
    """The email in the posted `user` field (JSON), or None."""
    try:
        return json.loads(text).get("email")
    except (ValueError, AttributeError):
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dist")
    ap.add_argument("screenshots")
    ap.add_argument("--client-id", required=True)
    ap.add_argument("--redirect-uri", required=True)
    ap.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    ap.add_argument("--chromium", help="the browser binary (default: the one chromedriver finds)")
    args = ap.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    shot = functools.partial(os.path.join, args.screenshots)

    served = {}
    server = Server(("127.0.0.1", 0), make_handler(os.path.abspath(args.dist), served))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}/"
    failures = Failures()
    browser = None
    try:
        browser = Browser(args.chromedriver, args.chromium)
        run_checks(browser, origin, served, args, shot, failures)
    except WebDriverException as error:  # includes timeouts: the run could not finish
        failures.check(False, f"the browser run stopped: {(error.msg or repr(error)).strip()}")
    finally:
        if browser:
            browser.quit()
        server.shutdown()

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
