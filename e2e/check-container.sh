#!/usr/bin/env bash
# The container image, built and used as a cluster would (deploy/container/):
#  1. loaded from the release's OCI archive (dist/, cut by e2e/check-release.sh) as
#     localhost/siwa-buttons:VERSION, its OCI labels and creation time the commit's; the
#     README's and docs/deployment.md's podman lines run as written (podman told only to
#     use runc and cgroupfs, as below: not given the limits the lines must carry); or built
#     with deploy/container/build.sh (release build reused when up to date; the base from
#     Debian packages reused from podman's store when its package list is unchanged), with
#     the time of each step and the image's size and what takes it;
#  2. run with a read-only root (podman's --read-only keeps a tmpfs /tmp), as its non-root
#     user: a button equal byte for byte to the release binary's own render, the editor, a
#     ZIP export (TMPDIR written), the HEALTHCHECK; then SIGTERM while an export is
#     still being drawn: the whole archive arrives, the service exits 0 before podman's
#     timeout;
#  3. run with a read-only root and no writable temp: one clear line at start, images
#     still served, the export refused with its reason, the container still up;
#  4. deploy/kubernetes/deployment.yaml under `podman kube play`: two replicas, their
#     probes, a button each, and a stop within the drain and podman's timeout.
#   bash e2e/check-container.sh [IMAGE.oci.tar.gz TARBALL.tar.gz]
#                                      (root; scripts/setup.sh installs podman, runc, mmdebstrap)
# Ports 18130-18131 on loopback.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/deploy/container/podman.sh"
image=localhost/siwa-buttons:check
name=siwa-check-$$
work=$(mktemp -d)
cleanup() { for c in "$name-a" "$name-b"; do "${podman[@]}" rm -f -t 0 "$c" >/dev/null 2>&1 || true; done; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "FAIL container: $*"; tail -5 "$work/podman.log" 2>/dev/null; for c in "$name-a" "$name-b"; do "${podman[@]}" logs "$c" 2>&1 | tail -20 | sed "s/^/  $c: /"; done; exit 1; }
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.0f s", b - a }'; }

