#!/usr/bin/env python3
"""<apple-signin-button> drawing its button in the page (the default: an <svg> in its
shadow root from public/element/1/core/, no image, no font), in headless Chromium:

  pixels      Apple's 37 locales x 3 titles, centred and left-aligned at 260x44, logo-only
              buttons and 20 random valid buttons (--seed), drawn on a mid-grey page at
              device pixel ratios 1, 2 and 3, each crop against `BINARY serve`'s PNG of the
              same query and scale (alpha composited over the page's grey): the ink box of
              logo and title within 1 device px (2 at 2x and 3x) on each side, the ink (its
              coverage) within 5 %, the mean luminance difference in the face at most 8/255.
              The control: the renderer's own SVG output of each button, rasterized by
              Chromium as an <img>. Skia and Cairo antialias 1-2 px stems differently, so at
              1x a few buttons differ from the PNG by more than 8/255 and the count of ink
              pixels by up to 10 % whoever draws the geometry: there the drawn button may be
              no further than the control (+0.5/255), and it must match the control itself
              (mean difference at most 1.5/255: the same geometry; a title moved by 0.25 pt
              gives 4.5). Prints the worst figure of each per ratio; the worst crops are
              saved (crop, PNG over grey, difference x4, one above the other).
  apple       the drawn button at 2x measured with ../shared/tools/measure-button against
              our PNG of the same query (each ink box edge within 2 device px), for each of
              Apple's references in ../shared/reference/apple/ (skipped without ../shared).
  intent      nothing of Apple's while the page loads and idles; one request for
              appleid.auth.js once a pointer moves onto a button, whatever happens next.
  redirect    without Apple's script at the click (never asked for, or answered 404) the
              page goes to Apple's authorize URL itself: form_post, code id_token, the
              button's client id, redirect URI, scope, state and nonce; placeholders send
              nothing and explain.
  shift       docs/element.md's :not(:defined) rule: layout-shift entries add up to 0 while
              the module (delayed) and a title module arrive; each box is final when the
              element is defined.
  static      a folder holding only a copy of public/element/1/ and a page: a de_DE button
              drawn, no console error, no request but the page and the element's modules
              (and the browser's own /favicon.ico).
  missing     core/titles/fr_FR.generated.js answering 404: the English title drawn, one
              console line naming fr_FR.
  session     a session-url answering 302 to another origin: refused, one console line about
              the redirect, nothing sent to Apple nor to the other origin.

Usage: check_element_drawn.py BINARY --chromedriver PATH [--out DIR] [--only NAME] [--seed N]

Pages come from a local static server over a copy of public/element/1/ and e2e/pages/ (the
README's CSP recipe on every page); the references from `BINARY serve --public public`.
Apple's script and authorize page are stand-ins (harness.pages), every other host is
unresolvable; the browser's requests are read from its network log. Screenshots go to
--out (default out/element-drawn/).
"""

import argparse
import base64
import concurrent.futures
import http.server
import io
import json
import os
import random
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

import numpy as np
from cryptography.hazmat.primitives.asymmetric import rsa
from harness import ROOT, http_get
from harness.browser import Browser
from harness.failures import Failures
from harness.pages import APPLE_AUTHORIZE, APPLE_SCRIPT_HOST, RECIPE, Server, apple_stand_ins, make_handler, read_file
from harness.service import Service
from PIL import Image
from selenium.common.exceptions import WebDriverException

PUBLIC = os.path.join(ROOT, "public")
ELEMENT_FILES = os.path.join(PUBLIC, "element/1")
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
APPLE_HOSTS = (APPLE_SCRIPT_HOST, "appleid.apple.com")
TYPES = ("sign-in", "continue", "sign-up")
# The page behind the drawn buttons: mid-grey, so black and white faces both have edges.
GREY = 128
# Per device pixel ratio, how far each side of the ink box may be from the PNG's.
BOX_TOLERANCE = {1: 1, 2: 2, 3: 2}
AREA_TOLERANCE = 0.05
LUMINANCE_TOLERANCE = 8  # mean absolute difference in the face, of 255
# Drawn vs the renderer's own SVG, both rasterized by Chromium: the same geometry.
SAME_TOLERANCE = 1.5
CALLBACK = "https://siwa-example.test/auth/apple/callback"


# ---------------------------------------------------------------- pages and servers


