#!/usr/bin/env python3
"""The snippets `generate` writes, as sites use them, in headless Chromium against the
stand-in for Apple's script (harness/apple-stand-in.js: it configures itself from the
appleid-signin-* meta tags and draws #appleid-signin as Apple's does, renderButton,
AppleID.auth.init, signIn returning a promise, the two DOM events, the popup's
postMessage, a sign-in on Space's keyup as Apple's).

Usage: check_snippets.py BINARY --chromedriver PATH [--only NAME] [--screenshots DIR]

The set is harness.front_ends.Site's: one en_US sign-in button, centred at /set/ and
left-aligned at /left/, on https://siwa-example.test with the README's CSP recipe, a
session endpoint and a redirect URI that shows what was posted. Beside the generated
pages, make_variants builds pages from its snippet.html as sites use it: a single-page
app that mounts the button late (spa.html), the meta tags filled in by the server
(filled.html), a page that calls AppleID.auth.init itself (own-init.html), a site's own
button with siwa-signin.js (jsapi.html), a second button (two.html), a light-only site,
a site with its own dark background, Tailwind's preflight (left/tailwind.html), and
snippet-nojs.html filled in (nojs-filled.html).

  generate-element   `generate` writes the element beside siwa-init.js: the module and its
                     declarations, and every file of public/element/1/ (core/ with a title
                     module per locale), the same bytes, nothing else under core/.
  snippet-spa        #appleid-signin mounted late: siwa-init.js has Apple's script draw it,
                     our image gives way; with placeholders a click, Space, and a click
                     after renderButton() send nothing and the visitor is told why; filled
                     in later by the app, Space signs in and the popup's answer is posted
                     to the redirect URI.
  snippet-jsapi      siwa-signin.js on a site's own button (click, Space): state and nonce
                     fetched from the server, AppleID.auth.init and signIn() in a popup,
                     the promise's answer posted to the redirect URI.
  snippet-second     a second button (our image link outside #appleid-signin) starts
                     Apple's popup, not the full-page link; the answer is posted.
  snippet-own-init   a page that calls AppleID.auth.init itself: its own state is used and
                     its answer posted, not refused.
  snippet-events     Apple's documented event shapes: a wrong state and Apple's error are
                     shown to the visitor, event.detail.data is posted.
  snippet-colours    Apple's button black on a light-only site on a dark system, white on a
                     dark site on a light system and on a dark system, drawn again white
                     when the system turns dark.
  snippet-tailwind   the left-aligned button under Tailwind's preflight: the label stays
                     beside the logo, inside the button.
  snippet-nojs       snippet-nojs.html (as generated and filled in): the link is the
                     image's box; a click 20 px beside it goes nowhere.

Fails on: any input reaching Apple's authorize URL while state and nonce are placeholders;
colours and events not as documented; console errors other than the one each refusal
must log; CSP violations; failed loads from our origins. Tolerates the browser's own
/favicon.ico, and ChromeDriver's "Invalid InterceptionId" when the stand-in's popup closes
itself while its request is answered.
"""

import functools
import os
import re
import signal
import subprocess
import sys
import time
import urllib.parse

from harness import ROOT
from harness.failures import Failures
from harness.front_ends import (
    FRESH,
    PUBLIC,
    Site,
    arguments,
    element_files,
    key,
    nothing_red,
    run_checks,
    sign_ins,
    took,
    wait,
)
from harness.pages import BOX, click_at, click_middle
from selenium.common.exceptions import WebDriverException

SETUP_ERROR = "Sign in with Apple did not start"
# Apple's button if it was drawn, else our image's link.
FOCUS = "(document.querySelector('#appleid-signin [role=button]') || document.querySelector('#appleid-signin a')).focus()"


# ---------------------------------------------------------------- helpers


def posted_answer(browser, timeout=15):
    """What the stand-in's callback page shows it was posted (JSON), or None by `timeout`."""
    return wait(
        browser,
        "return location.pathname === '/callback' && document.getElementById('posted') ? "
        "JSON.parse(document.getElementById('posted').textContent) : null",
        timeout,
    )


