#!/usr/bin/env bash
# Rebuild the pinned, subset fonts in Fonts/ from Debian packages.
#
#   bash scripts/build-fonts.sh
#
# The source fonts come from the exact Debian package versions pinned below.
# A package that is installed at that version is read in place; otherwise its
# .deb is fetched with `apt-get download PKG=VERSION` (no root needed) into
# $FONT_BUILD_CACHE (default ~/.cache/siwa-fonts) and only the needed files are
# unpacked. fontTools comes from Debian's python3-fonttools (installed with
# apt-get if missing). The label characters are read from
# Sources/SIWAModel/Locale/titles.json by scripts/subset_fonts.py, which
# also writes the LICENSE-*.txt files and prints a coverage table (and fails if
# any label character is not covered). Output is byte-for-byte reproducible.
#
# Environment:
#   FONT_BUILD_CACHE   where downloaded .debs / unpacked files go
#   PYTHON             interpreter with fontTools (default /usr/bin/python3)
#   FONT_BUILD_FROM_DEBS=1   ignore installed font packages, always use the .debs
set -euo pipefail

# ---- pins (change together with Fonts/README.md) ---------------------------
INTER_PKG=fonts-inter;          INTER_VER='4.0~beta7+ds-1'
NOTO_PKG=fonts-noto-extra;      NOTO_VER='20201225-1'
CJK_PKG=fonts-noto-cjk-extra;   CJK_VER='1:20220127+repack1-1'
FONTTOOLS_VER='4.38.0-1+deb12u1'   # python3-fonttools the committed output was made with

INTER_FILE=usr/share/fonts/opentype/inter/Inter-Medium.otf
NOTO_DIR=usr/share/fonts/truetype/noto
NOTO_FILES=("$NOTO_DIR/NotoSansArabic-Medium.ttf" "$NOTO_DIR/NotoSansHebrew-Medium.ttf" "$NOTO_DIR/NotoSansThai-Medium.ttf")
CJK_FILE=usr/share/fonts/opentype/noto/NotoSansCJK-Medium.ttc

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$REPO/Fonts"
LABELS="$REPO/Sources/SIWAModel/Locale/titles.json"
PY="${PYTHON:-/usr/bin/python3}"
CACHE="${FONT_BUILD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/siwa-fonts}"

