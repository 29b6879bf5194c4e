#!/bin/sh
# The image's entrypoint: `siwa-buttons ARGS` (serve by default; render, generate, lint
# work too), exec'd so that it is PID 1 and receives SIGTERM itself.
# A service started on a read-only root with no writable TMPDIR still serves images, but
# /api/export.zip cannot write its set: say so once at start, in one line, rather than
# fail on the first export.
if [ "${1:-}" = serve ]; then
  tmp=${TMPDIR:-/tmp}
  if probe=$(mktemp -d "$tmp/siwa-probe.XXXXXX" 2>/dev/null); then
    rmdir "$probe"
  else
    echo "siwa-buttons: TMPDIR '$tmp' is not writable (a read-only root with no tmpfs?): images are served, but /api/export.zip will fail; mount a writable $tmp (podman run --read-only keeps one, --tmpfs $tmp; Kubernetes: an emptyDir) or set TMPDIR" >&2
  fi
fi
exec /opt/siwa-buttons/bin/siwa-buttons "$@"
