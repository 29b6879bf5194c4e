"""The web editor's service and browser, for the checks of the editor (check_editor.py) and
of its Download set panel (check_export.py): `Server` starts `siwa-buttons serve` or a host
app with the routes mounted, `Editor` drives the one headless Chromium on its page; a failed
requirement (`harness.failures.require`) stops the check, and `report_failure` records it
with a screenshot and the service's log."""

import argparse
import json
import os
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import ROOT, http_get, service
from harness.browser import Browser
from harness.failures import CheckFailed, require

DESKTOP = (1280, 900)
PHONE = (375, 812)


# ---------------------------------------------------------------- the service


class Server(service.Service):
    """`siwa-buttons serve`, or a host app (`HostApp PORT`) with the routes under `mount`
    (`harness.service.Service`); a start that fails is a `CheckFailed`. `base` is the
    service's address: where the editor, images and APIs are."""

    def __init__(self, binary, public, host_app=None, mount="/", serve_options=()):
        self.has_metrics = host_app is None  # the host app has no /metrics of ours
        try:
            super().__init__(binary, *serve_options, public=public, host_app=host_app, mount=mount, timeout=30)
        except service.ServiceFailed as failure:
            raise CheckFailed(str(failure)) from failure

    def error_responses(self, route_prefix):
        """Requests to routes under `route_prefix` answered 4xx/5xx, from /metrics (None
        without metrics: then the page's resource timing is the only witness)."""
        if not self.has_metrics:
            return None
        body = http_get(self.base + "/metrics")[2].decode()
        count = 0
        for line in body.splitlines():
            if line.startswith("hb_requests{") and f'http_route="{route_prefix}' in line:
                status = re.search(r'http_response_status_code="(\d+)"', line)
                if status and int(status.group(1)) >= 400:
                    count += int(float(line.rsplit(" ", 1)[1]))
        return count


# ---------------------------------------------------------------- the browser


