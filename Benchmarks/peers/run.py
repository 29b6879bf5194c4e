#!/usr/bin/env python3
# bench: our in-process render beside resvg and Skia (PyPI, in a venv), interleaved; fails past thresholds.json
"""Our renderer beside the two best in-process vector renderers, resvg (resvg-py) and
Skia (skia-python), each drawing our own SVG of the button to a PNG of the same pixel
size. Median of ROUNDS interleaved rounds (ours in-process, ours over HTTP, resvg, Skia
in turn for each case, so that a busy moment hits all of them alike). Each render there
starts with caches the others' work has cooled, so a second table has each renderer
draw the case IN_A_ROW times in a row in every round (the median of all but the first:
warm caches, as in a loop over many buttons). Prints both tables with ratios, then checks
the first against thresholds.json beside this file and exits 1 if one regressed. A
benchmark, not a test: CI does not run it.

resvg-py and skia-python come from PyPI, pinned, into a virtual environment kept in
~/.cache (this script runs itself again with its Python); RenderBenchmark and
siwa-buttons-full are built in release mode, unless --bin-dir names a folder with both.

    bash Benchmarks/run.sh peers [ROUNDS]                             (default 40)
    bash Benchmarks/run.sh peers [ROUNDS] --bin-dir .build/release
"""

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts", "lib"))
from build import ROOT, release_build
from serving import serve

THRESHOLDS = os.path.join(HERE, "thresholds.json")
VENV = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "siwa-buttons", "peer-venv")
PEERS = ["resvg-py==0.5.0", "skia-python==144.1"]
CASES = [
    ("375x64 @1x", "/appleid/button?width=375&height=64"),
    ("375x64 @3x", "/appleid/button?width=375&height=64&scale=3"),
    ("375x64 @6x", "/appleid/button?width=375&height=64&scale=6"),
]
IN_A_ROW = int(os.environ.get("IN_A_ROW", "5"))


def in_the_venv():
    """Runs this script again with the venv's Python, the peers installed there, unless it is that Python."""
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    python = os.path.join(VENV, "bin", "python")
    if not os.access(python, os.X_OK):
        subprocess.run(["bash", "-c", "source scripts/setup-build.sh && apt_install_missing python3-venv"], cwd=ROOT, check=False)
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "--quiet", "--disable-pip-version-check", *PEERS], check=True)
    os.execv(python, [python, os.path.abspath(__file__), *sys.argv[1:]])


def in_a_row(render, *args, **kwargs):
    """Seconds of each of IN_A_ROW calls of `render` in a row, the first (cold) left out."""
    seconds = []
    for _ in range(IN_A_ROW):
        start = time.perf_counter()
        render(*args, **kwargs)
        seconds.append(time.perf_counter() - start)
    return seconds[1:]


def skia_png(svg: bytes, width: int, height: int) -> bytes:
    import skia

    dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(svg))
    surface = skia.Surface(width, height)
    with surface as canvas:
        dom.setContainerSize(skia.Size(width, height))
        dom.render(canvas)
    return bytes(surface.makeImageSnapshot().encodeToData(skia.kPNG, 100))


