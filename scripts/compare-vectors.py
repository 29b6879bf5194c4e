#!/usr/bin/env python3
"""Compares the SVG and PDF of two builds by their pixels (not their bytes): renders a
broad set (every mode, style and type; several locales incl. RTL, Thai and CJK; scales
1 and 3) with OLD and NEW, rasterises each file (rsvg-convert; pdftocairo, see below) and prints the
max and mean channel difference and the byte sizes. Used when the vector writers change
(e.g. glyphs → outlines from the vector scene), where the bytes must change but the
picture must not.

    python3 scripts/compare-vectors.py OLD_BINARY NEW_BINARY [--keep DIR] [--only svg|pdf] [--every N]

Set SIWA_FONTS_DIR if a binary is not in its build folder.
"""

import itertools
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

LOCALES = ["en_US", "de_DE", "ar_SA", "iw_IL", "th_TH", "zh_CN", "ja_JP", "ko_KR"]
STYLES = ["color=black", "color=white", "color=white&border=true"]
TYPES = ["sign-in", "continue", "sign-up"]


def targets():
    for locale, style, kind, scale in itertools.product(LOCALES, STYLES, TYPES, [1, 3]):
        yield f"/appleid/button?locale={locale}&{style}&type={kind}&width=260&height=44&scale={scale}"
        yield (
            f"/appleid/button/left?locale={locale}&{style}&type={kind}&width=300&height=50"
            f"&logo-size=large&border_radius=50&scale={scale}"
        )
    for style, scale, radius in itertools.product(STYLES, [1, 3], [0, 15, 50]):
        yield f"/appleid/button/logo?size=44&{style}&border_radius={radius}&scale={scale}"


# PDFs are rasterised by poppler's Cairo backend at 8x and averaged back to the
# canvas' pixels: at 1x poppler hints and snaps the glyphs of an embedded font (the
# old PDFs), which is the viewer's doing, not the drawing's; outlines are not hinted.
SUPERSAMPLE = 8


def raster(path, fmt, out):
    if fmt == "svg":
        subprocess.run(["rsvg-convert", "-o", out, path], check=True)
        return np.asarray(Image.open(out).convert("RGBA"), dtype=np.float64)
    # PDF points are the canvas' units: 72 dpi is one pixel per unit.
    subprocess.run(["pdftocairo", "-r", str(72 * SUPERSAMPLE), "-png", "-singlefile", path, out[:-4]], check=True)
    a = np.asarray(Image.open(out).convert("L"), dtype=np.float64)
    h, w = a.shape[0] // SUPERSAMPLE, a.shape[1] // SUPERSAMPLE
    return a[: h * SUPERSAMPLE, : w * SUPERSAMPLE].reshape(h, SUPERSAMPLE, w, SUPERSAMPLE).mean(axis=(1, 3))


def svg_on_white(path, out):
    """An SVG as pdftocairo draws a PDF page: on white, grey, 8x and averaged."""
    subprocess.run(["rsvg-convert", "-z", str(SUPERSAMPLE), "-b", "white", "-o", out, path], check=True)
    a = np.asarray(Image.open(out).convert("L"), dtype=np.float64)
    h, w = a.shape[0] // SUPERSAMPLE, a.shape[1] // SUPERSAMPLE
    return a[: h * SUPERSAMPLE, : w * SUPERSAMPLE].reshape(h, SUPERSAMPLE, w, SUPERSAMPLE).mean(axis=(1, 3))


def main():
    old, new = sys.argv[1], sys.argv[2]
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    work = keep or tempfile.mkdtemp(prefix="siwa-compare-")
    os.makedirs(work, exist_ok=True)
    formats = [sys.argv[sys.argv.index("--only") + 1]] if "--only" in sys.argv else ["svg", "pdf"]
    for fmt in formats:
        worst, means, sizes, count = 0, [], {"old": 0, "new": 0}, 0
        worst_target = ""
        control = {"old": (0.0, []), "new": (0.0, [])}
        every = int(sys.argv[sys.argv.index("--every") + 1]) if "--every" in sys.argv else 1
        for i, target in list(enumerate(targets()))[::every]:
            images = {}
            for name, binary in [("old", old), ("new", new)]:
                path = os.path.join(work, f"{i}-{name}.{fmt}")
                subprocess.run([binary, "render", f"{target}&format={fmt}", "-o", path], check=True, stderr=subprocess.DEVNULL)
                sizes[name] += os.path.getsize(path)
                images[name] = raster(path, fmt, os.path.join(work, f"{i}-{name}-{fmt}.png"))
                if fmt == "pdf":
                    # Control: the same build's SVG, drawn the same way, against its PDF.
                    svg = os.path.join(work, f"{i}-{name}-control.svg")
                    subprocess.run([binary, "render", f"{target}&format=svg", "-o", svg], check=True, stderr=subprocess.DEVNULL)
                    d = np.abs(images[name] - svg_on_white(svg, svg[:-4] + ".png"))
                    control[name] = (max(control[name][0], float(d.max())), control[name][1] + [d.mean()])
            a, b = images["old"], images["new"]
            if a.shape != b.shape:
                print(f"{fmt} {target}: sizes differ {a.shape} {b.shape}")
                worst = 255
                continue
            d = np.abs(a - b)
            if d.max() > worst:
                worst, worst_target = round(float(d.max()), 1), target
            means.append(d.mean())
            count += 1
        print(
            f"{fmt}: {count} files, max difference {worst} (of 255) at {worst_target}, "
            f"mean {np.mean(means):.4f}, worst file mean {np.max(means):.4f}; "
            f"bytes old {sizes['old']} new {sizes['new']} ({100 * (sizes['new'] / sizes['old'] - 1):+.1f}%)"
        )
        for name in ["old", "new"] if fmt == "pdf" else []:
            print(f"  control, {name} PDF against {name} SVG: max {control[name][0]:.1f}, mean {np.mean(control[name][1]):.4f}")


if __name__ == "__main__":
    main()
