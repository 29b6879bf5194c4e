#!/usr/bin/env bash
# The Debian package, siwa-buttons_VERSION-1_amd64.deb, built with dpkg-deb from the
# install layout (scripts/release/layout.sh) moved under /usr:
#   /usr/bin, /usr/share/siwa-buttons, man pages (gzipped), completions where Debian's
#   shells look; /lib/systemd/system/siwa-buttons.service (installed, not enabled; its
#   options in /etc/default/siwa-buttons, a conffile kept over upgrades);
#   Depends computed from the binaries by dpkg-shlibdeps.
#
#   bash scripts/release/deb.sh LAYOUT VERSION OUT.deb
# Needs dpkg-dev (dpkg-shlibdeps). SOURCE_DATE_EPOCH, if set, dates the changelog entry
# and every file, so the same commit gives the same package.
set -euo pipefail
layout=${1:?usage: deb.sh LAYOUT VERSION OUT.deb} version=${2:?} out=${3:?}
root=$(cd "$(dirname "$0")/../.." && pwd)
debian=$root/deploy/debian
maintainer=${SIWA_DEB_MAINTAINER:-siwa-buttons maintainers <siwa-buttons@users.noreply.github.com>}
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct)}

work=$(mktemp -d "${TMPDIR:-/tmp}/siwa-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
pkg=$work/pkg
install -d "$pkg/usr" "$pkg/DEBIAN" "$pkg/etc/default" "$pkg/lib/systemd/system" \
  "$pkg/usr/share/doc/siwa-buttons" "$pkg/usr/share/zsh/vendor-completions"
cp -R "$layout/bin" "$layout/share" "$pkg/usr/"
# The tarball's README, CHANGELOG.md and LICENSE: Debian's place for these is the
# copyright file and changelog.Debian.gz, made below.
rm -rf "$pkg/usr/share/doc/siwa-buttons"
install -d "$pkg/usr/share/doc/siwa-buttons"
# Debian's zsh reads vendor completions from vendor-completions, not site-functions.
mv "$pkg/usr/share/zsh/site-functions/_siwa-buttons" "$pkg/usr/share/zsh/vendor-completions/"
rmdir "$pkg/usr/share/zsh/site-functions"
gzip -9n "$pkg"/usr/share/man/man1/*.1
# The font licences stay beside the fonts (the fonts' README names them); the package's
# own licence is the copyright file, as Debian Policy 12.5 wants.
install -m 644 "$debian/copyright" "$pkg/usr/share/doc/siwa-buttons/copyright"
{
  printf 'siwa-buttons (%s-1) unstable; urgency=medium\n\n' "$version"
  printf '  * Release %s: see CHANGELOG.md of the source for what changed.\n\n' "$version"
  printf ' -- %s  %s\n' "$maintainer" "$(date -R -u -d "@$epoch")"
} | gzip -9n >"$pkg/usr/share/doc/siwa-buttons/changelog.Debian.gz"

# The unit of deploy/siwa-buttons.service, on /usr/bin and with its options from
# /etc/default/siwa-buttons ($SIWA_BUTTONS_OPTIONS, split into words by systemd).
sed -e 's|^ExecStart=.*|ExecStart=/usr/bin/siwa-buttons serve $SIWA_BUTTONS_OPTIONS|' \
  -e 's|^\[Service\]$|[Service]\nEnvironmentFile=-/etc/default/siwa-buttons|' \
  -e '/^#/d' "$root/deploy/siwa-buttons.service" >"$pkg/lib/systemd/system/siwa-buttons.service"
grep -q '^ExecStart=/usr/bin/siwa-buttons serve \$SIWA_BUTTONS_OPTIONS$' "$pkg/lib/systemd/system/siwa-buttons.service"
chmod 644 "$pkg/lib/systemd/system/siwa-buttons.service"
install -m 644 "$debian/default" "$pkg/etc/default/siwa-buttons"
install -D -m 644 "$debian/lintian-overrides" "$pkg/usr/share/lintian/overrides/siwa-buttons"
echo /etc/default/siwa-buttons >"$pkg/DEBIAN/conffiles"
for script in postinst prerm postrm; do install -m 755 "$debian/$script" "$pkg/DEBIAN/$script"; done

# Depends from the binaries' DT_NEEDED libraries and the shlibs/symbols files of the
# packages that hold them (dpkg-shlibdeps wants a debian/control beside it).
mkdir -p "$work/src/debian"
printf 'Source: siwa-buttons\n\nPackage: siwa-buttons\nArchitecture: amd64\n' >"$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$pkg/usr/bin/siwa-buttons" "$pkg/usr/bin/siwa-buttons-full" 2>"$work/shlibdeps.log" \
  | sed -n 's/^shlibs:Depends=//p') || { cat "$work/shlibdeps.log" >&2; exit 1; }
[ -n "$depends" ] || { echo "deb: dpkg-shlibdeps found no dependency" >&2; exit 1; }

size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
source "$root/scripts/release/project.sh"
sed -e "s|@VERSION@|$version|" -e "s|@MAINTAINER@|$maintainer|" -e "s|@INSTALLED_SIZE@|$size|" \
  -e "s|@DEPENDS@|$depends|" -e "s|@HOMEPAGE@|$project_url|" "$debian/control.in" >"$pkg/DEBIAN/control"
(cd "$pkg" && find . -path ./DEBIAN -prune -o -path ./etc -prune -o -type f -printf '%P\n' | LC_ALL=C sort \
  | xargs md5sum >DEBIAN/md5sums)
chmod 644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/conffiles" "$pkg/DEBIAN/md5sums"
find "$pkg" -type d -exec chmod 755 {} +
find "$pkg" -exec touch -h -d "@$epoch" {} +
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out" >/dev/null
echo "deb: $(basename "$out"), Depends: $depends"
