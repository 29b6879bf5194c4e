"""The example site the front-end checks (check_element.py, check_snippets.py) run
against, and how they act in it as a person would.

`Site` generates sets with `BINARY generate` (centred, and left-aligned if asked), starts
`BINARY serve` (the element at /element/1/, the images at /appleid/button) and a local
page server, behind harness.pages.TLSRelay as https://siwa-example.test (Apple redirects
only to https), that sends the README's CSP recipe on every page, relays /element/ and
/appleid/ to the service (so images are 'self'), serves e2e/pages/ at /e2e/,
Examples/web/ at /examples/, the sets at /set/ and /left/, a session endpoint (/session
and siwa-signin.js's default /auth/apple/session: fresh {state, nonce}; /session-junk,
-500, -hang, -huge, -missing, -extra: answers the element must refuse, or take) and a
redirect URI (/callback, and the examples' /auth/apple/callback: shows what was posted).
Then the one headless Chromium, with the stand-ins for Apple's script and sign-in page
(harness.pages.apple_stand_ins). `run_checks` runs a check file's named checks in it.

The helpers: `wait` for a script's answer, `key` presses as a person does, `sign_ins`
(what reached Apple's authorize URL), `nothing_red` (the console and CSP, strictly),
`element_files` (the element's files, as public/element/1/ holds them).
"""

import argparse
import http.server
import json
import os
import re
import secrets
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.parse

from cryptography.hazmat.primitives.asymmetric import rsa
from selenium.common.exceptions import WebDriverException

from harness import ROOT, http_get
from harness.browser import Browser
from harness.pages import APPLE_AUTHORIZE, EXAMPLE_ORIGIN, RECIPE, Server, TLSRelay, apple_stand_ins, check_clean, read_file
from harness.service import Service

# The editor and the element, as the service serves them.
PUBLIC = os.path.join(ROOT, "public")
# A state or nonce the server made (not a placeholder, not a fixed test value).
FRESH = re.compile(r"^[A-Za-z0-9_-]{16,}$")
# The modes of the sets `Site` can generate, by the folder it serves each at.
SETS = {"set": "center", "left": "left"}


# ---------------------------------------------------------------- the site


