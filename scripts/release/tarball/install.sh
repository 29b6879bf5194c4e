#!/bin/sh
# Installs siwa-buttons from the unpacked release tarball this script is in, or takes it
# out again:
#
#   sudo ./install.sh [--prefix /usr/local]
#   sudo ./install.sh --uninstall [--prefix /usr/local]
#
# It copies the tarball's bin/ and share/ under PREFIX:
#   PREFIX/bin/siwa-buttons, siwa-buttons-full
#   PREFIX/share/siwa-buttons/{Fonts,Templates,public}   found from ../share by the binaries
#   PREFIX/share/man/man1/siwa-buttons.1, siwa-buttons-full.1
#   PREFIX/share/bash-completion/completions/siwa-buttons
#   PREFIX/share/zsh/site-functions/_siwa-buttons
#   PREFIX/share/fish/vendor_completions.d/siwa-buttons.fish
#   PREFIX/share/doc/siwa-buttons/{README,CHANGELOG.md,LICENSE}
# and lists what it wrote in PREFIX/share/doc/siwa-buttons/installed-files: every file
# ("f PATH") and every folder it made ("d PATH"), so that --uninstall removes those and
# leaves the folders that were there before. Installed over an earlier install (another
# release), it takes that one's files out first, by its list.
# POSIX sh: it runs where bash is not installed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=/usr/local uninstall=0
usage() { echo "usage: install.sh [--prefix DIR] [--uninstall]   (the prefix is /usr/local unless given)"; }
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || { usage >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
case $prefix in /*) ;; *) prefix=$(pwd)/$prefix ;; esac
[ "$prefix" = / ] || prefix=${prefix%/}
list=$prefix/share/doc/siwa-buttons/installed-files

remove() {  # what the list names: files, then the folders made, deepest first, if empty
  dirs=$(sed -n 's/^d //p' "$list" | LC_ALL=C sort -r)
  sed -n 's/^f //p' "$list" | while IFS= read -r path; do rm -f "$prefix/$path"; done
  rm -f "$list"
  printf '%s\n' "$dirs" | while IFS= read -r path; do
    [ -z "$path" ] || rmdir "$prefix/$path" 2>/dev/null || true
  done
}
if [ "$uninstall" = 1 ]; then
  [ -f "$list" ] || { echo "install.sh: no $list: siwa-buttons is not installed under $prefix" >&2; exit 1; }
  remove
  echo "siwa-buttons removed from $prefix"
  exit 0
fi

[ -x "$here/bin/siwa-buttons-full" ] || { echo "install.sh: no bin/siwa-buttons-full beside it: run the one in the unpacked tarball" >&2; exit 1; }
# Over an earlier install (another release): its files out first, by its own list.
if [ -f "$list" ]; then
  remove
  echo "install.sh: the siwa-buttons installed under $prefix before is removed"
fi
mkdir -p "$prefix"
written=$(mktemp "${TMPDIR:-/tmp}/siwa-install.XXXXXX")
trap 'rm -f "$written"' EXIT
make_dir() {  # make_dir PATH: PREFIX/PATH and any missing parent, each recorded
  [ -d "$prefix/$1" ] && return 0
  make_dir "$(dirname "$1")"
  mkdir "$prefix/$1"
  echo "d $1" >>"$written"
}
cd "$here"
find bin share -type f | LC_ALL=C sort | while IFS= read -r path; do
  make_dir "$(dirname "$path")"
  cp "$path" "$prefix/$path"
  if [ -x "$path" ]; then chmod 755 "$prefix/$path"; else chmod 644 "$prefix/$path"; fi
  echo "f $path" >>"$written"
done
cp "$written" "$list"
chmod 644 "$list"
echo "siwa-buttons installed under $prefix: $(grep -c '^f ' "$list") files (listed in $list)"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "install.sh: $prefix/bin is not on PATH: add it, or run $prefix/bin/siwa-buttons" ;; esac
