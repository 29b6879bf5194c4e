#!/usr/bin/env bash
# The `render` command as a user runs it: the README's examples, stdout output,
# format selection, and bad input (non-zero exit, one message, nothing written);
# outputs that never half-change: `render` and `generate` stopped by a failed write, a
# closed standard output, SIGINT, SIGTERM, SIGKILL and (as root) a full tmpfs.
# Usage: scripts/check-cli.sh [path/to/siwa-buttons]
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/siwa-buttons}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")  # some checks run in another folder
tmp=$(mktemp -d)
mounts=()  # tmpfs mounted below $tmp (root only), unmounted before removal
trap 'for m in "${mounts[@]}"; do umount "$m"; done; rm -rf "$tmp"' EXIT
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
expect_file_error "Cannot write '$tmp/file': Not a directory." "$bin" generate --out "$tmp/file/sub"
mkdir -p "$tmp/set/logo/black/button@1x.png"  # an image the generator must write is a folder
expect_file_error "Cannot write '$tmp/set/logo/black/button@1x.png': Is a directory." \
  "$bin" generate --out "$tmp/set" --modes logo --styles black --scales 1 --formats png


# --- Outputs never half-change -------------------------------------------------------
# manifest_ok DIR: every file manifest.json lists is there with its size and sha256.
manifest_ok() {
  python3 - "$1" <<'PY'
import hashlib, json, os, sys
root = sys.argv[1]
m = json.load(open(os.path.join(root, "manifest.json")))
bad = [e["path"] for e in m["files"] + m["pages"]
       if not os.path.isfile(os.path.join(root, e["path"]))
       or hashlib.sha256(open(os.path.join(root, e["path"]), "rb").read()).hexdigest() != e["sha256"]]
print(f"{len(m['files']) + len(m['pages'])} listed, {len(bad)} differ {bad[:3]}", file=sys.stderr)
sys.exit(1 if bad else 0)
PY
}
no_leftovers() { ! ls -a "$(dirname "$1")" | grep -q "^\.$(basename "$1")\.siwa-"; }
one_line() { [ "$(wc -l <"$1")" = 1 ]; }

# render: closed standard output, a closed pipe: one line, status 1, no crash.
"$bin" render '/appleid/button' -o - >&- 2>"$tmp/err"; status=$?
[ "$status" = 1 ] && one_line "$tmp/err" && grep -qF "Cannot write to standard output: Bad file descriptor." "$tmp/err" \
  && ok || fail "render -o - >&-: status $status, $(cat "$tmp/err")"
python3 - "$bin" >"$tmp/err" 2>&1 <<'PY'
import os, subprocess, sys
r, w = os.pipe(); os.close(r)  # nobody reads
p = subprocess.run([sys.argv[1], "render", "/appleid/button?scale=6", "-o", "-"], stdout=w, stderr=subprocess.PIPE)
print(p.returncode, p.stderr.decode().strip())
PY
grep -qx "1 Error: Cannot write to standard output: Broken pipe." "$tmp/err" && ok || fail "render into a closed pipe: $(cat "$tmp/err")"

# render: a failed write leaves no file (no temporary one, no truncated target).
mkdir -p "$tmp/ro"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k,ro tmpfs "$tmp/ro" 2>/dev/null; then mounts+=("$tmp/ro"); reason="Read-only file system"
else chmod 555 "$tmp/ro"; reason="Permission denied"; fi
expect_file_error "Cannot write '$tmp/ro/b.png': $reason." "$bin" render '/appleid/button' -o "$tmp/ro/b.png"
[ -z "$(ls -A "$tmp/ro")" ] && ok || fail "render into a read-only folder left $(ls -A "$tmp/ro")"
"$bin" render '/appleid/button' -o "$tmp/old.png" && cp "$tmp/old.png" "$tmp/old.copy"
expect_file_error "Cannot write '$tmp/old.png/x': Not a directory." "$bin" render '/appleid/button' -o "$tmp/old.png/x"
if [ "$(id -u)" = 0 ] && mkdir -p "$tmp/full" && mount -t tmpfs -o size=64k tmpfs "$tmp/full" 2>/dev/null; then
  mounts+=("$tmp/full")
  "$bin" render '/appleid/button' -o "$tmp/full/b.png"; cp "$tmp/full/b.png" "$tmp/full.copy"
  dd if=/dev/zero of="$tmp/full/fill" bs=4k 2>/dev/null
  expect_file_error "Cannot write '$tmp/full/b.png': No space left on device." \
    "$bin" render '/appleid/button/left?width=375&height=64&scale=6' -o "$tmp/full/b.png"
  [ "$(ls -A "$tmp/full" | tr '\n' ' ')" = "b.png fill " ] && cmp -s "$tmp/full/b.png" "$tmp/full.copy" \
    && ok || fail "render onto a full disk: $(ls -A "$tmp/full")"
  umount "$tmp/full"; unset 'mounts[-1]'
