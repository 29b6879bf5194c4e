#!/usr/bin/env bash
# Two cuts of one commit, compared file by file: the same bytes but for the signature
# (docs/releasing.md, "Cutting one"). Each cut is a whole scripts/release.sh (about 4
# minutes each with the release build up to date), so this runs by hand, not in CI.
# For an archive that differs it names the members that do.
#   bash e2e/check-reproducible.sh [KEY.minisign]   (a throw-away key unless given; root)
# Leaves the second cut in dist/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d "${TMPDIR:-/tmp}/siwa-reproducible.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL reproducible: $*"; exit 1; }
key=${1:-}
if [ -z "$key" ]; then
  minisign -G -W -p "$work/key.pub" -s "$work/key.sec" >/dev/null
  key=$work/key.sec
fi
commit=$(git rev-parse HEAD)
for cut in first second; do
  t=$SECONDS
  bash scripts/release.sh --key "$key" >"$work/$cut.log" 2>&1 || { tail -20 "$work/$cut.log"; fail "the $cut cut"; }
  [ "$(git rev-parse HEAD)" = "$commit" ] || fail "HEAD moved during the cuts"
  cp -a dist "$work/$cut"
  echo "reproducible: $cut cut of ${commit:0:12} in $((SECONDS - t)) s"
done
# Members of an archive, each with its checksum, for naming what differs.
members() {
  local file=$1 out=$2
  mkdir -p "$out"
  case "$file" in
    *.tar.gz) tar -xzf "$file" -C "$out" ;;
    *.deb) dpkg-deb -R "$file" "$out" ;;
    *.zip) unzip -q "$file" -d "$out" ;;
    *.tgz) tar -xzf "$file" -C "$out" ;;
    *) return 0 ;;
  esac
  (cd "$out" && find . -type f -exec sha256sum {} + | LC_ALL=C sort -k2)
}
same=0 differ=0
for f in "$work"/first/*; do
  name=$(basename "$f")
  if cmp -s "$f" "$work/second/$name"; then
    same=$((same + 1))
    echo "same    $name"
  elif [ "$name" = SHA256SUMS.minisig ]; then
    echo "differs $name (a signature: expected)"
  else
    differ=$((differ + 1))
    echo "DIFFERS $name"
    if diff <(members "$f" "$work/m1/$name") <(members "$work/second/$name" "$work/m2/$name") >"$work/members.diff"; then
      echo "          (every member the same: the archive's own dates, order or owners differ)"
    else
      grep '^[<>]' "$work/members.diff" | head -20 | sed 's/^/          /'
    fi
  fi
done
[ "$differ" = 0 ] || fail "$differ files differ between two cuts of ${commit:0:12}"
echo "reproducible: $same files byte-identical between two cuts of ${commit:0:12}"
