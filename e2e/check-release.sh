#!/usr/bin/env bash
# The release, cut and checked where each artefact lands (docs/releasing.md):
#  1. scripts/release.sh refuses a dirty tree, a --version the code does not have and a
#     missing key, in one line each, writing nothing; interrupted, it leaves dist/ as it
#     was; then it cuts dist/ with a throw-away minisign key (the release build reused
#     when up to date);
#  2. SHA256SUMS and its signature verified, and the README's verify lines run as written
#     with this cut's key as siwa-buttons.pub; the key that signed named against the
#     project's (siwa-buttons.pub); the SBOM validated by cyclonedx-python-lib;
#  3. the tarball unpacked elsewhere: one version in it, its file names, the README and
#     the docs (scripts/check-version.sh); its binaries' glibc floor by `readelf -V` (no
#     GLIBC_ABI_DT_RELR, nothing newer than GLIBC_2.34 and GLIBCXX_3.4.29), their
#     sonames, a render, the man page and completions; then the README's tarball lines as
#     written in a clean Debian 12 root (libraries, install.sh --prefix /usr/local): render
#     with no /proc, man, bash completion; install.sh --uninstall leaves nothing;
#  4. the .deb: lintian (0 errors; every warning listed in docs/releasing.md), then
#     installed with apt-get into a clean Debian 12 root (mmdebstrap, its tarball cached
#     in /var/cache/siwa-buttons-ci): render, serve, `man siwa-buttons` there; installed
#     over an older version keeping a changed /etc/default/siwa-buttons; removed and purged;
#  5. the npm package's consumer type-check and its failing twins (e2e/check-element-package.sh);
#  6. each artefact's size. The image archive is run by e2e/check-container.sh.
#   bash e2e/check-release.sh        (root; scripts/setup.sh installs the tools)
# Port 18150 on loopback.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d "${TMPDIR:-/tmp}/siwa-release-check.XXXXXX")
chroot_dir=$work/bookworm
tar_root=$work/bookworm-tarball
cleanup() {
  [ ! -d "$chroot_dir/proc/self" ] || umount "$chroot_dir/proc" 2>/dev/null || true
  [ ! -d "$tar_root/proc/self" ] || umount "$tar_root/proc" 2>/dev/null || true
  [ ! -s "$chroot_dir/tmp/serve.pid" ] || kill "$(cat "$chroot_dir/tmp/serve.pid")" 2>/dev/null || true
  rm -f "$root/release-check-dirty"
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL release: $*"; exit 1; }
version=$(sed -n 's/^ *public static let current = "\(.*\)"$/\1/p' Sources/SIWAButtons/Version.swift)
source scripts/setup.sh >/dev/null

# 1. Refusals, then the release (SIWA_CHECK_DIST=1: check the dist/ there is instead,
# with its key's public half as SIWA_CHECK_KEY, when working on this script).
listing() { { find dist -printf '%P %s %T@\n' 2>/dev/null || true; } | sort; }
refuses() {  # refuses WHAT ARGS...: one line on stderr, status 1, dist/ as it was
  local what=$1; shift
  if bash scripts/release.sh "$@" >"$work/out" 2>"$work/err"; then fail "release.sh cut a release with $what"; fi
  [ "$(wc -l <"$work/err")" = 1 ] || { cat "$work/err"; fail "release.sh with $what: not one line"; }
  [ "$(listing)" = "$before" ] || fail "release.sh with $what changed dist/"
  echo "ok   refused, $what: $(cat "$work/err")"
}
cut_release() {
  before=$(listing)
  if [ -z "$(git status --porcelain)" ]; then
    touch release-check-dirty
    refuses "a dirty tree" --key "$work/key.sec"
    rm -f release-check-dirty
  else
    fail "the work tree has uncommitted changes: this check cuts a release, commit first"
  fi
  refuses "a version the code does not have" --key "$work/key.sec" --version 99.0.0
  refuses "no key" --version "$version"
  t=$SECONDS
  bash scripts/release.sh --key "$work/key.sec" --version "$version" || fail "release.sh failed"
  echo "ok   release.sh cut dist/ in $((SECONDS - t)) s"
  # Ctrl-C in the middle of a second cut (the whole process group, as a terminal sends
  # it): the first cut's dist/ as it was, no staging folder left.
  before=$(listing)
  # A command started with & by a script has SIGINT ignored, and an ignored signal cannot
  # be trapped: `env --default-signal` gives release.sh the disposition a terminal's
  # foreground job has. One Ctrl-C must stop it (exit 130 from its trap).
  setsid env --default-signal=INT bash scripts/release.sh --key "$work/key.sec" >"$work/interrupted.log" 2>&1 &
  interrupted=$!
  for _ in $(seq 1 1200); do grep -q '^release: man page' "$work/interrupted.log" && break; sleep 0.5; done
  grep -q '^release: man page' "$work/interrupted.log" || { cat "$work/interrupted.log"; fail "release.sh never reached its man page"; }
  kill -INT -- "-$interrupted"
  for _ in $(seq 1 300); do kill -0 "$interrupted" 2>/dev/null || break; sleep 1; done
  if kill -0 "$interrupted" 2>/dev/null; then
    kill -KILL -- "-$interrupted"
    fail "release.sh did not stop within 300 s of Ctrl-C"
  fi
  status=0
  wait "$interrupted" || status=$?
  [ "$status" = 130 ] || { tail -5 "$work/interrupted.log"; fail "release.sh interrupted exited $status, not 130"; }
  [ "$(listing)" = "$before" ] || fail "an interrupted release.sh changed dist/"
  [ -z "$(find . -maxdepth 1 -name '.dist-stage.*')" ] || fail "an interrupted release.sh left its staging folder"
  echo "ok   interrupted (SIGINT) while making the man page: dist/ untouched, nothing left behind"
}
minisign -G -W -p "$work/key.pub" -s "$work/key.sec" >/dev/null
if [ "${SIWA_CHECK_DIST:-0}" = 1 ]; then cp "${SIWA_CHECK_KEY:?}" "$work/key.pub"; else cut_release; fi

# 2. Checksums, signature, SBOM.
(cd dist && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match dist/"
minisign -Vq -p "$work/key.pub" -m dist/SHA256SUMS || fail "the signature of SHA256SUMS does not verify"
sed '1s/^\(.\)/\1x/' dist/SHA256SUMS >"$work/tampered"
cp dist/SHA256SUMS.minisig "$work/tampered.minisig"
minisign -Vq -p "$work/key.pub" -m "$work/tampered" 2>/dev/null && fail "a changed SHA256SUMS verifies"
echo "ok   SHA256SUMS verified, signed by the key (a changed file is refused)"
# The README's verify lines as written (with its v= line), where a user has the downloads:
# with this cut's key as siwa-buttons.pub they pass; the key that signed is beside
# SHA256SUMS; and with the project's siwa-buttons.pub they pass only for a cut the
# project's key signed: for any other, minisign names both keys.
readme_lines() {  # readme_lines REGEX: the lines of README.md's install block that match
  sed -n '/^## Install a release/,/^## [^I]/p' README.md | sed -n '/^```sh$/,/^```$/p' | grep -E "$1"
}
verify=$(readme_lines '^(v=|minisign -V|sha256sum -c)')
[ "$(grep -c . <<<"$verify")" = 3 ] || fail "README.md's install block has no v=, minisign -V and sha256sum -c lines"
mkdir "$work/download"
ln -s "$root"/dist/* "$work/download/"
cp "$work/key.pub" "$work/download/siwa-buttons.pub"
(cd "$work/download" && bash -eu -c "$verify") >"$work/verify.log" 2>&1 || { cat "$work/verify.log"; fail "the README's verify lines fail on this cut with its key"; }
echo "ok   the README's verify lines, as written, pass with this cut's key: $(tr '\n' ' ' <<<"$verify")"
signer=$(bash scripts/release/key-id.sh dist/SHA256SUMS.minisig)
[ "$(bash scripts/release/key-id.sh dist/siwa-buttons-release-key.pub)" = "$signer" ] \
  && minisign -Vq -p dist/siwa-buttons-release-key.pub -m dist/SHA256SUMS || fail "siwa-buttons-release-key.pub is not the key that signed SHA256SUMS"
project=$(bash scripts/release/key-id.sh siwa-buttons.pub)
cp siwa-buttons.pub "$work/download/siwa-buttons.pub"
if [ "$signer" = "$project" ]; then
  (cd "$work/download" && bash -eu -c "$verify") >"$work/verify.log" 2>&1 || { cat "$work/verify.log"; fail "the README's verify lines fail with the project's key, which signed this cut"; }
  echo "ok   signed with the project's key $signer: the README's verify lines pass with siwa-buttons.pub"
else
  (cd "$work/download" && bash -eu -c "$verify") >"$work/verify.log" 2>&1 && fail "verified with siwa-buttons.pub ($project), but signed with key $signer"
  grep -q "key id in SHA256SUMS.minisig is $signer" "$work/verify.log" || { cat "$work/verify.log"; fail "minisign does not say which key signed"; }
  echo "ok   signed with key $signer (siwa-buttons-release-key.pub), not the project's key $project (siwa-buttons.pub): the README's line refuses it, naming both"
fi
python3 scripts/release/sbom.py --validate "dist/siwa-buttons-$version.cdx.json" || fail "the SBOM is not valid"
for component in swift-nio hummingbird libcairo2 libpango-1.0-0 libwebp7; do
  grep -q "\"name\": \"$component\"" "dist/siwa-buttons-$version.cdx.json" || fail "the SBOM does not list $component"
done

# 3. The tarball, unpacked where nothing of the build is.
mkdir -p "$work/opt"
tar -xzf "dist/siwa-buttons-$version-linux-x86_64.tar.gz" -C "$work/opt"
tree=$work/opt/siwa-buttons-$version-linux-x86_64
bash scripts/check-version.sh --binary "$tree/bin/siwa-buttons" --dist dist || fail "the version differs between the code, the docs, the binary and dist/"
for exe in siwa-buttons siwa-buttons-full; do
  readelf -V "$tree/bin/$exe" >"$work/versions"
  grep -q GLIBC_ABI_DT_RELR "$work/versions" && fail "$exe needs GLIBC_ABI_DT_RELR (glibc 2.36)"
  newest=$(grep -o 'GLIBC_2\.[0-9.]*' "$work/versions" | sort -V | tail -n 1)
  [ "$(printf '%s\nGLIBC_2.34\n' "$newest" | sort -V | tail -n 1)" = GLIBC_2.34 ] || fail "$exe needs $newest, newer than GLIBC_2.34"
  # GCC 11's libstdc++ (RHEL 9) ends at 3.4.29.
  cxx=$(grep -o 'GLIBCXX_3\.[0-9.]*' "$work/versions" | sort -V | tail -n 1)
  [ "$(printf '%s\nGLIBCXX_3.4.29\n' "$cxx" | sort -V | tail -n 1)" = GLIBCXX_3.4.29 ] || fail "$exe needs $cxx, newer than GCC 11's GLIBCXX_3.4.29"
  echo "ok   $exe: newest symbols $newest and $cxx, no DT_RELR; needs $(readelf -d "$tree/bin/$exe" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' ')"
done
(cd / && "$tree/bin/siwa-buttons" render '/appleid/button?locale=th_TH&width=200&scale=2' -o "$work/tar.png") || fail "the tarball's render"
python3 - "$work/tar.png" <<'PY' || fail "the tarball's PNG is not 400 x 60"
import struct, sys
head = open(sys.argv[1], "rb").read(24)
assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", head[16:24]) == (400, 60)
PY
MANWIDTH=80 man -l "$tree/share/man/man1/siwa-buttons.1" 2>/dev/null | grep -q "siwa-buttons subcommand" || fail "the tarball's man page"
for f in share/bash-completion/completions/siwa-buttons share/zsh/site-functions/_siwa-buttons share/fish/vendor_completions.d/siwa-buttons.fish \
  README install.sh share/doc/siwa-buttons/LICENSE share/doc/siwa-buttons/CHANGELOG.md share/siwa-buttons/Fonts/LICENSE-Noto.txt; do
  [ -s "$tree/$f" ] || fail "the tarball has no $f"
done
bash -c "source '$tree/share/bash-completion/completions/siwa-buttons'" || fail "the bash completion does not load"
echo "ok   the tarball renders from anywhere (Thai, 400 x 60), man page, completions, licences, README, install.sh"

# 4. The .deb: lintian, then a clean Debian 12.
deb=dist/siwa-buttons_${version}-1_amd64.deb
lintian --no-tag-display-limit --fail-on error "$deb" >"$work/lintian" 2>&1 || { cat "$work/lintian"; fail "lintian reports errors"; }
while read -r tag; do
  grep -q "\`$tag\`" docs/releasing.md || { cat "$work/lintian"; fail "lintian's warning $tag is not listed in docs/releasing.md"; }
done < <(awk '$1 == "W:" { print $3 }' "$work/lintian" | sort -u)
echo "ok   lintian: 0 errors, $(grep -c '^W:' "$work/lintian" || true) warnings, each listed in docs/releasing.md"
# Its control, copyright and options file say what holds.
[ -n "$(dpkg-deb -f "$deb" Homepage)" ] || fail "the .deb has no Homepage:"
dpkg-deb -c "$deb" | awk '{ print substr($6, 2) }' >"$work/deb-files"
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/siwa-buttons/copyright >"$work/copyright"
while read -r named; do
  grep -qx "$named" "$work/deb-files" || fail "the copyright file names $named, which the .deb does not ship"
done < <(grep -oE '/usr/share/[^ ),]*[^ ),.]' "$work/copyright" | sort -u)
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./etc/default/siwa-buttons >"$work/default"
grep -q -- '^SIWA_BUTTONS_OPTIONS=.*--log-level notice' "$work/default" || fail "/etc/default/siwa-buttons does not set --log-level notice"
echo "ok   .deb: Homepage $(dpkg-deb -f "$deb" Homepage), the copyright file names only files it ships, /etc/default/siwa-buttons: --log-level notice"

cache=/var/cache/siwa-buttons-ci
mkdir -p "$cache"
base_args=(--variant=minbase --include=man-db,ca-certificates bookworm)
base=$cache/bookworm-$(printf '%s\n' "${base_args[@]}" | sha256sum | cut -c1-12).tar
if [ ! -s "$base" ]; then
  t=$SECONDS
  mmdebstrap --format=tar "${base_args[@]}" "$base.part" >"$work/mmdebstrap.log" 2>&1 || { tail -20 "$work/mmdebstrap.log"; fail "mmdebstrap"; }
  mv "$base.part" "$base"
  echo "ok   a clean Debian 12 root made in $((SECONDS - t)) s (cached: $base)"
fi
in_root() { chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
mkdir -p "$chroot_dir"
tar -xf "$base" -C "$chroot_dir"
mount -t proc proc "$chroot_dir/proc"
cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
# An older release first (the same files, version VERSION-0), with its configuration changed.
dpkg-deb -R "$deb" "$work/older"
sed -i "s/^Version: .*/Version: ${version}-0/" "$work/older/DEBIAN/control"
dpkg-deb --root-owner-group -Zxz -b "$work/older" "$chroot_dir/tmp/older.deb" >/dev/null
cp "$deb" "$chroot_dir/tmp/"
# The root runs no systemd: the maintainer scripts' calls to it are recorded by stand-ins
# (in /usr/bin: dpkg gives the scripts a PATH of its own),
# with /run/systemd/system present as on a host booted with systemd.
mkdir -p "$chroot_dir/run/systemd/system"
for tool in systemctl deb-systemd-invoke deb-systemd-helper; do
  printf '#!/bin/sh\necho "%s $*" >>/tmp/systemd-calls\n' "$tool" >"$chroot_dir/usr/bin/$tool"
  chmod 755 "$chroot_dir/usr/bin/$tool"
done
t=$SECONDS
in_root apt-get update -qq >"$work/apt.log" 2>&1 || { tail "$work/apt.log"; fail "apt-get update in the root"; }
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/older.deb >>"$work/apt.log" 2>&1 || { tail "$work/apt.log"; fail "apt-get install of the older .deb"; }
echo 'SIWA_BUTTONS_OPTIONS="--host 127.0.0.1 --port 18150 --cache-mb 8"' >"$chroot_dir/etc/default/siwa-buttons"
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "/tmp/$(basename "$deb")" >>"$work/apt.log" 2>&1 || { tail "$work/apt.log"; fail "apt-get install ./$(basename "$deb") over the older one"; }
[ "$(in_root dpkg-query -W -f '${Version}' siwa-buttons)" = "${version}-1" ] || fail "the upgrade did not install ${version}-1"
grep -qx 'deb-systemd-invoke try-restart siwa-buttons.service' "$chroot_dir/tmp/systemd-calls" || fail "the upgrade does not restart a running service"
grep -Eq ' (enable|start) ' "$chroot_dir/tmp/systemd-calls" && fail "the package enables or starts the service"
grep -q 'port 18150' "$chroot_dir/etc/default/siwa-buttons" || fail "the upgrade replaced the changed /etc/default/siwa-buttons"
echo "ok   apt-get install ./$(basename "$deb") into a clean Debian 12 ($((SECONDS - t)) s, the libraries from the archive), over ${version}-0 keeping the changed /etc/default/siwa-buttons"
[ -z "$(find "$chroot_dir/etc/systemd/system" -name 'siwa-buttons*' 2>/dev/null)" ] || fail "the unit was enabled on install"
in_root /usr/bin/siwa-buttons render '/appleid/button/left?type=continue&locale=ar_SA&width=260&height=44' -o /tmp/ar.svg || fail "render in the root"
grep -q '<svg' "$chroot_dir/tmp/ar.svg" || fail "render in the root wrote no SVG"
in_root sh -c 'MANWIDTH=80 man siwa-buttons 2>/dev/null' | grep -q "siwa-buttons subcommand" || fail "man siwa-buttons in the root"
# The unit's command line, with its options file, as systemd runs it ($SIWA_BUTTONS_OPTIONS
# expanded inside the root).
exec_start=$(sed -n 's/^ExecStart=//p' "$chroot_dir/lib/systemd/system/siwa-buttons.service")
in_root sh -c '. /etc/default/siwa-buttons; echo $$ >/tmp/serve.pid; exec '"$exec_start" >"$work/serve.log" 2>&1 &
for _ in $(seq 1 100); do curl -fs -o /dev/null http://127.0.0.1:18150/healthz && break; sleep 0.1; done
curl -fs -o "$work/served.png" 'http://127.0.0.1:18150/appleid/button?color=white&width=200' || { cat "$work/serve.log"; fail "serve in the root"; }
kill -TERM "$(cat "$chroot_dir/tmp/serve.pid")"; wait
echo "ok   in the root: render (Arabic SVG), man siwa-buttons, serve as the unit runs it ($(stat -c %s "$work/served.png") byte PNG), not enabled"
# systemd-analyze verify on this host (the root has no systemd), the binary the unpacked
# tarball's: verify checks that ExecStart exists; no warning allowed.
mkdir -p "$work/unit"
sed "s|/usr/bin/siwa-buttons|$tree/bin/siwa-buttons|" "$chroot_dir/lib/systemd/system/siwa-buttons.service" >"$work/unit/siwa-buttons.service"
systemd-analyze verify "$work/unit/siwa-buttons.service" 2>"$work/verify" && [ ! -s "$work/verify" ] \
  || { cat "$work/verify"; fail "systemd-analyze verify of the packaged unit"; }
in_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq siwa-buttons >>"$work/apt.log" 2>&1 || fail "apt-get remove"
[ ! -e "$chroot_dir/usr/bin/siwa-buttons" ] || fail "apt-get remove left /usr/bin/siwa-buttons"
grep -qx 'deb-systemd-invoke stop siwa-buttons.service' "$chroot_dir/tmp/systemd-calls" || fail "apt-get remove does not stop the service"
[ -e "$chroot_dir/etc/default/siwa-buttons" ] || fail "apt-get remove took the configuration (only purge does)"
in_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq siwa-buttons >>"$work/apt.log" 2>&1 || fail "apt-get purge"
[ ! -e "$chroot_dir/etc/default/siwa-buttons" ] || fail "apt-get purge left /etc/default/siwa-buttons"
grep -qx 'deb-systemd-helper purge siwa-buttons.service' "$chroot_dir/tmp/systemd-calls" || fail "apt-get purge does not drop the unit's enablement"
echo "ok   removed (the service stopped, configuration kept) and purged (nothing left); systemd calls: $(sort -u "$chroot_dir/tmp/systemd-calls" | tr '\n' ';')"

# 3b. The tarball as the README installs it, in a clean Debian 12 root of its own: the
# README's v=, library and tarball lines as written (sudo a stand-in: the root is root;
# apt-get told yes, as a user answers it); render and the light binary's hand-over with
# no /proc (found through PATH), as a link from another folder; man; bash-completion's
# loader finds the completion; install.sh --uninstall leaves the root as it was.
tarball_lines=$(readme_lines '^(v=|sudo apt-get install libcairo2|tar -xzf )')
[ "$(grep -c . <<<"$tarball_lines")" = 3 ] || fail "README.md's install block has no v=, library and tarball lines"
in_tar_root() { chroot "$tar_root" /usr/bin/env -i PATH=/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
mkdir -p "$tar_root"
tar -xf "$base" -C "$tar_root"
mount -t proc proc "$tar_root/proc"
cp /etc/resolv.conf "$tar_root/etc/resolv.conf"
printf '#!/bin/sh\nexec "$@"\n' >"$tar_root/usr/bin/sudo"
chmod 755 "$tar_root/usr/bin/sudo"
echo 'APT::Get::Assume-Yes "true";' >"$tar_root/etc/apt/apt.conf.d/90yes"
cp "dist/siwa-buttons-$version-linux-x86_64.tar.gz" "$tar_root/tmp/"
in_tar_root apt-get update -qq >"$work/apt-tar.log" 2>&1 || { tail "$work/apt-tar.log"; fail "apt-get update in the tarball's root"; }
in_tar_root env DEBIAN_FRONTEND=noninteractive apt-get install -qq bash-completion >>"$work/apt-tar.log" 2>&1 || { tail "$work/apt-tar.log"; fail "apt-get install bash-completion"; }
snapshot() { in_tar_root find / -xdev \( -path /proc -o -path /tmp -o -path /var/cache -o -path /var/lib/apt -o -path /var/log -o -path /root \) -prune -o -print | LC_ALL=C sort; }
# The libraries first, then the root as it is before install.sh, then the install.
grep -v '^tar ' <<<"$tarball_lines" >"$tar_root/tmp/readme-libraries.sh"
grep -v '^sudo apt-get ' <<<"$tarball_lines" >"$tar_root/tmp/readme-install.sh"
in_tar_root sh -c 'cd /tmp && DEBIAN_FRONTEND=noninteractive bash -eu readme-libraries.sh' >"$work/tar-install.log" 2>&1 \
  || { tail -20 "$work/tar-install.log"; fail "the README's library line in a clean Debian 12"; }
snapshot >"$work/before"
in_tar_root sh -c 'cd /tmp && bash -eu readme-install.sh' >"$work/tar-install.log" 2>&1 \
  || { tail -20 "$work/tar-install.log"; fail "the README's tarball line in a clean Debian 12"; }
grep -q "installed under /usr/local" "$work/tar-install.log" || { cat "$work/tar-install.log"; fail "install.sh said nothing of /usr/local"; }
for f in bin/siwa-buttons bin/siwa-buttons-full share/siwa-buttons/Fonts share/man/man1/siwa-buttons.1 \
  share/bash-completion/completions/siwa-buttons share/doc/siwa-buttons/CHANGELOG.md share/doc/siwa-buttons/LICENSE; do
  [ -e "$tar_root/usr/local/$f" ] || fail "install.sh put no /usr/local/$f"
done
for f in CHANGELOG.md LICENSE README install.sh; do [ ! -e "$tar_root/usr/local/$f" ] || fail "install.sh put $f in /usr/local itself"; done
in_tar_root sh -c 'MANWIDTH=80 man siwa-buttons 2>/dev/null' | grep -q "siwa-buttons subcommand" || fail "man siwa-buttons after install.sh"
in_tar_root bash -c '. /usr/share/bash-completion/bash_completion && _completion_loader siwa-buttons; complete -p siwa-buttons' >"$work/complete" 2>&1 \
  && grep -q 'siwa-buttons$' "$work/complete" || { cat "$work/complete"; fail "bash-completion's loader does not find the completion in /usr/local"; }
# No /proc: the binary finds itself through PATH, its fonts from there, and
# siwa-buttons-full beside it; then the same through a link in another folder.
umount "$tar_root/proc"
[ "$(in_tar_root siwa-buttons --version 2>&1)" = "$version" ] || fail "siwa-buttons --version with no /proc: $(in_tar_root siwa-buttons --version 2>&1)"
in_tar_root siwa-buttons render '/appleid/button?type=continue&locale=ja_JP&width=200&scale=2' -o /tmp/no-proc.png || fail "render with no /proc"
mkdir -p "$tar_root/opt/links"
ln -s /usr/local/bin/siwa-buttons "$tar_root/opt/links/siwa-buttons"
chroot "$tar_root" /usr/bin/env -i PATH=/opt/links:/usr/bin:/bin /bin/sh -c 'cd /tmp && siwa-buttons --version && siwa-buttons render "/appleid/button/logo?scale=3" -o /tmp/link.png' >"$work/link.log" 2>&1 \
  || { cat "$work/link.log"; fail "a link in another folder on PATH, with no /proc"; }
rm -r "$tar_root/opt/links"
mount -t proc proc "$tar_root/proc"
echo "ok   the README's tarball lines in a clean Debian 12: install.sh --prefix /usr/local, man siwa-buttons, bash completion loaded; with no /proc: --version, a Japanese render, and from a link on PATH"
in_tar_root sh -c "cd /tmp && siwa-buttons-$version-linux-x86_64/install.sh --uninstall --prefix /usr/local" >"$work/uninstall.log" 2>&1 \
  || { cat "$work/uninstall.log"; fail "install.sh --uninstall"; }
in_tar_root rm -rf "/tmp/siwa-buttons-$version-linux-x86_64"
snapshot >"$work/after"
diff "$work/before" "$work/after" >"$work/left" || { head -20 "$work/left"; fail "install.sh --uninstall left the root changed"; }
echo "ok   install.sh --uninstall: $(cat "$work/uninstall.log"), the root as it was before install.sh"

# 5. The npm package, in a consumer project of its own.
bash e2e/check-element-package.sh "dist/siwa-buttons-element-$version.tgz"

# 6. Sizes.
echo "release artefacts:"
(cd dist && for f in *; do stat -c '%s %n' "$f"; done | awk '{ big = ($1 >= 1e6); printf "  %8.1f %s  %s\n", big ? $1 / 1e6 : $1 / 1e3, big ? "MB" : "KB", $2 }')
echo "release check passed"
