#!/usr/bin/env bash
# Generates a set (with a hostile client id) into a temporary folder with a built
# siwa-buttons, then opens index.html, snippet.html and snippet-nojs.html in headless
# Chromium, driving Debian's chromium + chromedriver with Selenium (scripts/setup.sh
# installs all three), and fails on console errors from our own files. Screenshots are
# saved. scripts/check_generated_html.py says what is checked and which console
# messages are tolerated and why (in short: Apple's CDN is unreachable on purpose, so
# only its failed load is tolerated). Builds nothing.
#
# Usage: scripts/check-generated-html.sh [BINARY] [SCREENSHOT_DIR]
#   BINARY          a built siwa-buttons (default $SIWA_BUTTONS_BIN, else
#                   .build/debug/siwa-buttons, as scripts/test.sh builds it)
#   SCREENSHOT_DIR  where the screenshots go (default $SIWA_HTML_SHOTS, else
#                   ${TMPDIR:-/tmp}/siwa-html-check)
# The generator's own variables apply, e.g. SIWA_TEMPLATES_DIR for other templates.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-${SIWA_BUTTONS_BIN:-$root/.build/debug/siwa-buttons}}
shots=${2:-${SIWA_HTML_SHOTS:-${TMPDIR:-/tmp}/siwa-html-check}}

if [ ! -f "$bin" ] || [ ! -x "$bin" ]; then
    echo "check-generated-html: no siwa-buttons executable at $bin (build it first: swift build)" >&2
    exit 1
fi
for tool in chromium chromedriver; do
    command -v "$tool" >/dev/null \
        || { echo "check-generated-html: $tool is missing (bash scripts/setup.sh installs it)" >&2; exit 1; }
done
python3 -c 'import selenium' 2>/dev/null \
    || { echo "check-generated-html: the selenium Python package is missing (bash scripts/setup.sh installs it)" >&2; exit 1; }

dist=$(mktemp -d "${TMPDIR:-/tmp}/siwa-html-dist.XXXXXX")
trap 'rm -rf "$dist"' EXIT
# The issue's hostile client id, and a redirect URI with quotes and a query.
client_id='a"</script><script>alert(1)</script>'
redirect_uri="https://example.com/auth/apple?from='snippet'&x=1"

echo "== generated pages in headless Chromium ($bin)"
"$bin" generate --out "$dist" --locales en_US,ar_SA,ja_JP \
    --client-id "$client_id" --redirect-uri "$redirect_uri" --use-popup
python3 "$root/scripts/check_generated_html.py" "$dist" "$shots" \
    --client-id "$client_id" --redirect-uri "$redirect_uri" --chromedriver "$(command -v chromedriver)"