# 1. The image: the release's archive and tarball (e2e/check-release.sh cuts them into
# dist/), or built here from the release build.
health=()
if [ -n "${1:-}" ]; then
  # An OCI image has no HEALTHCHECK (a docker-format field): given at run, as users must.
  health=(--health-cmd /opt/siwa-buttons/container/healthcheck.sh)
  t=$(now)
  loaded=$("${podman[@]}" load -q -i "$1" 2>>"$work/podman.log" | sed -n 's/^Loaded image[^:]*: //p' | tail -n 1)
  [ -n "$loaded" ] || fail "podman load -i $1 loaded no image"
  "${podman[@]}" tag "$loaded" "$image"
  mkdir -p "$work/tarball"
  tar -xzf "${2:?the release tarball beside the image archive}" -C "$work/tarball"
  ln -s "$work"/tarball/siwa-buttons-*/ "$work/prefix"
  echo "container: loaded $loaded from $(basename "$1"): $(took "$t")"
  version=$(sed -n 's/^ *public static let current = "\(.*\)"$/\1/p' "$root/Sources/SIWAButtons/Version.swift")
  [ "$loaded" = "localhost/siwa-buttons:$version" ] || fail "podman load gave $loaded, not localhost/siwa-buttons:$version (the docs' name)"
  # Labels and dates: the commit the revision label names, a commit of this repository.
  labels=$("${podman[@]}" image inspect --format '{{json .Labels}}' "$loaded")
  revision=$("${podman[@]}" image inspect --format '{{index .Labels "org.opencontainers.image.revision"}}' "$loaded")
  epoch=$(git -C "$root" log -1 --format=%ct "$revision" 2>/dev/null) || fail "the image's revision label, '$revision', is no commit here"
  created=$(date -u -d "@$epoch" +%Y-%m-%dT%H:%M:%SZ)
  for want in "title\":\"siwa-buttons" "version\":\"$version" "revision\":\"$revision" \
    "created\":\"$created" "source\":\"https://" "licenses\":\"MIT"; do
    grep -qF "\"org.opencontainers.image.$want" <<<"$labels" || fail "the image's labels lack org.opencontainers.image.$want: $labels"
  done
  image_created=$("${podman[@]}" image inspect --format '{{.Created.Unix}}' "$loaded")
  [ "$image_created" = "$epoch" ] || fail "the image was created at $image_created, not the commit's $epoch (SOURCE_DATE_EPOCH)"
  echo "ok   loaded as $loaded; created $created (the commit's), labels $labels"
  # The docs' lines, as written, in a folder holding the archive. podman gets runc and
  # cgroupfs from a containers.conf (podman.sh says why), and no default limits: the
  # lines' own --ulimit flags must do. The detached service binds the docs' port 8080,
  # so it runs only where 8080 is free.
  docs=$work/docs
  mkdir -p "$docs"
  ln -s "$(realpath "$1")" "$docs/$(basename "$1")"
  printf '[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\n' >"$work/engine.conf"
  sed -n '/^## Install a release/,/^## [^I]/p' "$root/README.md" | sed -n '/^```sh$/,/^```$/p' | grep -E '^(v=|podman )' >"$docs/readme.sh"
  [ "$(grep -c '^podman ' "$docs/readme.sh")" = 2 ] || fail "README.md's install block has no podman load and run lines"
  sed -n '/^## Container image/,/^```$/p' "$root/docs/deployment.md" | sed '1,/^```sh$/d; $d' | grep -v 'deploy/container/build.sh' >"$docs/deployment.sh"
  grep -q 'podman run -d' "$docs/deployment.sh" || fail "docs/deployment.md's Container image block has no podman run -d line"
  if curl -s -o /dev/null --max-time 2 http://127.0.0.1:8080/ || ss -ltn | grep -q ':8080 '; then
    sed -i '/podman run -d/,/[^\\]$/d' "$docs/deployment.sh"
    echo "container: port 8080 is taken here: docs/deployment.md's podman run -d line not run (section 2 runs the same flags on 18130)"
  fi
  for lines in readme.sh deployment.sh; do
    (cd "$docs" && CONTAINERS_CONF=$work/engine.conf bash -eu "$lines") >"$work/$lines.log" 2>&1 \
      || { cat "$work/$lines.log"; fail "$lines: the docs' podman lines as written"; }
  done
  python3 -c 'import sys; h = open(sys.argv[1], "rb").read(8); sys.exit(h != b"\x89PNG\r\n\x1a\n")' "$docs/button.png" || fail "the docs' podman run ... render wrote no PNG"
  [ -n "$(find "$docs/sets/web" -name '*.png' -print -quit)" ] || fail "the docs' podman run ... generate wrote no set"
  if grep -q 'podman run -d' "$docs/deployment.sh"; then
    for _ in $(seq 1 100); do curl -fs http://127.0.0.1:8080/healthz >/dev/null 2>&1 && break; sleep 0.2; done
    curl -fs http://127.0.0.1:8080/healthz >/dev/null || fail "the docs' podman run -d: no /healthz on 8080"
    "${podman[@]}" rm -f -t 5 "$(CONTAINERS_CONF=$work/engine.conf podman ps -q --filter ancestor="$loaded" | head -n 1)" >/dev/null 2>&1
  fi
  echo "ok   the docs' podman lines as written (README.md: $(grep -c . "$docs/readme.sh"), docs/deployment.md: $(grep -c . "$docs/deployment.sh")): a PNG, a generated set$(grep -q 'podman run -d' "$docs/deployment.sh" && echo ', the service on 8080')"
else
  t=$(now)
  bash "$root/scripts/install.sh" "$work/prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "scripts/install.sh failed"; }
  echo "container: release build and install: $(took "$t")"
  t=$(now)
  SIWA_INSTALL_PREFIX=$work/prefix bash "$root/deploy/container/build.sh" "$image"
  echo "container: base and image: $(took "$t")"
fi
size=$("${podman[@]}" image inspect --format '{{.Size}}' "$image")
echo "container: image size $(awk -v s="$size" 'BEGIN { printf "%.1f MB", s / 1e6 }') (goal: under 150 MB); what takes it:"
"${podman[@]}" run --rm --no-healthcheck "${podman_limits[@]}" --entrypoint /bin/sh "$image" -c '
  du -sm /opt/siwa-buttons/bin/siwa-buttons-full /opt/siwa-buttons/share/siwa-buttons | sed "s/^/  MB /"
  echo "  the Debian base: $(dpkg-query -W | wc -l) packages, largest (installed KB):"
  dpkg-query -W -f="\${Installed-Size} \${Package}\n" | sort -rn | head -8 | sed "s/^/    /"'
[ "$size" -lt 150000000 ] || echo "container: NOTE the image is over the 150 MB goal"