class Site:
    """A static server over `root` (the README's CSP recipe on pages), every request
    recorded in `seen` as (method, path). `delays`: {path: seconds} before answering.
    POST /session answers fresh {state, nonce}; POST /session-redirect a 302 to
    `redirect_to`."""

    def __init__(self, root, delays=None, redirect_to=None):
        self.root, self.delays, self.redirect_to = root, dict(delays or {}), redirect_to
        self.seen = []
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def send(self, status, body, kind, headers=()):
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                if kind.startswith("text/html"):
                    self.send_header("Content-Security-Policy", RECIPE)
                for name, value in headers:
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                path = urllib.parse.urlparse(self.path).path
                site.seen.append(("GET", path))
                time.sleep(site.delays.get(path, 0))
                found = read_file(site.root, path)
                if found:
                    return self.send(200, *found)
                self.send(404, b"not found", "text/plain")

            def do_POST(self):
                path = urllib.parse.urlparse(self.path).path
                site.seen.append(("POST", path))
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                if path == "/session":
                    fresh = {"state": secrets.token_urlsafe(32), "nonce": secrets.token_urlsafe(32)}
                    return self.send(200, json.dumps(fresh).encode(), "application/json")
                if path == "/session-redirect" and site.redirect_to:
                    return self.send(302, b"", "text/plain", [("Location", site.redirect_to)])
                self.send(404, b"not found", "text/plain")

            do_OPTIONS = do_POST

        self.server = Server(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()


def element_copy(folder, without=()):
    """`folder`/element/1/: a copy of public/element/1/ but the files `without` (paths
    relative to it)."""
    target = os.path.join(folder, "element/1")
    shutil.copytree(ELEMENT_FILES, target)
    for name in without:
        os.unlink(os.path.join(target, name))
    return target


def wait(browser, script, timeout=10, *args):
    """The script's first truthy answer within `timeout` s, else None."""
    return browser.until(lambda: browser.js(script, *args), timeout, poll=0.1)


def apple_requests(browser):
    """The requests the browser sent to Apple's hosts since the page was opened."""
    return [url for url, _ in browser.requests() if urllib.parse.urlparse(url).hostname in APPLE_HOSTS]


def park_pointer(browser):
    """The pointer to the page's top-left corner, where no button of these pages is: a
    page opened next does not start under a button."""
    browser.cdp("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 1, "y": 1})


def centre(browser, selector):
    box = browser.js(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]",
        selector,
    )
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def pointer_onto(browser, selector):
    """A real pointer move from outside onto the middle of `selector` (pointerenter)."""
    park_pointer(browser)
    x, y = centre(browser, selector)
    browser.cdp("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})


def click(browser, selector):
    """A real click (trusted, a user gesture) in the middle of `selector`."""
    x, y = centre(browser, selector)
    for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
        params = {"type": kind, "x": x, "y": y}
        if kind != "mouseMoved":
            params.update(button="left", clickCount=1)
        browser.cdp("Input.dispatchMouseEvent", params)


# The drawn state of an element: its box, its name and language, whether an <svg> is
# drawn, its title path's data (null without a title), its note.
DRAWN = """const h = document.querySelector(arguments[0]);
  if (!h || !h.shadowRoot) return null;
  const b = h.shadowRoot.querySelector('[role=button]'), svg = h.shadowRoot.querySelector('svg');
  const title = svg && svg.querySelector('path[transform]'), note = h.shadowRoot.querySelector('.note');
  const r = h.getBoundingClientRect();
  return {w: r.width, h: r.height, name: b.getAttribute('aria-label'), lang: b.lang, svg: !!svg,
          img: !!h.shadowRoot.querySelector('img'), title: title && title.getAttribute('d'),
          paths: svg ? svg.querySelectorAll('path').length : 0, note: note && !note.hidden ? note.textContent : null};"""

ALL_DRAWN = """return [...document.querySelectorAll('apple-signin-button')].every((b) => {
    const svg = b.shadowRoot && b.shadowRoot.querySelector('svg');
    return svg && (b.getAttribute('mode') === 'logo-only' || svg.querySelector('path[transform]')); })"""


# ---------------------------------------------------------------- 1. pixels against `render`


def element_query(attrs, scale):
    """The /appleid/button target the element's attributes ask for, at `scale`: the mode's
    endpoint, border-radius as border_radius, the rest by name."""
    mode = attrs.get("mode", "center-align")
    path = {"center-align": "/appleid/button", "left-align": "/appleid/button/left", "logo-only": "/appleid/button/logo"}[mode]
    names = ["color", "border", "border-radius"]
    names += ["size"] if mode == "logo-only" else ["type", "width", "height", "locale"]
    names += ["logo-size", "logo-position", "label-position"] if mode == "left-align" else []
    query = [(n.replace("border-radius", "border_radius"), attrs[n]) for n in names if n in attrs]
    return path + "?" + urllib.parse.urlencode(query + [("scale", str(scale))])


def box_size(attrs):
    if attrs.get("mode") == "logo-only":
        return int(attrs.get("size", 30)), int(attrs.get("size", 30))
    return int(attrs.get("width", 140)), int(attrs.get("height", 30))


def grid_buttons(locales, seed):
    """Every locale x type centred and left-aligned at 260x44 (black and white in turn,
    some white ones outlined), a logo-only button of each colour, 20 random valid ones."""
    buttons = []
    for i, locale in enumerate(locales):
        for j, kind in enumerate(TYPES):
            for mode in ("center-align", "left-align"):
                black = ((i + j) % 2 == 0) == (mode == "center-align")
                attrs = {"mode": mode, "type": kind, "locale": locale, "color": "black" if black else "white"}
                attrs.update(width="260", height="44")
                if not black and (i + j) % 3 == 0:
                    attrs["border"] = "true"
                buttons.append(attrs)
    buttons += [{"mode": "logo-only", "size": "44", "color": c} for c in ("black", "white")]
    rng = random.Random(seed)
    for _ in range(20):
        mode = rng.choice(("center-align", "center-align", "left-align", "left-align", "left-align", "logo-only"))
        attrs = {"mode": mode, "color": rng.choice(("black", "white")), "border": rng.choice(("true", "false"))}
        attrs["border-radius"] = str(rng.randint(0, 50))
        if mode == "logo-only":
            attrs["size"] = str(rng.randint(30, 64))
        else:
            attrs.update(width=str(rng.randint(130, 375)), height=str(rng.randint(30, 64)))
            attrs.update(type=rng.choice(TYPES), locale=rng.choice(locales))
        if mode == "left-align":
            attrs["logo-size"] = rng.choice(("small", "medium", "large"))
            attrs.update({"logo-position": str(rng.randint(0, 182)), "label-position": str(rng.randint(0, 182))})
        buttons.append(attrs)
    return buttons


def grid_page(buttons, width=1180, background="#808080", svg=False):
    """A page of the buttons at whole-pixel places (ids b0, b1, ...): (html, height). With
    `svg`, each is instead an <img> of the renderer's own SVG output, /svg/bN.svg."""
    x, y, row, rules, tags = 8, 8, 0, [], []
    for n, attrs in enumerate(buttons):
        w, h = box_size(attrs)
        if x + w > width:
            x, y, row = 8, y + row + 8, 0
        rules.append(f"#p{n} {{ left: {x}px; top: {y}px; }}")
        if svg:
            tags.append(f'<div class="at" id="p{n}"><img id="b{n}" src="/svg/b{n}.svg" width="{w}" height="{h}" alt=""></div>')
        else:
            spelled = " ".join(f'{k}="{v}"' for k, v in attrs.items())
            tags.append(f'<div class="at" id="p{n}"><apple-signin-button id="b{n}" {spelled}></apple-signin-button></div>')
        x += w + 8
        row = max(row, h)
    height = y + row + 8
    html = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>drawn buttons</title>\n<style>\n'
        f"html, body {{ margin: 0; background: {background}; }}\n.at {{ position: absolute; }}\nimg {{ display: block; }}\n"
        f".end {{ position: absolute; left: 0; top: {height}px; width: 1px; height: 1px; }}\n"
        + "\n".join(rules)
        + '\n</style>\n<script type="module" src="/element/1/apple-signin-button.js"></script>\n</head>\n<body>\n'
        + "\n".join(tags)
        + '\n<div class="end"></div>\n</body>\n</html>\n'
    )
    return html, height


def fetch_png(service, target):
    status, _, body = http_get(service.origin + target, timeout=60)
    if status != 200:
        raise RuntimeError(f"{target}: {status}")
    return body


def erode(mask, n):
    """`mask` shrunk by n pixels (4-neighbourhood)."""
    for _ in range(n):
        p = np.pad(mask, 1, constant_values=False)
        mask = p[1:-1, 1:-1] & p[:-2, 1:-1] & p[2:, 1:-1] & p[1:-1, :-2] & p[1:-1, 2:]
    return mask


def ink_box(ink):
    rows, cols = np.nonzero(ink.any(axis=1))[0], np.nonzero(ink.any(axis=0))[0]
    if not len(rows):
        return None
    return [int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1]


def composite(png_bytes):
    """A PNG's luminance over the grey page, and its alpha (0-1)."""
    image = Image.open(io.BytesIO(png_bytes)).convert("LA")
    a = np.asarray(image, dtype=np.float64)
    alpha = a[..., 1] / 255
    return a[..., 0] * alpha + GREY * (1 - alpha), alpha


def compare(shot, reference, scale, colour):
    """The figures of one button: its screenshot crop's luminance (`shot`) against the
    PNG's (`reference`, composited over the grey). The face: the PNG's opaque pixels. The
    ink: in the face, 2 points in from its edge (past any outline), pixels that differ from
    the face's colour by more than half (its box, `box`: the largest distance of a side in
    device px), and the amount of the foreground colour there (`area`: the ink's coverage,
    each pixel counting for how far it is from the face's colour to the foreground's; its
    relative difference). `pixels`: the relative difference of the count of ink pixels
    (shown, not checked: at 1x and 2x it follows each rasterizer's antialiasing of 1-2 px
    stems more than the drawing). `luminance`: the mean absolute difference in the face."""
    lum, alpha = composite(reference)
    if lum.shape != shot.shape:
        return {"size": (shot.shape, lum.shape)}
    face = alpha > 254.5 / 255
    inner = erode(face, 2 * scale)
    face_lum = 255 if colour == "white" else 0
    ink_ref = inner & (np.abs(lum - face_lum) > 127.5)
    ink_shot = inner & (np.abs(shot - face_lum) > 127.5)
    box_ref, box_shot = ink_box(ink_ref), ink_box(ink_shot)
    edges = max(abs(a - b) for a, b in zip(box_ref, box_shot)) if box_ref and box_shot else 999
    cover_ref = float((np.abs(lum - face_lum) / 255)[inner].sum())
    cover_shot = float((np.abs(shot - face_lum) / 255)[inner].sum())
    count_ref, count_shot = int(ink_ref.sum()), int(ink_shot.sum())
    return {
        "box": edges,
        "boxes": (box_shot, box_ref),
        "area": abs(cover_shot - cover_ref) / max(cover_ref, 1),
        "areas": (round(cover_shot), round(cover_ref)),
        "pixels": abs(count_shot - count_ref) / max(count_ref, 1),
        "luminance": float(np.abs(shot - lum)[face].mean()),
    }


def side_by_side(path, shot, reference, scale):
    """The crop, the PNG over grey and their difference (x4), one above the other."""
    lum, _ = composite(reference)
    diff = np.clip(np.abs(shot - lum) * 4, 0, 255)
    stack = np.concatenate([shot, np.full((4, shot.shape[1]), 255.0), lum, np.full((4, shot.shape[1]), 255.0), diff])
    Image.fromarray(stack.astype(np.uint8), "L").save(path)


def capture(browser, viewport_height):
    """Every button's crop of the open page (b0, b1, ...: elements or images), as
    luminance (device pixels), by viewport-sized bands (scrolled) so that the screenshots
    stay small: ({id: array}, the first band's screenshot, {id: box in CSS px})."""
    boxes = browser.js(
        "return Object.fromEntries([...document.querySelectorAll('[id^=b]')].map((b) => {"
        " const r = b.getBoundingClientRect(); return [b.id, [r.left + scrollX, r.top + scrollY, r.width, r.height]]; }))"
    )
    page_height = browser.js("return document.documentElement.scrollHeight")
    scale = browser.js("return devicePixelRatio")
    crops, first, top = {}, None, 0
    while len(crops) < len(boxes):
        browser.js("window.scrollTo(0, arguments[0])", top)
        browser.driver.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()))"
        )
        at = browser.js("return scrollY")
        data = browser.cdp("Page.captureScreenshot", {"format": "png"})["data"]
        image = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")
        first = first or image
        pixels = np.asarray(image, dtype=np.float64).mean(axis=2)
        for name, (x, y, w, h) in boxes.items():
            if name in crops or y < at or y + h > at + viewport_height:
                continue
            x0, y0 = round(x * scale), round((y - at) * scale)
            crops[name] = pixels[y0 : y0 + round(h * scale), x0 : x0 + round(w * scale)]
        if at + viewport_height >= page_height:
            break
        top = at + viewport_height - 80
    return crops, first, boxes


