#!/usr/bin/env bash
# bench: renders per call, PNG and SVG, in-process, against rsvg-convert (RenderBenchmark)
# Renderer benchmark (release build): renders per call for PNG and SVG in-process,
# beside rsvg-convert drawing the same SVG in the same run, as a ratio.
#   bash Benchmarks/run.sh render
set -euo pipefail
# The benchmark targets exist only with this set (Package.swift).
export SIWA_BENCHMARKS=1
cd "$(dirname "$0")/../.."
source scripts/setup.sh
swift build -c release --product RenderBenchmark >/dev/null
.build/release/RenderBenchmark
