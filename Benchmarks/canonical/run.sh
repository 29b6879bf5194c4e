#!/usr/bin/env bash
# bench: renders behind an nginx cache with shuffled spellings and `v=`
# The cache-key space through an nginx cache (deploy/nginx/siwa-buttons.conf): one button
# requested under shuffled spellings (parameter order, defaults spelled out or not,
# format=png or not) and with v= absent, the configured token or a random one, by a
# client that follows redirects as a browser's <img> does. Three runs of the same
# workload (same seed), each with a fresh nginx cache and a fresh instance started with
# --cache-mb 0, so that every image request that reaches it is a render (as on a fleet
# of cold instances):
#   before:   --canonical off, every v= of the workload accepted (as before v= was checked)
#   off:      --canonical off, --cache-version 2026-11
#   redirect: --canonical redirect, --cache-version 2026-11 (the defaults, plus a token)
# It prints nginx's hit ratio, the requests that reached the instance and its renders,
# for two workloads of the same button:
#   flood: every page view spells the URL anew (about every URL is new), 20% with a random v=
#   sites: SITES pages, each with its own fixed spelling (and v= or not), viewed at random
#
#   bash Benchmarks/run.sh canonical                # the debug binary, built if missing
#   SIWA_BIN=path/to/siwa-buttons-full VIEWS=2000 SITES=50 SEED=1 bash Benchmarks/run.sh canonical
# Ports 18141 (nginx) and 18142 (the instance); NGINX_PORT and PORT change them.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
NGINX_PORT="${NGINX_PORT:-18141}"
PORT="${PORT:-18142}"
VIEWS="${VIEWS:-2000}"
SITES="${SITES:-50}"
SEED="${SEED:-1}"
TOKEN=2026-11
command -v nginx >/dev/null && command -v curl >/dev/null || SIWA_SETUP_EXTRA="nginx curl" source "$ROOT/scripts/setup.sh"
source "$ROOT/scripts/lib/loopback.sh"  # wait_for, start_nginx_cache

if [[ -z "${SIWA_BIN:-}" ]]; then
    SIWA_BIN="$ROOT/.build/debug/siwa-buttons-full"
    [[ -x "$SIWA_BIN" ]] || swift build --package-path "$ROOT" --product siwa-buttons-full >/dev/null
fi

WORK="$(mktemp -d -t siwa-canonical.XXXXXX)"
chmod 755 "$WORK"  # nginx's workers (nobody, when run as root) reach the runs' folders in it
PIDS=()
stop_all() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    PIDS=()
}
cleanup() {
    stop_all
    rm -rf "$WORK"
}
trap cleanup EXIT

# The workloads: one line per page view (the client below follows redirects). The
# random v= tokens are listed too, for the "before" run.
write_workload() { # flood|sites -> $WORK/targets, $WORK/random-tokens
    python3 - "$1" "$VIEWS" "$SITES" "$SEED" "$TOKEN" >"$WORK/targets" 3>"$WORK/random-tokens" <<'PY'
import os, random, sys
kind, views, sites, seed, token = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rng = random.Random(seed)
needed = ["color=white", "type=continue", "width=200", "height=44", "scale=2"]
defaults = ["border=false", "border_radius=15", "locale=en_US", "format=png"]
randoms = []
def spelling(random_v):
    pieces = needed + [d for d in defaults if rng.random() < 0.5]
    rng.shuffle(pieces)
    roll = rng.random()
    if roll < 0.4:
        pieces.append(f"v={token}")
    elif roll < 0.6 and random_v:
        randoms.append("%08x" % rng.getrandbits(32))
        pieces.append("v=" + randoms[-1])
    return "/appleid/button?" + "&".join(pieces)
if kind == "flood":
    targets = [spelling(True) for _ in range(views)]
else:
    pages = [spelling(False) for _ in range(sites)]
    targets = [rng.choice(pages) for _ in range(views)]
print("\n".join(targets))
with os.fdopen(3, "w") as out:
    out.write(",".join(randoms))
PY
}

# The client: keep-alive HTTP/1.1 to nginx, following 301s as a browser does.
cat >"$WORK/client.py" <<'PY'
import http.client, sys
port, targets = int(sys.argv[1]), open(sys.argv[2]).read().split()
conn = http.client.HTTPConnection("127.0.0.1", port)
statuses = {}
for target in targets:
    for _ in range(3):
        conn.request("GET", target)
        answer = conn.getresponse()
        answer.read()
        statuses[answer.status] = statuses.get(answer.status, 0) + 1
        if answer.status != 301:
            break
        target = answer.getheader("Location")
print(" ".join(f"{k}:{v}" for k, v in sorted(statuses.items())))
PY

metric() { # name -> value (sum over labels)
    curl -fsS "http://127.0.0.1:$PORT/metrics" | awk -v m="$1" '$1 == m || index($1, m "{") == 1 {s += $NF} END {print s + 0}'
}

run() { # workload, name, serve options...
    local workload="$1" name="$2"; shift 2
    local dir="$WORK/$workload-$name"
    mkdir -p "$dir"
    (cd "$ROOT" && exec "$SIWA_BIN" serve --host 127.0.0.1 --port "$PORT" --log-level warning --cache-mb 0 "$@") \
        >"$dir/instance.log" 2>&1 &
    PIDS+=("$!")
    wait_for "http://127.0.0.1:$PORT/healthz" 200
    # The shipped server block with this run's ports, cache folder and one instance.
    start_nginx_cache "$dir" "$NGINX_PORT" "$PORT"

    local statuses; statuses="$(python3 "$WORK/client.py" "$NGINX_PORT" "$WORK/targets")"
    local renders; renders="$(metric siwa_cache_misses_total)"
    stop_all
    local total hits entries
    # Image requests only (not the /healthz probes).
    total="$(grep -c '^/appleid/' "$dir/logs/access.log")"
    hits="$(awk '$1 ~ /^\/appleid\// && $4 == "cache=HIT" {n++} END {print n + 0}' "$dir/logs/access.log")"
    entries="$(find "$dir/cache" -type f | wc -l)"
    # Copies of the image itself (the cached 200s; the others are 301s and 404s of a few hundred bytes).
    copies="$(grep -rl --binary-files=text 'HTTP/1.1 200' "$dir/cache" | wc -l)"
    # hb_requests counts /healthz and /metrics too: less the wait_for probes and the /metrics read.
    printf '| %s | %s | %d | %d | %.1f%% | %s | %s | %s | %s | %s |\n' "$name" "$(wc -l <"$WORK/targets")" "$total" "$hits" \
        "$(awk -v h="$hits" -v t="$total" 'BEGIN {print 100 * h / t}')" "$((total - hits))" "$renders" "$entries" "$copies" "$statuses"
}

for workload in flood sites; do
    write_workload "$workload"
    echo
    echo "Workload '$workload': one button, $VIEWS page views (seed $SEED), $(sort -u "$WORK/targets" | wc -l) distinct URLs, $(tr ',' '\n' <"$WORK/random-tokens" | grep -c . || true) with a random v="
    echo
    echo "| run | page views | requests to nginx | nginx hits | hit ratio | to the instance | renders | nginx cache entries | image copies cached | answers by status |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    randoms="$(cat "$WORK/random-tokens")"
    run "$workload" before --canonical off --cache-version "$TOKEN${randoms:+,$randoms}"
    run "$workload" off --canonical off --cache-version "$TOKEN"
    run "$workload" redirect --canonical redirect --cache-version "$TOKEN"
done