def check_pixels(browser, site, service, out, seed, failures):
    schema = json.loads(http_get(service.origin + "/api/schema")[2])
    locales = [entry["code"] if isinstance(entry, dict) else entry for entry in schema["locales"]]
    buttons = grid_buttons(locales, seed)
    for name, svg in (("grid.html", False), ("grid-svg.html", True)):
        with open(os.path.join(site.root, name), "w", encoding="utf-8") as f:
            f.write(grid_page(buttons, svg=svg)[0])
    print(
        f"  {len(buttons)} buttons ({len(locales)} locales x 3 titles x centred and left-aligned, 2 logo-only, "
        f"20 random, seed {seed})"
    )
    # The references, rendered by the service while the browser works (two at a time): the
    # PNG at each scale, and the SVG (the same geometry, for Chromium to rasterize).
    pool = concurrent.futures.ThreadPoolExecutor(2)
    references = {
        (n, scale): pool.submit(fetch_png, service, element_query(attrs, scale))
        for scale in (1, 2, 3)
        for n, attrs in enumerate(buttons)
    }
    os.makedirs(os.path.join(site.root, "svg"), exist_ok=True)
    svgs = {
        n: pool.submit(fetch_png, service, element_query(attrs, 1).replace("scale=1", "format=svg"))
        for n, attrs in enumerate(buttons)
    }
    for n, future in svgs.items():
        with open(os.path.join(site.root, f"svg/b{n}.svg"), "wb") as f:
            f.write(future.result())
    label = lambda n: " ".join(f"{k}={v}" for k, v in buttons[n].items())
    worst_all = {}
    viewport = 900
    try:
        for scale in (1, 2, 3):
            failures.start(f"drawn = rendered: {len(buttons)} buttons at device pixel ratio {scale}")
            started = time.monotonic()
            browser.open(site.origin + "/grid.html", width=1200, height=viewport, scale=scale)
            ready = wait(browser, ALL_DRAWN, 20)
            failures.check(bool(ready), "every button drawn, each titled one with its title")
            crops, first, boxes = capture(browser, viewport)
            first.save(os.path.join(out, f"grid-{scale}x.png"))
            sizes = [n for n, attrs in enumerate(buttons) if tuple(boxes[f"b{n}"][2:]) != box_size(attrs)]
            failures.check(not sizes, f"each element's box is its width x height ({[buttons[n] for n in sizes[:3]]})")
            # The control: the renderer's own SVG of each button, rasterized by Chromium.
            browser.open(site.origin + "/grid-svg.html", width=1200, height=viewport, scale=scale)
            wait(browser, "return [...document.images].every((i) => i.complete && i.naturalWidth > 0)", 20)
            controls = capture(browser, viewport)[0]
            figures, control = {}, {}
            for n, attrs in enumerate(buttons):
                reference = references[(n, scale)].result()
                figures[n] = compare(crops[f"b{n}"], reference, scale, attrs.get("color", "black"))
                control[n] = compare(controls[f"b{n}"], reference, scale, attrs.get("color", "black"))
            wrong_size = [buttons[n] for n, f in figures.items() if "size" in f or "size" in control[n]]
            failures.check(not wrong_size, f"each crop is the PNG's size ({wrong_size[:3]})")
            figures = {n: f for n, f in figures.items() if "size" not in f and "size" not in control[n]}
            same = {n: float(np.abs(crops[f"b{n}"] - controls[f"b{n}"]).mean()) for n in figures}
            worst = {}
            for criterion in ("box", "area", "pixels", "luminance"):
                n = max(figures, key=lambda n: figures[n][criterion])
                worst[criterion] = (figures[n][criterion], n, control[n][criterion])
            n = max(same, key=same.get)
            worst["svg"] = (same[n], n, None)
            for criterion in ("box", "area", "luminance", "svg"):
                n = worst[criterion][1]
                path = os.path.join(out, f"worst-{criterion}-{scale}x.png")
                side_by_side(path, crops[f"b{n}"], references[(n, scale)].result(), scale)
            worst_all[scale] = worst
            over = [(label(n), f["boxes"]) for n, f in figures.items() if f["box"] > BOX_TOLERANCE[scale]]
            failures.check(
                not over,
                f"the ink box of logo and title within {BOX_TOLERANCE[scale]} device px on each side "
                f"(worst {worst['box'][0]} px: {label(worst['box'][1])}; over: {len(over)} {over[:3]})",
            )
            over = [(label(n), f["areas"]) for n, f in figures.items() if f["area"] > AREA_TOLERANCE]
            failures.check(
                not over,
                f"the ink (its coverage) within {AREA_TOLERANCE:.0%} (worst {worst['area'][0]:.2%}: "
                f"{label(worst['area'][1])}; over: {len(over)} {over[:3]}; counted in pixels past half, "
                f"worst {worst['pixels'][0]:.2%}, the renderer's SVG in Chromium {max(c['pixels'] for c in control.values()):.2%})",
            )
            # Within 8/255, or no further than Chromium draws the renderer's own SVG (+0.5/255)
            # where that is further itself: antialiasing of 1x stems, not the drawing.
            allowed = {n: max(LUMINANCE_TOLERANCE, control[n]["luminance"] + 0.5) for n in figures}
            over = [(label(n), round(f["luminance"], 2)) for n, f in figures.items() if f["luminance"] > allowed[n]]
            past = sum(f["luminance"] > LUMINANCE_TOLERANCE for f in figures.values())
            failures.check(
                not over,
                f"the mean luminance difference in the face at most {LUMINANCE_TOLERANCE}/255, or Chromium's "
                f"rendering of the renderer's SVG + 0.5 (worst {worst['luminance'][0]:.2f}/255, its SVG's "
                f"{worst['luminance'][2]:.2f}: {label(worst['luminance'][1])}; past {LUMINANCE_TOLERANCE}: {past}, "
                f"the SVG's {sum(c['luminance'] > LUMINANCE_TOLERANCE for c in control.values())}; over: {over[:3]})",
            )
            over = [(label(n), round(v, 2)) for n, v in same.items() if v > SAME_TOLERANCE]
            failures.check(
                not over,
                f"the same pixels as Chromium draws the renderer's own SVG: mean difference at most "
                f"{SAME_TOLERANCE}/255 (worst {worst['svg'][0]:.2f}: {label(worst['svg'][1])}; over: {over[:3]})",
            )
            # A few named ones, to look at.
            for n, attrs in enumerate(buttons[: 6 * len(locales)]):
                if attrs["locale"] in ("ar_SA", "th_TH", "ja_JP") and attrs["type"] == "sign-in":
                    name = f"{attrs['locale']}-{attrs['mode']}-{scale}x.png"
                    side_by_side(os.path.join(out, name), crops[f"b{n}"], references[(n, scale)].result(), scale)
            print(f"  ({time.monotonic() - started:.1f} s)")
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    print("  worst figures, drawn vs the PNG (in brackets: Chromium's rendering of the renderer's SVG vs the PNG):")
    for scale, worst in worst_all.items():
        print(
            f"    {scale}x: ink box {worst['box'][0]} px ({worst['box'][2]}), ink {worst['area'][0]:.2%} "
            f"({worst['area'][2]:.2%}), ink pixels {worst['pixels'][0]:.2%} ({worst['pixels'][2]:.2%}), "
            f"luminance {worst['luminance'][0]:.2f}/255 ({worst['luminance'][2]:.2f}); "
            f"drawn vs the SVG in Chromium {worst['svg'][0]:.2f}/255"
        )
    return worst_all


