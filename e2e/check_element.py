#!/usr/bin/env python3
"""<apple-signin-button> in the pages people build today, in headless Chromium against
the stand-in for Apple's script (harness/apple-stand-in.js: AppleID.auth.init, signIn
returning a promise, the two DOM events, the popup's postMessage).

Usage: check_element.py BINARY --chromedriver PATH [--only NAME] [--screenshots DIR]

The element draws its button in the page (an <svg> in its shadow root, from its core/
modules): the checks of what every button does (size, name, focus, colours, fluid width,
bad attributes, sign-ins, axe) look at that; those of the service's images (URLs, srcset,
WebP, v=, a generated set's files, the text shown when none loads) set render="image".
Apple's script is loaded on intent (a pointer over the button, focus, a touch): a popup
sign-in first moves the pointer over the button (or focuses it) and waits for the
stand-in; without it, a click goes to Apple's authorize page (check_element_drawn.py).

  served               `serve` answers the element, its TypeScript declarations and each
                       of its core/ modules (37 title modules) with the files' bytes as
                       text/javascript, a strong ETag and 304; its ranges, choices (colours
                       and auto) and defaults are GET /api/schema's.
  element-titles       Apple's 37 locales x 3 types, mounted: each button named with
                       titles.json's title, in its lang and dir (rtl: Arabic, Hebrew), drawn
                       with its title; a locale Apple lacks (en_AU): one console line
                       listing Apple's.
  element-page         e2e/pages/element.html: two buttons drawn (an <svg> of 210x40: face,
                       outline for white, logo, title), named, lang en-US, focusable; no
                       image, font or anything of Apple's requested. render="image": our
                       WebP at 1x-3x, the attributes in Apple's grammar. Tailwind's
                       preflight in a 120 px column leaves both whole. With placeholders, a
                       click, Enter, Space, a tap and a script's click() send nothing:
                       one appleid-failure (siwa_placeholders), a note, one console line.
                       Filled in, pointer then click and focus then Space load Apple's
                       script and sign in through the popup with the button's state,
                       nonce and absolute redirect URI: appleid-success with Apple's
                       authorization and user, AppleID.auth.init called once with its values.
  element-dynamic      mounted late (left-aligned, 250x44), re-rendered by attributes (sign-
                       up in Arabic, rtl, mirrored), width="9999" keeps the drawing with one
                       console line, removed and re-added it signs in with state and nonce
                       fetched from session-url; a session-url answering junk: no sign-in,
                       session_failed; use-popup="false": Apple's script takes the page to
                       Apple (form_post); Apple's script failing to load: the click goes to
                       Apple's authorize page itself, with one console warning saying why.
  element-schemes      color="auto" (drawn and image) follows the system's scheme live, and
                       a light-only page's or a dark page background's.
  element-bad-input    e2e/pages/element-bad.html: each bad attribute one console line, the
                       defaults drawn, no attribute text becomes markup or runs; javascript:
                       and http: redirect URIs: nothing sent, siwa_not_configured; session
                       answers that are 500, HTML, huge, incomplete or hanging: nothing
                       sent, session_failed, a note and one line each; extra fields ignored.
  element-focus        host.focus() focuses its button (:focus-visible), the ring 3:1 on
                       white, #1c1c1e and blue pages; under forced colours (light, dark) the
                       edges and the ring 3:1 against the canvas (measured in screenshots).
  element-fluid        width="100%": the 304 px column of a 320 px phone filled, no
                       horizontal scroll; max-width on the host; in 100 px Apple's 130-point
                       minimum scaled down, said once; in 800 px Apple's 375 maximum;
                       render="image": images in 10-point steps.
  element-canonical, element-cache-version
                       seven elements (every endpoint, render="image") on the service's own
                       origin: each image URL answers 200 without a redirect, the browser
                       follows none, v= as `serve --cache-version` sets it (or none).
  element-static-set   the element of a generated set served as static files: the set's own
                       image (render="image"), named; one the set lacks: one console line
                       naming it and image-base, its title as text; drawn (German) by the
                       set's copy of core/.
  axe                  harness/axe.py: axe-core's WCAG 2.2 A/AA rules over the editor (and at
                       320 px), the gallery (light, dark), each snippet*.html of the set, the
                       element's page (light, dark, forced colours, 320 px) and the example
                       pages; each element's button in the accessibility tree, named in
                       German and Arabic when its locale is.
  examples             Examples/web's usage pages (plain, React, Vue, Svelte, Angular): the
                       app mounts the element late, re-renders, unmounts and re-mounts it; a
                       pointer over it loads Apple's script, a click signs in and the app's
                       handler gets the event.

The site (harness.front_ends.Site: the service, the page server with the README's CSP
recipe behind https://siwa-example.test, its session endpoints and redirect URI, a set
made by `BINARY generate` at /set/) is described there.

Fails on: any input reaching Apple's authorize URL while state and nonce are placeholders;
sizes, colours, names and events not as documented; console errors other than the one
each refusal must log; CSP violations; failed loads from our origins. Tolerates the
browser's own /favicon.ico, and ChromeDriver's "Invalid InterceptionId" when the stand-in's
popup closes itself while its request is answered.
"""

import functools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

from harness import ROOT, axe, http_get
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
from harness.pages import APPLE_AUTHORIZE, BOX, Server, click_at, click_middle, make_handler
from harness.service import Service
from selenium.common.exceptions import WebDriverException

ELEMENT = "/element/1/apple-signin-button.js"
PLACEHOLDER_ERROR = "state and nonce are missing or still placeholders"


# ---------------------------------------------------------------- helpers


def served_soon(browser, prefix, timeout=15):
    """Waits (without asking the page) until a stand-in has answered a URL starting with
    `prefix`, then a moment more: a script run while a navigation waits for the stand-in's
    answer waits with it, for many seconds."""
    deadline = time.monotonic() + timeout
    while not any(u.startswith(prefix) for u in browser.stand_in_served) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)


def element_state(browser, selector):
    """What the element shows: its box, the shadow button's name, the image picked (render=
    "image") or the button drawn (`svg`: DRAWN's answer, None when nothing is drawn)."""
    return browser.js(
        """const host = document.querySelector(arguments[0]);
        if (!host || !host.shadowRoot) return null;
        const button = host.shadowRoot.querySelector('[role=button]');
        const img = host.shadowRoot.querySelector('img');
        const note = host.shadowRoot.querySelector('.note');
        const r = host.getBoundingClientRect(), b = button.getBoundingClientRect();
        return {x: r.left, y: r.top, w: r.width, h: r.height, bw: b.width, bh: b.height,
                name: button.getAttribute('aria-label'), lang: button.lang, dir: button.dir, tab: button.tabIndex,
                src: img && img.currentSrc, loaded: !!img && img.complete && img.naturalWidth > 0,
                natural: img ? [img.naturalWidth, img.naturalHeight] : null,
                note: note.hidden ? null : note.textContent, svg: ("""
        + DRAWN
        + """)(host)};""",
        selector,
    )


