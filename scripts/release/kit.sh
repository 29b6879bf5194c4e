#!/usr/bin/env bash
# The design kit, siwa-buttons-kit-VERSION.zip: what a designer downloads instead of
# building. Every title (sign in, continue, sign up), style (black, white, white with
# outline) and layout (center, left, logo) in all 37 locales, at the size Apple's image
# service draws by default (140 x 30 points; the logo 30 x 30), as SVG and PDF (vectors)
# and PNG at 1x, 2x and 3x; the gallery as index.html, manifest.json, and Apple's titles
# as strings (JSON, Xcode string catalog, Android, Flutter ARB). About 3,450 files.
#
# The images are in one folder with names that say what each is (generate --naming flat),
# so a file dragged into a design tool or a chat still says it:
# siwa-continue-white-outline-ja_JP-140x30@2x.png. README.txt explains the names; it is
# written from the set's manifest, and e2e/check-kit.sh checks every name it states.
#
#   bash scripts/release/kit.sh SIWA_BUTTONS_BINARY VERSION OUT.zip
set -euo pipefail
binary=${1:?usage: kit.sh SIWA_BUTTONS_BINARY VERSION OUT.zip} version=${2:?} out=${3:?}
work=$(mktemp -d "${TMPDIR:-/tmp}/siwa-kit.XXXXXX")
trap 'rm -rf "$work"' EXIT
kit=$work/siwa-buttons-kit-$version
"$binary" generate --naming flat --locales all --sizes 140x30 --scales 1,2,3 --formats svg,pdf,png \
  --strings all --out "$kit" >"$work/generate.log" 2>&1 || { cat "$work/generate.log" >&2; exit 1; }
"$binary" schema >"$work/schema.json"
python3 - "$kit" "$version" "$work/schema.json" <<'PY'
import json, os, sys
kit, version, schema_path = sys.argv[1:]
manifest = json.load(open(os.path.join(kit, "manifest.json")))
locales = json.load(open(schema_path))["locales"]
files = manifest["files"]
def count(fmt):
    return sum(1 for f in files if f["format"] == fmt)
english = next(loc for loc in locales if loc["code"] == "en_US")
languages = "\n".join(f"  {loc['code']}  {loc['name']}" for loc in locales)
text = f"""siwa-buttons {version} design kit: "Sign in with Apple" buttons in Apple's {len(locales)} languages.

Open index.html for the gallery. It opens on {english['name']}; its language
bar leads to the others. Every button is shown on white and on dark grey, with its files.

THE FILES

The {len(files):,} images are in this folder, one file per button, format and scale,
named for what they are, so a file still says it once dragged out of here:

  siwa-TITLE-STYLE-LOCALE-140x30@Nx.png       centred logo and title (Apple's default)
  siwa-TITLE-STYLE-LOCALE-140x30.svg          (and .pdf: vectors, one file each)
  siwa-left-TITLE-STYLE-LOCALE-140x30@Nx.png  left-aligned: the logo at the left edge
  siwa-left-TITLE-STYLE-LOCALE-140x30.svg     (and .pdf)
  siwa-logo-STYLE-30@Nx.png                   logo only, 30 x 30 points, no title
  siwa-logo-STYLE-30.svg                      (and .pdf)

  TITLE   sign-in, continue, sign-up
          ("Sign in with Apple", "Continue with Apple", "Sign up with Apple")
  STYLE   black, white, white-outline (white with a black outline)
  LOCALE  the language, as Apple's image service names it (list below)
  @Nx     @1x, @2x, @3x: pixels per point (140x30@2x is 280 x 60 pixels)

For example, "Continue", white with outline, Japanese, @2x:
  siwa-continue-white-outline-ja_JP-140x30@2x.png

{count('png'):,} PNG, {count('svg'):,} SVG and {count('pdf'):,} PDF files. Buttons are 140 x 30 points,
the size Apple's image service draws by default.

Also here:
  index.html, gallery/LOCALE.html, gallery.js  the gallery: en_US's page, the others', filters
  manifest.json   every image: its size, checksum and the request that draws it
  strings/        Apple's titles in every language, for apps that draw their own button:
    strings/siwa-titles.json                       JSON
    strings/Localizable.xcstrings                  Xcode string catalog
    strings/android/res/values-*/siwa_strings.xml  Android resources
    strings/flutter/l10n/app_*.arb                 Flutter

THE LANGUAGES

{languages}

APPLE'S RULES

Apple's Human Interface Guidelines, "Sign in with Apple": keep the title and logo as
drawn, no smaller than 140 x 30 points, with clear space of one tenth of the button's
height around it. Other sizes, scales, formats and platform layouts (iOS asset catalog,
Android resources): siwa-buttons generate --help.
"""
with open(os.path.join(kit, "README.txt"), "w") as f:
    f.write(text)
PY
# Stored in a fixed order with the commit's date, so the same commit gives the same bytes.
python3 - "$work" "$(basename "$kit")" "$out" <<'PY'
import os, sys, time, zipfile
folder, top, out = sys.argv[1:]
stamp = time.gmtime(int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")))[:6]
paths = sorted(os.path.join(d, f)[len(folder) + 1:] for d, _, fs in os.walk(os.path.join(folder, top)) for f in fs)
with zipfile.ZipFile(out + ".part", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for path in paths:
        info = zipfile.ZipInfo(path, date_time=max(stamp, (1980, 1, 1, 0, 0, 0)))
        info.external_attr = 0o644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        with open(os.path.join(folder, path), "rb") as f:
            z.writestr(info, f.read(), compresslevel=9)
os.replace(out + ".part", out)
print(f"kit: {os.path.basename(out)}, {len(paths)} files, {os.path.getsize(out) / 1e6:.1f} MB")
PY