def click_and_wait_posted(browser, url, selector, height):
    """Opens `url` with the stand-ins, clicks the middle of `selector`: the posted answer."""
    browser.open(url, width=520, height=height, stand_in=True)
    click_middle(browser, browser.js(BOX, selector))
    return posted_answer(browser)


def fill(text, state, nonce):
    return text.replace("__SIWA_STATE__", state).replace("__SIWA_NONCE__", nonce)


def make_variants(set_dir, left_dir, out):
    """Pages built from the generated snippet as sites use it."""
    with open(os.path.join(set_dir, "snippet.html"), encoding="utf-8") as f:
        page = f.read()
    head, body = page.split("<body>", 1)
    button = re.search(r'<div id="appleid-signin".*?\n</div>\n', body, re.DOTALL).group(0)
    note = re.search(r'<p id="siwa-setup".*?</p>\n', body, re.DOTALL).group(0)
    variants = {
        # A single-page app: the button mounted later (e2e/pages/mount.js, on a click).
        "spa.html": head.replace("</head>", '<script type="module" src="/e2e/pages/mount.js"></script>\n</head>')
        + "<body>\n<button id=mount>Show sign-in</button>\n<div id=app></div>\n<template id=button>"
        + button
        + note
        + "</template>\n</body>\n</html>\n",
        # The same page whose server filled in the meta tags, calling renderButton itself.
        "filled.html": fill(page, "state-0123456789abcdef-B", "nonce-0123456789abcdef-B"),
        # A page that calls AppleID.auth.init itself, with its own state (e2e/pages/own-init.js).
        "own-init.html": page.replace("</head>", '<script src="/e2e/pages/own-init.js" defer></script>\n</head>'),
        # A site's own button with the JS-API snippet (siwa-signin.js).
        "jsapi.html": '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>JS API</title>\n'
        + re.search(r'<script src="https://appleid[^"]+" defer></script>\n', head).group(0)
        + '<script src="siwa-signin.js" defer></script>\n</head>\n<body>\n'
        + '<button type="button" id="own" data-siwa-signin>Sign in with Apple</button>\n</body>\n</html>\n',
        # A second button on the page: our image link again, outside #appleid-signin.
        "two.html": fill(
            page.replace(
                "</body>",
                '<div id="second">' + re.search(r'<a class="siwa-signin".*?</a>', button, re.DOTALL).group(0) + "</div>\n</body>",
            ),
            "state-0123456789abcdef-F",
            "nonce-0123456789abcdef-F",
        ),
        # A light-only site: no color-scheme of its own.
        "light-only.html": page.replace('<meta name="color-scheme" content="light dark">\n', ""),
        # A page with its own dark background, on a light system.
        "dark-site.html": page.replace("</style>", "  body { background: #121212; color: #eee; }\n</style>"),
    }
    with open(os.path.join(left_dir, "snippet.html"), encoding="utf-8") as f:
        left = f.read()
    # Tailwind's preflight, the parts that touch images and SVGs (written beside the
    # left-aligned set's images).
    reset = (
        "<style>img, svg, video, canvas { display: block; vertical-align: middle; }"
        " img, video { max-width: 100%; height: auto; }</style>\n"
    )
    with open(os.path.join(left_dir, "tailwind.html"), "w", encoding="utf-8") as f:
        f.write(
            fill(
                left.replace('<meta charset="utf-8">\n', '<meta charset="utf-8">\n' + reset, 1),
                "state-0123456789abcdef-C",
                "nonce-0123456789abcdef-C",
            )
        )
    os.makedirs(out, exist_ok=True)
    for name, text in variants.items():
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(text)