# ---------------------------------------------------------------- 2. Apple's references


def apple_references():
    """(file, endpoint, query) of each row of ../shared/reference/apple/README.md's table."""
    readme = os.path.join(SHARED, "reference/apple/README.md")
    rows = []
    with open(readme, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\|\s*(\S+\.png)\s*\|\s*(/appleid/button\S*)\s*\|\s*`([^`]+)`", line)
            if m:
                rows.append((m.group(1), m.group(2), dict(urllib.parse.parse_qsl(m.group(3)))))
    return rows


def measure(path, logo):
    tool = os.path.join(SHARED, "tools/measure-button")
    command = [tool, path] + (["--mode", "logo"] if logo else [])
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def check_apple(browser, site, service, out, failures):
    failures.start("drawn at 2x, measured as Apple's references are (../shared/tools/measure-button)")
    if not os.path.isfile(os.path.join(SHARED, "tools/measure-button")):
        print(f"  skipped: {SHARED} is absent (Apple's references and measure-button)")
        return
    rows = apple_references()
    modes = {"/appleid/button": "center-align", "/appleid/button/left": "left-align", "/appleid/button/logo": "logo-only"}
    buttons = []
    for _, endpoint, query in rows:
        attrs = {"mode": modes[endpoint]}
        for name, value in query.items():
            if name != "scale":
                attrs[name.replace("border_radius", "border-radius")] = value
        buttons.append(attrs)
    html, _ = grid_page(buttons, background="transparent")
    with open(os.path.join(site.root, "apple.html"), "w", encoding="utf-8") as f:
        f.write(html)
    # A transparent page: the screenshot keeps the button's own alpha, as a PNG has it.
    browser.open(site.origin + "/apple.html", width=1200, height=700, scale=2)
    browser.cdp("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
    try:
        wait(browser, ALL_DRAWN, 15)
        shot = Image.open(io.BytesIO(base64.b64decode(browser.cdp("Page.captureScreenshot", {"format": "png"})["data"])))
        shot = shot.convert("RGBA")
        shot.save(os.path.join(out, "apple-references-2x.png"))
        boxes = browser.js(
            "return [...document.querySelectorAll('apple-signin-button')].map((b) => {"
            " const r = b.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })"
        )
    finally:
        browser.cdp("Emulation.setDefaultBackgroundColorOverride", {})
    print("  (device px at 2x: [left, top, right, bottom]; drawn / our PNG / Apple's)")
    for (file, endpoint, query), attrs, (x, y, w, h) in zip(rows, buttons, boxes):
        logo = endpoint.endswith("/logo")
        crop_path = os.path.join(out, f"apple-{file[:-4]}-drawn.png")
        shot.crop((round(x * 2), round(y * 2), round((x + w) * 2), round((y + h) * 2))).save(crop_path)
        png_path = os.path.join(out, f"apple-{file[:-4]}-ours.png")
        with open(png_path, "wb") as f:
            f.write(fetch_png(service, element_query(attrs, 2)))
        drawn, ours = measure(crop_path, logo), measure(png_path, logo)
        apple = measure(os.path.join(SHARED, "reference/apple", file), logo)
        far = []
        for part in ("logo", "label"):
            a, b = drawn.get(part), ours.get(part)
            if (a is None) != (b is None) or (a and max(abs(p - q) for p, q in zip(a, b)) > 2):
                far.append(f"{part} {a} vs {b}")
        # The shape too: the same outline and transparent ring, the corner within 1 px.
        if (drawn["ring"], drawn["border"]) != (ours["ring"], ours["border"]) or abs(drawn["radius"] - ours["radius"]) > 1:
            far.append(
                f"ring, border, radius {drawn['ring'], drawn['border'], drawn['radius']} vs {ours['ring'], ours['border'], ours['radius']}"
            )
        print(
            f"  {file}: logo {drawn['logo']} / {ours['logo']} / {apple['logo']}; "
            f"label {drawn['label']} / {ours['label']} / {apple['label']}; "
            f"radius {drawn['radius']} / {ours['radius']} / {apple['radius']}, border {drawn['border']} / {ours['border']} / "
            f"{apple['border']}, ring {drawn['ring']} / {ours['ring']} / {apple['ring']}"
        )
        failures.check(
            not far, f"{file}: each ink box edge within 2 device px of our PNG's, its outline and corner as the PNG's ({far})"
        )


# ---------------------------------------------------------------- 3. nothing of Apple's before intent


def check_intent(browser, site, failures):
    failures.start("nothing of Apple's while the page loads; its script once, on intent")
    park_pointer(browser)
    browser.open(site.origin + "/e2e/drawn/signin.html", width=800, height=700, stand_in=True, settle=1.0)
    wait(browser, ALL_DRAWN)
    time.sleep(1)
    sent = browser.requests()
    ours = [u for u, _ in sent if u.startswith(site.origin)]
    apple = apple_requests(browser)
    failures.check(
        len(ours) >= 3 and not apple,
        f"loading and 1 s idle: {len(ours)} requests to the page's origin, none to Apple ({apple})",
    )
    pointer_onto(browser, "#redirect")
    loaded = wait(browser, "return !!(window.AppleID && window.AppleID.auth)")
    time.sleep(1)
    scripts = [u for u in apple_requests(browser) if u.endswith("/appleid.auth.js")]
    failures.check(
        bool(loaded) and len(scripts) == 1 and "/en_US/appleid.auth.js" in scripts[0],
        f"a pointer onto a button: one request, for Apple's en_US script, and AppleID.auth is there ({scripts})",
    )
    pointer_onto(browser, "#popup")
    browser.js("document.querySelector('#session').shadowRoot.querySelector('[role=button]').focus()")
    time.sleep(0.5)
    apple = apple_requests(browser)
    failures.check(
        len(apple) == 1,
        f"another button under the pointer, a third focused: still that one request ({apple})",
    )
    errors = [(t, u) for level, t, u in browser.messages() if level in ("error", "warning") and not u.endswith("/favicon.ico")]
    errors += browser.csp_violations()
    failures.check(
        not errors, f"nothing red or yellow in the console (but the browser's own favicon.ico), no CSP violation ({errors})"
    )


# ---------------------------------------------------------------- 4. redirect without Apple's script


def authorize_stand_in(browser, script_status=None):
    """Answers Apple's authorize URL with a plain page (and Apple's script with
    `script_status`, when given): [handler ids], and the URLs they saw."""
    seen = []

    def authorize(request):
        seen.append(request.url)
        request.provide_response(status=200, headers={"Content-Type": "text/html"}, body="<title>Apple (stand-in)</title>")

    def script(request):
        seen.append(request.url)
        request.provide_response(status=script_status, headers={"Content-Type": "text/plain"}, body="not found")

    handlers = [browser.driver.network.add_request_handler([APPLE_AUTHORIZE + "*"], authorize)]
    if script_status:
        handlers.append(browser.driver.network.add_request_handler([f"https://{APPLE_SCRIPT_HOST}/**"], script))
    return handlers, seen


def check_redirect(browser, site, failures):
    page = site.origin + "/e2e/drawn/signin.html"
    want = {
        "client_id": "com.example.web",
        "redirect_uri": CALLBACK,
        "response_type": "code id_token",
        "scope": "name email",
        "response_mode": "form_post",
        "state": "state-drawn-0123456789abcdef",
        "nonce": "nonce-drawn-0123456789abcdef",
    }
    for how in ("never asked for (a script's click())", "answered 404 (a pointer over it, then a click)"):
        failures.start(f"Apple's script {how}: the click goes to Apple's authorize page")
        park_pointer(browser)
        browser.open(page, width=800, height=700, stand_in=False)
        wait(browser, ALL_DRAWN)
        handlers, seen = authorize_stand_in(browser, None if "never" in how else 404)
        try:
            if "never" in how:
                browser.js("document.querySelector('#redirect').click()")
            else:
                browser.js(
                    "window.__appleFailed = false; window.addEventListener('error', (e) => {"
                    " if (e.target && e.target.src && e.target.src.includes('/appleid.auth.js')) window.__appleFailed = true; }, true)"
                )
                pointer_onto(browser, "#redirect")
                failed = wait(browser, "return window.__appleFailed", 10)
                failures.check(bool(failed), "the pointer asked for Apple's script, which answered 404")
                click(browser, "#redirect")
            # Asked for the page first (the stand-in answers it; a script run while the
            # navigation waits for that answer would wait with it), then where the page is.
            deadline = time.monotonic() + 10
            while not any(u.startswith(APPLE_AUTHORIZE) for u in seen) and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.3)
            href = wait(browser, "return location.href.startsWith(arguments[0]) && location.href", 10, APPLE_AUTHORIZE)
            authorize = [u for u in seen if u.startswith(APPLE_AUTHORIZE)]
            query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(href or "").query))
            failures.check(
                bool(href) and query == want and len(authorize) == 1,
                f"a top-level navigation to {APPLE_AUTHORIZE} with the button's values, form_post, code id_token "
                f"({href}; {len(authorize)} request)",
            )
            failures.check(
                bool(href) and "response_type=code%20id_token" in href and "scope=name%20email" in href,
                "spaces as %20 (response_type=code%20id_token, scope=name%20email)",
            )
            # After a failed load, each intent asks again (the pointer, then the click's focus).
            scripts = [u for u, _ in browser.requests() if "/appleid.auth.js" in u]
            failures.check(
                (not scripts) if "never" in how else 1 <= len(scripts) <= 2,
                f"Apple's script asked for {'never' if 'never' in how else 'at the pointer (and the focus)'} ({scripts})",
            )
            lines = [(level, t) for level, t, _ in browser.messages() if "<apple-signin-button>" in t]
            why = "not loaded yet" if "never" in how else "did not load"
            failures.check(
                len(lines) == 1
                and lines[0][0] == "warning"
                and "going to Apple's sign-in page instead" in lines[0][1]
                and why in lines[0][1],
                f"one console warning says so ({why!r}) ({lines})",
            )
        finally:
            for handler in handlers:
                browser.driver.network.remove_request_handler(handler)

    failures.start('placeholders (state="__SIWA_STATE__"): a click sends nothing and explains')
    park_pointer(browser)
    browser.open(page, width=800, height=700, stand_in=True)
    wait(browser, ALL_DRAWN)
    pointer_onto(browser, "#placeholder")
    wait(browser, "return !!(window.AppleID && window.AppleID.auth)")
    click(browser, "#placeholder")
    browser.js("document.querySelector('#placeholder').click()")
    time.sleep(1)
    state = browser.js(DRAWN, "#placeholder")
    events = browser.js("return window.__events")
    authorize = [u for u in browser.requests() if u[0].startswith(APPLE_AUTHORIZE)]
    failures.check(
        browser.js("return location.href") == page
        and not authorize
        and not browser.js("return window.__siwa.signIns")
        and len(browser.driver.window_handles) == 1,
        f"a real click and a script's click(): no navigation, nothing to Apple's authorize URL ({authorize})",
    )
    failures.check(
        bool(state["note"])
        and "placeholders" in state["note"]
        and [e["detail"]["error"] for e in events] == ["siwa_placeholders"] * 2,
        f"a note under the button, appleid-failure siwa_placeholders each time ({state['note']!r}, {events})",
    )


# ---------------------------------------------------------------- 5. no layout shift


def layout_shifts(browser, url):
    """window.__shift (e2e/pages/drawn/shift.js) of `url` 2 s after its buttons are drawn,
    the element's module and the de_DE title module each answered 0.6 s late."""
    browser.open(url, width=700, height=900, settle=0)
    wait(browser, ALL_DRAWN, 10)
    time.sleep(2)
    return browser.js("return window.__shift")


def check_shift(browser, site, out, failures):
    failures.start("no layout shift: docs/element.md's :not(:defined) rule, the module and a title module late")
    site.delays.update({"/element/1/apple-signin-button.js": 0.6, "/element/1/core/titles/de_DE.generated.js": 0.6})
    # The same page whose rule leaves out vertical-align: top (shown, not checked).
    folder = os.path.join(site.root, "e2e/drawn")
    with open(os.path.join(folder, "shift.css"), encoding="utf-8") as f:
        css = f.read()
    with open(os.path.join(folder, "shift-baseline.css"), "w", encoding="utf-8") as f:
        f.write(css.replace(" vertical-align: top;", ""))
    with open(os.path.join(folder, "shift.html"), encoding="utf-8") as f:
        html = f.read()
    with open(os.path.join(folder, "shift-baseline.html"), "w", encoding="utf-8") as f:
        f.write(html.replace('href="shift.css"', 'href="shift-baseline.css"'))
    try:
        shift = layout_shifts(browser, site.origin + "/e2e/drawn/shift.html")
        browser.screenshot(os.path.join(out, "shift.png"))
        baseline = layout_shifts(browser, site.origin + "/e2e/drawn/shift-baseline.html")
    finally:
        site.delays.clear()
    total = sum(e["value"] for e in shift["entries"])
    failures.check(total == 0, f"the layout-shift entries add up to {total} ({shift['entries']})")
    want = {"inline": (140, 30), "big": (200, 44), "logo": (40, 40), "left": (260, 50), "fluid": (300, 44)}
    boxes = {b["id"]: (b["w"], b["h"]) for b in shift["boxes"] or []}
    failures.check(
        boxes == want and all(b["drawn"] for b in shift["boxes"]),
        f"when whenDefined() resolves, each box is its width x height (the fluid one its column's) and drawn ({shift['boxes']})",
    )
    late = shift.get("definedAt")
    failures.check(bool(late) and late > 500, f"the element was defined after its delayed module ({late and round(late)} ms)")
    without = sum(e["value"] for e in baseline["entries"])
    print(f"  without vertical-align: top in the rule, the entries add up to {without:.4f} ({baseline['entries']})")


# ---------------------------------------------------------------- 6. only the element's files


def check_static(browser, out, failures):
    failures.start("a folder with only public/element/1/ and a page: a de_DE button drawn, nothing else fetched")
    folder = tempfile.mkdtemp(prefix="siwa-drawn-static-")
    server = None
    try:
        element_copy(folder)
        shutil.copy(os.path.join(ROOT, "e2e/pages/drawn/de_DE.html"), os.path.join(folder, "index.html"))
        server = Server(("127.0.0.1", 0), make_handler(folder))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{server.server_address[1]}/"
        park_pointer(browser)
        browser.open(origin + "index.html", width=640, height=300, settle=1)
        wait(browser, ALL_DRAWN, 10)
        state = browser.js(DRAWN, "#de")
        failures.check(
            state["svg"]
            and bool(state["title"])
            and not state["img"]
            and state["name"] == "Mit Apple anmelden"
            and (state["w"], state["h"]) == (240, 44),
            f"drawn: an <svg> with its title, no image, named 'Mit Apple anmelden', 240x44 ({state['name']!r}, {state['w']}x{state['h']})",
        )
        messages = [
            (level, t) for level, t, u in browser.messages() if level in ("error", "warning") and not u.endswith("/favicon.ico")
        ]
        messages += browser.csp_violations()
        failures.check(
            not messages, f"no console error or warning (but for the browser's own favicon.ico), no CSP violation ({messages})"
        )
        sent = [u for u, _ in browser.requests()]
        paths = [urllib.parse.urlparse(u).path if u.startswith(origin) else u for u in sent]
        favicon = [p for p in paths if p == "/favicon.ico"]
        other = [
            p
            for p in paths
            if p not in ("/index.html", "/element/1/apple-signin-button.js", "/favicon.ico")
            and not p.startswith("/element/1/core/")
        ]
        failures.check(
            not other and "/element/1/core/titles/de_DE.generated.js" in paths and len(set(paths)) == len(paths),
            f"requests: the page, the element's module and its core/ modules, each once "
            f"({len(paths)}: {sorted(set(paths) - {'/index.html'})}; other: {other}; the browser's own favicon: {len(favicon)})",
        )
        failed = browser.failed_requests(origin, allowed={origin + "favicon.ico"})
        failures.check(not failed, f"each answered 200 ({failed})")
        browser.screenshot(os.path.join(out, "static-de_DE.png"))
    finally:
        if server:
            server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- 7. a title module that does not load


def check_missing(browser, out, failures):
    failures.start("core/titles/fr_FR.generated.js answering 404: the English title, one console line")
    folder = tempfile.mkdtemp(prefix="siwa-drawn-missing-")
    server = None
    try:
        element_copy(folder, without=["core/titles/fr_FR.generated.js"])
        shutil.copy(os.path.join(ROOT, "e2e/pages/drawn/fr_FR.html"), os.path.join(folder, "index.html"))
        server = Server(("127.0.0.1", 0), make_handler(folder))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{server.server_address[1]}/"
        browser.open(origin + "index.html", width=640, height=300, settle=1)
        wait(browser, ALL_DRAWN, 10)
        fr, fr2, en = (browser.js(DRAWN, s) for s in ("#fr", "#fr-2", "#en"))
        failures.check(
            bool(fr["title"]) and fr["title"] == en["title"] and bool(fr2["title"]),
            f"the fr_FR buttons draw a title, the English one (the same outline as the en_US button's) ({fr['title'] and fr['title'][:40]})",
        )
        failures.check(
            fr["name"] == en["name"] == "Sign in with Apple" and fr["lang"] == "en-US",
            f"named with the title drawn, in its language ({fr['name']!r}, {fr['lang']})",
        )
        messages = browser.messages()
        lines = [(level, t) for level, t, _ in messages if "fr_FR" in t]
        failures.check(
            len(lines) == 1 and lines[0][0] == "error" and "drawing the English title" in lines[0][1],
            f"one console error line names fr_FR, for the two buttons ({lines})",
        )
        others = [(level, t[:100], u) for level, t, u in messages if level == "error" and "fr_FR" not in t]
        print(f"  the browser's own lines (the 404): {others}")
        browser.screenshot(os.path.join(out, "missing-fr_FR.png"))
    finally:
        if server:
            server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- 8. a session-url that redirects


def check_session(browser, site, other, failures):
    failures.start("session-url answering 302 to another origin: refused, one line, nothing sent")
    park_pointer(browser)
    browser.open(site.origin + "/e2e/drawn/signin.html", width=800, height=700, stand_in=True)
    wait(browser, ALL_DRAWN)
    pointer_onto(browser, "#session")
    loaded = wait(browser, "return !!(window.AppleID && window.AppleID.auth)")
    failures.check(bool(loaded), "Apple's script (the stand-in) is there: the sign-in would start")
    before = len(other.seen)
    click(browser, "#session")
    events = wait(browser, "return window.__events.length ? window.__events : null", 15)
    time.sleep(0.5)
    failures.check(
        bool(events) and len(events) == 1 and events[0]["detail"]["error"] == "session_failed",
        f"appleid-failure session_failed ({events})",
    )
    lines = [(level, t) for level, t, _ in browser.messages() if "redirect" in t.lower()]
    failures.check(
        len(lines) == 1 and "session-url /session-redirect failed" in lines[0][1],
        f"exactly one console line about the redirect ({lines})",
    )
    asked = [p for p in site.seen if p == ("POST", "/session-redirect")]
    authorize = [u for u, _ in browser.requests() if u.startswith(APPLE_AUTHORIZE)]
    failures.check(
        len(asked) == 1
        and len(other.seen) == before
        and not authorize
        and not browser.js("return window.__siwa.signIns")
        and len(browser.driver.window_handles) == 1,
        f"the session was asked once, the other origin never, Apple's authorize URL never ({other.seen[before:]}, {authorize})",
    )
    state = browser.js(DRAWN, "#session")
    failures.check(bool(state["note"]), f"a note under the button ({state['note']!r})")


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    ap.add_argument("--out", default=os.path.join(ROOT, "out/element-drawn"))
    ap.add_argument("--only", help="run only the checks whose name contains this (pixels, apple, intent, ...)")
    ap.add_argument("--seed", type=int, default=20261207, help="the random buttons' seed")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    failures = Failures()
    work = tempfile.mkdtemp(prefix="siwa-drawn-")
    service = browser = site = other = None
    timings = {}
    try:
        service = Service(args.binary, public=PUBLIC)
        element_copy(work)
        shutil.copytree(os.path.join(ROOT, "e2e/pages"), os.path.join(work, "e2e"))
        other = Site(tempfile.mkdtemp(dir=work))
        site = Site(work, redirect_to=other.origin + "/session")
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        browser = Browser(args.chromedriver, stand_ins=apple_stand_ins(key), page_load="none", network_log=True)
        checks = {
            "pixels": lambda: check_pixels(browser, site, service, args.out, args.seed, failures),
            "apple": lambda: check_apple(browser, site, service, args.out, failures),
            "intent": lambda: check_intent(browser, site, failures),
            "redirect": lambda: check_redirect(browser, site, failures),
            "shift": lambda: check_shift(browser, site, args.out, failures),
            "static": lambda: check_static(browser, args.out, failures),
            "missing": lambda: check_missing(browser, args.out, failures),
            "session": lambda: check_session(browser, site, other, failures),
        }
        for name, check in checks.items():
            if args.only and args.only not in name:
                continue
            started = time.monotonic()
            try:
                browser.close_popups()
                check()
            except (WebDriverException, RuntimeError, TypeError, KeyError, IndexError, ValueError) as error:
                failures.stopped(error, "the check stopped")
            timings[name] = time.monotonic() - started
    except (WebDriverException, RuntimeError) as error:
        failures.stopped(error)
    finally:
        if browser:
            browser.quit()
        if service:
            service.stop()
        for server in (site, other):
            if server:
                server.stop()
        shutil.rmtree(work, ignore_errors=True)
    print("took: " + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in timings.items()))
    print(f"screenshots: {args.out}")
    return failures.summary("the element, drawn")


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(main())