# The drawn button of a host (a function of it): null without an <svg>; else its box, its
# viewBox, and each path: its fill, its box in the viewBox, whether it is the title (the
# only path with a transform). `face`: the colour of the last full-size shape (the face),
# `shapes`: how many full-size shapes (2: a white button's outline and face), `logo` and
# `title`: their boxes, null if not drawn.
DRAWN = """(host) => {
    const svg = host.shadowRoot.querySelector('svg');
    if (!svg) return null;
    const r = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    const paths = [...svg.querySelectorAll('path')].map((p) => {
      const box = p.getBBox();
      const t = p.getAttribute('transform');
      const m = t && p.transform.baseVal.consolidate() ? p.transform.baseVal.consolidate().matrix : null;
      const x = m ? m.a * box.x + m.e : box.x, y = m ? m.d * box.y + m.f : box.y;
      return {fill: p.getAttribute('fill'), title: !!t, x, y, w: m ? m.a * box.width : box.width,
              h: m ? m.d * box.height : box.height};
    });
    const full = paths.filter((p) => !p.title && p.w >= vb.width - 4 && p.h >= vb.height - 4);
    const logo = paths.filter((p) => !p.title && !full.includes(p));
    const title = paths.find((p) => p.title) || null;
    return {w: r.width, h: r.height, vw: vb.width, vh: vb.height, shown: r.width > 0 && !svg.closest('[hidden]'),
            face: full.length ? full[full.length - 1].fill : null, shapes: full.length,
            logo: logo.length ? logo[logo.length - 1] : null, title, paths: paths.length};
  }"""


def drawn_ready(browser, selector, timeout=10, title=True):
    """The element's drawn button (DRAWN) once it shows, with its title if `title` (its
    locale's module loaded) and a name; None by `timeout`."""
    return wait(
        browser,
        "const h = document.querySelector(arguments[0]); if (!h || !h.shadowRoot) return null;"
        "const d = (" + DRAWN + ")(h), b = h.shadowRoot.querySelector('[role=button]');"
        "return d && d.shown && d.logo && (!arguments[1] || d.title) && b.getAttribute('aria-label') ? d : null",
        timeout,
        selector,
        title,
    )


def image_ready(browser, selector, timeout=10):
    """True once the element (render="image") shows a loaded image; None by `timeout`."""
    return wait(
        browser,
        "const h = document.querySelector(arguments[0]); const i = h && h.shadowRoot && h.shadowRoot.querySelector('img');"
        "return i && i.complete && i.naturalWidth > 0",
        timeout,
        selector,
    )


