#!/usr/bin/env bash
# Cuts a release into dist/ (docs/releasing.md): from a clean commit whose code and
# CHANGELOG.md name the same version,
#
#   siwa-buttons-VERSION-linux-x86_64.tar.gz   binaries, resources, man pages, completions,
#                                              a README and install.sh [--prefix DIR] [--uninstall]
#   siwa-buttons_VERSION-1_amd64.deb           the Debian package (lintian-clean)
#   siwa-buttons-VERSION-image-oci.tar.gz      the container image (podman load -i)
#   siwa-buttons-element-VERSION.tgz           <apple-signin-button> for npm
#   siwa-buttons-kit-VERSION.zip               the design kit: every button as SVG, PDF, PNG
#   siwa-buttons-VERSION.cdx.json              the SBOM (CycloneDX 1.6)
#   SHA256SUMS, SHA256SUMS.minisig             checksums, signed with minisign
#   siwa-buttons-release-key.pub               the public half of the key that signed them
#
#   bash scripts/release.sh --key KEY.minisign [--version X.Y.Z]
# KEY: the minisign secret key (minisign asks for its password, if it has one, twice: to
# sign and to write its public half). Every date in every file is the commit's
# (SOURCE_DATE_EPOCH), so that two cuts of one commit differ only where the build does.
# dist/ is replaced whole at the end, or left as it was.
# Needs root or sudo for apt-get and podman (scripts/setup.sh's tools).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
die() { echo "release: $*" >&2; exit 1; }

key="" asked=""
while [ $# -gt 0 ]; do
  case "$1" in
    --key) key=${2:?--key FILE}; shift 2 ;;
    --version) asked=${2:?--version X.Y.Z}; shift 2 ;;
    *) die "unknown argument '$1' (usage: scripts/release.sh --key KEY.minisign [--version X.Y.Z])" ;;
  esac
done

# Everything that can refuse, before anything is built or written.
[ -z "$(git status --porcelain)" ] || die "the work tree has uncommitted changes (git status): a release is cut from a commit"
[ -n "$key" ] || die "no signing key: --key KEY.minisign (docs/releasing.md, 'The signing key')"
[ -r "$key" ] || die "cannot read the signing key $key"
version=$(sed -n 's/^ *public static let current = "\(.*\)"$/\1/p' Sources/SIWAButtons/Version.swift)
[ -n "$version" ] || die "no version in Sources/SIWAButtons/Version.swift"
[ -z "$asked" ] || [ "$asked" = "$version" ] || die "--version $asked, but the code is $version (Sources/SIWAButtons/Version.swift)"
changelog=$(sed -n 's/^## \[\([0-9][^]]*\)\].*/\1/p' CHANGELOG.md | head -n 1)
[ "$changelog" = "$version" ] || die "CHANGELOG.md's top release is '$changelog', the code is $version: move Unreleased under [$version] first"
disagreement=$(bash scripts/check-version.sh 2>&1 >/dev/null) \
  || die "${disagreement%%$'\n'*} (scripts/check-version.sh lists every place)"

source scripts/setup.sh >/dev/null
source scripts/release-build.sh
echo "release: $version, the static release build"
build_release >/dev/null
bin=$("${release_build[@]}" --show-bin-path)
built=$("$bin/siwa-buttons-full" --version)
[ "$built" = "$version" ] || die "the release build says $built, the source $version"

# Assembled beside dist/, swapped in whole at the end; removed on any failure or signal.
stage=$(mktemp -d "$root/.dist-stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
trap 'exit 130' INT TERM
out=$stage/dist work=$stage/work
mkdir -p "$out" "$work"
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}

# Man page: argument-parser's generate-manual plugin on the debug build (the plugin builds
# every product first; the help text is the release build's).
echo "release: man page"
swift package plugin generate-manual --configuration debug --date "$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)" >"$work/manual.log" 2>&1 \
  || { tail -20 "$work/manual.log"; die "generate-manual failed"; }