# 2. Read-only root, tmpfs /tmp. (podman's stderr goes to a log: without systemd it
# cannot schedule the periodic HEALTHCHECK and says so; the check is run once below.)
"${podman[@]}" run -d --name "$name-a" --read-only "${health[@]}" "${podman_limits[@]}" -p 127.0.0.1:18130:8080 "$image" >/dev/null 2>>"$work/podman.log"
base=http://127.0.0.1:18130
for _ in $(seq 1 100); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "$base/healthz" >/dev/null || fail "/healthz never answered"
[ "$("${podman[@]}" exec "$name-a" id -u)" = 10001 ] || fail "the service does not run as uid 10001"
# Even root inside cannot write the root filesystem (uid 10001 could not anyway).
"${podman[@]}" exec --user 0 "$name-a" sh -c 'touch /opt/siwa-buttons/x' 2>/dev/null && fail "the root filesystem is writable"
button='/appleid/button?color=white&border=true&width=260&height=44&scale=2&locale=ar_SA'
curl -fs -o "$work/served.png" -w '%{content_type}\n' "$base$button" >"$work/type" || fail "GET $button"
grep -q '^image/png' "$work/type" || fail "the button came as $(cat "$work/type")"
"$work/prefix/bin/siwa-buttons" render "$button" -o "$work/local.png"
cmp -s "$work/served.png" "$work/local.png" || fail "the container's button differs from the release binary's render"
echo "ok   button: image/png, $(stat -c %s "$work/served.png") bytes, identical to the release binary's render"
curl -fs "$base/" -o "$work/editor.html" || fail "GET / (the editor)"
grep -q '<script type="module"' "$work/editor.html" || fail "GET / is not the editor"
curl -fs "$base/api/schema" -o /dev/null || fail "GET /api/schema"
echo "ok   the editor at / and its /api/schema"
export_query='modes=center,left,logo&types=sign-in,continue&styles=black,white,white-outline&locales=en_US,ar_SA,de_DE,ja_JP,th_TH,zh_CN,ko_KR,ru_RU,iw_IL&scales=1,2,3&formats=png,webp,svg'
curl -fs -o "$work/set.zip" "$base/api/export.zip?$export_query" || fail "GET /api/export.zip (TMPDIR on the tmpfs)"
python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(f"ok   export: {len(z.namelist())} files, {sum(i.file_size for i in z.infolist()) // 1024} KB")' "$work/set.zip"
"${podman[@]}" healthcheck run "$name-a" 2>>"$work/podman.log" || fail "the HEALTHCHECK failed"
echo "ok   HEALTHCHECK (GET /healthz from inside)"
# SIGTERM while an export is in flight: sent 0.3 s after the request, while the set is
# still being drawn and sent as it is made (about 1.5 s): the whole archive must arrive
# and the service exit 0, before podman's 30 s timeout (137: killed). The client reads
# at full speed: a client slower than the socket buffers loses the tail today, as the
# process exits once the last bytes are handed to the kernel and the container's network
# namespace goes with it (docs/deployment.md, "Container image").
zip_bytes=$(stat -c %s "$work/set.zip")
start=$(now)
curl -fs --max-time 60 -o "$work/slow.zip" -w '%{time_starttransfer} %{time_total}' "$base/api/export.zip?$export_query" >"$work/times" &
download=$!
sleep 0.3
t=$(now)
"${podman[@]}" stop -t 30 "$name-a" >/dev/null 2>>"$work/podman.log"
stopped=$(took "$t")
wait "$download" || fail "the export in flight at SIGTERM failed"
cmp -s "$work/slow.zip" "$work/set.zip" || fail "the export in flight at SIGTERM is not the whole archive"
signal_at=$(awk -v a="$start" -v b="$t" 'BEGIN { printf "%.1f", b - a }')
first_byte=$(awk '{ printf "%.1f", $1 }' "$work/times")
last_byte=$(awk '{ printf "%.2f", $2 }' "$work/times")
awk -v s="$signal_at" -v l="$last_byte" 'BEGIN { exit !(s < l) }' \
  || fail "the export was complete ($last_byte s) before SIGTERM ($signal_at s): nothing was in flight"
code=$("${podman[@]}" inspect --format '{{.State.ExitCode}}' "$name-a")
[ "$code" = 0 ] || fail "exit status $code after SIGTERM (137: killed at podman's timeout)"
echo "ok   SIGTERM at $signal_at s, the export's first byte at $first_byte s, its last at $last_byte s: all $zip_bytes bytes arrived, exit 0 after $stopped"

