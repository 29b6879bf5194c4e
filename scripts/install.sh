#!/usr/bin/env bash
# Builds siwa-buttons for release with the Swift runtime linked in (no Swift toolchain
# needed where it runs) and installs it with its resources in one relocatable folder:
#
#   PREFIX/bin/siwa-buttons        (draws a plain `render` line, hands the rest to:)
#   PREFIX/bin/siwa-buttons-full   (the whole command line)
#   PREFIX/share/siwa-buttons/{Fonts,Templates,public}
#
# The binary finds its resources from its own location, so PREFIX can be moved or copied
# to another machine with the same system libraries (cairo, pango, libpng, libwebp: Debian's
# libcairo2, libpango-1.0-0, libpangocairo-1.0-0, libpng16-16, libwebp7, libdeflate0). deploy/siwa-buttons.service
# runs it from /opt/siwa-buttons.
#
#   bash scripts/install.sh /opt/siwa-buttons
set -euo pipefail
prefix=${1:?usage: scripts/install.sh PREFIX}
cd "$(dirname "$0")/.."
source scripts/setup-build.sh  # build tools and run-time libraries only, no test tool
source scripts/release-build.sh
build_release
bin=$("${release_build[@]}" --show-bin-path)

# Assembled beside PREFIX, then swapped in, so PREFIX is never half-installed.
mkdir -p "$(dirname "$prefix")"
staging=$(mktemp -d "$(dirname "$prefix")/.siwa-install.XXXXXX")
trap 'rm -rf "$staging"' EXIT
install -D -m 755 "$bin/siwa-buttons" "$staging/bin/siwa-buttons"
install -m 755 "$bin/siwa-buttons-full" "$staging/bin/siwa-buttons-full"
mkdir -p "$staging/share/siwa-buttons"
cp -R Fonts Templates public "$staging/share/siwa-buttons/"
cp LICENSE "$staging/share/siwa-buttons/" 2>/dev/null || true
if [ -e "$prefix" ]; then
  mv "$prefix" "$staging.old"
  mv "$staging" "$prefix"
  rm -rf "$staging.old"
else
  mv "$staging" "$prefix"
fi
echo "installed: $prefix/bin/siwa-buttons(-full) and $prefix/share/siwa-buttons/"
