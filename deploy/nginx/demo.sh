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

if [[ -z "${SIWA_BIN:-}" ]]; then
    echo "Building siwa-buttons (release)..."
    swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --product siwa-buttons-full >/dev/null
    SIWA_BIN="$(swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)/siwa-buttons-full"
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

wait_for() { # url
    for _ in $(seq 1 100); do
        curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "Timed out waiting for $1" >&2
    return 1
}

PID_A="$(start_instance "$PORT_A")"; PIDS+=("$PID_A")
PID_B="$(start_instance "$PORT_B")"; PIDS+=("$PID_B")
wait_for "http://127.0.0.1:$PORT_A/healthz"
wait_for "http://127.0.0.1:$PORT_B/healthz"

# The shipped server block, with the demo's ports and a private cache folder.
mkdir -p "$WORK/cache" "$WORK/logs" "$WORK/tmp-body" "$WORK/tmp-proxy"
USER_LINE=""
if [[ $EUID -eq 0 ]]; then
    # nginx started as root runs its workers as nobody: let them write the cache.
    USER_LINE="user nobody nogroup;"
    chmod 755 "$WORK"
    chown nobody:nogroup "$WORK/cache" "$WORK/tmp-body" "$WORK/tmp-proxy"
fi
sed -e "s#/var/cache/nginx/siwa-buttons#$WORK/cache#" \
    -e "s#listen 80;#listen 127.0.0.1:$NGINX_PORT;#" \
    -e "s#127.0.0.1:8081#127.0.0.1:$PORT_A#" \
    -e "s#127.0.0.1:8082#127.0.0.1:$PORT_B#" \
    "$ROOT/deploy/nginx/siwa-buttons.conf" >"$WORK/siwa-buttons.conf"
cat >"$WORK/nginx.conf" <<CONF
$USER_LINE
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/logs/error.log warn;
events { worker_connections 1024; }
http {
    log_format demo '\$request_uri -> \$status cache=\$upstream_cache_status upstream=\$upstream_addr';
    access_log $WORK/logs/access.log demo;
    client_body_temp_path $WORK/tmp-body;
    proxy_temp_path $WORK/tmp-proxy;
    include $WORK/siwa-buttons.conf;
}
CONF
nginx -t -q -p "$WORK" -c "$WORK/nginx.conf"
nginx -p "$WORK" -c "$WORK/nginx.conf" -g 'daemon off;' &
PIDS+=("$!")
BASE="http://127.0.0.1:$NGINX_PORT"
wait_for "$BASE/healthz"

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
