#!/usr/bin/env python3
"""Opens the generated pages in headless Chromium: index.html, the snippets as pasted
(no server step at all), and the snippets served by the Hummingbird example server
(Examples/swift-hummingbird) through a full popup sign-in. Fails on console errors from
our own files, on CSP violations and on wrong sizes.

Usage: check_generated_pages.py DIST LOGO_DIST SCREENSHOTS --client-id ID --redirect-uri URL
                               --example BINARY [--chromedriver PATH] [--chromium PATH]

DIST is a set made with the client id and redirect URI given (and --use-popup); its
redirect URI must be on https://siwa-example.test, the example server's stand-in
address. LOGO_DIST is a logo-only zh_CN set with an empty scope.

Drives Debian's `chromium` through `chromedriver` with Selenium (scripts/setup.sh installs
all three). As pasted, the pages come from a local static server (Python standard
library) that sends the Content-Security-Policy recipe of the README (RECIPE below), the
policy the example servers send too, so an inline script or a style Apple's script needs
and the recipe forgets would be caught.

Stand-ins, served by intercepting requests with Selenium's WebDriver BiDi network handler
(the pages, their URLs and their CSP stay as generated):
  - Apple's appleid.auth.js (harness/apple-stand-in.js): reads what Apple's real script
    reads: the appleid-signin-* meta tags (it configures itself from them, as Apple's
    does), data-size for logo-only buttons, data-width/data-height for the others; draws
    the button into #appleid-signin with inline styles and a data: font (as Apple does, so
    the recipe's style-src 'unsafe-inline' and font-src data: are exercised); listens for
    clicks on #appleid-signin itself (click, Enter's keydown and, as Apple's does, Space's
    keyup); draws a left-aligned button as two inline SVGs; renderButton() draws again;
    AppleID.auth.signIn() returns a promise; opens Apple's authorize URL in a popup
    (usePopup) and turns the popup's message into AppleIDSignInOnSuccess /
    AppleIDSignInOnFailure and the promise's result.
  - Apple's sign-in page (apple_signin_page): answers at once with a code and an id_token
    carrying the nonce it was given, signed (RS256) with a key whose set the example
    server is pointed at (APPLE_KEYS_URL), posted to the opener like Apple's web_message.
  - https://siwa-example.test/ is a local TLS relay (TLSRelay) in front of the example
    server, so the page is a secure origin and its Secure cookie works.
ChromeDriver does not answer BiDi commands while a classic navigation command waits for
the page load, so the session uses the "none" page load strategy and `Browser.open` waits
for the load itself.

What counts as an error, per page: browser log entries of level SEVERE (console.error,
uncaught exceptions, failed loads, CSP violations) whose source is our origin or unknown;
CSP violations the page reports (securitypolicyviolation events); requests to our origin
answered 4xx/5xx (resource timing).

What is tolerated, and why (the ONLY tolerated messages):
  1. Failed loads of URLs on other hosts in the runs without the stand-in: Chromium is
     started with every host but 127.0.0.1 unresolvable, so the check behaves the same
     online and offline (net::ERR_NAME_NOT_RESOLVED).
  2. A 404 for /favicon.ico: browsers ask for it on their own; our pages name none.
  3. After a click on the button of snippet.html as pasted, the one console.error of
     siwa-init.js that says state and nonce are missing. It is the feature under test
     there, so it is required, not just tolerated.
Warnings (siwa-init.js noting placeholders or a missing Apple script) are printed but
never fail the check.
"""

import argparse
import base64
import functools
import http.client
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
import urllib.error
import urllib.parse
import urllib.request

import harness
from cryptography.hazmat.primitives.asymmetric import rsa
from harness.browser import Browser
from harness.failures import Failures
from harness.pages import (
    APPLE_AUTHORIZE,
    BOX,
    EXAMPLE_ORIGIN,
    OPENER_POLICY,
    PLACEHOLDERS,
    RECIPE,
    VISIBLE_IMAGE,
    Example,
    Server,
    TLSRelay,
    apple_claims,
    apple_stand_ins,
    check_clean,
    click_at,
    click_middle,
    id_token,
    key_set,
    make_handler,
    our_errors,
    page_problems,
)
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select


def snippet_size(dist):
    """The button's size in points, from the generated <img> snippet."""
    text = open(os.path.join(dist, "snippet-img.html"), encoding="utf-8").read()
    return int(re.search(r'width="(\d+)"', text).group(1)), int(re.search(r'height="(\d+)"', text).group(1))


def check_harness(origin, failures):
    failures.start("the local static server")
    for path in ("snippet.html", "snippet-nojs.html"):
        with urllib.request.urlopen(origin + path, timeout=20) as response:
            policy = response.headers.get("Content-Security-Policy")
        failures.check(policy == RECIPE, f"{path} is served with the CSP recipe ({policy!r})")


IMAGE_EXT = "png"


def check_index(browser, origin, shot, failures):
    failures.start(f"index.html ({origin}index.html)")
    browser.open(origin + "index.html", width=1280, height=900)
    result = browser.js("""return (async () => {
        const imgs = Array.from(document.images);
        imgs.forEach(i => { i.loading = 'eager'; });
        await Promise.all(imgs.map(i => i.decode().catch(() => null)));
        return { count: imgs.length, broken: imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src),
                 dark: document.querySelectorAll('.pane.dark img').length };
    })()""")
    failures.check(
        result["count"] > 0 and result["dark"] * 2 == result["count"],
        f"index.html shows {result['count']} images, half of them on the dark background",
    )
    failures.check(not result["broken"], f"every gallery image loads (broken: {result['broken'][:5]})")
    browser.screenshot(shot("index.png"), full_page=True, max_height=4000)
    check_clean(failures, browser, origin, "index.html: no console errors, CSP violations or failed loads from our files")


