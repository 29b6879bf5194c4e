#!/usr/bin/env bash
# The library as a user's package depends on it: a package outside this repository,
# written here into a temporary folder, depends on siwa-buttons by path (as by URL),
# mounts SIWAServer's routes in a Hummingbird app of its own, is built, copied with its
# resource bundle to another temporary folder and run from / with no SIWA_* variable.
# The app is Examples/HostApp, copied as it is. It must serve a button
# (the bytes `siwa-buttons render` writes), the editor and a
# snippet: fonts, templates and the editor come from the package's resources.
#
#   bash e2e/check-dependent-package.sh [scratch-path]
#
# The dependent package is built with this repository's scratch path (.build, or the
# argument): the dependencies' modules are the ones already built there, so only the
# app and what links it are new (a fresh scratch path would build all of Hummingbird,
# NIO and Cairo's wrappers again: many minutes on a 2-core machine).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRATCH="${1:-$ROOT/.build}"
PORT="${PORT:-18145}"
started=$SECONDS

WORK="$(mktemp -d -t siwa-dependent.XXXXXX)"
APP_PID=""
cleanup() {
    [[ -n "$APP_PID" ]] && kill "$APP_PID" 2>/dev/null && wait "$APP_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/app/Sources/ButtonsApp"
cat >"$WORK/app/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "buttons-app",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "$ROOT"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(name: "ButtonsApp", dependencies: [
            .product(name: "SIWAServer", package: "$(basename "$ROOT")"),
            .product(name: "SIWAButtons", package: "$(basename "$ROOT")"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
        ]),
    ]
)
SWIFT
# The app is Examples/HostApp as a user copies it: its files unchanged, so the example
# compiles against the public API alone (no `package` or @testable access).
cp "$ROOT"/Examples/HostApp/*.swift "$WORK/app/Sources/ButtonsApp/"

echo "building the dependent package (scratch path $SCRATCH)..."
build_started=$SECONDS
swift build --package-path "$WORK/app" --scratch-path "$SCRATCH" --product ButtonsApp 2>&1 | grep -E "error|warning: .*ButtonsApp|Compiling|Build complete" | grep -v "^\[" || true
BIN="$(swift build --package-path "$WORK/app" --scratch-path "$SCRATCH" --show-bin-path)"
[[ -x "$BIN/ButtonsApp" ]] || { echo "FAIL: the dependent package did not build" >&2; exit 1; }
echo "     built in $((SECONDS - build_started)) s"

# Shipped as a SwiftPM app is: the executable and its resource bundles, nothing else.
mkdir -p "$WORK/ship"
cp "$BIN/ButtonsApp" "$WORK/ship/"
cp -R "$BIN"/*_SIWAResources.resources "$WORK/ship/"
(cd / && exec env -u SIWA_FONTS_DIR -u SIWA_TEMPLATES_DIR -u SIWA_PUBLIC_DIR "$WORK/ship/ButtonsApp" "$PORT") >"$WORK/app.log" 2>&1 &
APP_PID=$!
for _ in $(seq 1 100); do
    curl -fsS -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null && break
    kill -0 "$APP_PID" 2>/dev/null || { echo "FAIL: the app stopped:"; cat "$WORK/app.log"; exit 1; }
    sleep 0.1
done

TARGET="/appleid/button?color=white&type=continue&width=200&height=44&scale=2"
curl -fsS -o "$WORK/served.png" "http://127.0.0.1:$PORT/buttons$TARGET"
"$ROOT/.build/debug/siwa-buttons" render "$TARGET" -o "$WORK/rendered.png" 2>/dev/null \
    || "$SCRATCH/debug/siwa-buttons-full" render "$TARGET" -o "$WORK/rendered.png"
cmp -s "$WORK/served.png" "$WORK/rendered.png" || { echo "FAIL: the app's button differs from siwa-buttons render's" >&2; exit 1; }
echo "ok   the dependent app serves $TARGET (the bytes siwa-buttons render writes)"
# Into files, not `| grep -q`: grep stops reading at the first match and, under
# pipefail, curl's failed write then fails the check (CI run 29).
curl -fsS -o "$WORK/editor.html" "http://127.0.0.1:$PORT/buttons/"
grep -q "Sign in with Apple button editor" "$WORK/editor.html" \
    || { echo "FAIL: no editor at /buttons/" >&2; exit 1; }
echo "ok   the editor at /buttons/, from the package's resources"
curl -fsS -o "$WORK/snippet.html" "http://127.0.0.1:$PORT/buttons/api/snippet/appleid/button?client-id=com.example.web&redirect-uri=https%3A%2F%2Fexample.com%2Fcb"
grep -q "appleid-signin" "$WORK/snippet.html" || { echo "FAIL: no snippet" >&2; exit 1; }
echo "ok   a snippet from the package's templates"
echo "dependent package check passed in $((SECONDS - started)) s"
