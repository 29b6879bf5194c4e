#!/usr/bin/env bash
# The end-to-end checks, on built binaries (they build nothing): the documentation's
# examples, the generated pages and the web editor in headless Chromium, then the service
# under abuse (soak: about 3 min).
#   bash e2e/run.sh [BINARY]     (default .build/debug/siwa-buttons; scripts/test.sh runs it)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/.build/debug/siwa-buttons}
# Every command and configuration example of README.md and docs/ as written (about a minute).
echo "== the documentation's examples ($bin)"
python3 "$root/e2e/check_docs.py" "$bin"
bash "$root/e2e/check-generated-html.sh" "$bin"
# The web editor (check_editor.py) and its Download set panel (check_export.py), served by
# siwa-buttons and mounted under /buttons/ in the example host app (HostApp, beside BINARY).
shots=$root/out/editor-screenshots
host_app=$(dirname "$bin")/HostApp
driver=$(command -v chromedriver)
echo "== web editor in headless Chromium ($bin, then $host_app)"
python3 "$root/e2e/check_editor.py" --binary "$bin" --screenshots "$shots" --public "$root/public" --chromedriver "$driver"
python3 "$root/e2e/check_editor.py" --binary "$bin" --host-app "$host_app" --path /buttons/ \
    --screenshots "$shots/mounted" --public "$root/public" --chromedriver "$driver"
python3 "$root/e2e/check_export.py" --binary "$bin" --public "$root/public" --chromedriver "$driver" \
    --screenshot "$shots/export.png"
python3 "$root/e2e/check_export.py" --binary "$bin" --host-app "$host_app" --path /buttons/ --public "$root/public" \
    --chromedriver "$driver" --screenshot "$shots/mounted/export.png"
# Every segmented control of the editor chosen in turn at 1280 and 390 px: its face holds
# its text with Chromium's default fonts (seconds).
python3 "$root/e2e/check_editor_segments.py" "$bin" --chromedriver "$driver"
# The design kit as scripts/release/kit.sh cuts it: its README.txt held to its files, found
# by name alone, the gallery in words (about 30 s).
echo "== the design kit ($bin)"
python3 "$root/e2e/check_kit.py" "$(dirname "$bin")/siwa-buttons-full"
# <apple-signin-button> in pages, axe-core over every page, the framework example pages
# (e2e/check_element.py says what; about 2.5 min), then the snippets in single-page apps
# and sites' own pages (e2e/check_snippets.py; about 35 s).
echo "== the element and the snippets in front ends, headless Chromium ($bin)"
python3 "$root/e2e/check_element.py" "$bin" --chromedriver "$driver" --screenshots "$root/out/front-ends/element"
python3 "$root/e2e/check_snippets.py" "$bin" --chromedriver "$driver" --screenshots "$root/out/front-ends/snippets"
# The element drawing its button (its default): the same pixels as `render` at 1x-3x for every
# locale and title, Apple's references measured, nothing of Apple's before intent, the
# redirect without Apple's script, no layout shift, its own files only (about 1 min).
echo "== the element, drawn in the page, headless Chromium ($bin)"
python3 "$root/e2e/check_element_drawn.py" "$bin" --chromedriver "$(command -v chromedriver)" --out "$root/out/element-drawn"
# The element's npm package: its typings and manifest as scripts/element-types.mjs writes
# them from the element, packed, installed by a consumer and type-checked, with failing twins.
echo "== the element's npm package"
node "$root/scripts/element-types.mjs" --check
pack=$(mktemp -d)
bash "$root/scripts/pack-element.sh" "$pack" 0.0.0-check >/dev/null
bash "$root/e2e/check-element-package.sh" "$pack/siwa-buttons-element-0.0.0-check.tgz"
rm -rf "$pack"
# SIGTERM with the render threads frozen (ptrace): exit within the drain + 5 s, one line
# naming the stuck renders (about 10 s).
python3 "$root/e2e/check_stop.py" "$bin"
# lint on hostile images (2 MB of text, chained blurs, feTurbulence, PNG bombs): one
# line and status 1 each, peak RSS under 512 MB (about 15 s).
python3 "$root/e2e/check_lint_memory.py" "$bin"
# The service under abuse: 20,000 distinct buttons (RSS bound and flatness), slow
# clients, descriptor exhaustion.
python3 "$root/e2e/check_soak.py" "$bin" --plot "$root/out/soak-rss.png"
# The library from a package of another folder (by path), built with this scratch path
# (its dependencies already built: 1-3 min), run from / with its resource bundle only.
# Last: that build re-plans .build for the other package, which nothing after it uses.
bash "$root/e2e/check-dependent-package.sh"
