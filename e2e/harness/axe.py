"""axe-core's WCAG 2.2 A/AA rules and the accessibility tree, in Chromium, for
e2e/check_element.py: the editor, the gallery (light and dark), every snippet page of a
generated set, the element's page (light, dark, forced colours, 320 px) and the
framework example pages.

axe-core comes from PyPI's axe-playwright-python wheel (pinned, checked by its SHA-256),
which ships axe.min.js (axe 4.12); it is injected through Selenium (DevTools'
evaluation, which a page's CSP does not restrict), without Playwright. It is kept in
~/.cache/siwa-buttons/axe/ (or $SIWA_AXE_JS: a path to axe.min.js).
"""

import glob
import hashlib
import os
import subprocess
import sys
import tempfile
import time
import zipfile

WHEEL = "axe-playwright-python==0.1.8"
WHEEL_SHA256 = "fdd263c998388f1a8e67cad02677e612d946248bd44d163be5e8650ea31f95f8"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_source():
    """axe.min.js's text: $SIWA_AXE_JS, else the cached copy, else from the pinned wheel."""
    given = os.environ.get("SIWA_AXE_JS")
    if given:
        with open(given, encoding="utf-8") as f:
            return f.read()
    cache = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "siwa-buttons", "axe")
    path = os.path.join(cache, "axe.min.js")
    if not os.path.isfile(path):
        os.makedirs(cache, exist_ok=True)
        with tempfile.TemporaryDirectory() as work:
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--quiet",
                    "--no-deps",
                    "--disable-pip-version-check",
                    "-d",
                    work,
                    WHEEL,
                ],
                check=True,
            )
            wheel = glob.glob(os.path.join(work, "*.whl"))[0]
            with open(wheel, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            if digest != WHEEL_SHA256:
                raise RuntimeError(f"{WHEEL}: SHA-256 {digest}, expected {WHEEL_SHA256}")
            with zipfile.ZipFile(wheel) as z:
                data = z.read("axe_playwright_python/axe.min.js")
            with open(path + ".part", "wb") as f:
                f.write(data)
            os.replace(path + ".part", path)
    with open(path, encoding="utf-8") as f:
        return f.read()


RUN = """const done = arguments[arguments.length - 1];
    axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, rules: arguments[1], resultTypes: ['violations']})
      .then(r => done({version: axe.version, violations: r.violations.map(v => ({id: v.id, impact: v.impact,
          help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))}))}))
      .catch(e => done({error: String(e)}));"""


def run_axe(browser, source, fragment=False):
    """axe's WCAG violations of the open page: [(id, impact, help, nodes)]. A fragment
    (snippet-img.html: the <img> to paste, not a page) skips the rules about documents."""
    if not browser.js("return !!window.axe"):
        browser.js(source + "\n;window.axe = axe;")
    browser.driver.set_script_timeout(60)
    skip = {"document-title": {"enabled": False}, "html-has-lang": {"enabled": False}} if fragment else {}
    result = browser.driver.execute_async_script(RUN, TAGS, skip)
    if "error" in result:
        raise RuntimeError(f"axe.run failed: {result['error']}")
    return result["version"], result["violations"]


def ax_buttons(browser):
    """(name, ignored) of each node of role button in the full accessibility tree."""
    browser.cdp("Accessibility.enable")
    nodes = browser.cdp("Accessibility.getFullAXTree")["nodes"]
    out = []
    for node in nodes:
        role = (node.get("role") or {}).get("value")
        if role == "button" and not node.get("ignored"):
            out.append((node.get("name") or {}).get("value"))
    return out


def check_axe(browser, origin, service_port, set_dir, failures):
    """axe over every page and mode; the element's buttons in the accessibility tree."""
    source = axe_source()
    snippet_pages = sorted(os.path.basename(p) for p in glob.glob(os.path.join(set_dir, "snippet*.html")))
    pages = [
        ("the editor", f"http://127.0.0.1:{service_port}/", {}, True),
        ("the editor at 320 px", f"http://127.0.0.1:{service_port}/", {"width": 320}, True),
        ("the gallery", origin + "set/index.html", {}, False),
        ("the gallery, dark", origin + "set/index.html", {"dark": True}, False),
    ]
    pages += [(f"set/{name}", origin + f"set/{name}", {}, False) for name in snippet_pages]
    pages += [
        ("the element's page", origin + "e2e/pages/element.html", {}, False),
        ("the element's page, dark", origin + "e2e/pages/element.html", {"dark": True}, False),
        ("the element's page, forced colours", origin + "e2e/pages/element.html", {"forced": True}, False),
        ("the element's page, forced colours dark", origin + "e2e/pages/element.html", {"forced": True, "dark": True}, False),
        ("the element's page at 320 px", origin + "e2e/pages/element.html", {"width": 320}, False),
    ]
    pages += [
        (f"Examples/web/{name}.html", origin + f"examples/{name}.html", {}, False)
        for name in ("plain", "react", "vue", "svelte", "angular")
    ]
    for name, url, mode, plain in pages:
        failures.start(f"axe-core WCAG 2.2 A/AA: {name}")
        width = mode.get("width", 1024)
        # The editor ("plain") moves its own URL (the fragment); the other pages use Apple's stand-in.
        dark, forced = mode.get("dark", False), mode.get("forced", False)
        browser.open(url, width, 800, dark=dark, forced=forced, stand_in=not plain, settle=1 if plain else 1.2, moves=plain)
        version, violations = run_axe(browser, source, fragment=name == "set/snippet-img.html")
        failures.check(not violations, f"axe {version}: 0 violations ({violations})")
        if width == 320:
            scroll = browser.js("return document.documentElement.scrollWidth")
            failures.check(scroll <= 320, f"no horizontal scroll at 320 px (scrollWidth {scroll})")
        if "element" in name:
            buttons = ax_buttons(browser)
            want = ["Sign in with Apple", "Continue with Apple"]
            failures.check(
                all(w in buttons for w in want),
                f"the accessibility tree has each element's button, named with Apple's title ({buttons})",
            )
    failures.start("the accessibility tree: localized names")
    browser.open(origin + "e2e/pages/element.html", width=640, height=480, stand_in=True)
    browser.js(
        "document.querySelector('#placeholder').setAttribute('locale', 'de_DE');"
        "document.querySelector('#filled').setAttribute('locale', 'ar_SA')"
    )
    # A locale's title comes with its module: the name may follow a moment later.
    deadline = time.time() + 5
    buttons = ax_buttons(browser)
    while not ("Mit Apple anmelden" in buttons and "المتابعة باستخدام Apple" in buttons) and time.time() < deadline:
        time.sleep(0.1)
        buttons = ax_buttons(browser)
    failures.check(
        "Mit Apple anmelden" in buttons and "المتابعة باستخدام Apple" in buttons,
        f"German and Arabic titles name the buttons ({buttons})",
    )
