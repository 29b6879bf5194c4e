#!/usr/bin/env python3
# bench: the bytes, requests and first paint of <apple-signin-button>, drawn against render="image"
"""The budgets of <apple-signin-button>, drawn (the default) against render="image", in one
run, in headless Chromium against `siwa-buttons serve` (docs/element.md, "What it costs"):

- bytes, gzipped (-9), of what a page fetches: the files an en_US page and an ar_SA page
  request (read from the page's Resource Timing entries), and each locale's title module;
- first paint: from the module's evaluation (a module importing what it imports records the
  time just before it) to the frame that paints all 20 buttons of the page (every <svg>
  with its title, or every <img> loaded), the median of RUNS loads with the browser cache
  off, for both modes (image mode against the service with its image cache warm);
- requests per button: the page's requests (but the page and its timer) over 20 buttons.

    bash Benchmarks/run.sh element [--binary .build/release/siwa-buttons] [--runs 7]

Needs Chromium, chromedriver and Selenium (scripts/setup.sh).
"""

import argparse
import gzip
import os
import re
import shutil
import statistics
import sys
import tempfile
from urllib.parse import urlparse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "lib"))
from serving import serve

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ELEMENT = os.path.join(ROOT, "public/element/1")
BUDGET = {"en_US page": 16 * 1024, "ar_SA page": 22 * 1024, "locale module": 4 * 1024}
BUTTONS = 20
# Twenty buttons of every layout, as a page of a site might have them.
ATTRIBUTES = [
    'width="240" height="44"',
    'type="continue" color="white" border="true" width="200" height="40"',
    'mode="left-align" width="280" height="48"',
    'mode="logo-only" size="44"',
]


