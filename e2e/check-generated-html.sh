#!/usr/bin/env bash
# Generates four sets (one with a hostile client id, one logo-only zh_CN with no scope,
# small platform packs, and packs for every platform in four languages)
# into temporary folders with a built siwa-buttons, then opens index.html and the
# snippets in headless Chromium, as pasted and served by the Hummingbird example server
# (Examples/swift-hummingbird, built by `swift build` as siwa-example-hummingbird), driving
# Debian's chromium + chromedriver with Selenium (scripts/setup.sh installs all three).
# Fails on console errors, CSP violations and wrong sizes; screenshots are saved.
# e2e/check_generated_pages.py says what is checked and which console messages are
# tolerated and why. Builds nothing.
#
# Usage: e2e/check-generated-html.sh [BINARY] [SCREENSHOT_DIR]
#   BINARY          a built siwa-buttons (default $SIWA_BUTTONS_BIN, else
#                   .build/debug/siwa-buttons, as scripts/test.sh builds it); the example
#                   server is taken from the same folder (or $SIWA_EXAMPLE_BIN)
#   SCREENSHOT_DIR  where the screenshots go (default $SIWA_HTML_SHOTS, else
#                   ${TMPDIR:-/tmp}/siwa-html-check)
# The generator's own variables apply, e.g. SIWA_TEMPLATES_DIR for other templates.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-${SIWA_BUTTONS_BIN:-$root/.build/debug/siwa-buttons}}
shots=${2:-${SIWA_HTML_SHOTS:-${TMPDIR:-/tmp}/siwa-html-check}}
example=${SIWA_EXAMPLE_BIN:-$(dirname "$bin")/siwa-example-hummingbird}

for exe in "$bin" "$example"; do
    if [ ! -f "$exe" ] || [ ! -x "$exe" ]; then
        echo "check-generated-html: no executable at $exe (build it first: swift build)" >&2
        exit 1
    fi
done
for tool in chromium chromedriver; do
    command -v "$tool" >/dev/null \
        || { echo "check-generated-html: $tool is missing (bash scripts/setup.sh installs it)" >&2; exit 1; }
done
python3 -c 'import selenium' 2>/dev/null \
    || { echo "check-generated-html: the selenium Python package is missing (bash scripts/setup.sh installs it)" >&2; exit 1; }

dist=$(mktemp -d "${TMPDIR:-/tmp}/siwa-html-dist.XXXXXX")
logo=$(mktemp -d "${TMPDIR:-/tmp}/siwa-html-logo.XXXXXX")
packs=$(mktemp -d "${TMPDIR:-/tmp}/siwa-html-packs.XXXXXX")
paged=$(mktemp -d "${TMPDIR:-/tmp}/siwa-html-paged.XXXXXX")
trap 'rm -rf "$dist" "$logo" "$packs" "$paged"' EXIT
# The issue's hostile client id, and a redirect URI with quotes and a query, on the
# example server's stand-in address.
client_id='a"</script><script>alert(1)</script>'
redirect_uri="https://siwa-example.test/auth/apple/callback?from='snippet'&x=1"

echo "== generated pages in headless Chromium ($bin)"
"$bin" generate --out "$dist" --locales en_US,ar_SA,ja_JP --formats png,webp,svg \
    --client-id "$client_id" --redirect-uri "$redirect_uri" --use-popup
"$bin" generate --out "$logo" --modes logo --locales zh_CN --styles black --formats png --sizes 250x44 \
    --client-id com.example.web --redirect-uri https://example.com/cb --scope ''
"$bin" generate --out "$packs" --presets web,ios,android --modes center,logo --types sign-in --styles black,white \
    --locales en_US,de_DE
# Every platform in four languages: 450 cards, a gallery page per language.
"$bin" generate --out "$paged" --presets web,ios,android,flutter,react-native,email --formats best \
    --locales en_US,de_DE,ar_SA,ja_JP --client-id com.example.web --redirect-uri https://example.com/cb >/dev/null
python3 "$root/e2e/check_generated_pages.py" "$dist" "$logo" "$packs" "$paged" "$shots" \
    --client-id "$client_id" --redirect-uri "$redirect_uri" --example "$example" \
    --chromedriver "$(command -v chromedriver)"