def intend(browser, selector, how="pointer", loads=True):
    """Gives the element the intent that loads Apple's script: a real pointer move onto
    it (from outside) or focus on its button. Then, if it `loads`, waits for Apple's script
    (the stand-in): AppleID.auth, or None by 10 s."""
    if how == "pointer":
        box = browser.js(BOX, selector)
        for x, y in ((1, 1), (box["x"] + box["w"] / 2, box["y"] + box["h"] / 2)):
            browser.cdp("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
    else:
        browser.js("document.querySelector(arguments[0]).shadowRoot.querySelector('[role=button]').focus()", selector)
    return wait(browser, "return !!(window.AppleID && window.AppleID.auth)") if loads else None


def tap(browser, x, y):
    browser.cdp("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    browser.cdp("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


# ---------------------------------------------------------------- the element


def check_served(service_port, failures):
    failures.start("serve: the element, its core and its declarations")
    status, headers, body = http_get(f"http://127.0.0.1:{service_port}{ELEMENT}")
    with open(os.path.join(ROOT, "public" + ELEMENT), "rb") as f:
        source = f.read()
    failures.check(
        status == 200 and body == source and headers.get("Content-Type", "").startswith("text/javascript"),
        f"{ELEMENT}: 200, text/javascript, the file ({status}, {headers.get('Content-Type')})",
    )
    tag = headers.get("ETag")
    request = urllib.request.Request(f"http://127.0.0.1:{service_port}{ELEMENT}", headers={"If-None-Match": tag or ""})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            again = response.status
    except urllib.error.HTTPError as error:
        again = error.code
    failures.check(bool(tag) and again == 304, f"cacheable: a strong ETag, 304 when unchanged ({tag}, {again})")
    status, headers, _ = http_get(f"http://127.0.0.1:{service_port}/element/1/apple-signin-button.d.ts")
    kind = headers.get("Content-Type", "")
    failures.check(
        status == 200 and kind.startswith(("application/typescript", "text/plain")),
        f"the TypeScript declarations beside it, as application/typescript ({status}, {kind})",
    )
    # The modules it imports (core/**: facts, layout, drawing, a title module per locale), as files.
    modules = [name for name in element_files() if name.endswith(".js")]
    wrong = []
    for name in modules:
        status, headers, body = http_get(f"http://127.0.0.1:{service_port}/element/1/{name}")
        with open(os.path.join(PUBLIC, "element/1", name), "rb") as f:
            same = body == f.read()
        if status != 200 or not same or not headers.get("Content-Type", "").startswith("text/javascript"):
            wrong.append(f"{name}: {status} {headers.get('Content-Type')}{'' if same else ', other bytes'}")
    titles = [m for m in modules if m.startswith("core/titles/")]
    failures.check(
        not wrong and len(titles) == 37 and "core/layout.js" in modules,
        f"its {len(modules)} modules (core/ with {len(titles)} title modules): 200, text/javascript, the files ({wrong})",
    )
    # Its grammar is the schema's (GET /api/schema): ranges, choices, defaults (the
    # generated facts the element imports). Its titles and locales: check_element_titles.
    text = http_get(f"http://127.0.0.1:{service_port}/element/1/core/facts.generated.js")[2].decode()
    schema = json.loads(http_get(f"http://127.0.0.1:{service_port}/api/schema")[2])
    params = {p["name"]: p for p in schema["parameters"]}
    ranges = {
        m.group(1): [int(m.group(2)), int(m.group(3))]
        for m in re.finditer(r"'?([a-z-]+)'?: \[(\d+), (\d+)\]", text.split("const RANGES = {", 1)[1].split("};", 1)[0])
    }
    want = {
        name.replace("_", "-"): [params[name]["minimum"], params[name]["maximum"]]
        for name in ("width", "height", "size", "border_radius", "logo-position", "label-position")
    }
    failures.check(ranges == want, f"its ranges are the schema's ({ranges} vs {want})")
    choices = text.split("const CHOICES = {", 1)[1].split("};", 1)[0]
    listed = lambda name: re.search(r"'?" + name + r"'?: \[([^\]]*)\]", choices).group(1).replace("'", "").split(", ")
    failures.check(
        listed("type") == params["type"]["values"]
        and listed("color") == params["color"]["values"] + ["auto"]
        and listed("logo-size") == params["logo-size"]["values"],
        "its types, colours (and auto) and logo sizes are the schema's",
    )
    defaults = text.split("const DEFAULTS = {", 1)[1].split("};", 1)[0]
    default = lambda name: re.search(r"'?" + name + r"'?: '([^']*)'", defaults).group(1)
    failures.check(
        all(
            default(n.replace("_", "-")) == str(params[n]["default"]).lower()
            for n in ("type", "color", "border", "border_radius", "width", "height", "size", "logo-size")
        ),
        "its defaults are the schema's",
    )


# One element per locale and type of the schema, and one of a locale Apple does not have.
MOUNT_TITLES = """for (const [i, locale] of arguments[0].entries()) for (const type of ['sign-in', 'continue', 'sign-up']) {
    const b = document.createElement('apple-signin-button');
    b.id = `t-${i}-${type}`; b.setAttribute('locale', locale); b.setAttribute('type', type);
    document.body.append(b); }
  const odd = document.createElement('apple-signin-button'); odd.id = 'odd'; odd.setAttribute('locale', 'en_AU');
  document.body.append(odd);"""


def check_element_titles(browser, origin, service_port, failures):
    """The element's titles (its buttons' names), languages and locales are the schema's."""
    failures.start("<apple-signin-button>: Apple's 37 locales x 3 titles, as the schema has them")
    schema = json.loads(http_get(f"http://127.0.0.1:{service_port}/api/schema")[2])
    codes = [entry["code"] if isinstance(entry, dict) else entry for entry in schema["locales"]]
    with open(os.path.join(ROOT, "Sources/SIWAModel/Locale/titles.json"), encoding="utf-8") as f:
        rows = {r["locale"]: [r["signIn"], r["continue"], r["signUp"]] for r in json.load(f)}
    browser.open(origin + "e2e/pages/element.html", width=640, height=400, stand_in=True)
    browser.js(MOUNT_TITLES, codes)
    read = """return arguments[0].map((locale, i) => ['sign-in', 'continue', 'sign-up'].map((type) => {
        const h = document.getElementById(`t-${i}-${type}`), b = h.shadowRoot.querySelector('[role=button]');
        const svg = h.shadowRoot.querySelector('svg');
        return [b.getAttribute('aria-label'), b.lang, b.dir, !!(svg && svg.querySelector('path[transform]'))]; }));"""
    names = wait(
        browser, "const n = (() => { " + read + " })(); return n.flat().every((t) => t[0] && t[3]) ? n : null", 15, codes
    )
    names = names or browser.js(read, codes)
    wrong = [
        (code, [t[0] for t in got], rows.get(code)) for code, got in zip(codes, names) if [t[0] for t in got] != rows.get(code)
    ]
    failures.check(
        len(codes) == len(rows) == 37 and not wrong,
        f"each of the schema's {len(codes)} locales names its 3 buttons with titles.json's titles ({wrong[:3]})",
    )
    want_lang = {code: ("he" if code.startswith("iw") else code[:2]) + "-" + code[3:] for code in codes}
    rtl = {"ar_SA", "iw_IL"}
    bad = [
        (code, got[0][1], got[0][2])
        for code, got in zip(codes, names)
        if any(t[1] != want_lang[code] or t[2] != ("rtl" if code in rtl else "ltr") for t in got)
    ]
    failures.check(not bad, f"each in its language (lang) and direction (rtl: Arabic, Hebrew) ({bad[:3]})")
    drawn = sum(t[3] for got in names for t in got)
    failures.check(drawn == 3 * len(codes), f"each drawn with its title ({drawn} of {3 * len(codes)})")
    lines = element_errors(browser)
    failures.check(
        len(lines) == 1 and 'locale="en_AU"' in lines[0] and all(c in lines[0] for c in ("ar_SA", "zh_TW")),
        f"a locale Apple does not have (en_AU): one console line listing Apple's ({[t[:80] for t in lines]})",
    )


TAILWIND = """const reset = document.createElement('style');
    reset.textContent = 'img, svg, video, canvas { display: block; vertical-align: middle; }' +
                        ' img, video { max-width: 100%; height: auto; } * { box-sizing: border-box; line-height: 1.5; }';
    document.head.append(reset);
    const column = document.createElement('div');
    column.id = 'narrow';
    column.append(document.querySelector('#placeholder'));
    document.body.prepend(column);
    document.querySelector('#narrow').style.width = '120px';"""


def check_element_page(browser, origin, shot, failures):
    page = origin + "e2e/pages/element.html"
    failures.start("<apple-signin-button> in a plain page (two on the page, drawn, stand-in served)")
    browser.open(page, width=640, height=420, stand_in=True)
    drawn_ready(browser, "#filled")
    for selector, want_name, face, shapes in (
        ("#placeholder", "Sign in with Apple", "#000", 1),
        ("#filled", "Continue with Apple", "#fff", 2),
    ):
        state = element_state(browser, selector)
        failures.check(
            state and (state["w"], state["h"]) == (210, 40) and (state["bw"], state["bh"]) == (210, 40),
            f"{selector}: the element and its button are 210x40 ({state and (state['w'], state['h'])})",
        )
        svg = state and state["svg"]
        failures.check(
            bool(svg)
            and svg["shown"]
            and (svg["w"], svg["h"], svg["vw"], svg["vh"]) == (210, 40, 210, 40)
            and svg["face"] == face
            and svg["shapes"] == shapes
            and bool(svg["logo"])
            and bool(svg["title"])
            and not state["src"],
            f"{selector}: drawn in the page, an <svg> of 210x40 with its face ({face}"
            f"{', an outline' if shapes == 2 else ''}), logo and title, no image ({svg}, {state and state['src']})",
        )
        failures.check(
            state and state["name"] == want_name and state["lang"] == "en-US" and state["tab"] == 0,
            f"{selector}: role=button named {want_name!r}, lang en-US, focusable",
        )
    asked = browser.js(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => /appleid|\\.(png|webp|woff2?|ttf|otf)/.test(n))"
    )
    failures.check(not asked, f"drawn: no image, no font, nothing of Apple's requested ({asked})")
    browser.screenshot(shot("element-page.png"))
    failures.start('<apple-signin-button render="image">: the service\'s images, WebP at 1x-3x')
    browser.open(origin + "e2e/pages/element-image.html", width=640, height=420, stand_in=True)
    image_ready(browser, "#filled")
    # Canonical URLs: the default (black) is left out.
    for selector, want_name, colour in (
        ("#placeholder", "Sign in with Apple", "?width=210"),
        ("#filled", "Continue with Apple", "?color=white&border=true"),
    ):
        state = element_state(browser, selector)
        failures.check(
            state and (state["w"], state["h"]) == (210, 40) and (state["bw"], state["bh"]) == (210, 40),
            f"{selector}: the element and its button are 210x40 ({state and (state['w'], state['h'])})",
        )
        failures.check(
            state
            and state["loaded"]
            and ".webp" not in (state["src"] or "")
            and "format=webp" in state["src"]
            and colour in state["src"]
            and state["natural"] == [210, 40]
            and not state["svg"],
            f"{selector}: our WebP image at 1x, {colour}, nothing drawn ({state and state['src']})",
        )
        failures.check(
            state and state["name"] == want_name and state["lang"] == "en-US" and state["tab"] == 0,
            f"{selector}: role=button named {want_name!r}, lang en-US, focusable",
        )
    filled = browser.js("return document.querySelector('#filled').shadowRoot.querySelector('img').srcset")
    failures.check(
        "border=true" in filled
        and "border_radius=50" in filled
        and "type=continue" in filled
        and "scale=1" not in filled
        and all(f"scale={s}" in filled for s in (2, 3)),
        "attributes reach the image URL in Apple's grammar (border, border_radius, type; 1x-3x, scale=1 left out)",
    )
    browser.screenshot(shot("element-page-image.png"))
    # Tailwind's preflight and a narrow column: the shadow root keeps the button whole.
    for name, url in (("drawn", page), ("image", origin + "e2e/pages/element-image.html")):
        failures.start(f"<apple-signin-button> ({name}) under Tailwind's preflight in a 120 px column")
        browser.open(url, width=640, height=420, stand_in=True)
        browser.js(TAILWIND)
        time.sleep(0.2)
        state = element_state(browser, "#placeholder")
        shown = state["svg"] if name == "drawn" else {"w": state["bw"], "h": state["bh"]} if state["loaded"] else None
        failures.check(
            (state["w"], state["h"], state["bw"], state["bh"]) == (210, 40, 210, 40)
            and bool(shown)
            and (shown["w"], shown["h"]) == (210, 40),
            f"the button stays 210x40, its {'drawing' if name == 'drawn' else 'image'} too ({state})",
        )

    # Placeholders: nothing reaches Apple, whatever the input.
    def centre():
        box = element_state(browser, "#placeholder")
        return box["x"] + box["w"] / 2, box["y"] + box["h"] / 2

    inputs = (
        ("a click", lambda: click_at(browser, *centre())),
        (
            "Enter",
            lambda: (
                browser.js("document.querySelector('#placeholder').shadowRoot.querySelector('[role=button]').focus()"),
                key(browser, "Enter"),
            ),
        ),
        (
            "Space",
            lambda: (
                browser.js("document.querySelector('#placeholder').shadowRoot.querySelector('[role=button]').focus()"),
                key(browser, " "),
            ),
        ),
        ("a tap", lambda: tap(browser, *centre())),
        ("a script's click()", lambda: browser.js("document.querySelector('#placeholder').click()")),
    )
    for name, action in inputs:
        failures.start(f"<apple-signin-button> with placeholders: {name}")
        browser.open(page, width=640, height=420, stand_in=True)
        wait(browser, "return !!document.querySelector('#placeholder').shadowRoot")
        action()
        time.sleep(0.6)
        record, served = sign_ins(browser)
        failures.check(
            not record and not served and len(browser.driver.window_handles) == 1,
            f"{name}: no sign-in, nothing sent to Apple ({record}, {served})",
        )
        events = browser.js("return window.__events")
        failures.check(
            len(events) == 1
            and events[0]["name"] == "appleid-failure"
            and events[0]["id"] == "placeholder"
            and events[0]["detail"]["error"] == "siwa_placeholders",
            f"{name}: one appleid-failure event, error siwa_placeholders ({events})",
        )
        state = element_state(browser, "#placeholder")
        failures.check(bool(state["note"]) and "placeholders" in state["note"], "the element explains under the button")
        nothing_red(browser, origin, failures, "one console line says why, nothing else red", (PLACEHOLDER_ERROR,))
        browser.close_popups()
    browser.screenshot(shot("element-placeholders.png"))

    failures.start("<apple-signin-button> filled in, popup: pointer over it then click; focus then Space")
    for how in ("click", "Space"):
        browser.open(page, width=640, height=420, stand_in=True)
        wait(browser, "return !!document.querySelector('#filled').shadowRoot")
        loaded = intend(browser, "#filled", "pointer" if how == "click" else "focus")
        failures.check(
            bool(loaded), f"{how}: Apple's script (the stand-in) loads on intent ({'pointer' if how == 'click' else 'focus'})"
        )
        box = element_state(browser, "#filled")
        if how == "click":
            click_middle(browser, box)
        else:
            key(browser, " ")
        events = wait(browser, "return window.__events.length ? window.__events : null", 15)
        record, served = sign_ins(browser)
        query = urllib.parse.parse_qs(urllib.parse.urlparse(served[0]).query) if served else {}
        failures.check(
            len(served) == 1
            and query.get("state") == ["state-0123456789abcdef-A"]
            and query.get("nonce") == ["nonce-0123456789abcdef-A"]
            and query.get("response_mode") == ["web_message"]
            and query.get("redirect_uri") == [origin + "callback"],
            f"{how}: the popup asks Apple with the button's state, nonce and absolute redirect URI ({served})",
        )
        ok = (
            bool(events)
            and events[0]["name"] == "appleid-success"
            and events[0]["id"] == "filled"
            and events[0]["detail"]["authorization"]["state"] == "state-0123456789abcdef-A"
            and events[0]["detail"]["user"] == {"email": "a@example.com"}
        )
        failures.check(ok, f"{how}: appleid-success on the element with Apple's authorization and user ({events})")
        inits = browser.js("return window.__siwa.inits")
        failures.check(
            len(inits) == 1 and inits[0]["usePopup"] is True and inits[0]["clientId"] == "com.example.web",
            f"{how}: AppleID.auth.init called right before signIn, with the button's values",
        )
        nothing_red(browser, origin, failures, f"{how}: nothing red")
        browser.close_popups()


def check_element_dynamic(browser, origin, shot, failures):
    page = origin + "e2e/pages/element.html"
    failures.start("<apple-signin-button> mounted late, re-rendered, removed and re-added")
    browser.open(page, width=640, height=520, stand_in=True)
    browser.js("""const b = document.createElement('apple-signin-button');
        b.id = 'spa'; b.setAttribute('client-id', 'com.example.web'); b.setAttribute('redirect-uri', '/callback');
        b.setAttribute('use-popup', 'true'); b.setAttribute('session-url', '/session');
        b.setAttribute('mode', 'left-align'); b.setAttribute('width', '250'); b.setAttribute('height', '44');
        document.getElementById('late').append(b);""")
    drawn = drawn_ready(browser, "#spa")
    state = element_state(browser, "#spa")
    logo = drawn and drawn["logo"]
    failures.check(
        bool(drawn)
        and (drawn["vw"], drawn["vh"]) == (250, 44)
        and (state["w"], state["h"]) == (250, 44)
        and logo["x"] + logo["w"] < 250 / 4
        and drawn["title"]["x"] > logo["x"] + logo["w"],
        f"a late mount draws at once: left-aligned (the logo at the left, the title after it), 250x44 ({drawn})",
    )
    browser.js(
        "document.querySelector('#spa').setAttribute('type', 'sign-up');"
        "document.querySelector('#spa').setAttribute('locale', 'ar_SA')"
    )
    wait(browser, "return document.querySelector('#spa').shadowRoot.querySelector('[role=button]').lang === 'ar-SA'")
    drawn = drawn_ready(browser, "#spa")
    state = element_state(browser, "#spa")
    logo = drawn and drawn["logo"]
    failures.check(
        state["name"] == "الاشتراك باستخدام Apple"
        and state["lang"] == "ar-SA"
        and state["dir"] == "rtl"
        and bool(drawn)
        and logo["x"] > 250 * 3 / 4
        and drawn["title"]["x"] + drawn["title"]["w"] < logo["x"],
        f"an attribute change re-renders: sign-up in Arabic, named, marked rtl and drawn mirrored ({state['name']!r}, {drawn})",
    )
    # Bad values: one console line naming the attribute, the last good rendering kept.
    shown = "return document.querySelector('#spa').shadowRoot.querySelector('svg').outerHTML"
    before = browser.js(shown)
    browser.js("document.querySelector('#spa').setAttribute('width', '9999')")
    time.sleep(0.3)
    state = element_state(browser, "#spa")
    lines = [t for level, t, _ in browser.messages() if level == "error" and 'width="9999"' in t]
    failures.check(
        browser.js(shown) == before and state["w"] == 250 and len(lines) == 1 and "130-375" in lines[0],
        f'width="9999": one console line naming the attribute and its range, the drawing unchanged ({lines})',
    )
    browser.js("document.querySelector('#spa').setAttribute('width', '250')")
    # Removed and re-added: still a working button, its session fetched per sign-in.
    browser.js("const b = document.querySelector('#spa'); b.remove(); document.body.append(b);")
    time.sleep(0.3)
    loaded = intend(browser, "#spa")
    failures.check(bool(loaded), "re-added, a pointer over it loads Apple's script (the stand-in)")
    state = element_state(browser, "#spa")
    click_middle(browser, state)
    events = wait(browser, "return window.__events.length ? window.__events : null", 15)
    record, served = sign_ins(browser)
    query = urllib.parse.parse_qs(urllib.parse.urlparse(served[0]).query) if served else {}
    failures.check(
        len(served) == 1 and FRESH.match((query.get("state") or [""])[0]) and FRESH.match((query.get("nonce") or [""])[0]),
        f"re-added, a click fetches fresh state and nonce from session-url and signs in ({served})",
    )
    failures.check(
        bool(events) and events[0]["name"] == "appleid-success" and events[0]["id"] == "spa",
        f"and its success event arrives ({events})",
    )
    nothing_red(browser, origin, failures, "nothing else red", ('width="9999"',))
    browser.screenshot(shot("element-dynamic.png"))
    browser.close_popups()

    failures.start("<apple-signin-button>: a session-url answering junk")
    browser.open(page, width=640, height=420, stand_in=True)
    browser.js(
        "const b = document.querySelector('#filled'); b.removeAttribute('state'); b.removeAttribute('nonce');"
        "b.setAttribute('session-url', '/session-junk');"
    )
    browser.js("document.querySelector('#filled').click()")
    time.sleep(0.8)
    record, served = sign_ins(browser)
    events = browser.js("return window.__events")
    failures.check(
        not record and not served and len(events) == 1 and events[0]["detail"]["error"] == "session_failed",
        f"no sign-in starts, one appleid-failure (session_failed) ({events})",
    )
    nothing_red(browser, origin, failures, "one console line, nothing else red", ("session-url /session-junk failed",))

    failures.start("<apple-signin-button>: redirect flow, through Apple's script")
    browser.open(page, width=640, height=420, stand_in=True)
    browser.js("document.querySelector('#filled').setAttribute('use-popup', 'false')")
    loaded = intend(browser, "#filled")
    click_middle(browser, element_state(browser, "#filled"))
    served_soon(browser, APPLE_AUTHORIZE)
    wait(browser, "return location.href.startsWith(arguments[0])", 10, APPLE_AUTHORIZE)
    record, served = sign_ins(browser)
    query = urllib.parse.parse_qs(urllib.parse.urlparse(served[0]).query) if served else {}
    instead = [t for level, t, _ in browser.messages() if "going to Apple's sign-in page instead" in t]
    failures.check(
        bool(loaded)
        and len(served) == 1
        and query.get("response_mode") == ["form_post"]
        and query.get("state") == ["state-0123456789abcdef-A"]
        and not instead,
        f"a pointer over it, then a click: Apple's script signs in and the page goes to Apple's page (form_post) "
        f"with the button's state ({served}, {instead})",
    )

    failures.start("<apple-signin-button>: Apple's script cannot load")
    browser.open(page, width=640, height=420, stand_in=False)
    handler = browser.driver.network.add_request_handler(
        [APPLE_AUTHORIZE + "*"],
        lambda request: (
            browser.stand_in_served.append(request.url),
            request.provide_response(status=200, headers={"Content-Type": "text/html"}, body="<title>Apple</title>"),
        ),
    )
    try:
        # The pointer asks for Apple's script, which fails (no network): the click goes to Apple's page.
        browser.js(
            "window.__appleFailed = false; window.addEventListener('error', (e) => {"
            " if (e.target && e.target.src && e.target.src.includes('/appleid.auth.js')) window.__appleFailed = true; }, true)"
        )
        intend(browser, "#filled", loads=False)
        failed = wait(browser, "return window.__appleFailed", 15)
        failures.check(bool(failed), "a pointer over it asks for Apple's script, which does not load")
        click_middle(browser, element_state(browser, "#filled"))
        served_soon(browser, APPLE_AUTHORIZE)
        wait(browser, "return location.href.startsWith(arguments[0])", 15, APPLE_AUTHORIZE)
        served = [u for u in browser.stand_in_served if u.startswith(APPLE_AUTHORIZE)]
        query = urllib.parse.parse_qs(urllib.parse.urlparse(served[0]).query) if served else {}
        failures.check(
            len(served) == 1
            and query.get("response_mode") == ["form_post"]
            and query.get("state") == ["state-0123456789abcdef-A"]
            and query.get("nonce") == ["nonce-0123456789abcdef-A"]
            and query.get("redirect_uri") == [origin + "callback"]
            and query.get("response_type") == ["code id_token"],
            f"falls back to Apple's authorize page, as the no-JS link ({served})",
        )
        instead = [t for level, t, _ in browser.messages() if level == "warning" and "going to Apple's sign-in page" in t]
        failures.check(
            len(instead) == 1 and "did not load" in instead[0],
            f"one console warning says why (Apple's script did not load) ({instead})",
        )
    finally:
        browser.driver.network.remove_request_handler(handler)


def check_element_schemes(browser, origin, shot, failures):
    for render, url in (("drawn", "element.html"), ("image", "element-image.html")):
        failures.start(f'<apple-signin-button color="auto"> ({render}): the colour scheme in effect for it')
        browser.open(origin + "e2e/pages/" + url, width=640, height=420, stand_in=True)
        browser.js("document.querySelector('#placeholder').setAttribute('color', 'auto')")
        if render == "drawn":
            # The face's colour, and whether an outline is drawn round it.
            look = (
                "const d = (" + DRAWN + ")(document.querySelector('#placeholder'));"
                "return d && [d.face === '#fff' ? 'white' : 'black', d.shapes === 2]"
            )
        else:
            look = (
                "const i = document.querySelector('#placeholder').shadowRoot.querySelector('img');"
                "return i && [i.src.includes('color=white') ? 'white' : 'black', i.src.includes('border=')]"
            )
        seen = functools.partial(browser.js, look)
        becomes = functools.partial(wait, browser, "const c = (() => { " + look + " })(); return c && c[0] === arguments[0]", 10)
        failures.check(bool(becomes("black")) and seen()[1] is False, f"light: black (the default) ({seen()})")
        browser.cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        ok = becomes("white")
        failures.check(bool(ok) and seen()[1] is False, f"the system turns dark: white, live, no outline ({seen()})")
        browser.screenshot(shot(f"element-dark-{render}.png"))
        browser.js("document.documentElement.style.colorScheme = 'light'")
        failures.check(bool(becomes("black")), f"a light-only page on a dark system: black ({seen()})")
        browser.js("document.body.style.background = '#101010'")
        failures.check(bool(becomes("white")), f"the page's own dark background: white ({seen()})")
        nothing_red(browser, origin, failures, "nothing red")


def contrast(a, b):
    """WCAG contrast ratio of two sRGB colours (0-255 triples)."""

    def lum(c):
        v = [x / 255 for x in c[:3]]
        v = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in v]
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def screenshot_pixels(browser, path):
    from PIL import Image

    browser.screenshot(path)
    return Image.open(path).convert("RGB")


