#!/usr/bin/env bash
# Everything CI runs: set-up, build, the Swift test suites (the CLI's included), then
# the checks that drive the real binaries (generated pages and the web editor in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

swift build --build-tests
# One test at a time: the live-server tests need the cooperative threads that a
# parallel image test would hold (2 on a 2-core machine), and time out otherwise.
swift test --skip-build --no-parallel

bin=.build/debug/siwa-buttons
bash scripts/check-generated-html.sh "$bin"
bash scripts/check-editor.sh "$bin"
# The service under abuse: 20,000 distinct buttons (RSS bound and flatness), slow
# clients, descriptor exhaustion. About 3 minutes.
python3 scripts/soak.py "$bin" --plot out/soak-rss.png
echo "all checks passed"
