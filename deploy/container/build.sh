#!/usr/bin/env bash
# Builds the container image with no container registry:
#   1. the install layout of scripts/install.sh (the static-stdlib release build, reused
#      from its scratch folder when up to date), or SIWA_INSTALL_PREFIX=DIR, one already made
#      (scripts/release.sh passes its tarball's, so the image holds the release's binaries);
#   2. the base image from Debian packages: mmdebstrap (Debian's essential set and the
#      renderer's run-time libraries, no documentation) into a tarball, `podman import`ed
#      as localhost/siwa-buttons-base:bookworm-HASH (HASH of the package list: skipped when
#      that base is already in podman's store; SIWA_REBUILD_BASE=1 makes it anew, e.g. for
#      Debian's security updates);
#   3. podman build of deploy/container/Containerfile with that base as BASE.
#   bash deploy/container/build.sh [IMAGE]       (default localhost/siwa-buttons:VERSION,
#                                                 also tagged :latest)
# The image's creation time and its files' dates are SOURCE_DATE_EPOCH's (the commit's
# unless set), and its OCI labels name the release, the commit and that date.
# Needs root, podman, runc and mmdebstrap (scripts/setup.sh installs them).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
version=$(sed -n 's/^ *public static let current = "\(.*\)"$/\1/p' "$root/Sources/SIWAButtons/Version.swift")
image=${1:-localhost/siwa-buttons:$version}
tags=(-t "$image")
[ -n "${1:-}" ] || tags+=(-t localhost/siwa-buttons:latest)
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct)}
source "$root/deploy/container/podman.sh"
source "$root/scripts/release/project.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/siwa-image.XXXXXX")
trap 'rm -rf "$work"' EXIT
context=$work/context
mkdir -p "$context"
cp "$root/deploy/container/entrypoint.sh" "$root/deploy/container/healthcheck.sh" "$context/"

# 1. The install layout.
if [ -n "${SIWA_INSTALL_PREFIX:-}" ]; then
  cp -R "$SIWA_INSTALL_PREFIX" "$context/siwa-buttons"
else
  bash "$root/scripts/install.sh" "$context/siwa-buttons"
fi
# Symbols are for debuggers, not for a service image (the installed binaries keep
# theirs): 133 MB -> 71 MB. And `siwa-buttons` becomes a link to `siwa-buttons-full`,
# which takes the same command lines: the light binary saves a one-button `render`
# milliseconds of start-up, less than starting a container costs, for 13 MB.
strip --strip-unneeded "$context/siwa-buttons/bin/siwa-buttons-full"
ln -sf siwa-buttons-full "$context/siwa-buttons/bin/siwa-buttons"

# 2. The base. Run-time libraries as named in docs/deployment.md; merged /usr without the
# usrmerge package (which would bring Perl, 46 MB); no manuals, translations or docs but
# the licences, and no system fonts (fontconfig needs a font package; the renderer uses
# only its own Fonts/).
libs=libcairo2,libpango-1.0-0,libpangocairo-1.0-0,libpangoft2-1.0-0,libpng16-16,libwebp7,libdeflate0,libfontconfig1,libstdc++6,zlib1g
base_args=(--variant=essential --aptopt='Apt::Install-Recommends "false"'
  --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr --include="$libs"
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*'
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/doc/*'
  --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/fonts/*' bookworm)
base=localhost/siwa-buttons-base:bookworm-$(printf '%s\n' "${base_args[@]}" | sha256sum | cut -c1-12)
if [ "${SIWA_REBUILD_BASE:-0}" = 1 ] || ! "${podman[@]}" image exists "$base"; then
  echo "container: making the base $base with mmdebstrap"
  mmdebstrap "${base_args[@]}" "$work/base.tar" >"$work/mmdebstrap.log" 2>&1 \
    || { tail -30 "$work/mmdebstrap.log"; echo "container: mmdebstrap failed" >&2; exit 1; }
  "${podman[@]}" import --quiet "$work/base.tar" "$base" >/dev/null
  rm -f "$work/base.tar"
else
  echo "container: reusing the base $base"
fi

# 3. The image. docker format: OCI images have no HEALTHCHECK. The image this tag named
# before is removed once replaced (unless a container uses it), not left dangling.
previous=$("${podman[@]}" image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
"${podman[@]}" build --quiet --format docker "${podman_limits[@]}" --build-arg BASE="$base" \
  --timestamp "$epoch" --build-arg VERSION="$version" --build-arg REVISION="$(git -C "$root" rev-parse HEAD)" \
  --build-arg CREATED="$(date -u -d "@$epoch" +%Y-%m-%dT%H:%M:%SZ)" --build-arg SOURCE="$project_url" \
  --build-arg LICENSES="$project_license" -f "$root/deploy/container/Containerfile" "${tags[@]}" "$context" >/dev/null
current=$("${podman[@]}" image inspect --format '{{.Id}}' "$image")
[ -z "$previous" ] || [ "$previous" = "$current" ] || "${podman[@]}" rmi "$previous" >/dev/null 2>&1 || true
echo "container: built $image ($("${podman[@]}" image inspect --format '{{.Size}}' "$image" | awk '{printf "%.1f MB", $1/1e6}'))"
