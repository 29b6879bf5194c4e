#!/usr/bin/env bash
# Runs two siwa-buttons instances and nginx (deploy/nginx/siwa-buttons.conf) on
# loopback, then shows (a) repeat requests answered from nginx's cache and (b)
# requests still answered after one instance is stopped. Everything it starts is
# stopped on exit. Installs nginx and curl when missing (scripts/setup.sh).
#
#   deploy/nginx/demo.sh                  # builds the release binary first
#   SIWA_BIN=path/to/siwa-buttons deploy/nginx/demo.sh
#   NGINX_PORT=8090 PORT_A=8091 PORT_B=8092 (the defaults)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
NGINX_PORT="${NGINX_PORT:-8090}"
PORT_A="${PORT_A:-8091}"
PORT_B="${PORT_B:-8092}"
SCRATCH="${SCRATCH:-$ROOT/.build}"
SIWA_SETUP_EXTRA="nginx curl" source "$ROOT/scripts/setup.sh"  # installs what is missing

source "$ROOT/scripts/lib/loopback.sh"  # release_binary, wait_for, start_nginx_cache

if [[ -z "${SIWA_BIN:-}" ]]; then
    echo "Building siwa-buttons (release)..."
    SIWA_BIN="$(release_binary "$SCRATCH" siwa-buttons-full)"
fi

WORK="$(mktemp -d -t siwa-nginx-demo.XXXXXX)"
PIDS=()
cleanup() {
    local status=$?
    if [[ $status -ne 0 && -s "$WORK/logs/error.log" ]]; then
        echo "== nginx error log"; cat "$WORK/logs/error.log"
    fi
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

start_instance() { # port -> pid
    (cd "$ROOT" && exec "$SIWA_BIN" serve --host 127.0.0.1 --port "$1" --log-level warning) \
        >"$WORK/instance-$1.log" 2>&1 &
    echo $!
}

PID_A="$(start_instance "$PORT_A")"; PIDS+=("$PID_A")
PID_B="$(start_instance "$PORT_B")"; PIDS+=("$PID_B")
wait_for "http://127.0.0.1:$PORT_A/healthz"
wait_for "http://127.0.0.1:$PORT_B/healthz"

# The shipped server block, with the demo's ports and a private cache folder.
start_nginx_cache "$WORK" "$NGINX_PORT" "$PORT_A" "$PORT_B"
BASE="http://127.0.0.1:$NGINX_PORT"

# One request: "status X-Cache-Status ETag" (curl >= 7.84 for %header{}).
fetch() {
    curl -sS -o /dev/null -w '%{http_code} %header{x-cache-status} %header{etag}' "$@"
}
image_requests() { # image requests an instance has answered itself (its own metrics)
    curl -fsS "http://127.0.0.1:$1/metrics" |
        awk '/^hb_requests\{http_route="\/appleid\/button[^"]*"/ {sum += $NF} END {print sum + 0}'
}

URL="$BASE/appleid/button?color=white&border=true&width=200&height=32&scale=2"
echo
echo "== (a) Repeat requests are served from nginx's cache"
for i in 1 2 3 4 5; do
    read -r code cache etag <<<"$(fetch "$URL")"
    printf '  GET #%d: %s  X-Cache-Status: %-5s ETag: %s\n' "$i" "$code" "$cache" "$etag"
done
read -r code cache _ <<<"$(fetch -H "If-None-Match: $etag" "$URL")"
printf '  GET with If-None-Match: %s  X-Cache-Status: %s\n' "$code" "$cache"
printf '  Cache-Control through nginx: %s\n' \
    "$(curl -sS -o /dev/null -w '%header{cache-control}' "$URL")"
printf '  image requests that reached the instances: A=%s B=%s (7 sent to nginx)\n' \
    "$(image_requests "$PORT_A")" "$(image_requests "$PORT_B")"

echo
echo "== (b) Requests are still answered with one instance stopped"
kill "$PID_A"; wait "$PID_A" 2>/dev/null || true
echo "  stopped instance A (port $PORT_A)"
ok=0; total=0
for w in 201 202 203 204 205 206; do
    read -r code cache _ <<<"$(fetch "$BASE/appleid/button/left?type=continue&width=$w&height=44")"
    printf '  new button width=%s: %s  X-Cache-Status: %s\n' "$w" "$code" "$cache"
    total=$((total + 1)); [[ "$code" == 200 ]] && ok=$((ok + 1))
done
read -r code cache _ <<<"$(fetch "$URL")"
printf '  cached button: %s  X-Cache-Status: %s\n' "$code" "$cache"
printf '  /healthz through nginx: %s\n' "$(curl -sS -o /dev/null -w '%{http_code}' "$BASE/healthz")"
printf '  new buttons answered: %d/%d\n' "$ok" "$total"

echo
echo "== nginx access log"
sed 's/^/  /' "$WORK/logs/access.log"
[[ "$ok" == "$total" ]]
