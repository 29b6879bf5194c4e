#!/usr/bin/env bash
# Everything CI runs: set-up, build, the Swift test suites, then the checks that
# drive the real binaries (CLI, generated pages and the web editor in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

swift build --build-tests
swift test --skip-build

bin=.build/debug/siwa-buttons
bash scripts/check-cli.sh "$bin"
bash scripts/check-generated-html.sh "$bin"
bash scripts/check-editor.sh "$bin"
echo "all checks passed"