# The cards the gallery shows now, and what its filters say.
GALLERY_STATE = """const items = [...document.querySelectorAll('.item')];
    const shown = items.filter(i => i.getClientRects().length > 0);
    return {total: items.length, shown: shown.length,
            keys: shown.map(i => [i.dataset.mode, i.dataset.type || '', i.dataset.style, i.dataset.locale || ''].join(' ')),
            sections: [...document.querySelectorAll('.group')].filter(g => g.getClientRects().length > 0).length,
            status: document.getElementById('shown').textContent, hash: location.hash,
            filters: Object.fromEntries([...document.querySelectorAll('select[data-facet]')].map(s => [s.name, s.value]))};"""


def gallery_buttons(dist):
    """The buttons of the set, from manifest.json alone: mode, type, style, locale (the
    logo-only button has neither type nor locale)."""
    with open(os.path.join(dist, "manifest.json"), encoding="utf-8") as f:
        files = json.load(f)["files"]
    buttons = set()
    for entry in files:
        p = entry["parameters"]
        logo = entry["mode"] == "logo"
        buttons.add((entry["mode"], "" if logo else p["type"], entry["style"], "" if logo else p["locale"]))
    return buttons, files


def choose(browser, facet, value):
    Select(browser.driver.find_element(By.CSS_SELECTOR, f'select[data-facet="{facet}"]')).select_by_value(value)


def check_gallery_presets(browser, origin, dist, shot, failures):
    """A set of several platform layouts: the preset menu shows the buttons each layout
    holds (from manifest.json) and only that layout's file rows."""
    with open(os.path.join(dist, "manifest.json"), encoding="utf-8") as f:
        files = json.load(f)["files"]
    failures.start("index.html of platform packs")
    browser.open(origin + "index.html", width=1280, height=900)
    presets = sorted({e["preset"] for e in files})
    offered = browser.js(
        "return [...document.querySelectorAll('select[data-facet=\"preset\"] option')].map(o => o.value).filter(v => v)"
    )
    failures.check(sorted(offered) == presets, f"a preset menu with the set's layouts ({offered})")
    for preset in presets:
        choose(browser, "preset", preset)
        time.sleep(0.1)
        rows = browser.js("""return [...document.querySelectorAll('li[data-preset]')]
            .filter(r => r.getClientRects().length > 0).map(r => [r.dataset.preset, r.querySelector('code').textContent]);""")
        want = sorted(e["path"] for e in files if e["preset"] == preset)
        failures.check(
            sorted(path for _, path in rows) == want and {p for p, _ in rows} == {preset},
            f"{preset}: exactly its {len(want)} files shown ({len(rows)} rows)",
        )
    browser.screenshot(shot("gallery-presets.png"))
    browser.driver.find_element(By.ID, "clear-filters").click()
    time.sleep(0.2)
    shown = browser.js(
        "return [...document.querySelectorAll('li[data-preset]')].filter(r => r.getClientRects().length > 0).length"
    )
    failures.check(shown == len(files), f"“Show all” shows every layout's rows again ({shown} of {len(files)})")