def page_handler(service_port, folders, posted):
    """Pages with the CSP recipe; /element/ and /appleid/ relayed to the service."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def send(self, status, body, kind):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            if kind.startswith("text/html"):
                self.send_header("Content-Security-Policy", RECIPE)
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            path = urllib.parse.urlparse(self.path).path
            if path.startswith(("/element/", "/appleid/")):
                status, headers, body = http_get(f"http://127.0.0.1:{service_port}{self.path}")
                return self.send(status, body, headers.get("Content-Type", "application/octet-stream"))
            for prefix, folder in folders.items():
                found = read_file(folder, path[len(prefix) :]) if path.startswith(prefix) else None
                if found:
                    return self.send(200, *found)
            self.send(404, b"not found", "text/plain")

        def do_POST(self):
            path = urllib.parse.urlparse(self.path).path
            length = int(self.headers.get("Content-Length") or 0)
            data = self.rfile.read(length) if length else b""
            if path in ("/session", "/auth/apple/session"):  # the latter: siwa-signin.js's default
                body = json.dumps({"state": secrets.token_urlsafe(32), "nonce": secrets.token_urlsafe(32)}).encode()
                posted.append(("session", json.loads(body)))
                return self.send(200, body, "application/json")
            if path == "/session-junk":
                return self.send(200, b"<html>login first</html>", "text/html; charset=utf-8")
            # The session answers the element must refuse (and one it must take).
            fresh = {"state": secrets.token_urlsafe(32), "nonce": secrets.token_urlsafe(32)}
            if path == "/session-500":
                return self.send(500, b'{"error": "down"}', "application/json")
            if path == "/session-hang":
                time.sleep(14)
                return self.send(200, json.dumps(fresh).encode(), "application/json")
            if path == "/session-huge":
                return self.send(200, json.dumps({**fresh, "pad": "x" * 200000}).encode(), "application/json")
            if path == "/session-missing":
                return self.send(200, json.dumps({"state": fresh["state"]}).encode(), "application/json")
            if path == "/session-extra":
                posted.append(("session", fresh))
                return self.send(200, json.dumps({**fresh, "expires": 300, "user": None}).encode(), "application/json")
            if path in ("/callback", "/auth/apple/callback"):  # the latter: the examples' redirect URI
                fields = {k: v[0] for k, v in urllib.parse.parse_qs(data.decode()).items()}
                posted.append(("callback", fields))
                page = "<!DOCTYPE html><title>callback</title><pre id=posted>{}</pre>".format(
                    json.dumps(fields).replace("<", "&lt;")
                )
                return self.send(200, page.encode(), "text/html; charset=utf-8")
            self.send(404, b"not found", "text/plain")

    return Handler


def generate(binary, out, mode, origin):
    """A set as a site generates it: one en_US sign-in button at 210x40, PNG, popup sign-in
    with the site's client id and redirect URI."""
    subprocess.run(
        [
            binary,
            "generate",
            "--out",
            out,
            "--modes",
            mode,
            "--locales",
            "en_US",
            "--types",
            "sign-in",
            "--formats",
            "png",
            "--sizes",
            "210x40",
            "--client-id",
            "com.example.web",
            "--redirect-uri",
            origin + "callback",
            "--use-popup",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )


class Site:
    """https://siwa-example.test/ (the module docstring says what it serves) and the
    browser that opens it. `start` may fail half way: `stop` ends whatever started."""

    def __init__(self, binary, chromedriver, sets=("set",)):
        self.binary, self.chromedriver, self.sets = binary, chromedriver, sets
        self.origin = EXAMPLE_ORIGIN + "/"
        self.work = tempfile.mkdtemp(prefix="siwa-front-ends-")
        self.set_dir, self.left_dir = os.path.join(self.work, "set"), os.path.join(self.work, "left")
        self.posted = []  # what the session endpoint and the redirect URI saw
        self.service = self.pages = self.relay = self.browser = None

    def start(self):
        folders = {
            "/e2e/pages/": os.path.join(ROOT, "e2e/pages"),
            "/e2e/": os.path.join(ROOT, "e2e/pages"),
            "/examples/": os.path.join(ROOT, "Examples/web"),
        }
        for name in self.sets:
            out = os.path.join(self.work, name)
            generate(self.binary, out, SETS[name], self.origin)
            folders[f"/{name}/"] = out
        self.service = Service(self.binary, public=PUBLIC)
        self.pages = Server(("127.0.0.1", 0), page_handler(self.service.port, folders, self.posted))
        threading.Thread(target=self.pages.serve_forever, daemon=True).start()
        self.relay = TLSRelay()
        self.relay.target = self.pages.server_address[1]
        signing_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.browser = Browser(
            self.chromedriver, tls_port=self.relay.port, stand_ins=apple_stand_ins(signing_key), page_load="none"
        )
        return self

    def stop(self):
        if self.browser:
            self.browser.quit()
        if self.service:
            self.service.stop()
        if self.pages:
            self.pages.shutdown()
        if self.relay:
            self.relay.stop()
        shutil.rmtree(self.work, ignore_errors=True)


def arguments(name):
    """The command line every front-end check takes; screenshots in a temporary folder
    named after `name` unless given."""
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    ap.add_argument("--screenshots", default=os.path.join(tempfile.gettempdir(), f"siwa-{name}"))
    ap.add_argument("--only", help="run only the checks whose name contains this")
    args = ap.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    return args


def run_checks(checks, only, browser, failures):
    """Runs each of `checks` (name: function) whose name contains `only` (all without),
    after closing any popup left over; an exception ends that check only. Returns the
    seconds each took."""
    timings = {}
    for name, check in checks.items():
        if only and only not in name:
            continue
        started = time.monotonic()
        try:
            browser.close_popups()
            check()
        except (WebDriverException, RuntimeError, TypeError, KeyError, IndexError) as error:
            failures.stopped(error, "the check stopped")
        timings[name] = time.monotonic() - started
    return timings


def took(timings):
    """The line that says how long each check took."""
    return "took: " + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in timings.items())


# ---------------------------------------------------------------- in the pages


def wait(browser, script, timeout=10, *args):
    """The script's first truthy answer within `timeout` s, else None."""
    return browser.until(lambda: browser.js(script, *args), timeout, poll=0.1)


def sign_ins(browser):
    """Every request that reached the stand-in's authorize URL, and every signIn() it saw."""
    record = browser.js("return window.__siwa ? window.__siwa.signIns : []") or []
    served = [u for u in browser.stand_in_served if u.startswith(APPLE_AUTHORIZE)]
    return record, served


def key(browser, name):
    """A real key press and release (trusted events) on the focused element."""
    code, vk, text = {"Enter": ("Enter", 13, "\r"), " ": ("Space", 32, " ")}[name]
    for kind in ("keyDown", "keyUp"):
        browser.cdp(
            "Input.dispatchKeyEvent",
            {"type": kind, "key": name, "code": code, "windowsVirtualKeyCode": vk, "text": text if kind == "keyDown" else ""},
        )


def nothing_red(browser, origin, failures, what, expected=()):
    """Checks `what`: no console error or CSP violation but the `expected` ones (each must
    occur). ChromeDriver's own BiDi request interception may log one, when the stand-in's
    popup closes itself while its request is still being answered: no page's script, no URL."""
    return check_clean(failures, browser, origin, what, expected, strict=True, ignore=("Invalid InterceptionId",))


def element_files():
    """Every file of public/element/1/ (the module, its declarations, core/**), as paths
    relative to it, sorted."""
    folder = os.path.join(PUBLIC, "element/1")
    found = []
    for at, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found += [os.path.relpath(os.path.join(at, f), folder) for f in files if not f.startswith(".")]
    return sorted(found)
