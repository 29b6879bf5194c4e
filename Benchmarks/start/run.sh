#!/usr/bin/env bash
# bench: whole-process `render` of one button against rsvg-convert (hyperfine, in rounds)
# Whole-process start-up: `siwa-buttons render` of one 375x64 button to a PNG file,
# beside `rsvg-convert` drawing our SVG of the same button to a PNG, and `--help`
# (the process alone), measured side by side by hyperfine.
#   bash Benchmarks/run.sh start           # ROUNDS=10 rounds of RUNS=30 runs each
# This VM's speed drifts by 10-30% within a minute, and hyperfine runs all of one
# command's runs before the next command's, so a single hyperfine run compares the two
# at different speeds. Hence rounds: each round is one hyperfine run of all commands
# (order reversed every other round), the figure is the median of the rounds' ratios,
# and the spread of those ratios is printed beside it. Page faults per process (from
# getrusage, which does not drift) are printed as well.
# Uses the static-stdlib release binary of scripts/install.sh (scripts/release-build.sh),
# and the same relinked with pack-relative-relocs, to show what the release gives up.
set -euo pipefail
cd "$(dirname "$0")/../.."
SIWA_SETUP_EXTRA="hyperfine" source scripts/setup.sh
source scripts/release-build.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# The release link, and the same relinked with pack-relative-relocs (RELR, glibc 2.36),
# which the release no longer uses (scripts/release-build.sh): both in every round.
build_release >/dev/null
mkdir -p "$tmp/plain" "$tmp/relr"
cp "$("${release_build[@]}" --show-bin-path)"/siwa-buttons{,-full} "$tmp/plain/"
SIWA_RELR=1 source scripts/release-build.sh
build_release >/dev/null
cp "$("${release_build[@]}" --show-bin-path)"/siwa-buttons{,-full} "$tmp/relr/"
readelf -V "$tmp/relr/siwa-buttons" | grep -q GLIBC_ABI_DT_RELR || { echo "the RELR link has no DT_RELR" >&2; exit 1; }
bin=$tmp/plain/siwa-buttons
export SIWA_FONTS_DIR=$PWD/Fonts   # the copies are not beside share/siwa-buttons
target='/appleid/button?width=375&height=64'
"$bin" render "$target&format=svg" -o "$tmp/button.svg"
names=(siwa-buttons rsvg-convert help siwa-buttons-relr)
commands=("$bin render $target -o $tmp/ours.png" "rsvg-convert $tmp/button.svg -o $tmp/rsvg.png" "$bin --help"
  "$tmp/relr/siwa-buttons render $target -o $tmp/relr.png")
rounds=${ROUNDS:-10} runs=${RUNS:-30}
for round in $(seq "$rounds"); do
  order=(0 1 2 3); (( round % 2 )) || order=(3 2 1 0)
  args=(); for i in "${order[@]}"; do args+=(-n "${names[i]}" "${commands[i]}"); done
  hyperfine -N --warmup 3 --runs "$runs" --export-json "$tmp/round-$round.json" "${args[@]}" >/dev/null
  echo "round $round of $rounds done"
done
python3 - "$tmp" "${commands[@]}" <<'PY'
import glob, json, resource, shlex, statistics, subprocess, sys
folder, commands = sys.argv[1], sys.argv[2:]
times, ratios, relr = {}, [], []
for path in sorted(glob.glob(f"{folder}/round-*.json")):
    r = {x["command"]: x for x in json.load(open(path))["results"]}
    for name, x in r.items():
        times.setdefault(name, []).extend(x["times"])
    ratios.append(r["siwa-buttons"]["median"] / r["rsvg-convert"]["median"])
    relr.append(r["siwa-buttons-relr"]["median"] / r["rsvg-convert"]["median"])

def faults(command, n=20):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt
    for _ in range(n):
        subprocess.run(shlex.split(command), check=True, stdout=subprocess.DEVNULL)
    return (resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt - before) / n

median = {name: statistics.median(t) * 1000 for name, t in times.items()}
print(f"median of all runs: siwa-buttons render {median['siwa-buttons']:.1f} ms, "
      f"rsvg-convert {median['rsvg-convert']:.1f} ms, --help {median['help']:.1f} ms")
print(f"page faults per process: siwa-buttons render {faults(commands[0]):.0f}, "
      f"rsvg-convert {faults(commands[1]):.0f}")
print(f"siwa-buttons / rsvg-convert, median of {len(ratios)} rounds = {statistics.median(ratios):.2f} "
      f"(rounds: {min(ratios):.2f} to {max(ratios):.2f})")
print(f"the same linked with pack-relative-relocs / rsvg-convert = {statistics.median(relr):.2f} "
      f"(rounds: {min(relr):.2f} to {max(relr):.2f}); siwa-buttons-relr render {median['siwa-buttons-relr']:.1f} ms, "
      f"{faults(commands[3]):.0f} page faults")
PY
