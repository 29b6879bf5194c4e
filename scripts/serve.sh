#!/usr/bin/env bash
# Set up, build (release) and start the service on http://localhost:8080
# (extra arguments go to `siwa-buttons serve`, e.g. --port 9000 --host 0.0.0.0).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup-build.sh  # build tools and run-time libraries only, no test tool
swift build -c release --product siwa-buttons-full
swift build -c release --product siwa-buttons  # hands `serve` to siwa-buttons-full
exec .build/release/siwa-buttons serve "$@"
