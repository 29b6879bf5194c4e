#!/usr/bin/env bash
# The lean install: on a machine where no package is installed yet, scripts/install.sh and
# scripts/serve.sh ask apt for the build tools and run-time libraries only: no browser,
# no Python package, and they run no pip. Run with stand-ins first on PATH that record
# every call (dpkg-query says nothing is installed, apt-get records and succeeds, swift
# records and stops the script where the build would start), so nothing is installed or
# built. scripts/setup.sh, the test set-up, is run the same way and must ask for the
# browser: the stand-ins do see what a set-up asks for.
#   bash e2e/check-lean-install.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fake=$work/bin; mkdir -p "$fake"
for tool in dpkg-query apt-get sudo swift python3 pip pip3; do
  cat >"$fake/$tool" <<STUB
#!/bin/sh
echo "$tool \$*" >>"$work/calls"
case $tool in
  dpkg-query) exit 1 ;;                                   # nothing is installed
  apt-get) exit 0 ;;
  sudo) exec "\$@" ;;
  swift) echo "$tool stand-in: stopping before the build" >&2; exit 3 ;;
  *) exit 1 ;;                                            # python3: no module importable
esac
STUB
  chmod +x "$fake/$tool"
done

fail=0
# run SCRIPT ARGS...: the script under the stand-ins; its apt-get install lines and other calls.
run() {
  : >"$work/calls"
  PATH="$fake:/usr/bin:/bin" bash "$root/$1" "${@:2}" >"$work/out" 2>&1 || true
  installs=$(grep '^apt-get .*install' "$work/calls" | sed 's/^apt-get //' || true)
}
for script in scripts/install.sh scripts/serve.sh; do
  args=(); [ "$script" = scripts/install.sh ] && args=("$work/prefix")
  run "$script" "${args[@]}"
  asked=$(tr ' ' '\n' <<<"$installs" | grep -v '^-' | grep -v '^install$' | sort -u | tr '\n' ' ')
  bad=$(tr ' ' '\n' <<<"$asked" | grep -E -i 'chrom|firefox|browser|driver|selenium|^python|numpy|pil$' | tr '\n' ' ' || true)
  if [ -n "$bad" ]; then
    echo "FAIL $script asks apt for: $bad"; fail=1
  elif grep -q -E '^(python3|pip|pip3) ' "$work/calls"; then
    echo "FAIL $script runs Python or pip: $(grep -E '^(python3|pip|pip3) ' "$work/calls" | head -1)"; fail=1
  elif ! grep -q '^apt-get .*install.* libcairo2-dev' "$work/calls"; then
    echo "FAIL $script: never asked apt for the renderer's libraries (the stand-ins were not reached):"; cat "$work/out"; fail=1
  elif ! grep -q '^swift build' "$work/calls"; then
    echo "FAIL $script: did not reach the build after its set-up:"; cat "$work/out"; fail=1
  else
    echo "ok   $script asks apt for: $asked"
  fi
done
# The test set-up asks for the browser, so the check above can see one.
run scripts/setup.sh
if grep -q 'chromium' <<<"$installs"; then
  echo "ok   scripts/setup.sh (tests) asks apt for chromium, as expected"
else
  echo "FAIL scripts/setup.sh under the stand-ins did not ask for chromium: the check sees nothing"; fail=1
fi
if [ $fail = 0 ]; then echo "lean install: passed"; else echo "lean install: FAILED"; fi
exit $fail