fi

# generate: usage errors (status 64), checked before anything is written.
expect_generate_usage() { # expected message part, generate arguments...
  local message=$1; shift
  (cd "$tmp" && "$bin" generate "$@") >"$tmp/usage.out" 2>&1; local status=$?
  [ "$status" = 64 ] && one_line "$tmp/usage.out" && grep -qF -- "$message" "$tmp/usage.out" && ok || fail "generate $*: status $status, $(head -c 300 "$tmp/usage.out")"
}
expect_generate_usage "--out: give a folder name, e.g. --out dist." --out ''
sizes=$(python3 -c 'print(",".join(f"{w}x{h}" for w in range(130, 376, 5) for h in (30, 44, 64)))')
start=$EPOCHREALTIME
expect_generate_usage "This configuration writes 799274 files, more than 20000: pass --max-files 799274 to allow it." \
  --out huge --locales all --sizes "$sizes" --scales 1,2,3,4,5,6 --formats png,svg,pdf
echo "check-cli: a 799274-file request refused in $(python3 -c "print(f'{$EPOCHREALTIME - $start:.2f}')") s" >&2
expect_generate_usage "writes 86 files, more than 50: pass --max-files 86" --out small --max-files 50
[ ! -e "$tmp/huge" ] && [ ! -e "$tmp/small" ] && ok || fail "a refused generate created its folder"
expect_generate_usage "is the current folder or holds it" --out .
"$bin" generate --out "$tmp/small" --max-files 86 >/dev/null && ok || fail "--max-files 86 allows 86 files"

# generate: SIGINT and SIGTERM part-way leave the previous set, every file matching its
# manifest, and no staging folder; SIGKILL leaves a staging folder the next run removes.
interrupt() { # signal, expected status
  local set="$tmp/set-$1"
  "$bin" generate --out "$set" --modes logo >/dev/null && echo mine >"$set/notes.txt"
  cp "$set/manifest.json" "$tmp/manifest.before"
  set -m  # a job of its own: a script's background jobs would otherwise ignore SIGINT
  "$bin" generate --out "$set" --locales all --jobs 1 >/dev/null 2>"$tmp/signal.err" &
  local pid=$! n=0
  set +m
  for _ in $(seq 300); do
    n=$(find "$tmp" -path "*/.set-$1.siwa-new-*" -type f 2>/dev/null | wc -l); [ "$n" -ge 200 ] && break; sleep 0.05
  done
  kill -"$1" "$pid"; wait "$pid"; local status=$?
  if [ "$1" = KILL ]; then
    [ "$status" = 137 ] && ! no_leftovers "$set" && ok || fail "SIGKILL: status $status, no staging folder left?"
  else
    [ "$status" = "$2" ] && one_line "$tmp/signal.err" && grep -q "^Interrupted (SIG$1): '$set' is as it was" "$tmp/signal.err" \
      && ok || fail "SIG$1: status $status, $(cat "$tmp/signal.err")"
    no_leftovers "$set" && ok || fail "SIG$1 left a staging folder"
  fi
  echo "check-cli: SIG$1 after $n files of 2676 staged:" >&2
  cmp -s "$set/manifest.json" "$tmp/manifest.before" && manifest_ok "$set" && [ -f "$set/notes.txt" ] \
    && ok || fail "SIG$1: the folder no longer matches its manifest"
}
interrupt INT 130
interrupt TERM 143
interrupt KILL
"$bin" generate --out "$tmp/set-KILL" --modes logo >/dev/null && no_leftovers "$tmp/set-KILL" && manifest_ok "$tmp/set-KILL" \
  && [ -f "$tmp/set-KILL/notes.txt" ] && ok || fail "the run after a SIGKILL"

