#!/usr/bin/env bash
# The element's npm package: OUTDIR/siwa-buttons-element-VERSION.tgz, made by `npm pack`
# (Debian's npm) from packages/element/ (package.json, README, the generated
# custom-elements.json, react.d.ts and vue.d.ts) plus public/element/1/ (the module, its
# declarations, its API as data, the modules it imports when needed and the browser core
# with its title modules) and LICENSE, with package.json's version set to VERSION.
#
#   bash scripts/pack-element.sh OUTDIR VERSION
#
# Needs node and npm. Fails (status 1, one line) if the generated typings or manifest are
# not what scripts/element-types.mjs writes from the element. Writes nothing outside
# OUTDIR: it stages in OUTDIR/.element-pack.*, with npm's cache and logs there too, and
# removes that folder; the .tgz is its only result.
set -euo pipefail
if [ $# -ne 2 ] || [ -z "$1" ] || [ -z "$2" ]; then
  echo "usage: pack-element.sh OUTDIR VERSION" >&2
  exit 64
fi
root=$(cd "$(dirname "$0")/.." && pwd)
version=$2
if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
  echo "pack-element.sh: '$version' is not a semantic version (1.2.3 or 1.2.3-rc.1)" >&2
  exit 64
fi
command -v node >/dev/null && command -v npm >/dev/null || {
  echo "pack-element.sh: needs node and npm (apt-get install nodejs npm)" >&2
  exit 1
}
node "$root/scripts/element-types.mjs" --check

mkdir -p "$1"
out=$(cd "$1" && pwd)
stage=$(mktemp -d "$out/.element-pack.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/package"
cp "$root"/packages/element/{package.json,README.md,custom-elements.json,react.d.ts,vue.d.ts} "$stage/package/"
cp -R "$root"/public/element/1/. "$stage/package/"
cp "$root/LICENSE" "$stage/package/"
node -e '
  const fs = require("fs"), file = process.argv[1];
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
  pkg.version = process.argv[2];
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
' "$stage/package/package.json" "$version"
# npm's cache, logs and config in the stage; no scripts, no registry.
(
  cd "$stage/package"
  export npm_config_cache="$stage/npm-cache" npm_config_logs_dir="$stage/npm-logs" \
    npm_config_userconfig="$stage/npmrc" npm_config_update_notifier=false npm_config_fund=false \
    npm_config_audit=false npm_config_ignore_scripts=true npm_config_offline=true
  npm pack --silent --pack-destination "$stage" >/dev/null
)
tgz="siwa-buttons-element-$version.tgz"
[ -f "$stage/$tgz" ] || { echo "pack-element.sh: npm pack wrote no $tgz" >&2; exit 1; }
mv -f "$stage/$tgz" "$out/$tgz"
echo "$out/$tgz"