def element_errors(browser):
    return [t for level, t, _ in browser.messages() if level == "error" and "<apple-signin-button>" in t]


def check_element_bad_input(browser, origin, shot, failures):
    failures.start("<apple-signin-button> parsed with bad attributes: one console line each, no markup")
    browser.open(origin + "e2e/pages/element-bad.html", width=640, height=600, stand_in=True)
    wait(browser, "return !!document.querySelector('#bad').shadowRoot")
    drawn_ready(browser, "#markup")
    image_ready(browser, "#markup-image")
    time.sleep(0.3)
    errors = element_errors(browser)
    for fragment in (
        'width="9999"',
        'locale="toString"',
        'border-radius="x"',
        'type="<b>bold</b>"',
        'locale="__proto__"',
        'locale="constructor"',
        'locale="<img',
        'locale="<svg',
        'image-base="javascript:',
    ):
        seen = len([t for t in errors if fragment in t])
        failures.check(seen == 1, f"{fragment}: one console line ({seen})")
    for selector in ("#bad", "#proto", "#ctor", "#markup"):
        state = element_state(browser, selector)
        svg = state["svg"]
        failures.check(
            state["name"] == "Sign in with Apple"
            and state["lang"] == "en-US"
            and (state["bw"], state["bh"]) == (140, 30)
            and bool(svg)
            and svg["face"] == "#000"
            and bool(svg["title"])
            and (svg["vw"], svg["vh"]) == (140, 30),
            f"{selector}: the default locale's name, drawn at the default size with its title, not undefined "
            f"({state['name']!r}, {svg and (svg['vw'], svg['vh'], bool(svg['title']))})",
        )
    state = element_state(browser, "#markup-image")
    failures.check(
        state["name"] == "Sign in with Apple" and state["lang"] == "en-US" and state["loaded"] and "locale=" not in state["src"],
        f"#markup-image: the default locale's name and image ({state['name']!r}, {state['src']})",
    )
    tags = browser.js(
        "return [...document.querySelectorAll('apple-signin-button')]"
        ".flatMap(b => [...b.shadowRoot.querySelectorAll('*')].map(e => e.localName))"
    )
    failures.check(
        set(tags) <= {"div", "picture", "source", "img", "span", "p", "svg", "path"}
        and tags.count("svg") == 6
        and tags.count("img") == 1
        and browser.js("return window.__xss === undefined"),
        f"no attribute text became markup or ran ({sorted(set(tags))}, {tags.count('svg')} drawn, {tags.count('img')} image)",
    )
    failures.start("<apple-signin-button>: redirect-uri must be https://")
    for selector in ("#js-redirect", "#http-redirect"):
        browser.js("window.__events = []; document.querySelector(arguments[0]).click()", selector)
        time.sleep(0.6)
        record, served = sign_ins(browser)
        events = browser.js("return window.__events")
        state = element_state(browser, selector)
        failures.check(
            not record
            and not served
            and len(events) == 1
            and events[0]["detail"]["error"] == "siwa_not_configured"
            and bool(state["note"]),
            f"{selector}: nothing sent to Apple, siwa_not_configured, a note ({events}, {served})",
        )
    lines = [t for t in element_errors(browser) if "is not an https:// URL" in t]
    failures.check(
        len(lines) == 2 and browser.js("return window.__xss === undefined"),
        f"one console line each, javascript: never run ({lines})",
    )

    page = origin + "e2e/pages/element.html"
    for path, why in (
        ("/session-500", "answered 500"),
        ("/session-junk", "not application/json"),
        ("/session-huge", "bytes"),
        ("/session-missing", 'lacks fresh "state" and "nonce"'),
        ("/session-hang", "did not answer within 10 s"),
    ):
        failures.start(f"<apple-signin-button>: session-url {path}")
        browser.open(page, width=640, height=420, stand_in=True)
        browser.js(
            "const b = document.querySelector('#filled'); b.removeAttribute('state'); b.removeAttribute('nonce');"
            "b.setAttribute('session-url', arguments[0]); b.click()",
            path,
        )
        events = wait(browser, "return window.__events.length ? window.__events : null", 14 if "hang" in path else 5)
        record, served = sign_ins(browser)
        state = element_state(browser, "#filled")
        failures.check(
            not record
            and not served
            and events
            and len(events) == 1
            and events[0]["detail"]["error"] == "session_failed"
            and bool(state["note"]),
            f"nothing sent to Apple, one session_failed, a note ({events}, {served})",
        )
        lines = [t for t in element_errors(browser) if f"session-url {path} failed" in t]
        failures.check(len(lines) == 1 and why in lines[0], f"one console line saying {why!r} ({lines})")
    failures.start("<apple-signin-button>: session-url answering JSON with extra fields")
    browser.open(page, width=640, height=420, stand_in=True)
    browser.js(
        "const b = document.querySelector('#filled'); b.removeAttribute('state'); b.removeAttribute('nonce');"
        "b.setAttribute('session-url', '/session-extra');"
    )
    intend(browser, "#filled")
    click_middle(browser, element_state(browser, "#filled"))
    events = wait(browser, "return window.__events.length ? window.__events : null", 15)
    failures.check(bool(events) and events[0]["name"] == "appleid-success", f"extra fields are ignored: it signs in ({events})")
    browser.close_popups()


