#!/usr/bin/env bash
# Fuzzing with libFuzzer under AddressSanitizer (and UBSan for the C writers): the targets of
# Fuzz/ (docs/testing.md, "Fuzzing"), each with its seed corpus in Fuzz/Corpus/TARGET and
# a dictionary made from the schema the code reads (`siwa-fuzz --dictionary TARGET`).
#
#   bash scripts/fuzz.sh list                        the targets
#   bash scripts/fuzz.sh TARGET [--minutes N] [--grow] [-- LIBFUZZER_OPTIONS...]
#       a campaign (10 minutes unless told); --grow merges the inputs that reach new code
#       into Fuzz/Corpus/TARGET (commit them)
#   bash scripts/fuzz.sh ci [--seconds N]            what CI runs: every target replays its
#       corpus, then fuzzes for N seconds (30 unless told); a finding fails, its input
#       printed as base64 and kept in the fuzz work folder
#   bash scripts/fuzz.sh replay TARGET FILE...       one input again (a reproducer)
#
# A finding is fixed with a regression test from its reproducer, and the reproducer added to
# Fuzz/Corpus/TARGET, in a commit of its own.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# Outside the package, as the release build's scratch is (scripts/release-build.sh says why).
scratch=${SIWA_FUZZ_SCRATCH:-${TMPDIR:-/tmp}/siwa-buttons-fuzz-$(pwd -P | cksum | cut -d' ' -f1)}
work=${SIWA_FUZZ_WORK:-${TMPDIR:-/tmp}/siwa-buttons-fuzz-work}
clang=$(dirname "$(readlink -f "$(command -v swift)")")/clang
runtime=$("$clang" -print-resource-dir)/lib/linux
swift_targets=(request export-query snippet-query config labels)
targets=("${swift_targets[@]}" writers)

# The Swift targets: siwa-fuzz, the package's own Swift instrumented for coverage and ASan
# (Package.swift, when SIWA_FUZZ_DRIVER is set), with libFuzzer's driver but not its main
# (SwiftPM's executable has one, which calls the driver). CI builds in .build, where only
# the package's own modules are compiled again; elsewhere a folder of its own keeps the
# usual build as it is.
build_swift() {
    SIWA_FUZZ_DRIVER=$runtime/libclang_rt.fuzzer_no_main-x86_64.a \
        swift build --product siwa-fuzz --scratch-path "$scratch" >&2
    echo "$(swift build --scratch-path "$scratch" --show-bin-path)/siwa-fuzz"
}

