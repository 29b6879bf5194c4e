#!/usr/bin/env bash
# Everything CI runs: set-up, build, the Swift test suites, then the checks that
# drive the real binaries (CLI, generated pages and the web editor in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

swift build --build-tests
swift test --skip-build

bash scripts/check-cli.sh .build/debug/siwa-buttons
for check in scripts/check-generated-html.sh scripts/check-editor.sh; do
  if [ -f "$check" ]; then bash "$check"; fi
done
echo "all checks passed"