# generate onto a full disk (root: a 2 MiB tmpfs): the old set stays, matching its manifest.
if [ "$(id -u)" = 0 ] && mkdir -p "$tmp/disk" && mount -t tmpfs -o size=2m tmpfs "$tmp/disk" 2>/dev/null; then
  mounts+=("$tmp/disk")
  "$bin" generate --out "$tmp/disk/set" >/dev/null; cp "$tmp/disk/set/manifest.json" "$tmp/manifest.before"
  expect_file_error "No space left on device." "$bin" generate --out "$tmp/disk/set" --locales all
  cmp -s "$tmp/disk/set/manifest.json" "$tmp/manifest.before" && manifest_ok "$tmp/disk/set" && no_leftovers "$tmp/disk/set" \
    && [ "$(ls -A "$tmp/disk")" = set ] && ok || fail "generate onto a full disk"
fi

# lint: Apple's rules. Exit 0 without errors, 1 with errors (or warnings with --strict), 64 for
# usage mistakes, 1 for files that cannot be read; one-line errors.
lint_status() { "$bin" lint "$@" >"$tmp/lint.out" 2>"$tmp/lint.err"; echo $?; }
[ "$(lint_status '/appleid/button?width=250&height=44')" = 0 ] && grep -q '0 errors, 0 warnings' "$tmp/lint.out" \
  && ok || fail "lint: a clean request"
[ "$(lint_status '/appleid/button?width=130&height=30')" = 1 ] && grep -q "error \[min-width\] Minimum width: width 130 pt" "$tmp/lint.out" \
  && ok || fail "lint: width 130 is an error: $(cat "$tmp/lint.out")"
[ "$(lint_status '/appleid/button?width=140&height=64')" = 0 ] && grep -q 'warning \[title-size\]' "$tmp/lint.out" \
  && ok || fail "lint: warnings alone exit 0"
[ "$(lint_status '/appleid/button?width=140&height=64' --strict)" = 1 ] && ok || fail "lint --strict: warnings exit 1"
[ "$(lint_status '/appleid/button' --background '#ffffff,#000000' --beside 200x44 --margin 1 --json)" = 1 ] \
  && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [f["id"] for f in d["findings"]]==["background-contrast","clear-space","prominence"], d; assert d["recommendations"]["dark"]==["white"]' "$tmp/lint.out" \
  && ok || fail "lint --json with a context: $(cat "$tmp/lint.out" "$tmp/lint.err")"
"$bin" render '/appleid/button?width=250&height=44&scale=2' -o "$tmp/lint-ok.png" 2>"$tmp/render.err" && [ ! -s "$tmp/render.err" ] \
  && [ "$(lint_status "$tmp/lint-ok.png" --scale 2)" = 0 ] && ok || fail "lint: our render passes: $(cat "$tmp/lint.out" "$tmp/render.err")"
"$bin" render '/appleid/button?width=130&height=30&scale=2' -o "$tmp/lint-small.png" 2>"$tmp/render.err" \
  && grep -q '^HIG error \[min-width\]' "$tmp/render.err" && ok || fail "render: findings on standard error"
"$bin" render '/appleid/button?width=130&height=30' -o "$tmp/lint-strict.png" --strict 2>"$tmp/render.err"; status=$?
[ "$status" = 1 ] && [ ! -e "$tmp/lint-strict.png" ] && grep -q "^Error: --strict" "$tmp/render.err" && ok || fail "render --strict: status $status"
cp "$tmp/lint-ok.png" "$tmp/lint-ok@2x.png"; cp "$tmp/lint-ok.png" "$tmp/lint-ok-as-1x.png"
[ "$(lint_status "$tmp/lint-ok@2x.png")" = 0 ] && [ "$(lint_status "$tmp/lint-ok-as-1x.png" --json)" = 0 ] \
  && grep -q '"widthPoints" : 500' "$tmp/lint.out" && ok || fail "lint: the scale from an @2x file name, else 1"
