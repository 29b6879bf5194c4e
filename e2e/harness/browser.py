"""The one headless Chromium of the checks: `Browser`, through chromedriver, with every
host but 127.0.0.1 unresolvable, the console log kept and the page's CSP violations
recorded. What differs between the checks is an option: a window size, a TLS relay's
port for https://siwa-example.test, stand-ins answering requests to other hosts (through
WebDriver BiDi), the page-load strategy, the clipboard for an origin, the requests the
page sent (`network_log`)."""

import base64
import json
import re
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from harness import CHROMIUM_ARGUMENTS, OFFLINE_RESOLVER

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
    """One headless Chromium. `window`: its size (and the viewport's), else Chromium's.
    `tls_port`: https://siwa-example.test is 127.0.0.1 at this port, its self-signed
    certificate accepted. `stand_ins`: {URL pattern: answer(url) -> (content type, body)},
    served instead of the network while `open(stand_in=True)`'s page is shown.
    `page_load`: WebDriver's page-load strategy ("none": `open` waits itself).
    `clipboard_origin`: the page at this origin may read and write the clipboard.
    `network_log`: every request the browser sends is kept (`requests`), those of other
    hosts too (unresolvable, or answered by a stand-in)."""

    def __init__(
        self,
        chromedriver,
        chromium=None,
        window=None,
        tls_port=None,
        stand_ins=None,
        page_load="normal",
        clipboard_origin=None,
        network_log=False,
    ):
        resolver = OFFLINE_RESOLVER
        arguments = list(CHROMIUM_ARGUMENTS)
        if window:
            arguments.append(f"--window-size={window[0]},{window[1]}")
        if tls_port:
            arguments.append("--ignore-certificate-errors")
            resolver = f"MAP siwa-example.test:443 127.0.0.1:{tls_port}, {OFFLINE_RESOLVER}"
        arguments.append(f"--host-resolver-rules={resolver}")
        options = webdriver.ChromeOptions()
        for argument in arguments:
            options.add_argument(argument)
        if chromium:
            options.binary_location = chromium
        logs = {"browser": "ALL", "performance": "ALL"} if network_log else {"browser": "ALL"}
        options.set_capability("goog:loggingPrefs", logs)
        if network_log:
            options.add_experimental_option("perfLoggingPrefs", {"enableNetwork": True, "enablePage": False})
        options.enable_bidi = bool(stand_ins)  # for the stand-ins' request handlers
        options.page_load_strategy = page_load
        self.driver = webdriver.Chrome(service=Service(chromedriver), options=options)
        self.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_RECORDER})
        if clipboard_origin:
            self.cdp(
                "Browser.grantPermissions",
                {"origin": clipboard_origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
            )
        if window:
            self.viewport(*window)
        self.stand_ins = stand_ins or {}
        self.stand_in_handlers = []
        self.stand_in_served = []
        self.log = []
        self.network_log = network_log
        self.sent = []

    def cdp(self, method, params=None):
        return self.driver.execute_cdp_cmd(method, params or {})

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def viewport(self, width, height, scale=1, mobile=False):
        self.cdp(
            "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile}
        )

    def emulate(self, dark=False, forced=False):
        """The colour scheme the page sees, and forced colours."""
        features = [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]
        if forced:
            features.append({"name": "forced-colors", "value": "active"})
        self.cdp("Emulation.setEmulatedMedia", {"features": features})

    def until(self, condition, timeout=10, poll=0.05):
        """`condition()`'s first truthy answer within `timeout` s, else None."""
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=poll).until(lambda _: condition())
        except TimeoutException:
            return None

    def _wait_loaded(self, url=None, timeout=30):
        """document.readyState "complete" (at `url`, if given: not the previous page's)."""
        if not self.until(
            lambda: (
                self.js("return document.readyState") == "complete"
                if url is None
                else self.js("return [location.href, document.readyState]") == [url, "complete"]
            ),
            timeout,
        ):
            raise TimeoutException(f"{url or 'the page'} did not load within {timeout} s")

    def open(
        self,
        url,
        width=None,
        height=None,
        scale=1,
        dark=False,
        forced=False,
        stand_in=False,
        settle=0.7,
        keep_log=False,
        moves=False,
    ):
        """`url` as a new document, from a blank page; the viewport (if `width`), colour
        scheme and stand-ins set first. The console log starts anew unless `keep_log`.
        Waits for the load (whatever the URL then is if the page `moves` it), then `settle` s:
        late errors (timers, decoding) still count."""
        self.driver.get("about:blank")
        self._wait_loaded("about:blank")
        if keep_log:
            self.console()
            self.requests()
        else:
            self.driver.get_log("browser")
            self.log = []
            self.forget_requests()
        if width:
            self.viewport(width, height, scale)
        self.emulate(dark, forced)
        self.use_stand_in(stand_in)
        self.driver.get(url)
        self._wait_loaded(None if moves else url)
        time.sleep(settle)

    def use_stand_in(self, on):
        """Serves the stand-ins (or lets their loads fail)."""
        for handler in self.stand_in_handlers:
            self.driver.network.remove_request_handler(handler)
        self.stand_in_handlers = []
        self.stand_in_served = []
        if not on:
            return

        def handler(answer):
            def serve(request):
                self.stand_in_served.append(request.url)
                content_type, body = answer(request.url)
                request.provide_response(status=200, headers={"Content-Type": content_type}, body=body)

            return serve

        self.stand_in_handlers = [
            self.driver.network.add_request_handler([pattern], handler(answer)) for pattern, answer in self.stand_ins.items()
        ]

    def console(self):
        """ChromeDriver's browser log entries of the current page so far."""
        self.log += self.driver.get_log("browser")
        return self.log

    def requests(self):
        """(url, resource type) of every request the browser sent since the last `open` (or
        `forget_requests`), in order; `network_log` only."""
        if not self.network_log:
            return []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                params = message["params"]
                self.sent.append((params["request"]["url"], params.get("type", "")))
        return list(self.sent)

    def forget_requests(self):
        """Starts `requests` anew (from now on)."""
        if self.network_log:
            self.driver.get_log("performance")
        self.sent = []

    def messages(self):
        """(level, text, url) of every browser log entry of the current page so far.
        ChromeDriver writes "URL LINE:COL TEXT" (console, exceptions), "URL LINE TEXT"
        (CSP) or "URL - TEXT" (network); anything else has no known source."""
        out = []
        for entry in self.console():
            message = entry["message"]
            match = re.match(r"(\S+) (?:- |\d+(?::\d+)? )?(.*)\Z", message, re.DOTALL)
            url, text = (match.group(1), match.group(2)) if match else ("", message)
            if not re.match(r"[a-z][a-z0-9+.-]*:", url):  # e.g. "console-api 12:3 ...": no URL
                url, text = "", message
            elif entry.get("source") == "console-api":
                text = console_args(text)
            out.append((LEVELS.get(entry["level"], entry["level"].lower()), text, url))
        return out

    def csp_violations(self):
        """What the page's Content-Security-Policy blocked (CSP_RECORDER)."""
        return self.js("return (window.__siwaCheck || {csp: []}).csp")

    def failed_requests(self, prefix="", allowed=()):
        """'STATUS URL' of the page's requests to URLs starting with `prefix` that were
        answered 4xx/5xx, but those in `allowed`."""
        return self.js(
            """return performance.getEntriesByType('resource')
            .filter(e => e.name.startsWith(arguments[0]) && e.responseStatus >= 400 && !arguments[1].includes(e.name))
            .map(e => e.responseStatus + ' ' + e.name);""",
            prefix,
            sorted(allowed),
        )

    def screenshot(self, path, full_page=False, max_height=None):
        """The viewport, or the whole page (to `max_height` px), as a PNG at `path`."""
        params = {"format": "png"}
        if full_page:
            width, height = self.js("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            height = min(height, max_height or height)
            params.update(captureBeyondViewport=True, clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1})
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.cdp("Page.captureScreenshot", params)["data"]))
        return path

    def close_popups(self):
        """Closes every window but the first (popups the page opened), and goes back to it."""
        for handle in self.driver.window_handles[1:]:
            self.driver.switch_to.window(handle)
            self.driver.close()
        self.driver.switch_to.window(self.driver.window_handles[0])

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
