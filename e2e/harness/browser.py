"""Headless Chromium through chromedriver with WebDriver BiDi, for the checks of pages
(check_generated_pages.py, check_front_ends.py): `Browser`."""

import base64
import json
import re
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from harness import CHROMIUM_ARGUMENTS, OFFLINE_RESOLVER
from harness.pages import APPLE_AUTHORIZE, APPLE_SCRIPT_HOST, apple_script, apple_signin_page

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


class Browser:
    """One headless Chromium; `open` gives each page a fresh document, viewport,
    colour scheme and console log."""

    def __init__(self, chromedriver, chromium=None, tls_port=None, signing_key=None):
        self.signing_key = signing_key  # Apple's stand-in signs id_tokens with it
        options = webdriver.ChromeOptions()
        for arg in CHROMIUM_ARGUMENTS + (
            # The TLS relay's self-signed certificate for siwa-example.test.
            "--ignore-certificate-errors",
            # Every host but ours unresolvable: same result with or without network;
            # https://siwa-example.test is the TLS relay in front of the example server.
            f"--host-resolver-rules=MAP siwa-example.test:443 127.0.0.1:{tls_port}, {OFFLINE_RESOLVER}",
        ):
            options.add_argument(arg)
        if chromium:
            options.binary_location = chromium
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        options.enable_bidi = True  # for the stand-in's request handler
        options.page_load_strategy = "none"  # see the module docstring; open() waits
        self.driver = webdriver.Chrome(service=Service(chromedriver), options=options)
        self.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_RECORDER})
        self.stand_in_handlers = []
        self.stand_in_served = []
        self.log = []

    def cdp(self, method, params=None):
        return self.driver.execute_cdp_cmd(method, params or {})

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def _wait_loaded(self, url, timeout=30):
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
                lambda _: self.js("return [location.href, document.readyState]") == [url, "complete"]
            )
        except TimeoutException:
            raise TimeoutException(f"{url} did not load within {timeout} s") from None

    def open(self, url, width, height, scale=1, dark=False, stand_in=False, settle=0.7):
        # A new document on a blank page first, so nothing of the previous page is
        # left in the log (which get_log empties) when this one starts.
        self.driver.get("about:blank")
        self._wait_loaded("about:blank")
        self.driver.get_log("browser")
        self.log = []
        self.cdp(
            "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": False}
        )
        self.cdp(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]}
        )
        self.use_stand_in(stand_in)
        self.driver.get(url)
        self._wait_loaded(url)
        time.sleep(settle)  # late errors (timers, decoding) still count

    def use_stand_in(self, on):
        """Serves the stand-ins for Apple's script and sign-in page (or lets their loads fail)."""
        if self.stand_in_handlers:
            for handler in self.stand_in_handlers:
                self.driver.network.remove_request_handler(handler)
            self.stand_in_handlers = []
        self.stand_in_served = []
        if not on:
            return
        script = apple_script()

        def serve_script(request):
            self.stand_in_served.append(request.url)
            request.provide_response(status=200, headers={"Content-Type": "text/javascript"}, body=script)

        def serve_signin(request):
            self.stand_in_served.append(request.url)
            request.provide_response(
                status=200,
                headers={"Content-Type": "text/html; charset=utf-8"},
                body=apple_signin_page(request.url, self.signing_key),
            )

        self.stand_in_handlers = [
            self.driver.network.add_request_handler([f"https://{APPLE_SCRIPT_HOST}/**"], serve_script),
            self.driver.network.add_request_handler([APPLE_AUTHORIZE + "*"], serve_signin),
        ]

    def messages(self):
        """(level, text, url) of every browser log entry of the current page so far.
        ChromeDriver writes "URL LINE:COL TEXT" (console, exceptions), "URL LINE TEXT"
        (CSP) or "URL - TEXT" (network); anything else has no known source."""
        self.log += self.driver.get_log("browser")
        out = []
        for entry in self.log:
            message = entry["message"]
            match = re.match(r"(\S+) (?:- |\d+(?::\d+)? )?(.*)\Z", message, re.DOTALL)
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
        failed = self.js(
            """return performance.getEntriesByType('resource')
            .filter(e => e.name.startsWith(arguments[0]) && e.responseStatus >= 400
                         && new URL(e.name).pathname !== '/favicon.ico')
            .map(e => e.responseStatus + ' ' + e.name);""",
            origin,
        )
        return [f"CSP violation: {v}" for v in violations] + [f"failed request: {f}" for f in failed]

    def screenshot(self, path, full_page=False):
        params = {"format": "png"}
        if full_page:
            size = self.js("return [document.documentElement.scrollWidth, Math.min(document.documentElement.scrollHeight, 4000)]")
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