def page(locale, render, preload=False):
    buttons = "\n".join(
        f'<apple-signin-button locale="{locale}" render="{render}" {ATTRIBUTES[i % len(ATTRIBUTES)]}></apple-signin-button>'
        for i in range(BUTTONS)
    )
    hint = f'<link rel="modulepreload" href="/element/1/core/titles/{locale}.generated.js">\n' if preload else ""
    return f"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
{hint}<script type="module" src="/bench/t0.js"></script>
<script type="module" src="/element/1/apple-signin-button.js"></script>
<script type="module" src="/bench/t1.js"></script></head><body>{buttons}</body></html>"""


def t0_module():
    """A module that imports what the element's module imports statically, so it runs once
    those have loaded, right before the element's own evaluation (module scripts run in
    document order), and records the time."""
    with open(os.path.join(ELEMENT, "apple-signin-button.js"), encoding="utf-8") as f:
        imports = re.findall(r"^import .* from '\./(core/[^']+)';$", f.read(), re.MULTILINE)
    return "".join(f"import '/element/1/{path}';\n" for path in imports) + "window.__t0 = performance.now();\n"


# After it: waits until every button shows its drawing or image, then for the next frame.
T1 = """
const ready = (b) => {
  const root = b.shadowRoot;
  if (!root) return false;
  if (b.getAttribute('render') === 'image') {
    const img = root.querySelector('img');
    return !!img && img.complete && img.naturalWidth > 0;
  }
  const svg = root.querySelector('svg');
  return !!svg && (b.getAttribute('mode') === 'logo-only' || svg.querySelectorAll('path').length >= 3);
};
// Checked at once (the element has drawn what it could while defining itself), then each
// frame; the time is that of the frame that paints them (rAF runs just before its paint).
const poll = () => {
  if ([...document.querySelectorAll('apple-signin-button')].every(ready)) {
    requestAnimationFrame(() => { window.__t1 = performance.now(); });
  } else {
    requestAnimationFrame(poll);
  }
};
poll();
"""


def gz(path):
    with open(path, "rb") as f:
        return len(gzip.compress(f.read(), 9))


def local_file(url, public):
    path = urlparse(url).path
    return os.path.join(public, path.lstrip("/"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default = os.path.join(ROOT, ".build/release/siwa-buttons")
    if not os.path.exists(default):
        default = os.path.join(ROOT, ".build/debug/siwa-buttons")
    ap.add_argument("--binary", default=default)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="siwa-bench-element-")
    public = os.path.join(work, "public")
    shutil.copytree(os.path.join(ROOT, "public"), public)
    os.makedirs(os.path.join(public, "bench"))
    for name, text in {"t0.js": t0_module(), "t1.js": T1}.items():
        with open(os.path.join(public, "bench", name), "w", encoding="utf-8") as f:
            f.write(text)
    for locale in ("en_US", "ar_SA"):
        for render in ("drawn", "image"):
            with open(os.path.join(public, "bench", f"{locale}-{render}.html"), "w", encoding="utf-8") as f:
                f.write(page(locale, render))
    # A page in another language names its locale's module in a modulepreload link (docs/element.md).
    with open(os.path.join(public, "bench", "ar_SA-preload.html"), "w", encoding="utf-8") as f:
        f.write(page("ar_SA", "drawn", preload=True))

    service, port = serve(args.binary, "--public", public, "--log-level", "warning", quiet=True)
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1200"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    failed = False
    try:
        base = f"http://127.0.0.1:{port}/bench/"

        def load(name):
            driver.get(base + name)
            for _ in range(400):
                t = driver.execute_script("return window.__t1 !== undefined ? [window.__t0, window.__t1] : null")
                if t:
                    break
                driver.execute_script("return new Promise((r) => setTimeout(r, 25))")
            else:
                raise SystemExit(f"{name}: the buttons were not all shown within 10 s")
            entries = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
            return t[1] - t[0], [u for u in entries if "/bench/" not in u and "favicon" not in u]

        print(f"<apple-signin-button>, {BUTTONS} buttons a page, {args.runs} loads each (cache off), {args.binary}\n")
        print("Bytes a page fetches (gzip -9 of each file requested):")
        fetched = {}
        for locale in ("en_US", "ar_SA"):
            _, urls = load(f"{locale}-drawn.html")
            files = sorted({local_file(u, public) for u in urls})
            total = sum(gz(f) for f in files)
            fetched[locale] = total
            names = ", ".join(os.path.relpath(f, os.path.join(public, "element/1")) for f in files)
            limit = BUDGET[f"{locale} page"]
            verdict = "ok" if total <= limit else "OVER"
            failed |= total > limit
            print(f"  {locale} page, drawn: {total / 1024:.1f} KB in {len(files)} files (budget {limit // 1024} KB: {verdict})")
            print(f"    {names}")
        titles = os.path.join(ELEMENT, "core/titles")
        sizes = sorted((gz(os.path.join(titles, n)), n.split(".")[0]) for n in os.listdir(titles))
        over = [f"{n} {s / 1024:.1f} KB" for s, n in sizes if s > BUDGET["locale module"] and n != "ar_SA"]
        failed |= bool(over)
        print(
            f"  a locale's title module: {sizes[0][0] / 1024:.1f}-{sizes[-1][0] / 1024:.1f} KB (median "
            f"{statistics.median(s for s, _ in sizes) / 1024:.1f}; largest {sizes[-1][1]}, {sizes[-2][1]}, {sizes[-3][1]}); "
            f"over {BUDGET['locale module'] // 1024} KB but ar_SA: {', '.join(over) or 'none'}"
        )

        print("\nFirst paint, module evaluation to the frame that paints every button (median ms; a frame is 16.7 ms):")
        for locale in ("en_US", "ar_SA"):
            load(f"{locale}-image.html")  # the service renders each image once: its cache is warm after this
            times = {}
            requests = {}
            renders = ("drawn", "preload", "image") if locale == "ar_SA" else ("drawn", "image")
            for _ in range(args.runs):
                for render in renders:
                    t, urls = load(f"{locale}-{render}.html")
                    times.setdefault(render, []).append(t)
                    requests[render] = len(urls)
            drawn, image = statistics.median(times["drawn"]), statistics.median(times["image"])
            print(
                f"  {locale}: drawn {drawn:.1f} ms ({drawn / (1000 / 60):.1f} frames), image {image:.1f} ms; "
                f"drawn / image = {drawn / image:.2f}"
            )
            if "preload" in times:
                preload = statistics.median(times["preload"])
                print(
                    f"    with the locale's module in a modulepreload link: {preload:.1f} ms ({preload / (1000 / 60):.1f} frames)"
                )
            print(
                f"    requests per button: drawn {requests['drawn'] / BUTTONS:.2f} ({requests['drawn']} files for the page), "
                f"image {requests['image'] / BUTTONS:.2f} ({requests['image']})"
            )
    finally:
        driver.quit()
        service.terminate()
        service.wait()
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
