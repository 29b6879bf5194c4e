#!/usr/bin/env bash
# The `render` command as a user runs it: the README's examples, stdout output,
# format selection, and bad input (non-zero exit, one message, nothing written).
# Usage: scripts/check-cli.sh [path/to/siwa-buttons]
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/siwa-buttons}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
png_size() { python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print(*struct.unpack(">II", d[16:24]))' "$1"; }

"$bin" render '/appleid/button?color=white&border=true&width=200&height=32&scale=2' -o "$tmp/button.png" \
  && [ "$(png_size "$tmp/button.png")" = "400 64" ] && ok || fail "PNG example"
"$bin" render '/appleid/button/left?type=continue&logo-size=medium&locale=ar_SA&height=44&width=260' -o "$tmp/left.svg" \
  && grep -q '<title>المتابعة باستخدام Apple</title>' "$tmp/left.svg" && ok || fail "SVG example"
"$bin" render '/appleid/button/logo?size=44&color=black&border_radius=50' -o "$tmp/logo.pdf" \
  && head -c 5 "$tmp/logo.pdf" | grep -q '%PDF-' && ok || fail "PDF example"
"$bin" render '/appleid/button?type=continue' -o - > "$tmp/stdout.bin" \
  && head -c 4 "$tmp/stdout.bin" | grep -q PNG && ok || fail "-o - writes PNG to stdout"
"$bin" render '/appleid/button' --format svg -o - | grep -q '<svg' && ok || fail "--format svg to stdout"
"$bin" render '/appleid/button?format=pdf' -o - | head -c 5 | grep -q '%PDF' && ok || fail "format= in the query"
"$bin" render 'https://appleid.cdn-apple.com/appleid/button?width=200' -o "$tmp/url.png" && ok || fail "full Apple URL"

# Bad input: exit status non-zero, a message naming the problem, no file.
expect_error() { # query, expected message part, [extra args]
  local query=$1 message=$2; shift 2
  local out="$tmp/bad.png"; rm -f "$out"
  if err=$("$bin" render "$query" -o "$out" "$@" 2>&1); then fail "accepted: $query"; return; fi
  [ -e "$out" ] && { fail "wrote a file for: $query"; return; }
  grep -qF -- "$message" <<<"$err" && ok || fail "message for $query: $err"
}
expect_error '/appleid/button?width=20' "Invalid value '20' for parameter 'width': expected an integer from 130 to 375."
expect_error '/appleid/button?colour=black' "Unknown parameter 'colour'"
expect_error '/appleid/button?color=red' "expected 'black' or 'white'"
expect_error '/appleid/button?scale=2&scale=3' "Parameter 'scale' is given more than once."
expect_error '/appleid/button?border' "Malformed query"
expect_error '/appleid/buttons' "Unknown endpoint '/appleid/buttons'"
expect_error '/appleid/button' "Conflicting formats" --format svg
expect_error '/appleid/button' "does not exist" --font /nonexistent/font.otf
# Wrong options are usage errors: status 64, the message, no fontconfig noise.
expect_usage() { # expected message part, render arguments...
  local message=$1; shift
  "$bin" render "$@" >"$tmp/usage.out" 2>&1; local status=$?
  [ "$status" = 64 ] && grep -qF -- "$message" "$tmp/usage.out" && ! grep -q Fontconfig "$tmp/usage.out" \
    && ok || fail "usage error for $*: status $status, $(head -c 300 "$tmp/usage.out")"
}
echo "not a font" >"$tmp/not-a-font.otf"
expect_usage "is a folder, not a font file" '/appleid/button' -o "$tmp/u.png" --font "$tmp"
expect_usage "Cannot load font '$tmp/not-a-font.otf'" '/appleid/button' -o "$tmp/u.png" --font "$tmp/not-a-font.otf"
expect_usage "--fonts-dir: '$tmp/u.png' is not a folder" '/appleid/button' -o "$tmp/u.png" --fonts-dir "$tmp/u.png"
expect_usage "give a file name, or '-'" '/appleid/button' -o ''
# --labels: a file correcting titles. Its mistakes are usage errors naming file, line, locale.type.
printf 'de_DE:\n  sign-in: Anmelden mit Apple\n' >"$tmp/labels.yml"
"$bin" render '/appleid/button?locale=de_DE' --format svg -o - --labels "$tmp/labels.yml" \
  | grep -q '<title>Anmelden mit Apple</title>' && ok || fail "--labels: SVG title"
"$bin" render '/appleid/button?locale=de_DE&type=continue' --format svg -o - --labels "$tmp/labels.yml" \
  | grep -q '<title>Mit Apple fortfahren</title>' && ok || fail "--labels: titles not given stay"
"$bin" generate --out "$tmp/labelled" --modes center --types sign-in --styles black --locales de_DE --scales 1 \
  --formats png --labels "$tmp/labels.yml" >/dev/null \
  && grep -q '"title" : "Anmelden mit Apple"' "$tmp/labelled/manifest.json" \
  && grep -q 'alt="Anmelden mit Apple"' "$tmp/labelled/index.html" && ok || fail "generate --labels: manifest and gallery"
expect_labels() { # expected message part, YAML text
  printf '%b' "$2" >"$tmp/bad-labels.yml"
  expect_usage "$1" '/appleid/button' -o "$tmp/u.png" --labels "$tmp/bad-labels.yml"
  [ -e "$tmp/u.png" ] && fail "wrote a file with bad labels: $1"
}
expect_labels "bad-labels.yml:1:1: de-DE: unknown locale" 'de-DE:\n  sign-in: x\n'
expect_labels "bad-labels.yml:2:3: de_DE.signin: unknown type: expected sign-in, continue or sign-up" 'de_DE:\n  signin: x\n'
expect_labels "bad-labels.yml:2:11: de_DE.sign-in: title is empty" 'de_DE:\n  sign-in:\n'
expect_labels "de_DE.sign-in: title must be one line" 'de_DE:\n  sign-in: "a\\nb"\n'
expect_labels "de_DE.sign-in: the fonts have no glyph for '☃' (U+2603): it would be drawn as a box" \
  'de_DE:\n  sign-in: Mit Apple ☃\n'
expect_usage "--labels: no file '$tmp/none.yml'" '/appleid/button' -o "$tmp/u.png" --labels "$tmp/none.yml"
for command in serve generate; do
  args=(--port 1); [ $command = generate ] && args=(--out "$tmp/never")
  "$bin" $command "${args[@]}" --labels "$tmp/none.yml" >"$tmp/usage.out" 2>&1; status=$?
  [ "$status" = 64 ] && grep -qF -- "--labels: no file" "$tmp/usage.out" && [ ! -e "$tmp/never" ] \
    && ok || fail "$command --labels with no file: status $status, $(head -c 300 "$tmp/usage.out")"
done
printf 'de_DE:\n  continue: Mit Apple א\n' >"$tmp/borrowed.yml"
"$bin" render '/appleid/button' -o "$tmp/w.png" --labels "$tmp/borrowed.yml" 2>"$tmp/err" \
  && grep -qF "Warning: $tmp/borrowed.yml:2:13: de_DE.continue: 'א' (U+05D0) drawn with Noto Sans Hebrew" "$tmp/err" \
  && ok || fail "--labels: warning for another locale's font: $(cat "$tmp/err")"

if "$bin" render '/appleid/button' -o "$tmp/b.jpg" 2>"$tmp/err"; then fail "wrote PNG bytes to b.jpg"
else grep -qF "Cannot write '.jpg' files" "$tmp/err" && [ ! -e "$tmp/b.jpg" ] && ok || fail "message for -o b.jpg: $(cat "$tmp/err")"; fi
"$bin" render '/appleid/button' --format svg -o "$tmp/b.txt" && grep -q '<svg' "$tmp/b.txt" && ok || fail "--format with any extension"

# Files that cannot be written: one line naming the file and why, status 1.
expect_file_error() { # expected message, command...
  local message=$1; shift
  if err=$("$@" 2>&1); then fail "accepted: $*"; return; fi
  [ "$(wc -l <<<"$err")" = 1 ] && grep -qF -- "$message" <<<"$err" && ok || fail "message for $*: $err"
}
mkdir "$tmp/folder"; touch "$tmp/file"
expect_file_error "Cannot write '$tmp/none/b.png': No such file or directory." "$bin" render '/appleid/button' -o "$tmp/none/b.png"
expect_file_error "Cannot write '$tmp/folder': Is a directory." "$bin" render '/appleid/button' -o "$tmp/folder"
expect_file_error "--out: '$tmp/file' is a file, not a folder." "$bin" generate --out "$tmp/file"
expect_file_error "Cannot write '$tmp/file/sub': Not a directory." "$bin" generate --out "$tmp/file/sub"
mkdir -p "$tmp/set/logo/black/button@1x.png"  # an image the generator must write is a folder
expect_file_error "Cannot write '$tmp/set/logo/black/button@1x.png': Is a directory." \
  "$bin" generate --out "$tmp/set" --modes logo --styles black --scales 1 --formats png

echo "check-cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
