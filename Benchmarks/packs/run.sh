#!/usr/bin/env bash
# bench: the 37-locale platform packs against the plain web layout (--compare BEFORE AFTER: two builds)
# Times the platform packs: `generate --presets android,ios,web --locales all`
# on the default matrix (3 modes x 3 types x 3 styles, 250x44; web @1x-@3x PNG + SVG,
# iOS 1x-3x PNG imagesets with dark looks, Android VectorDrawable + mdpi-xxxhdpi PNG
# with night looks and 37 locale folders), release build, all cores. References
# measured in the same run: the same matrix as the plain web layout alone (today's
# `generate --locales all`), and `cp -r` of the pack. Prints wall time, files, files/s
# and the ratios. Each timing is the best of BENCH_RUNS runs (default 3) into an empty folder.
# BENCH_FORMATS=png times PNG-only packs (every preset).
#
# With --compare BEFORE AFTER (two release siwa-buttons-full): the README's one-run pack
# (six presets, --formats best, 37 locales, strings) by each, alternated BENCH_RUNS times.
#
# Usage: bash Benchmarks/run.sh packs [--compare BEFORE AFTER]
# Env:   SIWA_BUTTONS_BIN  a release siwa-buttons (default: built here, -c release)
#        SWIFT_SCRATCH     scratch path for that build (default: .build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${BENCH_RUNS:-3}

if [ "${1:-}" = --compare ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/siwa-bench.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  for round in $(seq "$runs"); do
    for binary in "$2" "$3"; do
      rm -rf "${work:?}/packs"
      start=$EPOCHREALTIME
      "$binary" generate --presets web,ios,android,flutter,react-native,email --formats best --locales en_US,all \
        --strings all --client-id com.example.web --redirect-uri https://example.com/auth/apple --out "$work/packs" >/dev/null
      end=$EPOCHREALTIME
      files=$(find "$work/packs" -type f | wc -l)
      python3 -c "print(f'round $round, $binary: {$files} files in {$end - $start:.1f} s, {$files / ($end - $start):.0f} files/s')"
    done
  done
  exit
fi

source "$root/Benchmarks/lib/generate-common.sh"

packs=(--presets android,ios,web --locales all --max-files 100000)
if [ -n "${BENCH_FORMATS:-}" ]; then packs+=(--formats "$BENCH_FORMATS"); fi

t_packs=$(best_of packs "$bin" generate --out "$work/packs" "${packs[@]}")
t_web=$(best_of web "$bin" generate --out "$work/web" --locales all)
t_copy=$(best_of copy cp -r "$work/packs" "$work/copy")
n_packs=$(find "$work/packs" -type f | wc -l)
n_web=$(find "$work/web" -type f | wc -l)

python3 - "$t_packs" "$n_packs" "$t_web" "$n_web" "$t_copy" "$(nproc)" <<'PY'
import sys
t_packs, n_packs, t_web, n_web, t_copy, cores = float(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
print(f"cores: {cores}")
print(f"android + ios + web packs, 37 locales: {n_packs} files in {t_packs:.2f} s = {n_packs / t_packs:.0f} files/s")
print(f"web layout alone, 37 locales:          {n_web} files in {t_web:.2f} s = {n_web / t_web:.0f} files/s")
print(f"cp -r of the packs:                    {t_copy:.2f} s")
print(f"packs / web alone: {t_packs / t_web:.2f}x the time for {n_packs / n_web:.2f}x the files "
      f"({(n_packs / t_packs) / (n_web / t_web):.2f}x the files/s); packs / cp -r: {t_packs / t_copy:.1f}x")
PY
