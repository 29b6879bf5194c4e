#!/usr/bin/env bash
# Generates a set (with a hostile client id) into a temporary folder, then opens
# index.html, snippet.html and snippet-nojs.html in headless Chromium (Debian's
# `chromium`) and fails on console errors from our own files. Screenshots are saved.
# scripts/check_generated_html.py says what is checked and which console messages are
# tolerated and why (in short: Apple's CDN is unreachable on purpose, so only its
# failed load is tolerated).
#
# Usage: scripts/check-generated-html.sh [SCREENSHOT_DIR]     (default /tmp/siwa-html-check)
# Env:   SIWA_BUTTONS_BIN  a built siwa-buttons (default: built here with swift build)
#        SWIFT_SCRATCH     scratch path for that build (default: .build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shots=${1:-${TMPDIR:-/tmp}/siwa-html-check}

if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        echo "Installing Debian's chromium..."
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
        echo "chromium is not installed (Debian: apt-get install chromium)" >&2
        exit 1
    fi
fi

bin=${SIWA_BUTTONS_BIN:-}
if [ -z "$bin" ]; then
    scratch=${SWIFT_SCRATCH:-$root/.build}
    swift build --package-path "$root" --scratch-path "$scratch" --product siwa-buttons >&2
    bin="$(swift build --package-path "$root" --scratch-path "$scratch" --show-bin-path)/siwa-buttons"
fi

dist=$(mktemp -d "${TMPDIR:-/tmp}/siwa-html-dist.XXXXXX")
trap 'rm -rf "$dist"' EXIT
# The issue's hostile client id, and a redirect URI with quotes and a query.
client_id='a"</script><script>alert(1)</script>'
redirect_uri="https://example.com/auth/apple?from='snippet'&x=1"

"$bin" generate --out "$dist" --locales en_US,ar_SA,ja_JP \
    --client-id "$client_id" --redirect-uri "$redirect_uri" --use-popup
python3 "$root/scripts/check_generated_html.py" "$dist" "$shots" \
    --client-id "$client_id" --redirect-uri "$redirect_uri"