def check_element_focus(browser, origin, shot, failures):
    page = origin + "e2e/pages/element.html"
    failures.start("<apple-signin-button>: host.focus() and a two-colour focus ring")
    for background in ("#ffffff", "#1c1c1e", "#0071e3"):
        browser.open(page, width=640, height=420, stand_in=True)
        drawn_ready(browser, "#filled")
        browser.js("document.body.style.background = arguments[0]; document.querySelector('#filled').focus()", background)
        time.sleep(0.2)
        focused = browser.js(
            "const h = document.querySelector('#filled');"
            "return document.activeElement === h && h.shadowRoot.activeElement === h.shadowRoot.querySelector('[role=button]')"
            " && h.shadowRoot.querySelector('[role=button]').matches(':focus-visible')"
        )
        failures.check(bool(focused), f"on {background}: focus() on the host focuses its button, :focus-visible")
        box = element_state(browser, "#filled")
        image = screenshot_pixels(browser, shot(f"element-focus-{background[1:]}.png"))
        x = int(box["x"] + box["w"] / 2)
        inner, outer, page_colour = (image.getpixel((x, int(box["y"]) - d)) for d in (1, 3, 8))
        ratios = [
            round(contrast(inner, page_colour), 1),
            round(contrast(outer, page_colour), 1),
            round(contrast(inner, outer), 1),
        ]
        failures.check(
            max(ratios[:2]) >= 3 and ratios[2] >= 3,
            f"on {background}: the ring (inner {inner}, outer {outer}) has 3:1 against the page {page_colour} {ratios}",
        )
    failures.start("<apple-signin-button> in forced colours (Windows contrast themes)")
    for scheme in ("dark", "light"):
        browser.open(page, width=640, height=420, stand_in=True, dark=scheme == "dark")
        browser.cdp(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "forced-colors", "value": "active"}, {"name": "prefers-color-scheme", "value": scheme}]},
        )
        drawn_ready(browser, "#filled")
        time.sleep(0.4)
        for selector in ("#placeholder", "#filled"):
            box = element_state(browser, selector)
            image = screenshot_pixels(browser, shot(f"element-forced-{scheme}.png"))
            x = int(box["x"] + box["w"] / 2)
            canvas = image.getpixel((x, int(box["y"]) - 6))
            edge = max((image.getpixel((x, int(box["y"]) + d)) for d in (0, 1)), key=lambda c: contrast(c, canvas))
            failures.check(
                contrast(edge, canvas) >= 3,
                f"{scheme} canvas {canvas}, {selector}: its top edge {edge} stands out ({contrast(edge, canvas):.1f}:1)",
            )
        browser.js("document.querySelector('#placeholder').focus()")
        time.sleep(0.2)
        box = element_state(browser, "#placeholder")
        image = screenshot_pixels(browser, shot(f"element-forced-{scheme}-focus.png"))
        x = int(box["x"] + box["w"] / 2)
        canvas = image.getpixel((x, int(box["y"]) - 10))
        ring = max((image.getpixel((x, int(box["y"]) - d)) for d in (3, 4)), key=lambda c: contrast(c, canvas))
        failures.check(contrast(ring, canvas) >= 3, f"{scheme}: the focus ring {ring} shows on the canvas {canvas}")