def check_snippet_spa(browser, origin, shot, failures):
    base = origin + "set/"
    failures.start("snippet in a single-page app: #appleid-signin mounted late")
    browser.open(base + "spa.html", width=520, height=300, stand_in=True)
    failures.check(browser.js("return window.__siwa.drawn.length") == 0, "nothing to draw at load")
    browser.driver.find_element("id", "mount").click()
    drawn = wait(browser, "return window.__siwa.drawn.length ? window.__siwa.drawn : null")
    failures.check(bool(drawn) and len(drawn) == 1, f"siwa-init.js has Apple's script draw the late button ({drawn})")
    failures.check(
        browser.js("return document.querySelectorAll('#appleid-signin img').length") == 0, "our image gave way to Apple's button"
    )
    box = browser.js(BOX, "#appleid-signin")
    click_middle(browser, box)
    browser.js(FOCUS)
    key(browser, " ")
    browser.js("AppleID.auth.renderButton()")
    time.sleep(0.2)
    box = browser.js(BOX, "#appleid-signin")
    click_middle(browser, box)
    time.sleep(0.6)
    record, served = sign_ins(browser)
    failures.check(
        not record and not served and len(browser.driver.window_handles) == 1,
        f"placeholders: a click, Space, and a click after renderButton() send nothing ({record})",
    )
    failures.check(browser.js(BOX, "#siwa-setup")["shown"] is True, "the visitor is told why")
    # The app's server fills the meta tags in later (as an SPA does after a fetch).
    browser.js(
        """document.querySelector('meta[name="appleid-signin-state"]').content = 'state-0123456789abcdef-D';
        document.querySelector('meta[name="appleid-signin-nonce"]').content = 'nonce-0123456789abcdef-D';
        AppleID.auth.init({clientId: document.querySelector('meta[name="appleid-signin-client-id"]').content,
            scope: 'name email', redirectURI: arguments[0], state: 'state-0123456789abcdef-D',
            nonce: 'nonce-0123456789abcdef-D', usePopup: true});""",
        origin + "callback",
    )
    browser.js(FOCUS)
    key(browser, " ")
    posted = posted_answer(browser)
    failures.check(
        bool(posted) and posted.get("state") == "state-0123456789abcdef-D" and "id_token" in posted and "user" in posted,
        f"filled in, Space signs in and the popup's answer is posted to the redirect URI ({posted})",
    )
    nothing_red(browser, origin, failures, "nothing else red", (SETUP_ERROR,))
    browser.close_popups()


def check_snippet_jsapi(browser, origin, shot, failures):
    failures.start("siwa-signin.js (the JS-API snippet) on a site's own button")
    for how in ("click", "Space"):
        browser.open(origin + "set/jsapi.html", width=520, height=300, stand_in=True)
        if how == "click":
            browser.driver.find_element("id", "own").click()
        else:
            browser.js("document.getElementById('own').focus()")
            key(browser, " ")
        posted = posted_answer(browser)
        _, served = sign_ins(browser)
        query = urllib.parse.parse_qs(urllib.parse.urlparse(served[0]).query) if served else {}
        fresh = FRESH.match((query.get("state") or [""])[0]) and FRESH.match((query.get("nonce") or [""])[0])
        failures.check(
            len(served) == 1 and fresh and query.get("response_mode") == ["web_message"],
            f"{how}: state and nonce fetched from the server, AppleID.auth.init + signIn() in a popup ({served})",
        )
        failures.check(
            bool(posted) and posted.get("state") == (query.get("state") or [None])[0] and "id_token" in posted,
            f"{how}: the answer of signIn()'s promise is posted to the redirect URI ({posted and posted.get('state')})",
        )
        browser.close_popups()


def check_snippet_second_button(browser, origin, shot, failures):
    failures.start("snippet: a second button on the page, popup setup")
    posted = click_and_wait_posted(browser, origin + "set/two.html", "#second img", height=400)
    _, served = sign_ins(browser)
    query = urllib.parse.parse_qs(urllib.parse.urlparse(served[0]).query) if served else {}
    failures.check(
        len(served) == 1
        and query.get("response_mode") == ["web_message"]
        and bool(posted)
        and posted.get("state") == "state-0123456789abcdef-F",
        f"its image starts Apple's popup, not the full-page link, and the answer is posted ({served})",
    )
    browser.close_popups()


def check_snippet_own_init(browser, origin, shot, failures):
    failures.start("snippet on a page that calls AppleID.auth.init itself")
    posted = click_and_wait_posted(browser, origin + "set/own-init.html", "#appleid-signin", height=300)
    failures.check(
        bool(posted) and posted.get("state") == "state-own-init-0123456789",
        f"the page's own state is used and its answer posted, not refused ({posted})",
    )
    browser.close_popups()


