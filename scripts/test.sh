#!/usr/bin/env bash
# Everything CI runs: set-up, build, the Swift test suites (the CLI's included), then the
# end-to-end checks of e2e/ that drive the real binaries (generated pages and the web
# editor in Chromium, the service under abuse).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

python3 scripts/check-imports.py
# docs/architecture.md maps every folder: a new one without its line fails.
python3 scripts/check-map.py
# One version wherever the release names it (the code, CHANGELOG, README, the docs).
bash scripts/check-version.sh
# The shell scripts (.shellcheckrc: the idioms used on purpose), and every JavaScript file
# we ship or run parsed by node.
git ls-files -z '*.sh' | xargs -0 shellcheck
git ls-files -z '*.js' '*.mjs' | xargs -0 -n 1 node --check
# The Python of e2e/ and scripts/ (ruff.toml): formatted, and clean.
git ls-files -z '*.py' | xargs -0 ruff format --check
git ls-files -z '*.py' | xargs -0 ruff check
# The formatter the toolchain ships, with .swift-format: the tree as it formats it.
swift format lint --strict --recursive --parallel Sources Tests Examples Benchmarks Fuzz Tools Package.swift
swift build --build-tests
# The tool argument-parser's man page plugin runs, so CLITests checks the page's examples.
swift build --product generate-manual
# One test at a time: the live-server tests need the cooperative threads that a
# parallel image test would hold (2 on a 2-core machine), and time out otherwise.
swift test --skip-build --no-parallel
# The DocC archives of the three library products, failing on any DocC warning.
bash scripts/build-docs.sh

# The end-to-end checks: generated pages and the editor in Chromium, the service under abuse.
bash e2e/run.sh .build/debug/siwa-buttons
# Deployment (deploy/): the lean install, the Kubernetes manifests and CDN recipes
# (e2e/check-deploy.sh, seconds); then a release cut into dist/ with a throw-away key and
# each artefact checked where it lands (e2e/check-release.sh: the release build, reused
# when up to date, a clean Debian 12 for the .deb); then the release's container image
# run, stopped and played as the Kubernetes Deployment (e2e/check-container.sh).
bash e2e/check-deploy.sh .build/debug/siwa-buttons
bash e2e/check-release.sh
version=$(.build/debug/siwa-buttons --version)
bash e2e/check-container.sh "dist/siwa-buttons-$version-image-oci.tar.gz" "dist/siwa-buttons-$version-linux-x86_64.tar.gz"
# Fuzzing (scripts/fuzz.sh, docs/testing.md): each target replays its corpus, then 30 s of
# libFuzzer under ASan (UBSan too for the C writers). Last, built in .build, where only the
# package's own modules are compiled again, instrumented (the usual build then compiles
# them back).
SIWA_FUZZ_SCRATCH=.build bash scripts/fuzz.sh ci --seconds 30
echo "all checks passed"
