#!/usr/bin/env bash
# Set up, build (release) and start the service on http://localhost:8080
# (extra arguments go to `siwa-buttons serve`, e.g. --port 9000 --host 0.0.0.0).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup-build.sh  # build tools and run-time libraries only, no test tool
# The same release build as scripts/install.sh (its scratch folder is outside the package).
source scripts/release-build.sh
build_release  # siwa-buttons hands `serve` to siwa-buttons-full
exec "$("${release_build[@]}" --show-bin-path)/siwa-buttons" serve "$@"
