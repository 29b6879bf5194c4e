"""What the Python scripts that run `siwa-buttons serve` share (compare-answers.py, and
Benchmarks/peers, encode and element): a service on a free loopback port, waited for."""

import socket
import subprocess
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(binary, *options, cwd=None, quiet=False):
    """`binary serve` with `options` on 127.0.0.1 at a free port, once /healthz answers
    (at most 20 s; else it is killed and the script exits): (process, port)."""
    port = free_port()
    output = subprocess.DEVNULL if quiet else None
    process = subprocess.Popen(
        [binary, "serve", "--host", "127.0.0.1", "--port", str(port), *options], cwd=cwd, stdout=output, stderr=output
    )
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"{binary} serve did not answer /healthz")
