#!/usr/bin/env python3
"""The design kit as a designer meets it: scripts/release/kit.sh cut with BINARY, unzipped,
and its README.txt held to the files.

- Every path and name pattern README.txt states exists: its placeholders (TITLE, STYLE,
  LOCALE, @Nx) expanded with the values it lists, `*` as a glob, "(and .pdf)" as the
  same name in PDF; every image of the kit is one those patterns name, and the counts it
  states are the kit's.
- "Continue, white outline, Japanese, @2x" is found by file name alone.
- index.html opens on en_US, and says "White with outline", "Japanese", "Continue"
  (names people read) where the kit's files say white-outline, ja_JP, continue.

Usage: check_kit.py [BINARY]   (default .build/debug/siwa-buttons-full; about 30 s)
"""

import glob
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATH_TOKEN = re.compile(r"[A-Za-z0-9@*_/.-]+(?:\.(?:png|svg|pdf|html|json|js|xcstrings|xml|arb|txt)(?![\w])|/)")


def fail(message):
    print(f"FAIL kit: {message}")
    sys.exit(1)


def placeholders(readme):
    """TITLE, STYLE, @Nx from their definition lines; LOCALE from THE LANGUAGES."""
    values = {}
    for key in ("TITLE", "STYLE", "@Nx"):
        match = re.search(rf"^  {re.escape(key)} +([^\n]+)$", readme, re.MULTILINE)
        if not match:
            fail(f"README.txt does not define {key}")
        listed = re.split(r"[:(]", match.group(1))[0]
        values[key] = [v.strip() for v in listed.split(",") if v.strip()]
    languages = readme.split("THE LANGUAGES", 1)[1].split("\n\n", 2)[1]
    values["LOCALE"] = [line.split()[0] for line in languages.splitlines() if line.strip()]
    return values


def expand(pattern, values):
    keys = [k for k in values if k in pattern]
    for combination in itertools.product(*(values[k] for k in keys)):
        name = pattern
        for key, value in zip(keys, combination, strict=True):
            name = name.replace(key, value)
        yield name


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/siwa-buttons-full"))
    if os.path.basename(binary) == "siwa-buttons":
        binary += "-full"
    work = tempfile.mkdtemp(prefix="siwa-kit-check.")
    try:
        check(binary, work)
    finally:
        shutil.rmtree(work)


def check(binary, work):
    archive = os.path.join(work, "kit.zip")
    subprocess.run(["bash", os.path.join(ROOT, "scripts/release/kit.sh"), binary, "0.0.0-check", archive], check=True)
    with zipfile.ZipFile(archive) as z:
        z.extractall(work)
    kit = os.path.join(work, "siwa-buttons-kit-0.0.0-check")
    readme = open(os.path.join(kit, "README.txt"), encoding="utf-8").read()
    values = placeholders(readme)
    if len(values["LOCALE"]) != 37:
        fail(f"README.txt lists {len(values['LOCALE'])} languages, not 37")

    # Every path or pattern it states.
    stated = set()
    for line in readme.splitlines():
        tokens = [t.rstrip(",;:") for t in PATH_TOKEN.findall(line)]
        tokens = [t for t in tokens if "/" in t or re.search(r"\.\w+$", t) and not t.startswith(".")]
        stated.update(tokens)
        if "(and .pdf" in line:
            stated.update(t[: -len(".svg")] + ".pdf" for t in tokens if t.endswith(".svg"))
    if not stated:
        fail("README.txt names no file")
    named = set()
    for pattern in sorted(stated):
        for name in expand(pattern, values):
            if name == "gallery/en_US.html":
                continue  # en_US's page is index.html (checked below)
            found = glob.glob(os.path.join(kit, name))
            if not found:
                fail(f"README.txt states {pattern}, but there is no {name}")
            named.update(os.path.relpath(f, kit) for f in found)
    images = {f for f in os.listdir(kit) if f.endswith((".png", ".svg", ".pdf"))}
    unexplained = sorted(images - named)
    if unexplained:
        fail(f"{len(unexplained)} images README.txt does not explain, e.g. {unexplained[:3]}")
    print(f"ok   README.txt: {len(stated)} paths and patterns, {len(named)} files, every image among them")

    # The counts it states.
    counts = {"images": len(images)} | {ext.upper(): sum(f.endswith("." + ext) for f in images) for ext in ("png", "svg", "pdf")}
    for what, number in counts.items():
        said = re.search(rf"([\d,]+) {what}\b", readme)
        if not said or int(said.group(1).replace(",", "")) != number:
            fail(f"README.txt says {said.group(0) if said else 'nothing'} of {what}, the kit has {number}")
    print(f"ok   README.txt's counts: {counts}")

    # A designer's search by name alone.
    wanted = "siwa-continue-white-outline-ja_JP-140x30@2x.png"
    hits = [f for f in images if all(w in f for w in ("continue", "white-outline", "ja_JP", "@2x"))]
    if wanted not in hits or wanted not in readme:
        fail(f"{wanted} is not in the kit or not in README.txt ({hits})")
    print(f"ok   Continue, white outline, Japanese, @2x: {', '.join(sorted(hits))} (README.txt names the centred one)")

    # The gallery opens on en_US and names things for people.
    index = open(os.path.join(kit, "index.html"), encoding="utf-8").read()
    locales = set(re.findall(r'<figure class="item"[^>]*data-locale="([^"]+)"', index))
    if locales != {"en_US"}:
        fail(f"index.html shows the buttons of {sorted(locales)}, not en_US's")
    current = re.search(r'data-locale="([^"]+)" aria-current="page">([^<]+)<', index)
    if not current or current.group(1) != "en_US":
        fail("index.html's language bar does not mark en_US as this page")
    japanese = open(os.path.join(kit, "gallery/ja_JP.html"), encoding="utf-8").read()
    for text in ("White with outline · Japanese · ja_JP", ">Continue<", ">Japanese<", "Center-aligned · Continue"):
        if text not in japanese and text not in index:
            fail(f"the gallery never says {text!r}")
    if re.search(r"<dt>(Preset|Platform)</dt>", index):
        fail("index.html lists a platform facet for a set without platform layouts")
    print(f"ok   index.html opens on en_US ({current.group(2)}); names people read")
    print("kit check passed")


if __name__ == "__main__":
    main()
