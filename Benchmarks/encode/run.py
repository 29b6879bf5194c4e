#!/usr/bin/env python3
# bench: PNG against lossless WebP: a set's bytes and the encoders' time (--per-request: builds side by side)
"""PNG against lossless WebP, on a set or per request. A benchmark, not a test: CI does not run it.

The set (the default): generates the default set with both formats in all 37 locales
(`generate --formats png,webp --locales all`), prints the bytes of each format from its
manifest, then times the two encoders on the same pixels of every PNG of the set
(EncodeBenchmark, main.swift beside this file, release build; --levels: also libwebp's
lossless presets 0-9). SIWA_BUTTONS_BIN: a siwa-buttons-full already built (any build
writes the same bytes), else the release one is built.

Per request (--per-request), for one or more builds side by side: each BINARY serves
(`serve --cache-mb 0 --workers 1`, so every request is drawn and encoded) and is asked over
one keep-alive connection for 375x64 at @1x, @3x and @6x in both formats, the builds and
formats interleaved in each round so that a busy moment hits them alike. Prints the median
time and the bytes of each.

    bash Benchmarks/run.sh encode [--levels]
    bash Benchmarks/run.sh encode --per-request [--rounds N] BINARY [BINARY...]
    (e.g. a release build of the commit before a change and of the change)
"""

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts", "lib"))
from build import ROOT, release_build
from serving import serve

CASES = [
    ("375x64 @1x", "/appleid/button?width=375&height=64"),
    ("375x64 @3x", "/appleid/button?width=375&height=64&scale=3"),
    ("375x64 @6x", "/appleid/button?width=375&height=64&scale=6"),
]
FORMATS = ("png", "webp")


def start(binary):
    server, port = serve(binary, "--cache-mb", "0", "--workers", "1", "--canonical", "off", "--log-level", "warning")
    return server, http.client.HTTPConnection("127.0.0.1", port, timeout=30)


def get(connection, target):
    connection.request("GET", target)
    answer = connection.getresponse()
    body = answer.read()
    if answer.status != 200:
        raise SystemExit(f"{target}: {answer.status}")
    return body


def the_set(levels):
    """The set: bytes of each format from the manifest, then EncodeBenchmark on its PNGs' pixels."""
    binary = os.environ.get("SIWA_BUTTONS_BIN")
    folder = release_build(*([] if binary else ["siwa-buttons-full"]), "EncodeBenchmark")
    binary = os.path.join(ROOT, binary) if binary else os.path.join(folder, "siwa-buttons-full")
    with tempfile.TemporaryDirectory(prefix="siwa-bench-webp.") as out:
        start_time = time.monotonic()
        generate = [binary, "generate", "--formats", "png,webp", "--locales", "all", "--out", os.path.join(out, "set")]
        subprocess.run(generate, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        seconds = time.monotonic() - start_time
        manifest = os.path.join(out, "set", "manifest.json")
        with open(manifest) as f:
            files = json.load(f)["files"]
        total = {f: sum(e["bytes"] for e in files if e["format"] == f) for f in FORMATS}
        count = {f: sum(1 for e in files if e["format"] == f) for f in FORMATS}
        print(f"generate --formats png,webp --locales all: {len(files)} images in {seconds:.1f} s")
        print(f"PNG:  {count['png']} files, {total['png']:,} bytes")
        print(f"WebP: {count['webp']} files, {total['webp']:,} bytes")
        print(f"WebP/PNG bytes: {total['webp'] / total['png']:.3f}\n", flush=True)
        subprocess.run(
            [os.path.join(folder, "EncodeBenchmark"), manifest, *(["--levels"] if levels else [])], cwd=ROOT, check=True
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", action="store_true", help="the set: also libwebp's lossless presets 0-9")
    parser.add_argument("--per-request", dest="binaries", nargs="+", metavar="BINARY", help="per request, these builds")
    parser.add_argument("--rounds", type=int, default=30, help="per request: rounds (default 30)")
    args = parser.parse_args()
    if not args.binaries:
        the_set(args.levels)
        return
    per_request(args.binaries, args.rounds)


def per_request(binaries, rounds):
    servers = [start(binary) for binary in binaries]
    times, sizes = {}, {}
    try:
        for _ in range(rounds):
            for name, target in CASES:
                for fmt in FORMATS:
                    for b, (_, connection) in enumerate(servers):
                        start_time = time.perf_counter()
                        body = get(connection, f"{target}&format={fmt}")
                        times.setdefault((b, name, fmt), []).append(time.perf_counter() - start_time)
                        sizes[(b, name, fmt)] = len(body)
    finally:
        for server, _ in servers:
            server.terminate()
            server.wait()
    print(f"median of {rounds} interleaved rounds, serve --cache-mb 0 --workers 1, one keep-alive connection\n")
    print("| build | button | PNG | WebP | WebP time / PNG | WebP bytes / PNG |")
    print("|---|---|---:|---:|---:|---:|")
    for b, binary in enumerate(binaries):
        for name, _ in CASES:
            png, webp = (statistics.median(times[(b, name, f)]) * 1000 for f in FORMATS)
            png_bytes, webp_bytes = (sizes[(b, name, f)] for f in FORMATS)
            print(
                f"| {binary} | {name} | {png:.2f} ms, {png_bytes:,} B | {webp:.2f} ms, {webp_bytes:,} B "
                f"| {webp / png:.2f} | {webp_bytes / png_bytes:.2f} |"
            )


if __name__ == "__main__":
    main()