[ "$(lint_status "$tmp/lint-small.png" --scale 2 --annotate "$tmp/annotated.png")" = 1 ] && [ "$(png_size "$tmp/annotated.png" | cut -d' ' -f1)" -gt 260 ] \
  && ok || fail "lint IMAGE --annotate: $(cat "$tmp/lint.err")"
"$bin" render '/appleid/button?width=130&height=30' -o "$tmp/lint-small.svg" 2>/dev/null
[ "$(lint_status "$tmp/lint-small.svg")" = 1 ] && grep -q '\[min-width\]' "$tmp/lint.out" && ok || fail "lint an SVG"
"$bin" generate --out "$tmp/lint-set" --modes center --types sign-in --styles black --sizes 130x30,250x44 --scales 1 \
  --formats png >"$tmp/lint-set.out" && grep -q "^Note: 1 image breaks Apple's rules (min-width)" "$tmp/lint-set.out" \
  && python3 -c 'import json,sys; f={e["path"]: [x["id"] for x in e["findings"]] for e in json.load(open(sys.argv[1]))["files"]}; assert f=={"center/sign-in/black/en_US/button-130x30@1x.png": ["min-width"], "center/sign-in/black/en_US/button-250x44@1x.png": []}, f' "$tmp/lint-set/manifest.json" \
  && grep -q 'badge-error">error · min-width' "$tmp/lint-set/index.html" && ok || fail "generate: findings in the manifest, gallery and summary: $(cat "$tmp/lint-set.out")"
expect_lint() { # status, message, lint arguments...
  local want=$1 message=$2; shift 2
  local got; got=$(lint_status "$@")
  [ "$got" = "$want" ] && one_line "$tmp/lint.err" && grep -qF -- "$message" "$tmp/lint.err" \
    && ok || fail "lint $*: status $got, $(cat "$tmp/lint.err")"
}
echo "not an image" >"$tmp/notes.txt"
expect_lint 64 "Error: --background: 'pink' is not a colour" '/appleid/button' --background pink
expect_lint 64 "Error: --beside: '200by44' is not a size" '/appleid/button' --beside 200by44
expect_lint 64 "--scale is for images" '/appleid/button' --scale 2
expect_lint 64 "Error: give a request ('/appleid/button?...') or a PNG or SVG file."
[ "$(lint_status --help)" = 0 ] && [ ! -s "$tmp/lint.err" ] && grep -q 'USAGE: siwa-buttons lint' "$tmp/lint.out" \
  && ok || fail "lint --help: $(cat "$tmp/lint.err")"
expect_lint 64 "Invalid value '20' for parameter 'width'" '/appleid/button?width=20'
expect_lint 64 "--annotate: give a .png file name." "$tmp/lint-ok.png" --annotate "$tmp/out.jpg"
expect_lint 1 "Cannot read '$tmp/none.png': no such file." "$tmp/none.png"
expect_lint 1 "Cannot read '$tmp/notes.txt': not a PNG or SVG image." "$tmp/notes.txt"
expect_lint 1 "Cannot write '/nonexistent/a.png'" "$tmp/lint-ok.png" --annotate /nonexistent/a.png
"$bin" render '/appleid/button/logo?size=44' -o "$tmp/lint-logo.png" && python3 -c '
import struct,sys,zlib
def chunk(t,d): return struct.pack(">I",len(d))+t+d+struct.pack(">I",zlib.crc32(t+d))
raw=b"".join(b"\0"+b"\xff"*24 for _ in range(8))
open(sys.argv[1],"wb").write(b"\x89PNG\r\n\x1a\n"+chunk(b"IHDR",struct.pack(">IIBBBBB",8,8,8,0,0,0,0))+chunk(b"IDAT",zlib.compress(raw.replace(b"\xff"*24,b"\xff"*8)))+chunk(b"IEND",b""))' "$tmp/tiny.png"
expect_lint 1 "too small to measure" "$tmp/tiny.png"

echo "check-cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