man_page=.build/plugins/GenerateManual/outputs/siwa-buttons-full/siwa-buttons.1
[ -s "$man_page" ] || die "generate-manual wrote no $man_page"

name=siwa-buttons-$version-linux-x86_64
layout=$work/$name
bash scripts/release/layout.sh "$bin" "$man_page" "$layout"
# The tarball's own: its README and install.sh at the top, and the docs where install.sh
# puts them (the fonts' licences are beside the fonts, in share/siwa-buttons/Fonts/).
sed "s/@VERSION@/$version/g" scripts/release/tarball/README >"$layout/README"
install -m 755 scripts/release/tarball/install.sh "$layout/install.sh"
install -d "$layout/share/doc/siwa-buttons"
install -m 644 LICENSE CHANGELOG.md "$layout/README" "$layout/share/doc/siwa-buttons/"
chmod 644 "$layout/README"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -C "$work" -cf - "$name" | gzip -9n >"$out/$name.tar.gz"
echo "release: $name.tar.gz"
# The .deb and the image are installs already: not the tarball's installer.
rm "$layout/README" "$layout/install.sh"

bash scripts/release/deb.sh "$layout" "$version" "$out/siwa-buttons_${version}-1_amd64.deb"

echo "release: container image from the tarball"
SIWA_INSTALL_PREFIX=$layout bash deploy/container/build.sh "localhost/siwa-buttons:$version" >/dev/null
source deploy/container/podman.sh
"${podman[@]}" save --format oci-archive -o "$work/image.tar" "localhost/siwa-buttons:$version" >/dev/null
# podman writes the archive's own entries with the time of saving (the blobs in it are
# the same each time): written again in a fixed order, dated to the commit.
mkdir "$work/image"
tar -xf "$work/image.tar" -C "$work/image"
(cd "$work/image" && find . -mindepth 1 -maxdepth 1 -printf '%P\n' | LC_ALL=C sort) >"$work/image.list"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -C "$work/image" -cf - -T "$work/image.list" | gzip -9n >"$out/siwa-buttons-$version-image-oci.tar.gz"

bash scripts/pack-element.sh "$out" "$version" >/dev/null
echo "release: siwa-buttons-element-$version.tgz"

bash scripts/release/kit.sh "$layout/bin/siwa-buttons-full" "$version" "$out/siwa-buttons-kit-$version.zip"

swift package show-dependencies --format json >"$work/dependencies.json" 2>/dev/null
python3 scripts/release/sbom.py --version "$version" --dependencies "$work/dependencies.json" \
  --binary "$bin/siwa-buttons" --binary "$bin/siwa-buttons-full" -o "$out/siwa-buttons-$version.cdx.json"

(cd "$out" && sha256sum -- * >SHA256SUMS)
minisign -S -s "$key" -m "$out/SHA256SUMS" -t "siwa-buttons $version" >/dev/null \
  || die "minisign could not sign SHA256SUMS with $key"
# The public half of the key that signed, beside the signature, for comparing with the
# project's siwa-buttons.pub (not listed in SHA256SUMS: it is what vouches for it).
minisign -R -s "$key" -p "$out/siwa-buttons-release-key.pub" >/dev/null \
  || die "minisign could not write the public half of $key"
signer=$(bash scripts/release/key-id.sh "$out/SHA256SUMS.minisig")
project=$(bash scripts/release/key-id.sh siwa-buttons.pub)
if [ "$signer" = "$project" ]; then
  signed="signed with the project's key $signer (siwa-buttons.pub)"
else
  signed="signed with key $signer, NOT the project's key $project (siwa-buttons.pub): users' verify line will refuse it"
fi

# dist/ whole or not at all: no signal between the two renames.
trap '' INT TERM
[ ! -e dist ] || mv dist "$stage/old"
mv "$out" dist
trap 'exit 130' INT TERM
echo "release: dist/ written, $signed:"
(cd dist && ls -l --time-style=+ | awk 'NR > 1 { printf "  %10d  %s\n", $5, $NF }')
