#!/usr/bin/env bash
# The design kit, siwa-buttons-kit-VERSION.zip: what a designer downloads instead of
# building. Every title (sign in, continue, sign up), style (black, white, white with
# outline) and layout (center, left, logo) in all 37 locales, at the size Apple's image
# service draws by default (140 x 30 points; the logo 30 x 30), as SVG and PDF (vectors)
# and PNG at 1x, 2x and 3x; the gallery as index.html, manifest.json, and Apple's titles
# as strings (JSON, Xcode string catalog, Android, Flutter ARB). About 3,400 files.
#
#   bash scripts/release/kit.sh SIWA_BUTTONS_BINARY VERSION OUT.zip
set -euo pipefail
binary=${1:?usage: kit.sh SIWA_BUTTONS_BINARY VERSION OUT.zip} version=${2:?} out=${3:?}
work=$(mktemp -d "${TMPDIR:-/tmp}/siwa-kit.XXXXXX")
trap 'rm -rf "$work"' EXIT
kit=$work/siwa-buttons-kit-$version
"$binary" generate --locales all --sizes 140x30 --scales 1,2,3 --formats svg,pdf,png \
  --strings all --out "$kit" >"$work/generate.log" 2>&1 || { cat "$work/generate.log" >&2; exit 1; }
cat >"$kit/README.txt" <<TXT
siwa-buttons $version design kit: "Sign in with Apple" buttons in Apple's 37 locales.

Open index.html for the gallery. The files: MODE/STYLE/TYPE/LOCALE/button.svg, .pdf and
button.png, button@2x.png, button@3x.png (MODE: center, left, logo), at 140 x 30 points,
Apple's default size; logo-only buttons are 30 x 30. strings/ holds Apple's titles.
Apple's rules for using them (Human Interface Guidelines, "Sign in with Apple"):
keep the title and logo as drawn, no smaller than 140 x 30 points, with clear space of
one tenth of the button's height around it. Other sizes, scales and formats:
siwa-buttons generate --help.
TXT
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