# 3. Read-only root and no writable temp at all.
"${podman[@]}" run -d --name "$name-b" --read-only --read-only-tmpfs=false "${podman_limits[@]}" -p 127.0.0.1:18131:8080 "$image" >/dev/null 2>>"$work/podman.log"
base=http://127.0.0.1:18131
for _ in $(seq 1 100); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs -o /dev/null "$base$button" || fail "no image served without a writable temp"
"${podman[@]}" logs "$name-b" >"$work/b.log" 2>&1
grep -q "TMPDIR '/tmp' is not writable" "$work/b.log" || fail "no start line about the unwritable TMPDIR"
status=$(curl -s -o "$work/refused.txt" -w '%{http_code}' "$base/api/export.zip?modes=logo&locales=en_US&formats=png&scales=1")
[ "$status" -ge 500 ] && [ -s "$work/refused.txt" ] || fail "export without temp: $status $(cat "$work/refused.txt")"
[ "$("${podman[@]}" inspect --format '{{.State.Running}} {{.RestartCount}}' "$name-b")" = "true 0" ] || fail "the container did not stay up"
echo "ok   no writable temp: said at start ($(grep -c 'not writable' "$work/b.log") line), images served, export $status: $(head -c 120 "$work/refused.txt")"

# 4. deploy/kubernetes/deployment.yaml under `podman kube play`, a local stand-in for a
# cluster: its image line pointed at this image, nothing else changed. Both replicas run
# (no host port to share), answer their probes as the kubelet runs them (the image's
# check, inside the container) and a button; `podman pod stop` ends each within its
# 10 s stop timeout, after the 5 s drain, with exit status 0 (not SIGKILL's 137).
# podman's default limits do not fit this host's hard nofile limit, so its containers.conf
# gets the limits of podman.sh (docs/deployment.md says so for such hosts).
printf '[containers]\ndefault_ulimits = ["nofile=4160:4160", "nproc=4096:4096"]\n' >"$work/containers.conf"
sed "s|^\( *image:\) siwa-buttons:latest$|\1 $image|" "$root/deploy/kubernetes/deployment.yaml" >"$work/deployment.yaml"
grep -q "image: $image" "$work/deployment.yaml" || fail "deployment.yaml has no image: siwa-buttons:latest line"
kube_down() { "${podman[@]}" kube down "$work/deployment.yaml" >/dev/null 2>&1 || true; }
trap 'kube_down; cleanup' EXIT
CONTAINERS_CONF=$work/containers.conf "${podman[@]}" kube play "$work/deployment.yaml" >/dev/null 2>>"$work/podman.log" \
  || fail "podman kube play deploy/kubernetes/deployment.yaml"
for replica in 0 1; do
  c=siwa-buttons-pod-$replica-siwa-buttons
  for _ in $(seq 1 50); do "${podman[@]}" exec "$c" /opt/siwa-buttons/container/healthcheck.sh /readyz 2>/dev/null && break; sleep 0.2; done
  for probe in startupProbe livenessProbe readinessProbe; do
    command=$(python3 -c 'import sys, yaml; c = yaml.safe_load(open(sys.argv[1]))["spec"]["template"]["spec"]["containers"][0]; print(" ".join(c[sys.argv[2]]["exec"]["command"]))' "$work/deployment.yaml" "$probe")
    # shellcheck disable=SC2086 # the probe's command, split as the kubelet splits it
    "${podman[@]}" exec "$c" $command || fail "replica $replica: $probe ($command) fails"
  done
  # shellcheck disable=SC2016 # run by the container's bash
  status=$("${podman[@]}" exec "$c" bash -c 'exec 3<>/dev/tcp/127.0.0.1/8080; printf "GET /appleid/button?width=200 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" >&3; head -c 2000 <&3 | tr -d "\r" | grep -a -i -E "^(HTTP/1.1|content-type)"' | tr '\n' ' ')
  [[ ${status,,} == "http/1.1 200 ok content-type: image/png "* ]] || fail "replica $replica: a button answered '$status'"
done
echo "ok   podman kube play: 2 replicas, no host port, startup/liveness/readiness probes pass, buttons served"
t=$(now)
"${podman[@]}" pod stop siwa-buttons-pod-0 >/dev/null 2>>"$work/podman.log"
stopped=$(took "$t")
code=$("${podman[@]}" inspect --format '{{.State.ExitCode}}' siwa-buttons-pod-0-siwa-buttons)
[ "$code" = 0 ] || fail "kube play: exit status $code at pod stop (137: killed at podman's timeout)"
echo "ok   podman pod stop: exit 0 after $stopped (drain 5 s, stop timeout 10 s)"
kube_down
echo "container: passed"