def check_element_fluid(browser, origin, shot, failures):
    page = origin + "e2e/pages/element.html"
    failures.start('<apple-signin-button width="100%"> on a 320 px phone (drawn)')
    browser.open(page, width=320, height=640, stand_in=True)
    browser.js("for (const b of document.querySelectorAll('apple-signin-button')) b.setAttribute('width', '100%')")
    width = "const d = (" + DRAWN + ")(document.querySelector(arguments[0])); return d && d.title && d.vw === arguments[1]"
    wait(browser, width, 10, "#placeholder", 304)
    state = element_state(browser, "#placeholder")
    scroll = browser.js("return document.documentElement.scrollWidth")
    svg = state["svg"] or {}
    failures.check(
        state["w"] == 304
        and state["bw"] == 304
        and (svg.get("vw"), svg.get("w"), svg.get("h")) == (304, 304, 40)
        and scroll <= 320,
        f"it fills the 304 px column, drawn at 304 points (the container's whole points); no horizontal scroll "
        f"({state['w']}, {state['bw']}, {svg.get('vw')}, scrollWidth {scroll})",
    )
    browser.screenshot(shot("element-fluid-320.png"))
    browser.js("document.querySelector('#filled').style.maxWidth = '245px'")
    wait(browser, width, 10, "#filled", 245)
    state = element_state(browser, "#filled")
    failures.check(
        state["w"] == 245 and state["bw"] == 245 and (state["svg"] or {}).get("vw") == 245,
        f"CSS on the host (max-width: 245px) sizes it: 245 ({state['w']}, {state['bw']}, {state['svg']})",
    )
    browser.js(
        "const c = document.createElement('div'); c.id = 'narrow'; c.style.width = '100px';"
        "c.append(document.querySelector('#placeholder')); document.body.prepend(c);"
    )
    time.sleep(0.5)
    state = element_state(browser, "#placeholder")
    svg = state["svg"] or {}
    lines = [t for t in element_errors(browser) if "below Apple's minimum" in t]
    failures.check(
        state["bw"] == 100
        and svg.get("vw") == 130
        and abs(svg.get("w", 0) - 100) < 0.5
        and len(lines) == 1
        and abs(state["bh"] - 100 * 40 / 130) < 1,
        f"in a 100 px column: the 130-point button, scaled down to fit, said once "
        f"({state['bw']}x{state['bh']}, {svg.get('vw')}, {lines})",
    )
    browser.js("document.getElementById('narrow').style.width = '90px'")
    time.sleep(0.3)
    lines = [t for t in element_errors(browser) if "below Apple's minimum" in t]
    failures.check(len(lines) == 1, f"narrower still: not said again ({len(lines)})")
    browser.js("document.getElementById('narrow').style.width = '800px'")
    wait(browser, width, 10, "#placeholder", 375)
    state = element_state(browser, "#placeholder")
    failures.check(
        state["bw"] == 375 and state["w"] == 375 and (state["svg"] or {}).get("vw") == 375,
        f"in an 800 px column: Apple's maximum, 375 ({state['bw']})",
    )
    nothing_red(browser, origin, failures, "nothing else red", ("below Apple's minimum",))

    failures.start('<apple-signin-button width="100%" render="image">: images in 10-point steps')
    browser.open(origin + "e2e/pages/element-image.html", width=320, height=640, stand_in=True)
    browser.js("for (const b of document.querySelectorAll('apple-signin-button')) b.setAttribute('width', '100%')")
    wait(
        browser,
        "const i = document.querySelector('#placeholder').shadowRoot.querySelector('img');"
        "return i && i.complete && i.naturalWidth > 0 && i.src.includes('width=300')",
    )
    state = element_state(browser, "#placeholder")
    failures.check(
        state["w"] == 304 and state["bw"] == 300 and "width=300" in state["src"] and state["loaded"],
        f"in the 304 px column, the 300-point image (few distinct images to cache) ({state['w']}, {state['bw']}, {state['src']})",
    )
    browser.js("document.querySelector('#filled').style.maxWidth = '245px'")
    wait(
        browser,
        "const i = document.querySelector('#filled').shadowRoot.querySelector('img');"
        "return i.complete && i.naturalWidth > 0 && i.currentSrc.includes('width=240')",
    )
    state = element_state(browser, "#filled")
    failures.check(
        state["w"] == 245 and state["bw"] == 240 and "width=240" in state["src"],
        f"max-width: 245px on the host: the 240-point image ({state['w']}, {state['bw']}, {state['src']})",
    )


