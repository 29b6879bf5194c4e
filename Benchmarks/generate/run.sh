#!/usr/bin/env bash
# bench: `generate` of the default and the large set against rsvg-convert
# Times `siwa-buttons generate` (release build, all cores) on
#   1. the default set   (3 modes x 3 types x 3 styles, en_US, @1x @2x @3x, PNG + SVG)
#   2. the large set     (37 locales x 3 types x 3 styles x 3 modes, @1x @2x @3x, PNG + SVG)
#   3. the large set's PNGs alone
# and rsvg-convert (librsvg2-bin) drawing the same PNGs from our SVGs of the set
# (--zoom = scale), run in parallel on all cores too. Prints the times and the ratio.
# Each timing is the best of BENCH_RUNS runs (default 3) into an empty folder.
#
# Usage: bash Benchmarks/run.sh generate
# Env:   SIWA_BUTTONS_BIN  a release siwa-buttons (default: built here, -c release)
#        SWIFT_SCRATCH     scratch path for that build (default: .build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${BENCH_RUNS:-3}
cores=$(nproc)

source "$root/scripts/setup.sh"  # installs what is missing (rsvg-convert among it)
source "$root/Benchmarks/lib/generate-common.sh"

large=(--locales all --modes center,left,logo --types sign-in,continue,sign-up
       --styles black,white,white-outline --scales 1,2,3)

t_default=$(best_of default "$bin" generate --out "$work/default")
t_large=$(best_of large "$bin" generate --out "$work/large" "${large[@]}" --formats png,svg)
t_large_png=$(best_of large-png "$bin" generate --out "$work/large-png" "${large[@]}" --formats png)
n_default=$(python3 -c "import json;print(len(json.load(open('$work/default/manifest.json'))['files']))")
n_large=$(python3 -c "import json;print(len(json.load(open('$work/large/manifest.json'))['files']))")

# rsvg-convert: one job per PNG of the large set, from the SVG beside it.
jobs="$work/rsvg-jobs"
python3 - "$work/large/manifest.json" "$work/rsvg" > "$jobs" <<'PY'
import json, os, re, sys
manifest, out = sys.argv[1], sys.argv[2]
base = os.path.dirname(manifest)
for e in json.load(open(manifest))["files"]:
    if e["format"] != "png":
        continue
    svg = re.sub(r"@\dx\.png$", ".svg", e["path"])
    os.makedirs(os.path.join(out, os.path.dirname(e["path"])), exist_ok=True)
    print(e["scale"], os.path.join(out, e["path"]), os.path.join(base, svg))
PY
n_rsvg=$(wc -l < "$jobs")
rsvg_all() { xargs -P "$cores" -n 3 sh -c 'rsvg-convert --zoom="$0" -o "$1" "$2"' < "$jobs"; }
t_rsvg=""
for _ in $(seq "$runs"); do
    start=$EPOCHREALTIME; rsvg_all; end=$EPOCHREALTIME
    t=$(python3 -c "print(f'{$end - $start:.2f}')")
    t_rsvg=$(python3 -c "print(min(float(x) for x in '$t_rsvg $t'.split()))")
done
# Same pixel sizes as ours?
python3 - "$work/large/manifest.json" "$work/rsvg" <<'PY'
import json, os, struct, sys
manifest, out = sys.argv[1], sys.argv[2]
bad = 0
for e in json.load(open(manifest))["files"]:
    if e["format"] == "png":
        with open(os.path.join(out, e["path"]), "rb") as f:
            w, h = struct.unpack(">II", f.read(24)[16:24])
        bad += (w, h) != (e["width"], e["height"])
if bad:
    print(f"warning: {bad} rsvg-convert PNGs differ in size from ours", file=sys.stderr)
PY

echo
echo "machine: $cores cores, $(uname -m); $(rsvg-convert --version)"
echo "best of $runs runs"
printf '%-58s %6s files %8s s\n' "siwa-buttons generate, default set (PNG+SVG)" "$n_default" "$t_default"
printf '%-58s %6s files %8s s\n' "siwa-buttons generate, large set (PNG+SVG)" "$n_large" "$t_large"
printf '%-58s %6s files %8s s\n' "siwa-buttons generate, large set, PNG only" "$n_rsvg" "$t_large_png"
printf '%-58s %6s files %8s s\n' "rsvg-convert, the large set's PNGs from our SVGs" "$n_rsvg" "$t_rsvg"
python3 -c "print(f'ratio rsvg-convert / siwa-buttons: {$t_rsvg / $t_large_png:.1f}x (same PNGs), {$t_rsvg / $t_large:.1f}x (vs. the whole PNG+SVG set)')"
python3 -c "import sys; sys.exit(0 if $t_large < 30 else 1)" || { echo "large set slower than the 30 s target" >&2; exit 1; }
