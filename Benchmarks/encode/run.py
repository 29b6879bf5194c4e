#!/usr/bin/env python3
"""PNG against WebP per request, for one or more builds side by side: each BINARY serves
(`serve --cache-mb 0 --workers 1`, so every request is drawn and encoded) and is asked over
one keep-alive connection for 375x64 at @1x, @3x and @6x in both formats, the builds and
formats interleaved in each round so that a busy moment hits them alike. Prints the median
time and the bytes of each. A benchmark, not a test: CI does not run it.

    python3 scripts/bench_formats.py [--rounds N] BINARY [BINARY...]
    (e.g. a release build of the commit before a change and of the change)
"""

import argparse
import http.client
import statistics
import time

from lib.serving import serve

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    servers = [start(binary) for binary in args.binaries]
    times, sizes = {}, {}
    try:
        for _ in range(args.rounds):
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
    print(f"median of {args.rounds} interleaved rounds, serve --cache-mb 0 --workers 1, one keep-alive connection\n")
    print("| build | button | PNG | WebP | WebP time / PNG | WebP bytes / PNG |")
    print("|---|---|---:|---:|---:|---:|")
    for b, binary in enumerate(args.binaries):
        for name, _ in CASES:
            png, webp = (statistics.median(times[(b, name, f)]) * 1000 for f in FORMATS)
            png_bytes, webp_bytes = (sizes[(b, name, f)] for f in FORMATS)
            print(
                f"| {binary} | {name} | {png:.2f} ms, {png_bytes:,} B | {webp:.2f} ms, {webp_bytes:,} B "
                f"| {webp / png:.2f} | {webp_bytes / png_bytes:.2f} |"
            )


if __name__ == "__main__":
    main()
