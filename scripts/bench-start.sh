#!/usr/bin/env bash
# Whole-process start-up: `siwa-buttons render` of one 375x64 button to a PNG file,
# beside `rsvg-convert` drawing our SVG of the same button to a PNG, and `--help`
# (the process alone), measured side by side by hyperfine.
#   bash scripts/bench-start.sh            # ROUNDS=10 rounds of RUNS=30 runs each
# This VM's speed drifts by 10-30% within a minute, and hyperfine runs all of one
# command's runs before the next command's, so a single hyperfine run compares the two
# at different speeds. Hence rounds: each round is one hyperfine run of all commands
# (order reversed every other round), the figure is the median of the rounds' ratios,
# and the spread of those ratios is printed beside it. Page faults per process (from
# getrusage, which does not drift) are printed as well.
# Uses the static-stdlib release binary of scripts/install.sh (scripts/release-build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
SIWA_SETUP_EXTRA="hyperfine" source scripts/setup.sh
source scripts/release-build.sh
build_release >/dev/null
bin="$("${release_build[@]}" --show-bin-path)/siwa-buttons"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
target='/appleid/button?width=375&height=64'
"$bin" render "$target&format=svg" -o "$tmp/button.svg"
names=(siwa-buttons rsvg-convert help)
commands=("$bin render $target -o $tmp/ours.png" "rsvg-convert $tmp/button.svg -o $tmp/rsvg.png" "$bin --help")
rounds=${ROUNDS:-10} runs=${RUNS:-30}
for round in $(seq "$rounds"); do
  order=(0 1 2); (( round % 2 )) || order=(2 1 0)
  args=(); for i in "${order[@]}"; do args+=(-n "${names[i]}" "${commands[i]}"); done
  hyperfine -N --warmup 3 --runs "$runs" --export-json "$tmp/round-$round.json" "${args[@]}" >/dev/null
  echo "round $round of $rounds done"
done
python3 - "$tmp" "${commands[@]}" <<'PY'
import glob, json, resource, shlex, statistics, subprocess, sys
folder, commands = sys.argv[1], sys.argv[2:]
times, ratios = {}, []
for path in sorted(glob.glob(f"{folder}/round-*.json")):
    r = {x["command"]: x for x in json.load(open(path))["results"]}
    for name, x in r.items():
        times.setdefault(name, []).extend(x["times"])
    ratios.append(r["siwa-buttons"]["median"] / r["rsvg-convert"]["median"])

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
PY