class Editor(Browser):
    """The editor page in the one Chromium (`harness.browser.Browser`, at DESKTOP size, with
    the clipboard), with helpers that wait for the debounce."""

    def __init__(self, server, chromedriver):
        super().__init__(chromedriver, window=DESKTOP, clipboard_origin=server.origin)
        self.base = server.base
        # Snippet requests the checks made the service refuse on purpose (400): allowed
        # in the console and in resource timing, and nothing else is.
        self.refused = set()

    def open(self, path="/"):
        """The editor at `path`; the console log goes on (`expect_clean` sees it all)."""
        # From a blank page: a new document even when only the #fragment differs.
        super().open(self.base + path, settle=0, keep_log=True, moves=True)
        self.wait(lambda: self.text("image-url") and self.text("snippet-html"), "the editor did not start")

    def el(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def text(self, element_id):
        return self.js("return document.getElementById(arguments[0]).textContent", element_id)

    def visible(self, element_id):
        return self.el(element_id).is_displayed()

    def shown(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css).is_displayed()

    def wait(self, condition, message, timeout=6):
        require(self.until(condition, timeout), message)

    # --- controls, as a person uses them

    def click_label(self, input_id):
        self.driver.find_element(By.CSS_SELECTOR, f'label[for="{input_id}"]').click()

    def type_into(self, input_id, text, commit=False):
        field = self.el(input_id)
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(text or Keys.DELETE)  # nothing typed: the selection is deleted
        if commit:
            field.send_keys(Keys.TAB)

    def choose(self, select_id, value):
        Select(self.el(select_id)).select_by_value(value)

    # --- outputs

    def expect_image_url(self, path):
        want = self.base + path
        self.wait(lambda: self.text("image-url") == want, f"image URL: expected {want}, got {self.text('image-url')}")

    def expect_snippet(self, element_id, part):
        self.wait(
            lambda: part in self.text(element_id), f"{element_id} does not contain {part!r}:\n{self.text(element_id)[:2000]}"
        )

    def image(self, element_id):
        return self.js(
            """const img = document.getElementById(arguments[0]);
            return {src: img.getAttribute('src'), current: img.currentSrc, complete: img.complete,
                    naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
                    width: img.width, height: img.height};""",
            element_id,
        )

    def expect_preview(self, width, height, zoom=2):
        """Both previews loaded at actual size, the zoomed one at `zoom` times."""
        for element_id, w, h in (
            ("preview-light", width, height),
            ("preview-dark", width, height),
            ("preview-zoom", width * zoom, height * zoom),
        ):

            def loaded(element_id=element_id, w=w, h=h):
                img = self.image(element_id)
                return (
                    img["complete"]
                    and (img["naturalWidth"], img["naturalHeight"]) == (w, h)
                    and (img["width"], img["height"]) == (w, h)
                )

            self.wait(loaded, f"#{element_id} should load at {w}x{h}: {self.image(element_id)}")

    # --- what went wrong in the page

    def expect_clean(self, where):
        severe = [
            e["message"] for e in self.console() if e["level"] == "SEVERE" and not any(u in e["message"] for u in self.refused)
        ]
        require(not severe, f"{where}: console errors:\n  " + "\n  ".join(severe))
        violations = self.csp_violations()
        require(not violations, f"{where}: Content-Security-Policy violations: {violations}")
        failed = self.failed_requests(allowed=self.refused)
        require(not failed, f"{where}: failed requests: {failed}")

    def expect_refusal(self, field, since):
        """The snippet requests since resource entry `since` that the service refused
        (400) are expected; the last one names `field` as its JSON error's `parameter`,
        and the page shows that error's `reason` under the field (read from the JSON, never
        from the sentence). Returns the text shown."""
        refused = self.js(
            """return performance.getEntriesByType('resource').slice(arguments[0])
            .filter(e => e.name.includes('/api/snippet/') && e.responseStatus === 400).map(e => e.name);""",
            since,
        )
        require(refused, f"no snippet request was refused for {field}")
        status, _headers, body = http_get(refused[-1])
        error = json.loads(body)["error"]
        require(
            status == 400 and error["parameter"] == field and field in error["message"],
            f"the service's answer does not name {field}: {status} {error}",
        )
        told = error["reason"]
        shown = self.text(f"{field}-error")
        require(shown == told[0].upper() + told[1:], f"under {field} the page shows {shown!r}, the service said {told!r}")
        # Nothing else on the page shows this refusal (it is the field's, not the settings').
        require(not self.visible("snippet-error"), f"the settings' own message shows too: {self.text('snippet-error')!r}")
        self.refused.update(refused)
        return shown

    def resources(self):
        return self.js("return performance.getEntriesByType('resource').length")


# ---------------------------------------------------------------- checks


def arguments(description):
    """The command line both editor checks take: the service or host app, the editor's
    files, chromedriver (a parser, for the check to add its screenshots' place)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/siwa-buttons"))
    parser.add_argument("--public", default=os.path.join(ROOT, "public"))
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--host-app", help="run this host app (`HostApp PORT`) instead of `siwa-buttons serve`")
    parser.add_argument("--path", default="/", help="where the routes are mounted (the host app's: /buttons/)")
    return parser


def shut_down(editor, server):
    """Quits the browser and stops the service, whichever were started."""
    if editor:
        editor.quit()
    if server:
        server.stop()


def report_failure(failures, failure, editor, server, screenshot):
    """Records the failure that stopped the check, and prints a screenshot of the page and
    the service's log."""
    failures.stopped(failure)
    if editor:
        try:
            path = editor.screenshot(screenshot, full_page=True)
            print(f"     screenshot of the failure: {path}")
        except Exception:  # noqa: BLE001, S110 (the browser may be gone; the message above is what matters)
            pass
    if server:
        log = server.output().strip()
        if log:
            print("     service log:\n" + log)
