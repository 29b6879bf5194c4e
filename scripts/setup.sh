#!/usr/bin/env bash
# Installs what siwa-buttons needs on a fresh Debian machine (idempotent).
# System libraries for the renderer, tools the tests use, and the Python packages
# of the image measurements. The Swift toolchain is expected at /opt/swift or on PATH.
set -euo pipefail

packages=(
  pkg-config libcairo2-dev libpango1.0-dev libpng-dev libwebp-dev zlib1g-dev libfontconfig-dev  # renderer
  librsvg2-bin poppler-utils                                            # SVG/PDF checks, SVG lint input (librsvg)
  chromium chromium-driver openssl                                      # browser tests
  systemd                                                               # systemd-analyze verify (deploy/)
  aapt android-framework-res                                            # Android's packager compiles the android preset's res/
)
# Scripts that need more name it before sourcing this: SIWA_SETUP_EXTRA="nginx wrk curl".
read -r -a extra <<<"${SIWA_SETUP_EXTRA:-}"
packages+=("${extra[@]}")
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
missing=(); command -v python3 >/dev/null || missing+=(python3)
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# numpy and Pillow (the measuring tool), Selenium (browser checks), cryptography (the
# stand-in for Apple's signing key in check-generated-html), for whichever python3
# comes first on PATH: Debian's own packages for the system Python (pip is refused
# there, PEP 668), pip for any other (pyenv, a venv).
if ! python3 -c 'import numpy, PIL, selenium, cryptography' 2>/dev/null; then
  if [ "$(command -v python3)" = /usr/bin/python3 ]; then
    echo "setup: installing python3-numpy python3-pil python3-selenium python3-cryptography"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
      python3-numpy python3-pil python3-selenium python3-cryptography >/dev/null
  else
    python3 -m pip install --quiet --disable-pip-version-check numpy pillow selenium cryptography
  fi
fi

command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null || { echo "setup: Swift 6 is required (https://swift.org/install)"; exit 1; }
