# shellcheck shell=bash
# Shared by the generator benchmarks, Benchmarks/generate and Benchmarks/packs (sourced
# after `root` and `runs` are set):
# `bin`, a release siwa-buttons-full, which runs `generate` (SIWA_BUTTONS_BIN, else built here with SWIFT_SCRATCH,
# default .build), a scratch folder `work` removed on exit, and `best_of`.
bin=${SIWA_BUTTONS_BIN:-}
if [ -z "$bin" ]; then
    scratch=${SWIFT_SCRATCH:-$root/.build}
    swift build -c release --package-path "$root" --scratch-path "$scratch" --product siwa-buttons-full >&2
    bin="$(swift build -c release --package-path "$root" --scratch-path "$scratch" --show-bin-path)/siwa-buttons-full"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/siwa-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# best_of NAME COMMAND...: runs the command $runs times into a fresh $work/NAME, prints the best seconds.
best_of() {
    local name=$1 best="" start end t
    shift
    # shellcheck disable=SC2154 # runs: set by the script that sources this file
    for _ in $(seq "$runs"); do
        rm -rf "${work:?}/$name"
        start=$EPOCHREALTIME
        "$@" >/dev/null
        end=$EPOCHREALTIME
        t=$(python3 -c "print(f'{$end - $start:.2f}')")
        best=$(python3 -c "print(min(float(x) for x in '$best $t'.split()))")
    done
    echo "$best"
}