def check_snippet_events(browser, origin, shot, failures):
    base = origin + "set/"
    failures.start("snippet: Apple's documented event shape, a wrong state, a failure")
    browser.open(base + "filled.html", width=520, height=300, stand_in=True)
    browser.js(
        "document.dispatchEvent(new CustomEvent('AppleIDSignInOnSuccess', {detail: {data: {authorization: "
        "{code: 'c', id_token: 'x.y.z', state: 'another-state-0123456789'}}}}))"
    )
    time.sleep(0.3)
    failures.check(
        browser.js("const n = document.getElementById('siwa-failure'); return n && n.offsetHeight > 0 && n.textContent") or False,
        "a wrong state is shown to the visitor, not only in the console",
    )
    browser.js("document.dispatchEvent(new CustomEvent('AppleIDSignInOnFailure', {detail: {error: {error: 'invalid_request'}}}))")
    time.sleep(0.2)
    text = browser.js("return document.getElementById('siwa-failure').textContent")
    failures.check("invalid_request" in text, f"Apple's error, in its documented shape, is shown ({text!r})")
    browser.js(
        "document.dispatchEvent(new CustomEvent('AppleIDSignInOnSuccess', {detail: {data: {authorization: "
        "{code: 'c', id_token: 'x.y.z', state: 'state-0123456789abcdef-B'}, user: {email: 'a@example.com'}}}}))"
    )
    posted = posted_answer(browser, 10)
    failures.check(
        bool(posted) and posted.get("state") == "state-0123456789abcdef-B" and "a@example.com" in posted.get("user", ""),
        f"event.detail.data (Apple's documented shape) is posted ({posted})",
    )
    nothing_red(browser, origin, failures, "nothing else red", ("another state than this page", "invalid_request"))


def check_snippet_colours(browser, origin, shot, failures):
    base = origin + "set/"
    for name, dark, want in (
        ("light-only.html", True, "black"),
        ("dark-site.html", False, "white"),
        ("filled.html", True, "white"),
    ):
        failures.start(f"snippet colour: {name} on a {'dark' if dark else 'light'} system")
        browser.open(base + name, width=520, height=300, dark=dark, stand_in=True)
        drawn = browser.js("return window.__siwa.drawn")
        failures.check(len(drawn) >= 1 and drawn[-1]["color"] == want, f"Apple's button is {want} ({drawn})")
        if name == "light-only.html":
            browser.screenshot(shot("snippet-light-only-on-dark.png"))
    failures.start("snippet colour: the system switches while the page is open")
    browser.open(base + "filled.html", width=520, height=300, dark=False, stand_in=True)
    browser.cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    drawn = wait(browser, "const d = window.__siwa.drawn; return d.length > 1 ? d : null")
    failures.check(bool(drawn) and drawn[-1]["color"] == "white", f"Apple's button is drawn again, white ({drawn})")


def check_snippet_tailwind(browser, origin, shot, failures):
    failures.start("snippet with Tailwind's preflight (left-aligned button)")
    browser.open(origin + "left/tailwind.html", width=520, height=300, stand_in=True)
    box = browser.js(BOX, "#appleid-signin [role=button]")
    label = browser.js(BOX, "#appleid-signin .siwa-standin-label")
    failures.check(
        label and abs(label["y"] - box["y"]) < 1 and label["y"] + label["h"] <= box["y"] + box["h"] + 1,
        f"the label stays beside the logo, inside the button ({label}, {box})",
    )
    browser.screenshot(shot("snippet-tailwind.png"))
    nothing_red(browser, origin, failures, "nothing red")


