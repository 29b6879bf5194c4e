#!/usr/bin/env bash
# The DocC archives of the three library products (SIWAModel, SIWAButtons, SIWAServer),
# built by swift-docc-plugin in one run, into .build/plugins/Swift-DocC/outputs/.
# Fails on any warning of DocC (an undocumented parameter, a link that does not resolve)
# or of SwiftPM. Let through: SwiftPM's two about dependencies, which are not ours to fix
# ("prohibited flag(s): -pthread", a pkg-config flag of a system library; "found N
# file(s) which are unhandled", files a dependency does not declare), and the compiler's
# diagnostics (`file.swift:L:C: warning:`), which every `swift build` already shows.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift package generate-documentation \
  --target SIWAModel --target SIWAButtons --target SIWAServer >"$log" 2>&1 || status=$?

if [ "$status" != 0 ]; then
  cat "$log"
  echo "build-docs: swift package generate-documentation failed ($status)" >&2
  exit 1
fi
warnings=$(grep -i 'warning:' "$log" \
  | grep -v -e 'prohibited flag(s): -pthread' -e 'found [0-9]* file(s) which are unhandled' \
      -e '^/.*\.swift:[0-9]*:[0-9]*: warning:' -e '^ *[0-9]* |' -e '`- warning:' || true)
if [ -n "$warnings" ]; then
  echo "$warnings"
  echo "build-docs: $(grep -c . <<<"$warnings") warning(s); document what they name" >&2
  exit 1
fi
grep -o '[^ ]*\.doccarchive' "$log" | sort -u | sed 's/^/build-docs: /'