log() { printf '%s\n' "$*" >&2; }
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else log "error: need root for: $*"; exit 1; fi
}
apt_updated=0
apt_update_once() {
    if [ "$apt_updated" -eq 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
}
installed_version() {  # PKG -> version if installed, else empty
    dpkg-query -W -f='${db:Status-Status} ${Version}' "$1" 2>/dev/null | sed -n 's/^installed //p'
}

# pkg_root PKG VERSION FILE... -> prints a directory D such that D/FILE exists
# for each FILE (and D/usr/share/doc/PKG/copyright), all from PKG at VERSION.
pkg_root() {
    local pkg="$1" ver="$2"; shift 2
    local files=("$@" "usr/share/doc/$pkg/copyright")
    if [ "${FONT_BUILD_FROM_DEBS:-0}" != 1 ] && [ "$(installed_version "$pkg")" = "$ver" ]; then
        local f ok=1
        for f in "${files[@]}"; do [ -f "/$f" ] || ok=0; done
        if [ "$ok" -eq 1 ]; then echo ""; return; fi  # installed: read in place
    fi
    local dir="$CACHE/$pkg/${ver//:/%3a}" debs="$CACHE/debs"
    local f ok=1
    for f in "${files[@]}"; do [ -f "$dir/$f" ] || ok=0; done
    if [ "$ok" -eq 0 ]; then
        mkdir -p "$debs" "$dir"
        local deb=""
        for cand in "$debs/${pkg}"_*.deb "$REPO/${pkg}"_*.deb; do
            [ -f "$cand" ] || continue
            if [ "$(dpkg-deb -f "$cand" Package)" = "$pkg" ] && [ "$(dpkg-deb -f "$cand" Version)" = "$ver" ]; then
                deb="$cand"; break
            fi
        done
        if [ -z "$deb" ]; then
            log "downloading $pkg=$ver ..."
            local aptopt=()   # root: download as root instead of warning that _apt cannot write here
            [ "$(id -u)" -eq 0 ] && aptopt=(-o APT::Sandbox::User=root)
            if ! (cd "$debs" && apt-get download -q "${aptopt[@]}" "$pkg=$ver" >&2); then
                apt_update_once
                (cd "$debs" && apt-get download -q "${aptopt[@]}" "$pkg=$ver" >&2)
            fi
            for cand in "$debs/${pkg}"_*.deb; do
                if [ "$(dpkg-deb -f "$cand" Version)" = "$ver" ]; then deb="$cand"; fi
            done
            [ -n "$deb" ] || { log "error: could not fetch $pkg=$ver"; exit 1; }
        fi
        log "unpacking ${files[*]} from $(basename "$deb")"
        dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir" "${files[@]/#/./}"
        # the unpacked files are all that is needed again: drop a .deb we downloaded
        case "$deb" in "$debs"/*) rm -f "$deb" ;; esac
    fi
    echo "$dir"
}

# ---- tools -----------------------------------------------------------------
if ! "$PY" -c 'import fontTools.subset' 2>/dev/null; then
    log "installing python3-fonttools ..."
    apt_update_once
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-fonttools >&2
    PY=/usr/bin/python3
fi
ft_ver="$(installed_version python3-fonttools)"
if [ "$ft_ver" != "$FONTTOOLS_VER" ]; then
    log "warning: python3-fonttools is '${ft_ver:-not from Debian}', Fonts/ was made with $FONTTOOLS_VER:"
    log "         the subsets should still be correct but may differ byte-wise from the committed ones."
fi

# ---- sources ---------------------------------------------------------------
inter_root="$(pkg_root "$INTER_PKG" "$INTER_VER" "$INTER_FILE")"
noto_root="$(pkg_root "$NOTO_PKG" "$NOTO_VER" "${NOTO_FILES[@]}")"
cjk_root="$(pkg_root "$CJK_PKG" "$CJK_VER" "$CJK_FILE")"
log "sources: $INTER_PKG $INTER_VER (${inter_root:-installed}), $NOTO_PKG $NOTO_VER (${noto_root:-installed}), $CJK_PKG $CJK_VER (${cjk_root:-installed})"

# ---- subset into a scratch dir, then replace the fonts in Fonts/ -------------
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$PY" "$REPO/scripts/subset_fonts.py" \
    --labels "$LABELS" --out "$tmp" \
    --inter "$inter_root/$INTER_FILE" \
    --arabic "$noto_root/${NOTO_FILES[0]}" \
    --hebrew "$noto_root/${NOTO_FILES[1]}" \
    --thai "$noto_root/${NOTO_FILES[2]}" \
    --cjk-ttc "$cjk_root/$CJK_FILE" \
    --copyright-inter "$inter_root/usr/share/doc/$INTER_PKG/copyright" \
    --copyright-noto "$noto_root/usr/share/doc/$NOTO_PKG/copyright" \
    --copyright-cjk "$cjk_root/usr/share/doc/$CJK_PKG/copyright" \
    --pkg-versions "$INTER_PKG=$INTER_VER,$NOTO_PKG=$NOTO_VER,$CJK_PKG=$CJK_VER"

mkdir -p "$OUT"
rm -f "$OUT"/*.otf "$OUT"/*.ttf
cp "$tmp"/*.otf "$tmp"/*.ttf "$tmp"/LICENSE-*.txt "$OUT"/

# ---- summary ---------------------------------------------------------------
if command -v fc-scan >/dev/null; then
    for f in "$OUT"/*.otf "$OUT"/*.ttf; do
        fc-scan --format '%{file|basename}: family="%{family}" style="%{style}" weight=%{weight}\n' "$f"
    done
fi
(cd "$OUT" && ls -l ./*.otf ./*.ttf | awk '{s+=$5; printf "%8d  %s\n", $5, $NF} END {printf "%8d  total (fonts)\n", s}')
(cd "$OUT" && sha256sum ./*.otf ./*.ttf LICENSE-*.txt)
