#!/usr/bin/env python3
"""The editor's segmented controls at 1280 px and on a phone (390 px), with Chromium's
default fonts (DejaVu Sans on Debian, wider than the system fonts the editor names
first): each choice in turn is selected, and its white face must hold all of its text
(semibold "Center-aligned" once ran past its segment) and the bar its segments.

Usage: check_editor_segments.py [BINARY] --chromedriver PATH [--screenshot FILE.png]
"""

import argparse
import os
import sys

from harness import ROOT
from harness.browser import Browser
from harness.failures import Failures
from harness.service import Service

# For every shown segmented control but the layout's (or only the layout's): each label's
# overflow past its own box and past the bar, with its input checked (a click on the
# label, as a user chooses). The layout is chosen first: the title and logo-size bars
# show only for some layouts.
MEASURE = """
const [mode, layoutOnly] = arguments;
document.getElementById('mode-' + mode).click();
const rows = [];
for (const bar of document.querySelectorAll('.segmented')) {
  if (!bar.getClientRects().length || (bar.dataset.choices === 'mode') !== layoutOnly) continue;
  for (const label of bar.querySelectorAll('label')) {
    label.click();
    const input = document.getElementById(label.htmlFor);
    if (!input || !input.checked) continue;
    const box = label.getBoundingClientRect(), outer = bar.getBoundingClientRect();
    rows.push({ name: input.name, value: input.value, text: label.textContent.trim(),
                overflow: label.scrollWidth - label.clientWidth,
                outside: Math.max(0, box.right - outer.right, outer.left - box.left) });
  }
}
return rows;
"""
# mode 3, type 3, style 3, logoSize 3, format 5, zoom 2.
CHOICES = 19


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build/debug/siwa-buttons"))
    parser.add_argument("--chromedriver", required=True)
    parser.add_argument("--screenshot", help="the 1280 px page with Center-aligned chosen")
    parser.add_argument("--public", default=os.path.join(ROOT, "public"), help="the editor's files (default: public/)")
    args = parser.parse_args()
    failures = Failures()
    service = Service(os.path.abspath(args.binary), public=os.path.abspath(args.public))
    browser = Browser(args.chromedriver, window=(1280, 900))
    try:
        for width, height in ((1280, 900), (390, 844)):
            failures.start(f"segmented controls at {width} px")
            browser.open(service.origin + "/", width=width, height=height, moves=True)
            browser.until(lambda: browser.js("return document.querySelectorAll('.segmented label').length > 10"))
            rows = browser.js(MEASURE, "center", True) + browser.js(MEASURE, "left", False) + browser.js(MEASURE, "center", False)
            rows = list({(row["name"], row["value"]): row for row in rows}.values())
            failures.check(len(rows) == CHOICES, f"{len(rows)} choices measured, of {CHOICES}")
            for row in rows:
                failures.check(
                    row["overflow"] <= 0 and row["outside"] <= 0,
                    f"{row['name']}={row['value']} ({row['text']}): text {row['overflow']} px past its face, "
                    f"face {row['outside']:.1f} px past the bar",
                )
            if width == 1280 and args.screenshot:
                browser.js("document.getElementById('mode-center').click()")
                browser.screenshot(args.screenshot)
    finally:
        browser.quit()
        service.stop()
    return failures.summary("editor segments")


if __name__ == "__main__":
    sys.exit(main())
