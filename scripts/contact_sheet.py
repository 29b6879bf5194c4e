#!/usr/bin/env python3
"""Renders a contact sheet of buttons with the CLI, for people to look at.

Usage: scripts/contact_sheet.py OUT.png [--bin .build/debug/siwa-buttons] [--locales | --readme]
Without options: every mode x type x style at @2x. With --locales: the 37 locales x 3
types, centre-aligned black, plus left-aligned white-outline. With --readme: the picture
at the top of README.md (docs/contact-sheet.png): the three styles in each mode, then
right-to-left, Thai and CJK titles, on light and dark; no captions. Refresh it with
`python3 scripts/contact_sheet.py docs/contact-sheet.png --readme` when output changes.
"""

import argparse
import json
import os
import subprocess
import tempfile

from PIL import Image, ImageDraw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STYLES = {"black": "color=black", "white": "color=white", "white-outline": "color=white&border=true"}
TYPES = ["sign-in", "continue", "sign-up"]


def locales():
    with open(os.path.join(ROOT, "Sources/SIWAModel/Locale/titles.json"), encoding="utf-8") as f:
        return [row["locale"] for row in json.load(f)]


def render(binary, target, tmp):
    out = os.path.join(tmp, f"{abs(hash(target))}.png")
    subprocess.run([binary, "render", target, "-o", out], check=True)
    return Image.open(out).convert("RGBA")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build/debug/siwa-buttons"))
    ap.add_argument("--locales", action="store_true")
    ap.add_argument("--readme", action="store_true")
    a = ap.parse_args()
    rows = []  # (caption, [targets])
    if a.readme:
        for style, q in STYLES.items():
            rows.append(
                (
                    "",
                    [
                        f"/appleid/button?{q}&width=220&height=44&scale=2",
                        f"/appleid/button/left?{q}&type=continue&width=220&height=44&scale=2&logo-size=medium",
                        f"/appleid/button/logo?{q}&size=44&scale=2&border_radius=50",
                    ],
                )
            )
        for locales_row in (("ar_SA", "iw_IL", "th_TH"), ("zh_CN", "ja_JP", "ko_KR")):
            rows.append(
                ("", [f"/appleid/button?type={t}&locale={loc}&width=220&height=44&scale=2" for loc, t in zip(locales_row, TYPES)])
            )
    elif a.locales:
        for loc in locales():
            rows.append(
                (
                    loc,
                    [f"/appleid/button?type={t}&locale={loc}&width=250&height=44&scale=2" for t in TYPES]
                    + [f"/appleid/button/left?color=white&border=true&locale={loc}&width=250&height=44&scale=2"],
                )
            )
    else:
        for style, q in STYLES.items():
            for t in TYPES:
                rows.append(
                    (
                        f"{style} {t}",
                        [
                            f"/appleid/button?{q}&type={t}&width=220&height=44&scale=2",
                            f"/appleid/button/left?{q}&type={t}&width=220&height=44&scale=2&logo-size=medium",
                            f"/appleid/button/logo?{q}&size=44&scale=2",
                            f"/appleid/button/logo?{q}&size=44&scale=2&border_radius=50",
                        ],
                    )
                )
    with tempfile.TemporaryDirectory() as tmp:
        grid = [(cap, [render(a.bin, t, tmp) for t in ts]) for cap, ts in rows]
    pad, capw = (16, 0) if a.readme else (12, 150)
    width = capw + sum(max(r[1][i].width for r in grid if i < len(r[1])) + pad for i in range(max(len(r[1]) for r in grid)))
    height = sum(max(im.height for im in r[1]) + pad for r in grid) + pad
    sheet = Image.new("RGBA", (width * 2 + pad, height), (255, 255, 255, 255))
    dark = Image.new("RGBA", (width, height), (40, 40, 46, 255))
    sheet.paste(dark, (width + pad, 0))
    draw = ImageDraw.Draw(sheet)
    y = pad
    for cap, ims in grid:
        for base, colour in ((0, (0, 0, 0)), (width + pad, (230, 230, 230))):
            draw.text((base + pad, y + 10), cap, fill=colour)
            x = base + capw
            for im in ims:
                sheet.alpha_composite(im, (x, y))
                x += im.width + pad
        y += max(im.height for im in ims) + pad
    if a.readme:  # a small file for the README: 64 colours are plenty for flat buttons
        sheet = sheet.convert("RGB").quantize(64, dither=Image.Dither.NONE)
    sheet.save(a.out, optimize=True)
    print(f"wrote {a.out} ({sheet.width}x{sheet.height})")


if __name__ == "__main__":
    main()
