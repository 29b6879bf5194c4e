#!/usr/bin/env bash
# What building and running siwa-buttons needs on a Debian machine (idempotent, sourced):
# the build tools and the renderer's libraries, nothing else. scripts/install.sh and
# scripts/serve.sh source this alone, so a production host gets no browser, no test tool
# and no Python package; scripts/setup.sh adds the test tools on top (scripts/test.sh).
# The Swift toolchain is expected at /opt/swift or on PATH.
set -euo pipefail

# apt_install_missing PACKAGE...: installs those not installed yet, in one apt-get call.
apt_install_missing() {
  local sudo="" p missing=()
  [ "$(id -u)" = 0 ] || sudo="sudo"
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The -dev packages bring the run-time libraries (libcairo2, libpango-1.0-0, libpng16-16,
# libwebp7, libdeflate0, libfontconfig1); librsvg2-2 is opened by `lint` on SVG files only (dlopen).
apt_install_missing pkg-config libcairo2-dev libpango1.0-dev libpng-dev libwebp-dev libdeflate-dev zlib1g-dev libfontconfig-dev \
  librsvg2-2

command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null || { echo "setup: Swift 6 is required (https://swift.org/install)"; exit 1; }