def no_redirect_status(url):
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(url, timeout=20) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


# Buttons of every endpoint, colour and a few non-defaults, as images (render="image"): their
# URLs must be the service's canonical ones.
MOUNT_MANY = """const attrs = [{}, {color: 'white', border: 'true'}, {type: 'continue', locale: 'de_DE', width: '240', height: '44'},
    {mode: 'left-align', 'logo-size': 'large', 'label-position': '60', 'logo-position': '10', width: '250', height: '40'},
    {mode: 'logo-only', size: '44', 'border-radius': '50'}, {width: '100%', height: '44'}, {color: 'white', 'border-radius': '15'}];
  for (const a of attrs) { const b = document.createElement('apple-signin-button'); b.setAttribute('render', 'image');
    for (const [k, v] of Object.entries(a)) b.setAttribute(k, v); document.body.append(b); }"""


def check_element_canonical(browser, service_port, version, shot, failures):
    failures.start(
        f"<apple-signin-button>: canonical image URLs, 0 redirects ({'--cache-version ' + version if version else 'no cache version'})"
    )
    base = f"http://127.0.0.1:{service_port}/"
    browser.open(base + "healthz", width=640, height=900)
    module = ELEMENT + (f"?v={version}" if version else "")
    browser.js(f"import({json.dumps(module)}).then(() => {{ {MOUNT_MANY} }})")
    wait(
        browser,
        "const b = [...document.querySelectorAll('apple-signin-button')];"
        "return b.length === 7 && b.every(x => { const i = x.shadowRoot.querySelector('img'); return i && i.complete && i.naturalWidth > 0; })",
    )
    urls = browser.js(
        "return [...document.querySelectorAll('apple-signin-button')].flatMap(b =>"
        " [...b.shadowRoot.querySelectorAll('img, source')].flatMap(e => [e.src, ...(e.srcset || '').split(', ')"
        ".map(s => s.split(' ')[0])]).filter(Boolean))"
    )
    urls = sorted({urllib.parse.urljoin(base, u) for u in urls})
    statuses = {u: no_redirect_status(u) for u in urls}
    bad = {u: s for u, s in statuses.items() if s != 200}
    failures.check(len(urls) >= 40 and not bad, f"{len(urls)} image URLs, each answered 200 without a redirect ({bad})")
    want_v = f"v={version}" if version else "v="
    failures.check(all((want_v in u) == bool(version) for u in urls), f"v= is {version or 'absent'} in each")
    redirected = browser.js(
        "return performance.getEntriesByType('resource').filter(e => e.name.includes('/appleid/button')"
        " && (e.redirectStart > 0 || e.redirectEnd > 0)).map(e => e.name)"
    )
    failures.check(not redirected, f"the browser followed no redirect for any image ({redirected})")


