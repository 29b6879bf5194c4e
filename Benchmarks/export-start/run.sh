#!/usr/bin/env bash
# bench: time to first byte and total time of /api/export.zip, builds side by side
# How soon an export starts and how long it takes: time to first byte and total time of
# GET /api/export.zip (default: the 2,715-file set of the issue, locales=all&formats=png,svg)
# from each binary's `serve`, ROUNDS rounds (default 5) with the binaries interleaved in
# each, so a busy moment hits them alike; prints the medians and the ratios to the first.
#   bash Benchmarks/run.sh export-start BINARY [BINARY ...]   (QUERY=... ROUNDS=...)
set -euo pipefail
[ $# -ge 1 ] || { sed -n '3,7p' "$0"; exit 2; }
query=${QUERY:-locales=all&formats=png,svg}
rounds=${ROUNDS:-5}
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT
ports=()
index=0
for bin in "$@"; do
  port=$((18700 + index))
  "$bin" serve --port "$port" >"$work/serve-$index.log" 2>&1 &
  pids+=($!)
  ports+=("$port")
  for _ in $(seq 1 200); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
  index=$((index + 1))
done
echo "query: $query, $rounds rounds, load $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$rounds"); do
  for index in "${!ports[@]}"; do
    curl -sf -D "$work/head" -o "$work/set.zip" -w '%{time_starttransfer} %{time_total}\n' \
      "http://127.0.0.1:${ports[$index]}/api/export.zip?$query" >>"$work/times-$index"
    unzip -tq "$work/set.zip" >/dev/null || { echo "binary $index: round $round's archive is broken" >&2; exit 1; }
    files=$(tr -d '\r' <"$work/head" | awk 'tolower($1) == "x-siwa-export-files:" { print $2 }')
    entries=$(unzip -Z1 "$work/set.zip" | wc -l)
    [ "$files" = "$entries" ] || { echo "binary $index: X-SIWA-Export-Files $files, $entries entries" >&2; exit 1; }
  done
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
first_start=0 first_total=0
printf '%-60s %10s %10s %8s %8s\n' binary "first byte" total "÷ first" "÷ first"
for index in "${!ports[@]}"; do
  start=$(cut -d' ' -f1 "$work/times-$index" | median)
  total=$(cut -d' ' -f2 "$work/times-$index" | median)
  [ "$index" = 0 ] && first_start=$start first_total=$total
  awk -v b="${*:index+1:1}" -v s="$start" -v t="$total" -v fs="$first_start" -v ft="$first_total" \
    'BEGIN { printf "%-60s %9.2fs %9.2fs %8.3f %8.3f\n", b, s, t, s / fs, t / ft }'
done
echo "archive: $files files, $(stat -c %s "$work/set.zip") bytes"
