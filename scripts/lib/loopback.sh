# shellcheck shell=bash
# Sourced by the scripts that run siwa-buttons and nginx on loopback (deploy/nginx/demo.sh,
# Benchmarks/server/run.sh, Benchmarks/canonical/run.sh), after ROOT is set.

# release_binary SCRATCH PRODUCT: builds PRODUCT of the package at ROOT in release mode
# (quietly) and prints the binary's path.
# SwiftPM 6.3 fails a build of another product in a scratch path with "unknown build
# description" (seen building BareRoute after siwa-buttons-full): the stale build
# description is removed and the build run again.
release_binary() {
    local errors
    errors="$(mktemp)"
    if ! swift build -c release --package-path "$ROOT" --scratch-path "$1" --product "$2" >/dev/null 2>"$errors"; then
        grep -q "unknown build description" "$errors" || { cat "$errors" >&2; rm -f "$errors"; return 1; }
        rm -f "$1"/*/release/description.json
        swift build -c release --package-path "$ROOT" --scratch-path "$1" --product "$2" >/dev/null
    fi
    rm -f "$errors"
    echo "$(swift build -c release --package-path "$ROOT" --scratch-path "$1" --show-bin-path)/$2"
}

# wait_for URL [TRIES]: until URL answers 2xx, every 0.1 s, TRIES times (default 100).
wait_for() {
    for _ in $(seq 1 "${2:-100}"); do
        curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "Timed out waiting for $1" >&2
    return 1
}

# start_nginx_cache DIR PORT UPSTREAM_PORT [UPSTREAM_PORT]: nginx on 127.0.0.1:PORT with the
# shipped server block (deploy/nginx/siwa-buttons.conf) in front of the instances on the
# upstream ports (one or two), its cache, pid, logs and temporary files in DIR. Its pid
# is added to PIDS; it returns once nginx answers /healthz. DIR/logs/access.log has a
# line per request: "URI -> STATUS cache=X-Cache-Status upstream=ADDRESS".
start_nginx_cache() {
    local dir="$1" port="$2" first="$3" second="${4:-}" user_line=""
    mkdir -p "$dir/cache" "$dir/logs" "$dir/tmp-body" "$dir/tmp-proxy"
    if [[ $EUID -eq 0 ]]; then
        # nginx started as root runs its workers as nobody: let them write the cache.
        user_line="user nobody nogroup;"
        chmod 755 "$dir"
        chown nobody:nogroup "$dir/cache" "$dir/tmp-body" "$dir/tmp-proxy"
    fi
    local upstream_b=("-e" "/127.0.0.1:8082/d")
    [[ -n "$second" ]] && upstream_b=("-e" "s#127.0.0.1:8082#127.0.0.1:$second#")
    sed -e "s#/var/cache/nginx/siwa-buttons#$dir/cache#" \
        -e "s#listen 80;#listen 127.0.0.1:$port;#" \
        -e "s#127.0.0.1:8081#127.0.0.1:$first#" \
        "${upstream_b[@]}" \
        "$ROOT/deploy/nginx/siwa-buttons.conf" >"$dir/siwa-buttons.conf"
    cat >"$dir/nginx.conf" <<CONF
$user_line
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/logs/error.log warn;
events { worker_connections 1024; }
http {
    log_format requests '\$request_uri -> \$status cache=\$upstream_cache_status upstream=\$upstream_addr';
    access_log $dir/logs/access.log requests;
    client_body_temp_path $dir/tmp-body;
    proxy_temp_path $dir/tmp-proxy;
    include $dir/siwa-buttons.conf;
}
CONF
    nginx -t -q -p "$dir" -c "$dir/nginx.conf"
    nginx -p "$dir" -c "$dir/nginx.conf" -g 'daemon off;' &
    PIDS+=("$!")
    wait_for "http://127.0.0.1:$port/healthz"
}
