"""What the end-to-end checks share: the repository, free ports, plain HTTP, headless
Chromium with every host but ours unresolvable, PNG headers. e2e/run.sh runs the checks."""

import os
import socket
import struct
import subprocess
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Every host but 127.0.0.1 unresolvable: the checks give the same result with or without
# network (the stand-ins for Apple's script are served by intercepting requests).
OFFLINE_RESOLVER = "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"

# Headless Chromium without anything that would reach out or vary between runs.
CHROMIUM_ARGUMENTS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--mute-audio",
)


def free_port():
    """A port nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_get(url, timeout=20):
    """(status, headers, body) without raising on 4xx/5xx."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def png_size(data):
    """(width, height) from a PNG's IHDR chunk, or None for bytes that are not a PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


def webp_size(data):
    """(width, height) from a lossless WebP's VP8L header, or None for anything else."""
    if data[:4] != b"RIFF" or data[8:16] != b"WEBPVP8L" or data[20:21] != b"\x2f":
        return None
    bits = struct.unpack("<I", data[21:25])[0]
    return (bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1


def read_log(path):
    """A server's log file, as text."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def stop(process, timeout=10):
    """SIGTERM (a graceful stop), then SIGKILL if it is still running after `timeout` s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