def check_snippet_nojs(browser, origin, shot, failures):
    base = origin + "set/"
    failures.start("snippet-nojs.html: the link is the image's box")
    for name in ("snippet-nojs.html", "nojs-filled.html"):
        browser.open(base + name, width=900, height=300)
        link = browser.js(
            "const a = [...document.querySelectorAll('a')].find(a => a.offsetWidth > 0);"
            "const r = a.getBoundingClientRect(), i = a.querySelector('img').getBoundingClientRect();"
            "return [r.width, r.height, i.width, i.height]"
        )
        failures.check(link[:2] == link[2:], f"{name}: link {link[0]}x{link[1]} = image {link[2]}x{link[3]}")
        box = browser.js(
            "const a = [...document.querySelectorAll('a')].find(a => a.offsetWidth > 0);"
            "const r = a.getBoundingClientRect(); return {x: r.right + 20, y: r.top + r.height / 2}"
        )
        click_at(browser, box["x"], box["y"])
        time.sleep(0.3)
        failures.check(
            browser.js("return location.pathname + location.hash") == "/set/" + name,
            "a click 20 px right of the image goes nowhere",
        )


def check_generated_element(set_dir, failures):
    failures.start("generate writes the element beside siwa-init.js")
    for name in ("apple-signin-button.js", "apple-signin-button.d.ts"):
        written = os.path.join(set_dir, name)
        with open(os.path.join(ROOT, "public/element/1", name), "rb") as f:
            source = f.read()
        same = os.path.isfile(written) and open(written, "rb").read() == source
        failures.check(same, f"{name} is in the set, as served")
    # The modules it imports: every file of public/element/1/ beside it (core/** with a
    # title module per locale), the same bytes, and no other file under core/.
    differ = []
    for name in element_files():
        written = os.path.join(set_dir, name)
        with open(os.path.join(PUBLIC, "element/1", name), "rb") as f:
            source = f.read()
        if not os.path.isfile(written) or open(written, "rb").read() != source:
            differ.append(name)
    core = [n for n in element_files() if n.startswith("core/")]
    extra = [
        os.path.relpath(os.path.join(at, f), set_dir)
        for at, _, files in os.walk(os.path.join(set_dir, "core"))
        for f in files
        if os.path.relpath(os.path.join(at, f), set_dir) not in core
    ]
    failures.check(
        len(core) > 37 and not differ and not extra,
        f"every file of public/element/1/ is in the set, as served: {len(core)} in core/ "
        f"(missing or different: {differ}, extra in core/: {extra})",
    )


def main():
    args = arguments("snippets")
    shot = functools.partial(os.path.join, args.screenshots)
    failures = Failures()
    site = Site(args.binary, args.chromedriver, sets=("set", "left"))
    timings = {}
    try:
        site.start()
        browser, origin, set_dir = site.browser, site.origin, site.set_dir
        make_variants(set_dir, site.left_dir, set_dir)
        with open(os.path.join(set_dir, "snippet-nojs.html"), encoding="utf-8") as f:
            nojs = fill(f.read(), "state-0123456789abcdef-E", "nonce-0123456789abcdef-E")
        with open(os.path.join(set_dir, "nojs-filled.html"), "w", encoding="utf-8") as f:
            f.write(nojs)
        checks = {
            "generate-element": lambda: check_generated_element(set_dir, failures),
            "snippet-spa": lambda: check_snippet_spa(browser, origin, shot, failures),
            "snippet-jsapi": lambda: check_snippet_jsapi(browser, origin, shot, failures),
            "snippet-second": lambda: check_snippet_second_button(browser, origin, shot, failures),
            "snippet-own-init": lambda: check_snippet_own_init(browser, origin, shot, failures),
            "snippet-events": lambda: check_snippet_events(browser, origin, shot, failures),
            "snippet-colours": lambda: check_snippet_colours(browser, origin, shot, failures),
            "snippet-tailwind": lambda: check_snippet_tailwind(browser, origin, shot, failures),
            "snippet-nojs": lambda: check_snippet_nojs(browser, origin, shot, failures),
        }
        timings = run_checks(checks, args.only, browser, failures)
    except (WebDriverException, RuntimeError, subprocess.CalledProcessError) as error:
        failures.stopped(error)
    finally:
        site.stop()

    print(took(timings))
    print(f"screenshots: {args.screenshots}")
    return failures.summary("the snippets")


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(main())
