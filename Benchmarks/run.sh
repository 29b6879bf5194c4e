#!/usr/bin/env bash
# The one way in to the benchmarks: each lives in Benchmarks/NAME/ with its runner (run.sh
# or run.py), its thresholds beside it (thresholds.json) and, for a Swift target, the
# target's sources (Package.swift, with SIWA_BENCHMARKS=1). Not part of CI: they measure.
#   bash Benchmarks/run.sh list               # every benchmark, with one line each
#   bash Benchmarks/run.sh NAME [ARGS...]     # runs Benchmarks/NAME's runner with ARGS
#   bash Benchmarks/run.sh NAME --help        # its options (a run.sh's header comment)
# Each runner says what it measures on a line of its own starting "# bench: ".
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# The benchmark targets exist only with this set (Package.swift).
export SIWA_BENCHMARKS=1

runner() { # NAME -> the path of its runner, or nothing
    local f
    for f in "$here/$1/run.sh" "$here/$1/run.py"; do
        if [[ -f "$f" ]]; then
            echo "$f"
            return
        fi
    done
}

list() {
    local dir name f
    for dir in "$here"/*/; do
        name="$(basename "$dir")"
        f="$(runner "$name")"
        [[ -n "$f" ]] || continue
        printf '%-14s %s\n' "$name" "$(sed -n 's/^# bench: //p' "$f" | head -n 1)"
    done
}

case "${1:-}" in
    "" | -h | --help)
        sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
        echo
        list
        [[ -n "${1:-}" ]] || exit 2
        ;;
    list) list ;;
    *)
        name="$1"
        shift
        f="$(runner "$name")"
        [[ -n "$f" ]] || { echo "no benchmark '$name' (bash Benchmarks/run.sh list)" >&2; exit 2; }
        case "$f" in
            *.sh)
                # A shell runner's usage is its header: the comment lines after the shebang.
                if [[ "${1:-}" == --help || "${1:-}" == -h ]]; then
                    awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$f"
                    exit 0
                fi
                exec bash "$f" "$@"
                ;;
            *.py) exec python3 "$f" "$@" ;;
        esac
        ;;
esac
