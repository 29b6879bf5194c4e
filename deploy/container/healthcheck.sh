#!/bin/bash
# HEALTHCHECK and the Kubernetes probes: GET PATH (default /healthz; /readyz for
# readiness) on the image's port answers 200. bash's /dev/tcp, so the image needs no
# HTTP client.
#   healthcheck.sh [/healthz|/readyz]
exec 3<>/dev/tcp/127.0.0.1/"${SIWA_HEALTH_PORT:-8080}" || exit 1
printf 'GET %s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' "${1:-/healthz}" >&3
IFS= read -r -t 2 status <&3 || exit 1
[[ $status == "HTTP/1.1 200"* ]]
