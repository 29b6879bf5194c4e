#!/usr/bin/env python3
# bench: memory and fairness of /api/export.zip (RSS while exporting; one slow reader beside N exports)
"""Memory and fairness of /api/export.zip, against a running build of siwa-buttons.

Usage: bash Benchmarks/run.sh export BINARY [--port 18150] [--normal 50]

1. RSS while exporting: the service's resident memory (VmRSS, sampled every 20 ms, and
   VmHWM, the kernel's own peak) while a client downloads a small export and then the
   largest single-platform pack of the default limits (the default matrix in all 37
   languages as the android preset: PNG at five densities and VectorDrawable), read as
   fast as the client can. The figure asked for: how far RSS grows with the archive.
2. One slow reader plus N normal exports: a client with a 4 KiB receive buffer asks for
   a large export and then reads nothing; meanwhile N clients ask at once for a normal
   export (the default set in two languages). Prints how many were answered 200 and how
   fast, how many got 503 and with which Retry-After.
"""

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

LARGE = "/api/export.zip?presets=android&locales=all"
SMALL = "/api/export.zip?modes=logo&styles=black"
NORMAL = "/api/export.zip?locales=en_US,de_DE"
SLOW = "/api/export.zip?locales=all&formats=png&scales=1,2,3,4,5,6"


def rss_kib(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def download(base, path, timeout=1200):
    started = time.monotonic()
    try:
        with urllib.request.urlopen(base + path, timeout=timeout) as answer:
            size = 0
            while True:
                piece = answer.read(1 << 16)
                if not piece:
                    break
                size += len(piece)
            return answer.status, size, time.monotonic() - started, None, answer.headers.get("Content-Length")
    except urllib.error.HTTPError as error:
        return error.code, 0, time.monotonic() - started, error.headers.get("Retry-After"), None


def measured_download(base, pid, path):
    samples, done = [], threading.Event()

    def sample():
        while not done.is_set():
            samples.append(rss_kib(pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    before = rss_kib(pid)
    sampler.start()
    status, size, seconds, _, length = download(base, path)
    done.set()
    sampler.join()
    return before, max(samples or [before]), rss_kib(pid), status, size, seconds, length


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--port", type=int, default=18150)
    parser.add_argument("--normal", type=int, default=50)
    args = parser.parse_args()
    base = f"http://127.0.0.1:{args.port}"
    log = tempfile.TemporaryFile()
    server = subprocess.Popen([args.binary, "serve", "--port", str(args.port), "--log-level", "warning"], stdout=log, stderr=log)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        print(f"service pid {server.pid}, RSS at start {rss_kib(server.pid) / 1024:.0f} MiB")
        for name, path in (("small export", SMALL), ("largest pack (android, 37 languages)", LARGE)):
            before, peak, after, status, size, seconds, length = measured_download(base, server.pid, path)
            print(
                f"{name}: {status}, {size / 1048576:.1f} MiB in {seconds:.1f} s "
                f"({'Content-Length ' + length if length else 'streamed, no Content-Length'}); "
                f"RSS {before / 1024:.0f} MiB before, peak {peak / 1024:.0f} MiB (+{(peak - before) / 1024:.0f}), "
                f"{after / 1024:.0f} MiB after; VmHWM so far {rss_kib(server.pid, 'VmHWM') / 1024:.0f} MiB"
            )

        # A slow reader takes a slot and holds it.
        slow = socket.socket()
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        slow.connect(("127.0.0.1", args.port))
        slow.sendall(f"GET {SLOW} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += slow.recv(1)
        status_line = head.split(b"\r\n")[0].decode()
        print(f"slow reader: {status_line}, now reading nothing")
        time.sleep(1)
        results = [None] * args.normal

        def one(i):
            results[i] = download(base, NORMAL)

        started = time.monotonic()
        threads = [threading.Thread(target=one, args=(i,)) for i in range(args.normal)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.monotonic() - started
        ok = sorted(r[2] for r in results if r[0] == 200)
        busy = [r for r in results if r[0] == 503]
        other = [r[0] for r in results if r[0] not in (200, 503)]
        print(
            f"{args.normal} normal exports beside the slow reader, in {wall:.1f} s: {len(ok)} answered 200"
            + (f" (first {ok[0]:.1f} s, median {statistics.median(ok):.1f} s, last {ok[-1]:.1f} s)" if ok else "")
            + f"; {len(busy)} got 503"
            + (f" with Retry-After {sorted({r[3] for r in busy})}" if busy else "")
            + (f"; other answers {other}" if other else "")
        )
        print(f"RSS with the slow reader still holding: {rss_kib(server.pid) / 1024:.0f} MiB")
        slow.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
