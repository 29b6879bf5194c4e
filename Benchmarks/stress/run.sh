#!/usr/bin/env bash
# bench: the renderer on 8 and 16 threads: stalls, failures, differing bytes (fails on any)
# The renderer under concurrency, in-process: distinct random buttons on 8 and then 16
# threads (more threads than this machine has cores, as `serve --workers 8` on a small
# host), a watchdog that fails the run when no render completes for 30 s, and every
# 10th answer compared with the same request rendered alone. Exits non-zero on a stall,
# a failed render or a differing answer.
#   bash Benchmarks/run.sh stress [RENDERS_PER_RUN]      (default 150000; about 20 min each on 2 cores)
set -euo pipefail
# The benchmark targets exist only with this set (Package.swift).
export SIWA_BENCHMARKS=1
cd "$(dirname "$0")/../.."
source scripts/setup-build.sh
renders=${1:-150000}
swift build -c release --product RenderStress >&2
bin=$(swift build -c release --show-bin-path)/RenderStress
for threads in 8 16; do
    echo "== $threads threads, $renders renders"
    SIWA_FONTS_DIR="$PWD/Fonts" "$bin" --threads "$threads" --renders "$renders" --stall-seconds 30 --seed "$threads"
done
