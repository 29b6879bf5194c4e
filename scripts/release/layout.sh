#!/usr/bin/env bash
# The install layout every artefact is made from (the tarball as it is, the .deb under
# /usr, the container image under /opt/siwa-buttons):
#
#   PREFIX/bin/siwa-buttons, siwa-buttons-full      stripped release binaries
#   PREFIX/share/siwa-buttons/{Fonts,Templates,public}   found from ../share by the binaries
#   PREFIX/share/man/man1/siwa-buttons.1 (+ siwa-buttons-full.1, the same page)
#   PREFIX/share/bash-completion/completions/siwa-buttons
#   PREFIX/share/zsh/site-functions/_siwa-buttons
#   PREFIX/share/fish/vendor_completions.d/siwa-buttons.fish
#
#   bash scripts/release/layout.sh BIN_DIR MAN_PAGE PREFIX
# BIN_DIR: the release build's products; MAN_PAGE: siwa-buttons.1 from argument-parser's
# generate-manual plugin (scripts/release.sh makes it).
set -euo pipefail
bin_dir=${1:?usage: layout.sh BIN_DIR MAN_PAGE PREFIX} man_page=${2:?} prefix=${3:?}
root=$(cd "$(dirname "$0")/../.." && pwd)

install -d "$prefix/bin" "$prefix/share/siwa-buttons" "$prefix/share/man/man1" \
  "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" \
  "$prefix/share/fish/vendor_completions.d"
for exe in siwa-buttons siwa-buttons-full; do
  install -m 755 "$bin_dir/$exe" "$prefix/bin/$exe"
  # Symbols are for debuggers: 133 MB -> 71 MB for the full binary.
  strip --strip-unneeded "$prefix/bin/$exe"
done
cp -R "$root/Fonts" "$root/Templates" "$root/public" "$prefix/share/siwa-buttons/"
# A blank line is no mdoc request (groff warns "Empty input line" for each): a paragraph break.
sed 's/^$/.Pp/' "$man_page" >"$prefix/share/man/man1/siwa-buttons.1"
# siwa-buttons-full takes the same command lines as siwa-buttons.
printf '.so man1/siwa-buttons.1\n' >"$prefix/share/man/man1/siwa-buttons-full.1"
full=$prefix/bin/siwa-buttons-full
# Completion files are sourced, so the bash one loses argument-parser's #!/bin/bash line.
"$full" --generate-completion-script bash | sed '1{/^#!/d}' >"$prefix/share/bash-completion/completions/siwa-buttons"
"$full" --generate-completion-script zsh >"$prefix/share/zsh/site-functions/_siwa-buttons"
"$full" --generate-completion-script fish >"$prefix/share/fish/vendor_completions.d/siwa-buttons.fish"
# Files readable by all, whatever the umask of the machine that made them.
chmod -R u=rwX,go=rX "$prefix"
