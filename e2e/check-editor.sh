#!/usr/bin/env bash
# The web button editor (public/) in headless Chromium: starts `siwa-buttons serve` on a
# free port and drives Debian's chromium + chromedriver with Selenium (scripts/setup.sh
# installs all three); then the same checks against the example host app (HostApp, built
# beside BINARY), which mounts the routes and the editor under /buttons/.
# e2e/check_editor.py and e2e/check_export.py (the "Download set" panel) say what is checked. Builds nothing.
#
# Usage: e2e/check-editor.sh [BINARY] [SCREENSHOT_DIR]
#   BINARY          a built siwa-buttons (default .build/debug/siwa-buttons, as scripts/test.sh builds it)
#   SCREENSHOT_DIR  where the desktop and phone screenshots go (default out/editor-screenshots;
#                   those of the host app in its mounted/ folder)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/.build/debug/siwa-buttons}
shots=${2:-$root/out/editor-screenshots}

[ -x "$bin" ] || { echo "check-editor: no siwa-buttons at $bin (build it first: swift build)" >&2; exit 1; }
host_app=$(dirname "$bin")/HostApp
[ -x "$host_app" ] || { echo "check-editor: no HostApp at $host_app (swift build builds it)" >&2; exit 1; }
for tool in chromium chromedriver; do
    command -v "$tool" >/dev/null || { echo "check-editor: $tool is missing (bash scripts/setup.sh installs it)" >&2; exit 1; }
done
python3 -c 'import selenium' 2>/dev/null \
    || { echo "check-editor: the selenium Python package is missing (bash scripts/setup.sh installs it)" >&2; exit 1; }

echo "== web editor in headless Chromium ($bin)"
python3 "$root/e2e/check_editor.py" --binary "$bin" --screenshots "$shots" \
    --public "$root/public" --chromedriver "$(command -v chromedriver)"
echo "== web editor mounted under /buttons/ in a host app ($host_app)"
python3 "$root/e2e/check_editor.py" --host-app "$host_app" --path /buttons/ --screenshots "$shots/mounted" \
    --public "$root/public" --chromedriver "$(command -v chromedriver)"
echo "== the editor's Download set panel ($bin)"
python3 "$root/e2e/check_export.py" --binary "$bin" --public "$root/public" --chromedriver "$(command -v chromedriver)" \
    --screenshot "$shots/export.png"
echo "== the Download set panel mounted under /buttons/ ($host_app)"
python3 "$root/e2e/check_export.py" --binary "$bin" --host-app "$host_app" --path /buttons/ --public "$root/public" \
    --chromedriver "$(command -v chromedriver)" --screenshot "$shots/mounted/export.png"
