"""`lint` on hostile images stays bounded in memory and time: each gets one error line
and status 1, never an OOM kill, with the peak RSS of the process and its SVG reader
(a child process, `siwa_svg_rasterize_bounded`) under 512 MB.

The files: 2 MB of `<text>` (refused by size), 900 KB of `<text>` and 200 chained
blurs (stopped by the reader's memory limit: 3.1 GB and 1.0 GB unbounded),
`feTurbulence numOctaves=100` (stopped by --time-limit), PNG bombs of 8192 x 8192
(refused from the header) and 4096 x 4096 (read: the largest allowed).

    python3 e2e/check_lint_memory.py [BINARY]     (default .build/debug/siwa-buttons; e2e/run.sh runs it)
"""

import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib

from harness import ROOT
from harness.failures import Failures

LIMIT_MB = 512
TIME_LIMIT = 10
SVG = "<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}'>{body}</svg>"


def png(width, height):
    """A valid RGBA PNG of zeros: a few hundred KB that decode to width x height x 4 bytes."""

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    # Row by row: this process stays small (a child's peak RSS counts its parent's at fork).
    compressor, row, rows = zlib.compressobj(9), b"\0" + bytes(width * 4), b""
    for _ in range(height):
        rows += compressor.compress(row)
    rows += compressor.flush()
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", rows)
        + chunk(b"IEND", b"")
    )


def hostile_files():
    blurs = "".join(
        f"<feGaussianBlur in='{'SourceGraphic' if i == 0 else f'b{i - 1}'}' stdDeviation='3' result='b{i}'/>" for i in range(200)
    )
    return {
        "text-2mb.svg": SVG.format(w=200, h=40, body=f"<text y='20'>{'A' * (2 << 20)}</text>").encode(),
        "text-900kb.svg": SVG.format(w=200, h=40, body=f"<text y='20'>{'A' * (900 << 10)}</text>").encode(),
        "blurs-200.svg": SVG.format(
            w=1000,
            h=1000,
            body=f"<filter id='f' x='-50%' y='-50%' width='200%' height='200%'>{blurs}</filter>"
            "<rect width='1000' height='1000' filter='url(#f)'/>",
        ).encode(),
        "turbulence.svg": SVG.format(
            w=4096,
            h=4096,
            body="<filter id='t'><feTurbulence baseFrequency='0.01' numOctaves='100'/></filter>"
            "<rect width='4096' height='4096' filter='url(#t)'/>",
        ).encode(),
        "bomb-8192.png": png(8192, 8192),
        "bomb-4096.png": png(4096, 4096),
    }


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/siwa-buttons")
    failures = Failures()
    with tempfile.TemporaryDirectory() as folder:
        for name, data in hostile_files().items():
            path = os.path.join(folder, name)
            with open(path, "wb") as f:
                f.write(data)
            started = time.monotonic()
            with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
                process = subprocess.Popen(
                    [binary, "lint", path, "--time-limit", str(TIME_LIMIT)], stdout=out_file, stderr=err_file
                )
                _, status, usage = os.wait4(process.pid, 0)
                process.returncode = 0  # reaped here, for the rusage
                took = time.monotonic() - started
                out_file.seek(0)
                err_file.seek(0)
                out, err = out_file.read(), err_file.read()
            peak_mb = usage.ru_maxrss / 1024  # the process and its reaped children, the reader included
            code = os.waitstatus_to_exitcode(status)
            lines = err.decode(errors="replace").splitlines()
            print(
                f"{name:16} {len(data) >> 10:5} KB: status {code}, peak RSS {peak_mb:.0f} MB, {took:.1f} s: "
                f"{lines[-1][:110] if lines else out.decode()[:110]}",
                flush=True,
            )
            # The 4096 x 4096 PNG is read: its findings (no button face) are the one error.
            expected_lines = [line for line in lines if line.startswith("Error:")]
            if code != 1 or len(expected_lines) != 1 or len(lines) != 1:
                failures.check(False, f"{name}: status {code}, standard error {lines[:3]}")
            if peak_mb >= LIMIT_MB:
                failures.check(False, f"{name}: peak RSS {peak_mb:.0f} MB, not under {LIMIT_MB} MB")
            if took > TIME_LIMIT + 5:
                failures.check(False, f"{name}: {took:.0f} s, over --time-limit {TIME_LIMIT} + 5 s")
    if not failures:
        print(f"every hostile file: one line, status 1, peak RSS under {LIMIT_MB} MB")
    return failures.summary("check_lint_memory")


if __name__ == "__main__":
    sys.exit(main())
