#!/usr/bin/env bash
# Everything the tests need on a fresh Debian machine (idempotent, sourced by
# scripts/test.sh, the benchmarks and demos): what building and running needs
# (scripts/setup-build.sh, all that scripts/install.sh and scripts/serve.sh install),
# then the test tools and the Python packages of the image measurements.
set -euo pipefail
# shellcheck source=scripts/setup-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup-build.sh"

packages=(
  librsvg2-bin poppler-utils                                            # SVG/PDF checks, SVG lint input (librsvg)
  chromium chromium-driver openssl                                      # browser tests
  systemd                                                               # systemd-analyze verify (deploy/)
  aapt android-framework-res                                            # Android's packager compiles the android preset's res/
)
# Scripts that need more name it before sourcing this: SIWA_SETUP_EXTRA="nginx wrk curl".
read -r -a extra <<<"${SIWA_SETUP_EXTRA:-}"
packages+=("${extra[@]}")
command -v python3 >/dev/null || packages+=(python3)
apt_install_missing "${packages[@]}"

sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
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

# The deployment checks (e2e/check-deploy.sh, e2e/check-container.sh): podman with runc
# and mmdebstrap for the image, nginx for `nginx -t`, node for the CloudFront function,
# binutils' strip; from PyPI, pinned, kubernetes-validate (Kubernetes' schemas bundled)
# and cfn-lint, in a venv of our own for the system Python (PEP 668).
apt_install_missing podman runc mmdebstrap nginx binutils curl
# The release (scripts/release.sh, e2e/check-release.sh): the signature, the package's
# checks, the Debian tools that compute its Depends; catatonit for `podman kube play`'s pods.
apt_install_missing minisign lintian dpkg-dev catatonit
# The linters of scripts/test.sh; man, for the man page's test (CLITests).
apt_install_missing shellcheck man-db
command -v node >/dev/null || apt_install_missing nodejs
# The element's npm package (scripts/pack-element.sh, e2e/check-element-package.sh).
# This kind of machine brings node with its own npm, whose nodejs package conflicts with
# Debian's npm: install Debian's only where there is none.
apt_install_missing node-typescript
command -v npm >/dev/null || apt_install_missing npm
# ruff: the Python linter and formatter of scripts/test.sh (ruff.toml).
deploy_tools=(kubernetes-validate==1.37.0 cfn-lint==1.51.0 ruff==0.17.6)
# The SBOM's writer and validator (scripts/release/sbom.py). For the system Python, in a
# venv that also sees Debian's packages, first on PATH from here on.
release_venv=${XDG_CACHE_HOME:-$HOME/.cache}/siwa-buttons/release-tools
[ -x "$release_venv/bin/python3" ] && export PATH="$release_venv/bin:$PATH"
if ! python3 -c 'import cyclonedx.validation.json, jsonschema' 2>/dev/null; then
  echo "setup: installing cyclonedx-python-lib"
  if [ "$(command -v python3)" = /usr/bin/python3 ]; then
    apt_install_missing python3-venv
    python3 -m venv --system-site-packages "$release_venv"
    export PATH="$release_venv/bin:$PATH"
  fi
  python3 -m pip install --quiet --disable-pip-version-check "cyclonedx-python-lib[validation]==11.12.0"
fi
deploy_venv=${XDG_CACHE_HOME:-$HOME/.cache}/siwa-buttons/deploy-tools
[ -x "$deploy_venv/bin/cfn-lint" ] && export PATH="$deploy_venv/bin:$PATH"
if ! command -v kubernetes-validate >/dev/null || ! command -v cfn-lint >/dev/null || ! command -v ruff >/dev/null; then
  echo "setup: installing ${deploy_tools[*]}"
  if [ "$(command -v python3)" = /usr/bin/python3 ]; then
    apt_install_missing python3-venv
    python3 -m venv "$deploy_venv"
    "$deploy_venv/bin/pip" install --quiet --disable-pip-version-check "${deploy_tools[@]}"
    export PATH="$deploy_venv/bin:$PATH"
  else
    python3 -m pip install --quiet --disable-pip-version-check "${deploy_tools[@]}"
  fi
fi