def png_size(png: bytes):
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def table(prepared, times, sizes):
    print(
        "| button | ours in-process | ours over HTTP | resvg | Skia | resvg / ours | Skia / ours | PNG bytes: ours / resvg / Skia |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for name, *_ in prepared:
        m = {k: statistics.median(v) for k, v in times[name].items()}
        ours, resvg, sk = m["in-process"], m["resvg"], m["skia"]
        b = sizes[name]
        print(
            f"| {name} | {ours * 1e3:.2f} ms | {m['http'] * 1e3:.2f} ms | {resvg * 1e3:.2f} ms | {sk * 1e3:.2f} ms "
            f"| {resvg / ours:.1f}× | {sk / ours:.1f}× | {b[0]:,} / {b[1]:,} / {b[2]:,} |"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", type=int, nargs="?", default=40)
    parser.add_argument("--bin-dir", help="a folder with RenderBenchmark and siwa-buttons-full (default: built here, release)")
    args = parser.parse_args()
    in_the_venv()
    import resvg_py
    import skia

    rounds = args.rounds
    folder = args.bin_dir or release_build("RenderBenchmark", "siwa-buttons-full")
    bench, binary = os.path.join(folder, "RenderBenchmark"), os.path.join(folder, "siwa-buttons-full")
    server, port = serve(binary, "--cache-mb", "0", "--workers", "1", "--canonical", "off", "--log-level", "warning", cwd=ROOT)
    inproc = subprocess.Popen([bench, "--stdin"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

        def get(target):
            conn.request("GET", target)
            answer = conn.getresponse()
            body = answer.read()
            if answer.status != 200:
                sys.exit(f"{target}: {answer.status}")
            return body

        def ours_inproc(target):
            inproc.stdin.write(target + "\n")
            inproc.stdin.flush()
            nanoseconds, size = inproc.stdout.readline().split()
            return int(nanoseconds) / 1e9, int(size)

        prepared = []
        for name, target in CASES:
            svg = get(target.replace("/appleid/button?", "/appleid/button?format=svg&"))
            width, height = png_size(get(target))
            prepared.append((name, target, svg, width, height))
        times = {name: {"in-process": [], "http": [], "resvg": [], "skia": []} for name, *_ in prepared}
        warm = {name: {"in-process": [], "http": [], "resvg": [], "skia": []} for name, *_ in prepared}
        sizes = {}
        for _ in range(rounds):
            for name, target, svg, width, height in prepared:
                # K in a row each; the first of each run is dropped (its caches are cold).
                w = warm[name]
                w["in-process"] += [ours_inproc(target)[0] for _ in range(IN_A_ROW)][1:]
                w["http"] += in_a_row(get, target)
                w["resvg"] += in_a_row(resvg_py.svg_to_bytes, svg_string=svg.decode(), width=width, height=height)
                w["skia"] += in_a_row(skia_png, svg, width, height)
            for name, target, svg, width, height in prepared:
                t = times[name]
                seconds, ours_bytes = ours_inproc(target)
                t["in-process"].append(seconds)
                start = time.perf_counter()
                ours = get(target)
                t["http"].append(time.perf_counter() - start)
                start = time.perf_counter()
                theirs = bytes(resvg_py.svg_to_bytes(svg_string=svg.decode(), width=width, height=height))
                t["resvg"].append(time.perf_counter() - start)
                start = time.perf_counter()
                skias = skia_png(svg, width, height)
                t["skia"].append(time.perf_counter() - start)
                assert png_size(theirs) == png_size(ours) == png_size(skias) == (width, height), name
                sizes[name] = (ours_bytes, len(theirs), len(skias))
    finally:
        server.terminate()
        inproc.stdin.close()
        server.wait()
        inproc.wait()

    with open(THRESHOLDS) as f:
        thresholds = json.load(f)
    print(f"median of {rounds} interleaved rounds; resvg-py {resvg_py.__version__}, skia-python {skia.__version__}\n")
    failures = []
    table(prepared, times, sizes)
    print(f"\nthe same, each drawn {IN_A_ROW} times in a row per round (the first dropped: warm caches)\n")
    table(prepared, warm, sizes)
    for name, *_ in prepared:
        m = {k: statistics.median(v) for k, v in times[name].items()}
        ours, resvg, sk = m["in-process"], m["resvg"], m["skia"]
        b = sizes[name]
        limit = thresholds.get(name, {})
        if resvg / ours < limit.get("resvg_over_ours_min", 0):
            failures.append(f"{name}: resvg / ours {resvg / ours:.1f}× < {limit['resvg_over_ours_min']}×")
        if sk / ours < limit.get("skia_over_ours_min", 0):
            failures.append(f"{name}: Skia / ours {sk / ours:.1f}× < {limit['skia_over_ours_min']}×")
        if b[0] > b[1] * limit.get("bytes_over_resvg_max", float("inf")):
            failures.append(f"{name}: our PNG {b[0]} bytes > resvg's {b[1]} × {limit['bytes_over_resvg_max']}")
    for failure in failures:
        print("regressed past Benchmarks/peers/thresholds.json:", failure, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