def check_gallery_paged(browser, origin, dist, shot, failures):
    """A large set in several languages, as the gallery pages it: one page per language
    linked by a language bar, each short enough to look through, every file on exactly
    one page, every image loading, the iOS and Android cards showing their dark look
    (`-dark`, `-night`) on dark grey, and a shared #locale= link opening its language's page."""
    with open(os.path.join(dist, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    pages = [p["path"] for p in manifest["pages"] if p["path"] == "index.html" or p["path"].startswith("gallery/")]
    failures.start(f"the gallery of a large set, {len(pages)} pages")
    seen, heights = {}, {}
    for page in pages:
        browser.open(origin + page, width=1280, height=900, settle=0.2)
        state = browser.js("""return (async () => {
            const imgs = Array.from(document.images);
            imgs.forEach(i => { i.loading = 'eager'; });
            await Promise.all(imgs.map(i => i.decode().catch(() => null)));
            // The button's face colour: a pixel inside its top edge, in the middle.
            const face = (img) => {
                const canvas = document.createElement('canvas');
                canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
                const context = canvas.getContext('2d');
                context.drawImage(img, 0, 0);
                const [r, g, b] = context.getImageData(Math.floor(img.naturalWidth / 2), Math.floor(img.naturalHeight / 10), 1, 1).data;
                return r > 230 && g > 230 && b > 230 ? 'white' : r < 30 && g < 30 && b < 30 ? 'black' : `rgb(${r},${g},${b})`;
            };
            const pane = (card, look) => {
                const img = card.querySelector(`.pane.${look} img`), label = card.querySelector(`.pane.${look} .look`);
                return img ? [img.currentSrc, face(img), label ? label.textContent : ''] : ['', '', ''];
            };
            return {height: document.documentElement.scrollHeight,
                    broken: imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src),
                    languages: [...document.querySelectorAll('.languages a')].map(a => [a.dataset.locale, a.hasAttribute('aria-current')]),
                    rows: [...document.querySelectorAll('li[data-preset] code')].map(c => c.textContent),
                    dark: [...document.querySelectorAll('.item')].filter(c => ['ios', 'android'].includes(c.dataset.preset) && c.dataset.style !== 'white')
                        .map(c => [c.dataset.preset, c.dataset.style, pane(c, 'light'), pane(c, 'dark')])};
        })()""")
        heights[page] = state["height"]
        for row in state["rows"]:
            seen[row] = seen.get(row, 0) + 1
        failures.check(not state["broken"], f"{page}: every image loads (broken: {state['broken'][:3]})")
        failures.check(
            len(state["languages"]) == len(pages) and sum(current for _, current in state["languages"]) == 1,
            f"{page}: a language bar with the {len(pages)} pages, this one marked ({state['languages'][:3]}...)",
        )
        # The dark look is the white button, named in the pane; Android's is its -night
        # file. (iOS here has PDFs only, which no browser shows in an <img>: the pane
        # shows the same button from another layout.)
        wrong = [
            (preset, style, light, dark)
            for preset, style, light, dark in state["dark"]
            if dark[1] != "white"
            or dark[2] != "dark mode: white"
            or light[2]
            or light[1] != ("black" if style == "black" else "white")
            or (preset == "android" and ("-night" not in dark[0] or "-night" in light[0]))
        ]
        failures.check(
            state["dark"] and not wrong,
            f"{page}: {len(state['dark'])} iOS and Android cards show their dark look, the white button, on dark grey (wrong: {wrong[:2]})",
        )
        check_clean(failures, browser, origin, f"{page}: no console errors, CSP violations or failed loads")
    # A card's file list is closed on these pages; a screenshot with one opened.
    last = [p for p in pages if p.startswith("gallery/")][-1]
    browser.open(origin + last, width=1280, height=900)
    browser.js("""const card = document.querySelector('.item[data-preset="ios"]');
        card.querySelector('details').open = true; card.closest('section').scrollIntoView();""")
    time.sleep(0.3)
    browser.screenshot(shot("gallery-paged-ios.png"))
    files = sorted(e["path"] for e in manifest["files"])
    failures.check(
        sorted(seen) == files and set(seen.values()) == {1},
        f"every file of the set on exactly one page ({len(seen)} of {len(files)})",
    )
    print("  gallery page heights (px): " + ", ".join(f"{p} {h}" for p, h in heights.items()))
    failures.check(max(heights.values()) < 15000, f"each page under 15,000 px (tallest {max(heights.values())})")
    # A shared link from the one-page days still lands on its language's buttons.
    locale = last[len("gallery/") : -len(".html")]
    expected = origin + f"gallery/{locale}.html#style=black"
    browser.driver.get(origin + f"index.html#style=black&locale={locale}")
    # open() would wait for the URL asked for, which the page replaces.
    browser.until(lambda: browser.js("return [location.href, document.readyState]") == [expected, "complete"], 30)
    time.sleep(0.3)
    state = browser.js("return {url: location.href, style: (document.querySelector('select[data-facet=\"style\"]') || {}).value}")
    failures.check(
        state["url"] == origin + f"gallery/{locale}.html#style=black" and state["style"] == "black",
        f"index.html#style=black&locale={locale} opens {locale}'s page filtered to black ({state})",
    )
    browser.screenshot(shot("gallery-paged.png"))


def check_gallery(browser, origin, dist, shot, failures):
    """index.html as a hand-off page: the filters show exactly the buttons that match
    (counted from manifest.json, not from the page), keep their choice in the URL hash,
    the contents list jumps, black buttons keep a ring on dark grey, and each copy button
    puts its path on the clipboard (Clipboard API, then the execCommand fallback)."""
    buttons, files = gallery_buttons(dist)
    key = " ".join
    failures.start("index.html filters")
    browser.open(origin + "index.html", width=1280, height=900)
    state = browser.js(GALLERY_STATE)
    failures.check(
        state["total"] == len(buttons) == state["shown"], f"every button shown at first ({state['shown']} of {len(buttons)})"
    )
    failures.check(
        sorted(state["filters"]) == ["locale", "mode", "style", "type"],
        f"menus for layout, title, style and language, none for the single preset ({sorted(state['filters'])})",
    )

    choose(browser, "locale", "ar_SA")
    want = {b for b in buttons if b[3] in ("", "ar_SA")}
    state = browser.js(GALLERY_STATE)
    failures.check(
        sorted(state["keys"]) == sorted(map(key, want)),
        f"Arabic: the {len(want)} Arabic and logo-only buttons, nothing else ({state['shown']} shown)",
    )
    choose(browser, "style", "black")
    want = {b for b in want if b[2] == "black"}
    state = browser.js(GALLERY_STATE)
    failures.check(
        sorted(state["keys"]) == sorted(map(key, want)) and state["status"] == f"{len(want)} of {len(buttons)} buttons",
        f"Arabic + black: {len(want)} buttons, counted in the status ({state['status']!r})",
    )
    failures.check(state["hash"] == "#style=black&locale=ar_SA", f"the choice is in the URL hash ({state['hash']!r})")

    browser.open(origin + "index.html#mode=logo", width=1280, height=900)
    state = browser.js(GALLERY_STATE)
    logos = {b for b in buttons if b[0] == "logo"}
    failures.check(
        sorted(state["keys"]) == sorted(map(key, logos)) and state["filters"]["mode"] == "logo" and state["sections"] == 1,
        f"a shared #mode=logo opens with the {len(logos)} logo-only buttons in their one section ({state['shown']}, {state['sections']} sections)",
    )
    browser.driver.find_element(By.ID, "clear-filters").click()
    time.sleep(0.2)
    state = browser.js(GALLERY_STATE)
    failures.check(
        state["shown"] == len(buttons) and state["hash"] == "", f"“Show all” shows all {len(buttons)} again and clears the hash"
    )

    # The contents list: a filter link, and a jump to a section.
    browser.driver.find_element(By.CSS_SELECTOR, '.contents a[href="#style=white"]').click()
    time.sleep(0.2)
    state = browser.js(GALLERY_STATE)
    whites = {b for b in buttons if b[2] == "white"}
    failures.check(
        sorted(state["keys"]) == sorted(map(key, whites)), f"the contents link “white” filters to the {len(whites)} white buttons"
    )
    browser.driver.find_element(By.ID, "clear-filters").click()
    section = browser.js("return document.querySelector('.contents ol a').getAttribute('href')")
    browser.driver.find_element(By.CSS_SELECTOR, f'.contents ol a[href="{section}"]').click()
    time.sleep(0.3)
    top = browser.js("return document.querySelector(arguments[0]).getBoundingClientRect().top", section)
    failures.check(
        0 <= top < 120 and browser.js(GALLERY_STATE)["shown"] == len(buttons),
        f"the contents list jumps to {section} (now {top:.0f} px from the top) without filtering",
    )

    failures.start("index.html on dark grey")
    look = browser.js("""const dark = document.querySelector('.pane.dark');
        const ring = document.querySelector('.item[data-style="black"] .pane.dark .tile');
        const plain = document.querySelector('.item[data-style="white"] .pane.dark .tile');
        return {dark: getComputedStyle(dark).backgroundColor, light: getComputedStyle(document.querySelector('.pane.light')).backgroundColor,
                ring: getComputedStyle(ring).boxShadow, plain: getComputedStyle(plain).boxShadow};""")
    failures.check(
        look["dark"] == "rgb(28, 28, 30)" and look["light"] == "rgb(255, 255, 255)",
        f"dark variants on dark grey, light ones on white ({look['dark']}, {look['light']})",
    )
    failures.check(
        "rgba(255, 255, 255" in look["ring"] and look["plain"] == "none",
        f"black buttons keep a ring on dark grey, white ones none ({look['ring']!r}, {look['plain']!r})",
    )

    failures.start("index.html copy buttons")
    browser.cdp(
        "Browser.grantPermissions",
        {"origin": origin.rstrip("/"), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    paths = browser.js("return [...document.querySelectorAll('.files button.copy')].map(b => b.dataset.copy)")
    listed = {e["path"] for e in files} | {e["endpoint"] for e in files}
    failures.check(
        set(paths) <= listed and {e["path"] for e in files} <= set(paths),
        f"every file of the manifest has a copy button with its path, and every endpoint is the manifest's ({len(paths)} buttons)",
    )

    def copy(index):
        button = browser.driver.find_elements(By.CSS_SELECTOR, ".files button.copy")[index]
        browser.js("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        time.sleep(0.3)
        return button.text, browser.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.clipboard.readText().then(done, e => done('clipboard error: ' + e));"
        )

    label, copied = copy(1)
    failures.check(label == "Copied" and copied == paths[1], f"Copy puts {paths[1]!r} on the clipboard ({label!r}, {copied!r})")
    browser.js("navigator.clipboard.writeText = () => Promise.reject(new Error('refused'))")
    label, copied = copy(2)
    failures.check(
        label == "Copied" and copied == paths[2], f"the execCommand fallback copies {paths[2]!r} ({label!r}, {copied!r})"
    )
    failures.check(browser.js("return document.querySelector('.clipboard-buffer') === null"), "the fallback leaves no textarea")
    check_clean(failures, browser, origin, "no console errors, CSP violations or failed loads from our files")

    failures.start("index.html from file://")
    url = "file://" + os.path.abspath(os.path.join(dist, "index.html"))
    browser.open(url, width=1280, height=900)
    browser.js("""document.querySelectorAll('img').forEach(i => { i.loading = 'eager'; });""")
    time.sleep(0.5)
    browser.screenshot(shot("gallery.png"))
    choose(browser, "locale", "ja_JP")
    state = browser.js(GALLERY_STATE)
    want = {b for b in buttons if b[3] in ("", "ja_JP")}
    failures.check(
        sorted(state["keys"]) == sorted(map(key, want)),
        f"the filters work from file:// ({state['shown']} of {len(buttons)} for ja_JP)",
    )
    button = browser.driver.find_element(By.CSS_SELECTOR, ".item:not([hidden]) .files button.copy")
    path = button.get_attribute("data-copy")
    browser.js("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    time.sleep(0.3)
    selected = browser.js("return getSelection().toString()")
    failures.check(
        "/ja_JP/" in path and (button.text == "Copied" or (button.text == "Selected" and selected == path)),
        f"copy from file:// copies, or selects the path ({button.text!r}, selection {selected!r})",
    )
    browser.screenshot(shot("gallery-ja_JP.png"))


def check_img_snippet(browser, origin, size, shot, failures):
    """The hot-link snippet: 1x/2x/3x, shown at its size in points on every screen."""
    for scale in (1, 2):
        failures.start(f"snippet-img.html at {scale} device pixels per point")
        browser.open(origin + "snippet-img.html", width=480, height=160, scale=scale)
        info = browser.driver.execute_async_script(VISIBLE_IMAGE)
        failures.check(bool(info and info["ok"]), f"the image loads ({info})")
        failures.check(bool(info) and (info["w"], info["h"]) == size, f"shown at {size[0]}x{size[1]} pt ({info})")
        failures.check(
            bool(info)
            and info["src"].endswith(f"@{scale}x.{IMAGE_EXT}")
            and info["natural"] == [size[0] * scale, size[1] * scale],
            f"the @{scale}x file is picked, {size[0] * scale}x{size[1] * scale} px ({info})",
        )
        browser.screenshot(shot(f"snippet-img-{scale}x.png"))
        check_clean(failures, browser, origin, "no console errors, CSP violations or failed loads from our files")


def check_nojs_as_pasted(browser, origin, size, args, shot, failures):
    for dark, scale in ((False, 1), (True, 2)):
        name = "dark" if dark else "light"
        failures.start(f"snippet-nojs.html as pasted ({name}, {scale}x)")
        browser.open(origin + "snippet-nojs.html", width=480, height=260, scale=scale, dark=dark)
        info = browser.driver.execute_async_script(VISIBLE_IMAGE)
        failures.check(bool(info and info["ok"]), f"the button image is shown ({info and info['src']})")
        want = ("/white/" if dark else "/black/") + f"en_US/button@{scale}x.{IMAGE_EXT}"
        failures.check(bool(info) and info["src"].endswith(want), f"picture picks {want} ({info and info['src']})")
        failures.check(bool(info) and (info["w"], info["h"]) == size, f"shown at {size[0]}x{size[1]} pt")
        failures.check(bool(info) and info["alt"] == "Sign in with Apple", "alt text is the localised title")
        failures.check(
            bool(info) and info["link"] == "#siwa-setup",
            f"with the placeholders in place the image links to the explanation ({info and info['link']})",
        )
        apple = browser.js("return document.querySelector('a.siwa-signin').href")
        href = urllib.parse.urlparse(apple)
        query = urllib.parse.parse_qs(href.query)
        failures.check(f"{href.scheme}://{href.netloc}{href.path}" == APPLE_AUTHORIZE, "the hidden link goes to Apple")
        failures.check(
            query.get("client_id") == [args.client_id] and query.get("redirect_uri") == [args.redirect_uri],
            "client_id and redirect_uri arrive intact (escaping round-trips)",
        )
        failures.check(browser.js(BOX, "a.siwa-signin")["shown"] is False, "the link with the placeholders is not shown")
        failures.check(browser.js(BOX, "#siwa-setup")["shown"] is False, "the explanation waits for a click")
        box = browser.js(BOX, "a.siwa-setup-link img")
        click_middle(browser, box)
        time.sleep(0.3)
        failures.check(
            browser.js("return location.origin + location.pathname + location.hash") == origin + "snippet-nojs.html#siwa-setup",
            "a click stays on the page, nothing goes to Apple",
        )
        failures.check(browser.js(BOX, "#siwa-setup")["shown"] is True, "a click shows the explanation")
        browser.screenshot(shot(f"snippet-nojs-{name}.png"))
        check_clean(failures, browser, origin, "no console errors, CSP violations or failed loads from our files")


REQUIRED = "Sign in with Apple did not start"


def check_js_as_pasted(browser, origin, size, shot, failures):
    # Apple unreachable: our image, and a click explains.
    failures.start("snippet.html as pasted, Apple's library unreachable")
    browser.open(origin + "snippet.html", width=480, height=260)
    info = browser.driver.execute_async_script(VISIBLE_IMAGE)
    failures.check(
        bool(info and info["ok"]) and (info["w"], info["h"]) == size,
        f"our image shows the button at {size[0]}x{size[1]} pt ({info})",
    )
    box = browser.js(BOX, "#appleid-signin")
    failures.check((box["w"], box["h"]) == size, f"#appleid-signin is the button's size ({box})")
    click_middle(browser, box)
    time.sleep(0.3)
    failures.check(browser.js(BOX, "#siwa-setup")["shown"] is True, "a click explains in the page")
    failures.check(browser.js("return location.href") == origin + "snippet.html", "nothing is opened")
    messages = browser.messages()
    failures.check(
        any(l == "warning" and "still placeholders" in t for l, t, _ in messages),
        "siwa-init.js says at once that state and nonce are placeholders",
    )
    ours, seen = our_errors(browser, origin, expected_errors=(REQUIRED,))
    failures.check(REQUIRED in seen, "the click's explanation is in the console too")
    failures.check(not ours, f"no other console errors, CSP violations or failed loads from our files {ours}")
    browser.screenshot(shot("snippet-offline.png"))

    # With the stand-in: Apple's button at once, configured by the meta tags; a click
    # explains and sends nothing.
    failures.start("snippet.html as pasted, with the stand-in for Apple's library")
    browser.open(origin + "snippet.html", width=480, height=260, stand_in=True)
    failures.check(len(browser.stand_in_served) == 1, f"the stand-in answered Apple's script URL {browser.stand_in_served}")
    record = browser.js("return window.__siwa")
    drawn = record["drawn"] if record else []
    failures.check(
        len(drawn) == 1 and (drawn[0]["width"], drawn[0]["height"]) == size and drawn[0]["mode"] == "center-align",
        f"Apple's script drew the button at once, from the meta tags and data attributes ({drawn})",
    )
    failures.check(
        browser.js("return document.querySelectorAll('#appleid-signin img').length") == 0, "our image gave way to Apple's button"
    )
    box = browser.js(BOX, "#appleid-signin")
    failures.check((box["w"], box["h"]) == size, f"#appleid-signin is the button's size ({box})")
    click_at(browser, box["x"] + box["w"] + 100, box["y"] + box["h"] / 2)
    time.sleep(0.3)
    failures.check(
        browser.js("return window.__siwa.signIns.length") == 0 and browser.js(BOX, "#siwa-setup")["shown"] is False,
        "a click 100 px beside the button does nothing",
    )
    click_middle(browser, box)
    time.sleep(0.5)
    failures.check(browser.js("return window.__siwa.signIns.length") == 0, "a click on the button starts no sign-in")
    failures.check(len(browser.driver.window_handles) == 1, "no popup opens")
    failures.check(browser.js(BOX, "#siwa-setup")["shown"] is True, "the click explains in the page")
    ours, seen = our_errors(browser, origin, expected_errors=(REQUIRED,), strict=True)
    failures.check(REQUIRED in seen, "and in the console")
    failures.check(not ours, f"no other console errors, CSP violations or failed loads {ours}")
    browser.screenshot(shot("snippet-as-pasted.png"))

    # From the keyboard: Enter on Apple's button starts nothing either.
    failures.start("snippet.html as pasted, with the stand-in, from the keyboard")
    browser.open(origin + "snippet.html", width=480, height=260, stand_in=True)
    browser.js("document.querySelector('#appleid-signin [role=button]').focus()")
    for kind in ("keyDown", "keyUp"):
        browser.cdp(
            "Input.dispatchKeyEvent",
            {
                "type": kind,
                "key": "Enter",
                "code": "Enter",
                "windowsVirtualKeyCode": 13,
                "text": "\r" if kind == "keyDown" else "",
            },
        )
    time.sleep(0.5)
    failures.check(
        browser.js("return window.__siwa.signIns.length") == 0 and len(browser.driver.window_handles) == 1,
        "Enter on the button starts no sign-in",
    )
    failures.check(browser.js(BOX, "#siwa-setup")["shown"] is True, "Enter explains in the page")
    check_clean(failures, browser, origin, "and in the console, nothing else red", (REQUIRED,), strict=True)

    # Every other way in: Space (the stand-in, like Apple's script, starts on its keyup),
    # a tap, a script's click() on the element, and AppleID.auth.signIn() itself.
    def space():
        browser.js("document.querySelector('#appleid-signin [role=button]').focus()")
        for kind in ("keyDown", "keyUp"):
            browser.cdp(
                "Input.dispatchKeyEvent",
                {
                    "type": kind,
                    "key": " ",
                    "code": "Space",
                    "windowsVirtualKeyCode": 32,
                    "text": " " if kind == "keyDown" else "",
                },
            )

    def tap():
        box = browser.js(BOX, "#appleid-signin")
        point = [{"x": box["x"] + box["w"] / 2, "y": box["y"] + box["h"] / 2}]
        browser.cdp("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
        browser.cdp("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    inputs = (
        ("Space", space),
        ("a tap", tap),
        ("a script's click()", lambda: browser.js("document.getElementById('appleid-signin').click()")),
        ("AppleID.auth.signIn()", lambda: browser.js("AppleID.auth.signIn().catch(() => {})")),
    )
    for name, action in inputs:
        failures.start(f"snippet.html as pasted, with the stand-in: {name}")
        browser.open(origin + "snippet.html", width=480, height=260, stand_in=True)
        action()
        time.sleep(0.6)
        failures.check(
            browser.js("return window.__siwa.signIns.length") == 0
            and len(browser.driver.window_handles) == 1
            and not [u for u in browser.stand_in_served if u.startswith(APPLE_AUTHORIZE)],
            f"{name} starts no sign-in: nothing reaches Apple's authorize URL",
        )
        failures.check(browser.js(BOX, "#siwa-setup")["shown"] is True, f"{name} explains in the page")
        check_clean(failures, browser, origin, "and in the console, nothing else red", (REQUIRED,), strict=True)


def check_logo_as_pasted(browser, logo_origin, logo_dist, shot, failures):
    """A logo-only zh_CN set with an empty scope."""
    failures.start("logo-only snippet.html (zh_CN, no scope) as pasted, with the stand-in")
    browser.open(logo_origin + "snippet.html", width=480, height=260, stand_in=True)
    size = browser.js("return Number(document.getElementById('appleid-signin').dataset.size)")
    drawn = (browser.js("return window.__siwa") or {}).get("drawn", [])
    failures.check(
        size > 0 and len(drawn) == 1 and (drawn[0]["width"], drawn[0]["height"]) == (size, size),
        f"Apple's script draws the logo at data-size, {size}x{size} ({drawn})",
    )
    box = browser.js(BOX, "#appleid-signin")
    failures.check((box["w"], box["h"]) == (size, size), f"#appleid-signin is the logo's size ({box})")
    inits = (browser.js("return window.__siwa") or {}).get("inits", [])
    failures.check(len(inits) == 1 and inits[0]["scope"] == "", f"no scope configured ({inits})")
    failures.check(
        browser.js("return document.querySelector('meta[name=\"appleid-signin-scope\"]')") is None, "no empty scope meta tag"
    )
    text = open(os.path.join(logo_dist, "snippet-nojs.html"), encoding="utf-8").read()
    link = re.search(r'class="siwa-signin" href="([^"]+)"', text).group(1)
    failures.check("scope=" not in link and "response_mode=form_post" in link, f"the authorize link has no empty scope ({link})")
    alt = re.search(r'alt="([^"]+)"', text).group(1)
    failures.check(alt == "\u901a\u8fc7\u2006Apple\u2006\u767b\u5f55", f"the zh_CN alt separates words with U+2006 ({alt!r})")
    check_clean(failures, browser, logo_origin, "no console errors, CSP violations or failed loads", strict=True)
    browser.screenshot(shot("logo-as-pasted.png"))


def keys_handler(body):
    """Apple's key set stand-in (https://appleid.apple.com/auth/keys) for the example."""

    class Handler(http.server.BaseHTTPRequestHandler):
        fetches = 0

        def log_message(self, *args):
            pass

        def do_GET(self):
            Handler.fetches += 1
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


def check_example_refusals(example, key, client_id, keys, failures):
    """The example's redirect URI takes only this visitor's answer, signed by Apple."""
    failures.start("the Hummingbird example server: only this visitor's answer, signed by Apple, is accepted")
    state, nonce = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    unsigned = (
        base64.urlsafe_b64encode(b'{"alg":"none"}').rstrip(b"=").decode()
        + "."
        + base64.urlsafe_b64encode(json.dumps(apple_claims(client_id, nonce)).encode()).rstrip(b"=").decode()
        + "."
    )
    cases = [
        ("the visitor's answer", state, id_token(key, apple_claims(client_id, nonce)), 200),
        ("another state", secrets.token_urlsafe(32), id_token(key, apple_claims(client_id, nonce)), 400),
        ("another nonce", state, id_token(key, apple_claims(client_id, secrets.token_urlsafe(32))), 400),
        ("another audience", state, id_token(key, apple_claims("com.example.other", nonce)), 400),
        ("another issuer", state, id_token(key, apple_claims(client_id, nonce, iss="https://example.com")), 400),
        ("an expired token", state, id_token(key, apple_claims(client_id, nonce, exp=int(time.time()) - 5)), 400),
        ("a token signed by another key", state, id_token(other, apple_claims(client_id, nonce)), 400),
        ("an unsigned token", state, unsigned, 400),
    ]
    for name, posted_state, token, want in cases:
        body = urllib.parse.urlencode({"code": "c0de", "id_token": token, "state": posted_state}).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{example.port}/auth/apple/callback", data=body, headers={"Cookie": f"siwa={state}.{nonce}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
        failures.check(status == want, f"{name}: {status} (expected {want}) {re.sub('<[^>]+>', '', text)[:80]!r}")

    # Apple's one-time `user` (unsigned): kept once by the token's sub, never replaced.
    def post_user(user):
        body = urllib.parse.urlencode(
            {
                "code": "c0de",
                "id_token": id_token(key, apple_claims(client_id, nonce, sub="000777.first")),
                "state": state,
                "user": user,
            }
        ).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{example.port}/auth/apple/callback", data=body, headers={"Cookie": f"siwa={state}.{nonce}"}
        )
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.read().decode()

    first = post_user(json.dumps({"name": {"firstName": "Ada"}, "email": "ada@example.com"}))
    again = post_user(json.dumps({"name": {"firstName": "Mallory"}, "email": "m@example.com"}))
    failures.check(
        "First sign-in" in first and "unsigned" in first and "First sign-in" not in again,
        f"the first sign-in's user is stored once by sub, a later one does not replace it ({first[-90:]!r})",
    )
    status, _, _ = harness.http_get(f"http://127.0.0.1:{example.port}/apple-signin-button.js")
    failures.check(status == 200, f"the example serves the set's files with siwa-buttons' static-file middleware ({status})")
    request = urllib.request.Request(f"http://127.0.0.1:{example.port}/auth/apple/session", data=b"", method="POST")
    with urllib.request.urlopen(request, timeout=20) as response:
        session, cookie = json.loads(response.read()), response.headers.get("Set-Cookie", "")
    failures.check(
        len(session.get("state", "")) >= 40
        and len(session.get("nonce", "")) >= 40
        and f"siwa={session.get('state')}.{session.get('nonce')}" in cookie
        and "HttpOnly" in cookie,
        "POST /auth/apple/session: fresh state and nonce as JSON, kept in the cookie",
    )

    # Forged tokens naming made-up key ids must not each make the example fetch Apple's keys.
    before = keys.RequestHandlerClass.fetches
    forged = [id_token(other, apple_claims(client_id, nonce), kid=secrets.token_hex(8)) for _ in range(20)]
    statuses = []
    for token in forged:
        body = urllib.parse.urlencode({"code": "c0de", "id_token": token, "state": state}).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{example.port}/auth/apple/callback", data=body, headers={"Cookie": f"siwa={state}.{nonce}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                statuses.append(response.status)
        except urllib.error.HTTPError as error:
            statuses.append(error.code)
    fetched = keys.RequestHandlerClass.fetches - before
    failures.check(
        statuses == [400] * 20 and before >= 1 and fetched == 0,
        f"20 tokens with made-up key ids: all 400, no new fetch of Apple's keys within the cooldown "
        f"({sorted(set(statuses))}, {fetched} fetches after {before})",
    )


def check_example_flow(browser, example, relay, size, args, shot, failures):
    origin = EXAMPLE_ORIGIN + "/"
    failures.start("the Hummingbird example server: headers")
    with urllib.request.urlopen(f"http://127.0.0.1:{example.port}/", timeout=20) as response:
        headers = response.headers
        body = response.read().decode()
    failures.check(
        headers.get("Content-Security-Policy") == RECIPE, f"it sends the CSP recipe ({headers.get('Content-Security-Policy')!r})"
    )
    failures.check(
        headers.get("Cross-Origin-Opener-Policy") == OPENER_POLICY, "and Cross-Origin-Opener-Policy: same-origin-allow-popups"
    )
    cookie = headers.get("Set-Cookie", "")
    failures.check(
        all(x in cookie for x in ("HttpOnly", "Secure", "SameSite=None")),
        f"its cookie is HttpOnly, Secure, SameSite=None ({cookie})",
    )
    failures.check(not any(p in body for p in PLACEHOLDERS), "no placeholder is left in the page it serves")

    failures.start("the Hummingbird example server: a popup sign-in, end to end (light, 1x)")
    browser.open(origin, width=480, height=260, stand_in=True)
    record = browser.js("return window.__siwa") or {}
    inits = record.get("inits", [])
    config = inits[0] if inits else {}
    failures.check(len(inits) == 1, f"Apple's script configured itself once from the meta tags ({len(inits)})")
    fresh = lambda v: isinstance(v, str) and len(v) >= 40 and "__SIWA_" not in v
    failures.check(
        fresh(config.get("state")) and fresh(config.get("nonce")) and config.get("state") != config.get("nonce"),
        "state and nonce are fresh values from the server",
    )
    failures.check(
        config.get("clientId") == args.client_id and config.get("redirectURI") == args.redirect_uri,
        f"client id and redirect URI arrive intact ({config.get('clientId')!r}, {config.get('redirectURI')!r})",
    )
    failures.check(config.get("usePopup") is True and config.get("scope") == "name email", "usePopup and scope")
    drawn = record.get("drawn", [])
    failures.check(
        len(drawn) == 1 and (drawn[0]["width"], drawn[0]["height"]) == size and drawn[0]["color"] == "black",
        f"the black button, {size[0]}x{size[1]} ({drawn})",
    )
    problems = page_problems(browser, origin)
    failures.check(not problems, f"no CSP violation or failed load under the recipe {problems}")
    browser.screenshot(shot("example-page.png"))
    box = browser.js(BOX, "#appleid-signin")
    click_at(browser, box["x"] + box["w"] + 100, box["y"] + box["h"] / 2)
    time.sleep(0.3)
    failures.check(browser.js("return window.__siwa.signIns.length") == 0, "a click beside the button does nothing")
    click_middle(browser, box)
    if not browser.until(
        lambda: browser.js("return location.pathname + ' ' + document.readyState") == "/auth/apple/callback complete", 15, 0.1
    ):
        print("    the callback page did not load within 15 s")
    signins = [u for u in browser.stand_in_served if u.startswith(APPLE_AUTHORIZE)]
    query = urllib.parse.parse_qs(urllib.parse.urlparse(signins[0]).query) if signins else {}
    failures.check(
        len(signins) == 1 and query.get("state") == [config.get("state")] and query.get("nonce") == [config.get("nonce")],
        f"the popup asked Apple with the page's state and nonce ({signins})",
    )
    result = browser.js("const r = document.getElementById('result'); return r && r.textContent")
    failures.check(
        result is not None and result.startswith("Signed in: state and nonce match"),
        f"the answer reached the redirect URI and the example accepted it ({result!r} at {browser.js('return location.href')})",
    )
    check_clean(failures, browser, origin, "nothing red in the console, no CSP violation", strict=True)
    browser.screenshot(shot("example-signed-in.png"))
    if len(browser.driver.window_handles) > 1:  # the popup closes itself; just in case
        browser.driver.switch_to.window(browser.driver.window_handles[0])

    # The recipe's opener policy is the one that works: with `same-origin` the popup loses
    # its opener and Apple's answer never arrives.
    failures.start("the Hummingbird example server with Cross-Origin-Opener-Policy: same-origin instead")
    relay.opener_policy = "same-origin"
    try:
        browser.open(origin, width=480, height=260, stand_in=True)
        box = browser.js(BOX, "#appleid-signin")
        click_middle(browser, box)
        time.sleep(4)
        failures.check(
            browser.js("return location.pathname") == "/"
            and len([u for u in browser.stand_in_served if u.startswith(APPLE_AUTHORIZE)]) == 1,
            "the popup asks Apple, but its answer never reaches the page",
        )
    finally:
        relay.opener_policy = None
    browser.close_popups()  # the stand-in could not close itself

    failures.start("the Hummingbird example server: dark scheme, 2x")
    browser.open(origin, width=480, height=260, scale=2, dark=True, stand_in=True)
    drawn = (browser.js("return window.__siwa") or {}).get("drawn", [])
    failures.check(
        len(drawn) == 1 and drawn[0]["color"] == "white" and drawn[0]["border"] == "false",
        f"Apple's button is white on a dark scheme, as the no-JS image is ({drawn})",
    )
    # Failures that are nobody's fault are not logged as errors: a closed popup, and the
    # one Apple sends when the site itself calls signIn() again.
    for error in ("popup_closed_by_user", "user_trigger_new_signin_flow"):
        browser.js(
            "document.dispatchEvent(new CustomEvent('AppleIDSignInOnFailure', { detail: { error: arguments[0] } }))", error
        )
    time.sleep(0.2)
    infos = [t for l, t, _ in browser.messages() if l == "info" and "sign-in not completed" in t]
    failures.check(len(infos) == 2, f"popup_closed_by_user and user_trigger_new_signin_flow are logged as info ({infos})")
    check_clean(failures, browser, origin, "nothing red in the console, no CSP violation", strict=True)
    browser.screenshot(shot("example-dark.png"))

    failures.start("the Hummingbird example server: the page without JavaScript")
    browser.open(origin + "nojs", width=480, height=260, stand_in=True)
    info = browser.driver.execute_async_script(VISIBLE_IMAGE)
    link = urllib.parse.urlparse((info or {}).get("link") or "")
    query = urllib.parse.parse_qs(link.query)
    failures.check(
        f"{link.scheme}://{link.netloc}{link.path}" == APPLE_AUTHORIZE
        and fresh((query.get("state") or [""])[0])
        and fresh((query.get("nonce") or [""])[0]),
        f"filled in, the image links to Apple with fresh values ({info})",
    )
    failures.check(browser.js(BOX, "a.siwa-setup-link")["shown"] is False, "the explanation's link is gone")
    check_clean(failures, browser, origin, "no console errors, CSP violations or failed loads", strict=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dist")
    ap.add_argument("logo_dist")
    ap.add_argument("packs_dist")
    ap.add_argument("paged_dist", help="a set large enough for a gallery page per language")
    ap.add_argument("screenshots")
    ap.add_argument("--client-id", required=True)
    ap.add_argument("--redirect-uri", required=True)
    ap.add_argument("--example", required=True, help="the built siwa-example-hummingbird")
    ap.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    ap.add_argument("--chromium", help="the browser binary (default: the one chromedriver finds)")
    args = ap.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    shot = functools.partial(os.path.join, args.screenshots)

    servers = [
        Server(("127.0.0.1", 0), make_handler(os.path.abspath(d)))
        for d in (args.dist, args.logo_dist, args.packs_dist, args.paged_dist)
    ]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    origin, logo_origin, packs_origin, paged_origin = (f"http://127.0.0.1:{s.server_address[1]}/" for s in servers)
    size = snippet_size(args.dist)
    # With WebP in the set the snippets offer it first: Chromium picks it over the PNG.
    global IMAGE_EXT
    with open(os.path.join(args.dist, "snippet-img.html"), encoding="utf-8") as f:
        IMAGE_EXT = "webp" if 'type="image/webp"' in f.read() else "png"
    failures = Failures()
    browser = example = None
    relay = TLSRelay()
    # Apple's signing key, stand-in: the popup signs with it, the example checks with its key set.
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    keys = Server(("127.0.0.1", 0), keys_handler(key_set(key)))
    threading.Thread(target=keys.serve_forever, daemon=True).start()
    try:
        browser = Browser(args.chromedriver, args.chromium, tls_port=relay.port, stand_ins=apple_stand_ins(key), page_load="none")
        check_harness(origin, failures)
        check_index(browser, origin, shot, failures)
        check_gallery(browser, origin, args.dist, shot, failures)
        check_gallery_presets(browser, packs_origin, args.packs_dist, shot, failures)
        check_gallery_paged(browser, paged_origin, args.paged_dist, shot, failures)
        check_img_snippet(browser, origin, size, shot, failures)
        check_nojs_as_pasted(browser, origin, size, args, shot, failures)
        check_js_as_pasted(browser, origin, size, shot, failures)
        check_logo_as_pasted(browser, logo_origin, args.logo_dist, shot, failures)
        example = Example(
            args.example, os.path.abspath(args.dist), args.client_id, f"http://127.0.0.1:{keys.server_address[1]}/auth/keys"
        )
        relay.target = example.port
        check_example_refusals(example, key, args.client_id, keys, failures)
        check_example_flow(browser, example, relay, size, args, shot, failures)
    except (WebDriverException, RuntimeError) as error:  # includes timeouts: the run could not finish
        failures.stopped(error)
        if example:
            print(example.output())
    finally:
        if browser:
            browser.quit()
        if example:
            example.stop()
        relay.stop()
        keys.shutdown()
        for server in servers:
            server.shutdown()

    print(f"screenshots: {args.screenshots}")
    return failures.summary("generated pages")


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(main())