def check_element_static_set(browser, set_dir, shot, failures):
    failures.start("<apple-signin-button> in a generated set served as static files")
    with open(os.path.join(set_dir, "element-static.html"), "w", encoding="utf-8") as f:
        f.write(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>static set</title>'
            '<script type="module" src="apple-signin-button.js"></script></head><body>'
            '<apple-signin-button id="a" render="image" width="210" height="40"></apple-signin-button>'
            '<apple-signin-button id="b" render="image" color="white" border="true"></apple-signin-button>'
            '<apple-signin-button id="c" locale="de_DE" type="continue" width="210" height="40"></apple-signin-button>'
            "</body></html>"
        )
    server = Server(("127.0.0.1", 0), make_handler(set_dir))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        browser.open(f"http://127.0.0.1:{server.server_address[1]}/element-static.html", width=640, height=300)
        image_ready(browser, "#a")
        drawn_ready(browser, "#c")
        time.sleep(0.5)
        state = element_state(browser, "#a")
        failures.check(
            state["loaded"]
            and state["src"].endswith("/center/sign-in/black/en_US/button@1x.png")
            and state["natural"] == [210, 40]
            and state["name"] == "Sign in with Apple",
            f'render="image": a button the set holds shows the set\'s own file, named ({state["src"]}, {state["natural"]})',
        )
        lines = element_errors(browser)
        shown = browser.js(
            "const f = document.querySelector('#b').shadowRoot.querySelector('.fallback');"
            "const r = f.getBoundingClientRect(); return [f.hidden, f.textContent, r.width, r.height];"
        )
        failures.check(
            len(lines) == 1
            and "has no image for /appleid/button?color=white&border=true" in lines[0]
            and "image-base" in lines[0],
            f"one the set lacks: one console line naming it and image-base ({lines})",
        )
        failures.check(
            not shown[0] and shown[1] == "Sign in with Apple" and shown[2] == 140 and shown[3] == 30,
            f"and its title as text, at its size ({shown})",
        )
        state = element_state(browser, "#c")
        svg = state["svg"]
        failures.check(
            state["name"] == "Mit Apple fortfahren"
            and bool(svg)
            and bool(svg["title"])
            and (svg["vw"], svg["vh"]) == (210, 40)
            and not state["src"],
            f"drawn (the default): the set's copy of the element's core draws a German button, no image "
            f"({state['name']!r}, {svg and (svg['vw'], svg['vh'])})",
        )
        browser.screenshot(shot("element-static-set.png"))
    finally:
        server.shutdown()


# ---------------------------------------------------------------- the snippets in apps


def check_examples(browser, origin, shot, failures):
    """The usage pages of Examples/web: each mounts late, re-renders, unmounts, re-mounts."""
    for name in ("plain", "react", "vue", "svelte", "angular"):
        failures.start(f"Examples/web/{name}.html")
        browser.open(origin + f"examples/{name}.html", width=640, height=480, stand_in=True)
        ready = drawn_ready(browser, "apple-signin-button")
        state = element_state(browser, "apple-signin-button") or {}
        failures.check(
            bool(ready) and (ready["vw"], ready["vh"]) == (240, 44) and state.get("name") == "Sign in with Apple",
            f"the element is mounted (late, by the app) and drawn, 240x44, named ({ready})",
        )
        browser.driver.find_element("id", "rerender").click()
        ok = wait(
            browser,
            "const b = document.querySelector('apple-signin-button');"
            "return b.shadowRoot.querySelector('[role=button]').getAttribute('aria-label') === 'Continue with Apple'",
        )
        failures.check(
            bool(ok) and bool(drawn_ready(browser, "apple-signin-button")), "re-rendered by the app: Continue with Apple"
        )
        browser.driver.find_element("id", "toggle").click()
        time.sleep(0.2)
        failures.check(browser.js("return document.querySelectorAll('apple-signin-button').length") == 0, "unmounted")
        browser.driver.find_element("id", "toggle").click()
        ok = wait(browser, "return document.querySelectorAll('apple-signin-button').length === 1")
        drawn_ready(browser, "apple-signin-button")
        loaded = intend(browser, "apple-signin-button")
        state = element_state(browser, "apple-signin-button")
        click_middle(browser, state)
        result = wait(browser, "const o = document.getElementById('result'); return o && o.textContent", 15)
        _record, served = sign_ins(browser)
        failures.check(
            bool(ok) and bool(loaded) and len(served) == 1 and result and result.startswith("Signed in"),
            f"re-mounted, a pointer over it loads Apple's script, a click signs in and the app's handler gets the event ({result!r})",
        )
        browser.screenshot(shot(f"example-{name}.png"))
        nothing_red(browser, origin, failures, "nothing red")
        browser.close_popups()


def check_versioned(binary, browser, shot, failures):
    versioned = Service(binary, "--cache-version", "2026-11", public=PUBLIC)
    try:
        check_element_canonical(browser, versioned.port, "2026-11", shot, failures)
    finally:
        versioned.stop()


def main():
    args = arguments("element")
    shot = functools.partial(os.path.join, args.screenshots)
    failures = Failures()
    site = Site(args.binary, args.chromedriver)
    timings = {}
    try:
        site.start()
        browser, origin, port = site.browser, site.origin, site.service.port
        checks = {
            "served": lambda: check_served(port, failures),
            "element-titles": lambda: check_element_titles(browser, origin, port, failures),
            "element-page": lambda: check_element_page(browser, origin, shot, failures),
            "element-dynamic": lambda: check_element_dynamic(browser, origin, shot, failures),
            "element-schemes": lambda: check_element_schemes(browser, origin, shot, failures),
            "element-bad-input": lambda: check_element_bad_input(browser, origin, shot, failures),
            "element-focus": lambda: check_element_focus(browser, origin, shot, failures),
            "element-fluid": lambda: check_element_fluid(browser, origin, shot, failures),
            "element-canonical": lambda: check_element_canonical(browser, port, None, shot, failures),
            "element-cache-version": lambda: check_versioned(args.binary, browser, shot, failures),
            "element-static-set": lambda: check_element_static_set(browser, site.set_dir, shot, failures),
            "axe": lambda: axe.check_axe(browser, origin, port, site.set_dir, failures),
            "examples": lambda: check_examples(browser, origin, shot, failures),
        }
        timings = run_checks(checks, args.only, browser, failures)
    except (WebDriverException, RuntimeError, subprocess.CalledProcessError) as error:
        failures.stopped(error)
    finally:
        site.stop()

    print(took(timings))
    print(f"screenshots: {args.screenshots}")
    return failures.summary("the element")


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(main())