# The C writers with clang: seconds, and UBSan too (its checks mean little in Swift).
build_writers() {
    mkdir -p "$work"
    local out=$work/fuzz-writers
    # shellcheck disable=SC2046 # pkg-config's words are separate flags
    "$clang" -g -O1 -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -I Sources/CPNGWriter -I Sources/CPNGWriter/include -I Sources/CWebPWriter/include -I Sources/CHuffman/include \
        -I Tools/CComparisonWriters/include $(pkg-config --cflags libpng libwebp) Fuzz/Writers/fuzz_writers.c \
        Sources/CPNGWriter/*.c Sources/CWebPWriter/*.c Sources/CHuffman/*.c Tools/CComparisonWriters/libpng_writer.c \
        $(pkg-config --libs libpng libwebp) -ldeflate -lz -o "$out"
    echo "$out"
}

# The command line of a target's binary; Swift's runtime keeps caches LeakSanitizer would call leaks.
swift_bin=""
writers_bin=""
command_for() {
    if [ "$1" = writers ]; then
        [ -n "$writers_bin" ] || writers_bin=$(build_writers)
        echo "$writers_bin"
    else
        [ -n "$swift_bin" ] || swift_bin=$(build_swift)
        echo "env ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no $swift_bin $1"
    fi
}

# run TARGET SECONDS [LIBFUZZER_OPTIONS...]: the corpus replayed, then fuzzing for SECONDS into
# a working copy; prints one line of figures; a finding fails with its input in the log.
run() {
    local target=$1 seconds=$2 command dict=() log corpus=$work/$1/corpus status=0
    shift 2
    # shellcheck disable=SC2207 # the command's words
    command=($(command_for "$target"))
    mkdir -p "$corpus" "$work/$target/findings"
    if [ "$target" != writers ]; then
        "${command[@]:0:4}" --dictionary "$target" >"$work/$target/dictionary"
        dict=(-dict="$work/$target/dictionary")
    fi
    log=$work/$target/log
    # -timeout: a slow input is a finding too (the service answers in milliseconds).
    "${command[@]}" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$work/$target/findings/" "$@" "$corpus" "Fuzz/Corpus/$target" >"$log" 2>&1 || status=$?
    if [ "$status" != 0 ]; then
        tail -n 60 "$log" >&2
        for finding in "$work/$target/findings"/*; do
            [ -f "$finding" ] || continue
            echo "fuzz: $target: finding $finding, as base64 (decode into Fuzz/Corpus/$target to keep it):" >&2
            base64 -w 0 "$finding" >&2
            echo >&2
        done
        echo "fuzz: $target: FAILED (exit $status); log: $log" >&2
        return 1
    fi
    # libFuzzer's last status line and stats: inputs run, coverage (edges), features, corpus.
    python3 - "$target" "$log" <<'PY'
import re, sys
target, log = sys.argv[1], open(sys.argv[2], errors="replace").read()
stat = lambda name: int(re.findall(rf"stat::{name}:\s+(\d+)", log)[-1])
status = re.findall(r"#\d+\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)", log)
cov, ft, corp = status[-1] if status else ("?", "?", "?")
runs = stat("number_of_executed_units")
print(f"fuzz: {target}: {runs} inputs, {stat('average_exec_per_sec')}/s, coverage {cov} edges, {ft} features, corpus {corp}, no finding")
PY
}

case "${1:-}" in
list)
    printf '%s\n' "${targets[@]}"
    ;;
ci)
    seconds=30
    [ "${2:-}" != --seconds ] || seconds=${3:?--seconds N}
    rm -rf "$work"
    # Built once here: command_for runs in a subshell, which keeps no binary for the next.
    swift_bin=$(build_swift)
    writers_bin=$(build_writers)
    failed=0
    for target in "${targets[@]}"; do
        run "$target" "$seconds" || failed=1
    done
    exit "$failed"
    ;;
replay)
    target=${2:?usage: fuzz.sh replay TARGET FILE...}
    shift 2
    # shellcheck disable=SC2207
    command=($(command_for "$target"))
    "${command[@]}" "$@"
    ;;
"" | -h | --help)
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
    ;;
*)
    target=$1
    shift
    printf '%s\n' "${targets[@]}" | grep -qx -- "$target" || { echo "fuzz.sh: no target '$target' (bash scripts/fuzz.sh list)" >&2; exit 2; }
    minutes=10 grow=0
    while [ $# -gt 0 ]; do
        case "$1" in
        --minutes) minutes=${2:?--minutes N}; shift 2 ;;
        --grow) grow=1; shift ;;
        --) shift; break ;;
        *) echo "fuzz.sh: unknown option '$1'" >&2; exit 2 ;;
        esac
    done
    run "$target" $((minutes * 60)) "$@"
    if [ "$grow" = 1 ]; then
        # shellcheck disable=SC2207
        command=($(command_for "$target"))
        before=$(find "Fuzz/Corpus/$target" -type f | wc -l)
        "${command[@]}" -merge=1 "Fuzz/Corpus/$target" "$work/$target/corpus" >"$work/$target/merge.log" 2>&1
        echo "fuzz: $target: corpus $before -> $(find "Fuzz/Corpus/$target" -type f | wc -l) files (Fuzz/Corpus/$target)"
    fi
    ;;
esac
