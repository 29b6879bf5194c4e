#!/usr/bin/env python3
"""Soak and abuse check of `siwa-buttons serve`, on loopback, bounded in time.

  python3 e2e/check_soak.py BIN [--buttons N] [--plot OUT.png] [--only memory,slow,fds]

memory  N distinct buttons (all endpoints, locales, scales 1-6, every format), once
        with --cache-mb 0 and once with --cache-mb 16; RSS sampled as they are served.
        Asserts the stated bound (RSS <= base + cache + margin) and flatness (the
        median RSS of the last quarter within 5% of the second quarter's). Writes the RSS plot with --plot.
slow    50 connections send a header byte per second (slowloris) while a normal client
        measures its latency: they must be closed after --idle-timeout, p99 stays low.
        Also: HTTP/1.0 without keep-alive is closed after its answer.
fds     the server under `prlimit --nofile=128`: with --max-connections above what the
        descriptors allow, 200 idle connections must not make it spin (CPU near idle
        while accept fails), and it answers again once they close; with the default
        limit, connections past it get a prompt 503.
readers N connections (--readers, 50) pipeline scale-6 PNGs (or, with --readers-of
        export, each ask for a 13 MB export) with a 4 KB receive buffer and never read: with the write guards off (the old behaviour) and on
        (--write-timeout 5, --output-budget-mb 32): RSS peak, RSS after they go, and
        when the server has closed them all. With the guards on all must be closed
        within 60 s (serving them until they stall takes the rest) and RSS must stay
        under the bound.
burst   (not in the default run: its goal is a release build's; a debug build on a
        loaded machine takes over a second) 600 connections each pipeline 300 requests for a cached scale-6 PNG and never
        read, while /healthz is asked on a new connection every 100 ms from a process of
        its own: p99 under 100 ms, none failing (each connection has at most 4 requests
        read ahead and unanswered).
long    (not in the default run) --minutes of everything at once with --workers (8):
        distinct renders in every format, exports, non-reading clients; /healthz sampled
        throughout (p99 under 50 ms, never failing), 0 answers other than 200/503, RSS
        under the bound, every sampled answer byte-identical to its render alone.
worst   (not in the default run) the long check under the worst mix: --cache-mb 64,
        --exports 2 both busy, 128 render connections, 600 pipelining non-readers every
        40 s; also asserts 15% headroom under the bound and RSS flat by quarters.

The memory check also compares answers: every 10th button served under load is
requested again alone at the end, and must be the same bytes.
Prints one line per check and exits non-zero on the first failure.
"""

import argparse
import hashlib
import http.client
import json
import multiprocessing
import os
import random
import select
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from harness.failures import CheckFailed, Failures
from harness.service import Service

# Memory bound beyond the process's base and the image cache: fonts, text engines
# (each retired after 64 sizes), Cairo's and fontconfig's own bounded caches, malloc
# arenas of the render threads. Measured peak: see docs/performance.md (Service guarantees).
MARGIN_MB = 96
# What each render thread beyond the first two adds at most (its text engine's font and
# glyph caches, its malloc arena): measured in the long check, 2 workers peak 150 MB,
# 8 workers 217 MB, the same mix (docs/performance.md, "Everything at once").
PER_WORKER_MB = 12


# What each export being made adds at most (its plan, manifest and the text engine's
# caches at every density): 2,000 clients asking for a 13 MB export, two made at once
# (--exports 2), peaked at base + 155 MB; the largest Android pack alone at base + 69.
EXPORT_MB = 80


def bound_mb(base, cache_mb=0, budget_mb=0, workers=2, exports=0):
    """The RSS the service is documented to stay under: base + --cache-mb +
    --output-budget-mb + the margin + PER_WORKER_MB for each render thread past two +
    EXPORT_MB for each export being made at once."""
    return base + cache_mb + budget_mb + MARGIN_MB + PER_WORKER_MB * max(0, workers - 2) + EXPORT_MB * exports


# Flatness compares medians of quarters, not two samples: single samples swing by
# +-6 MB (malloc arenas, the cache's turnover), which made a two-sample check flaky.
# 5% of ~87 MB over the 10,000 buttons between the quarters' middles catches a leak
# of about 0.45 KB per button or more.
FLAT_PERCENT = 5


def median(values):
    values = sorted(values)
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2


def quarter_medians(series):
    """Median RSS of the second quarter and of the last quarter of a run's samples."""
    quarter = max(1, len(series) // 4)
    return median(series[quarter : 2 * quarter]), median(series[-quarter:])


def grows(series):
    early, late = quarter_medians(series)
    return late > early * (1 + FLAT_PERCENT / 100)


def check_flatness_check():
    """The flatness check must fail on a leak it claims to catch and pass on this
    machine's measured noise; otherwise it is a test that cannot fail."""
    noise = [0, 6, -5, 3, -6, 1, 5, -3, 2, -4]
    flat = [87 + noise[i % len(noise)] for i in range(40)]
    leaking = [87 + 0.5 * 500 * i / 1024 + noise[i % len(noise)] for i in range(40)]  # 0.5 KB per button
    if grows(flat) or not grows(leaking):
        raise CheckFailed("memory: the flatness check does not tell a 0.5 KB-per-button leak from noise")


def locales(binary):
    """Apple's locale codes, from the binary's schema (the one list the service has)."""
    schema = json.loads(subprocess.run([binary, "schema"], check=True, capture_output=True, text=True).stdout)
    return sorted({locale["code"] for locale in schema["locales"]})


def distinct_targets(count, binary, seed=1):
    """`count` distinct request targets across the three endpoints, every locale,
    scales 1-6 and the three formats, in a shuffled but repeatable order."""
    rng = random.Random(seed)
    locs = locales(binary)
    seen, out = set(), []
    while len(out) < count:
        endpoint = rng.choice(["button", "left", "logo"])
        scale = rng.randint(1, 6)
        fmt = rng.choices(["png", "webp", "svg", "pdf", "vectordrawable"], weights=[6, 2, 2, 1, 1])[0]
        if endpoint == "logo":
            q = f"/appleid/button/logo?size={rng.randint(30, 64)}&scale={scale}"
        else:
            path = "/appleid/button" if endpoint == "button" else "/appleid/button/left"
            q = (
                f"{path}?width={rng.randint(130, 375)}&height={rng.randint(30, 64)}&scale={scale}"
                f"&locale={rng.choice(locs)}&type={rng.choice(['sign-in', 'continue', 'sign-up'])}"
            )
        q += f"&format={fmt}"
        if q not in seen:
            seen.add(q)
            out.append(q)
    return out


class Server(Service):
    """The service as the soak runs it (`harness.service.Service`): errors only in its log,
    canonical redirects off (the distinct buttons are spelled freely, and each must be a
    render)."""

    def __init__(self, binary, *args, prlimit=None):
        super().__init__(binary, "--canonical", "off", *args, log_level="error", prlimit=prlimit, timeout=30)

    def logged_errors(self, limit=5):
        """The first `limit` lines the server logged (errors only, at --log-level error)."""
        return self.output().splitlines()[:limit]


def get(port, target, timeout=10, conn=None):
    c = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    c.request("GET", target)
    r = c.getresponse()
    body = r.read()
    if conn is None:
        c.close()
    return r.status, dict(r.getheaders()), body


def answers(port, within):
    """Whether /healthz answers 200 within `within` seconds."""
    deadline = time.time() + within
    while time.time() < deadline:
        try:
            if get(port, "/healthz", timeout=2)[0] == 200:
                return True
        except OSError:
            pass
        time.sleep(0.1)
    return False


def ok(message):
    print(f"ok   {message}", flush=True)


# MARK: memory


def serve_distinct(server, targets, samples, label, threads=8, digests=None):
    """Sends every target once (keep-alive, `threads` clients); samples RSS every 500.
    With `digests` (a dict), keeps the SHA-256 of every 10th answer by target."""
    lock = threading.Lock()
    done = [0]
    errors = []
    chunks = [targets[i::threads] for i in range(threads)]

    def run(chunk):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        for t in chunk:
            for attempt in range(20):
                status, _, body = get(server.port, t, conn=conn)
                if status != 503:
                    break
                time.sleep(0.05)
            if status != 200 or not body:
                errors.append(f"{status} {t}")
            with lock:
                done[0] += 1
                if digests is not None and done[0] % 10 == 0:
                    digests[t] = hashlib.sha256(body).hexdigest()
                if done[0] % 500 == 0:
                    samples.append((label, done[0], server.rss_mb()))
        conn.close()

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(run, chunks))
    if errors:
        raise CheckFailed(
            f"memory: {len(errors)} requests failed, e.g. {errors[:3]}; the server logged: {server.logged_errors()}"
        )


def compare_alone(server, digests, label):
    """Requests each target of `digests` again, one at a time on an idle server: the
    bytes must be those it answered under load. Returns the number compared."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    differing = [t for t, digest in digests.items() if hashlib.sha256(get(server.port, t, conn=conn)[2]).hexdigest() != digest]
    conn.close()
    if differing:
        raise CheckFailed(
            f"{label}: {len(differing)} of {len(digests)} answers under load differ from the same URL alone, e.g. {differing[:3]}"
        )
    return len(digests)


def check_memory(binary, buttons, plot):
    check_flatness_check()
    targets = distinct_targets(buttons, binary)
    samples = []
    results = {}
    for cache_mb in (0, 16):
        label = f"--cache-mb {cache_mb}"
        server = Server(binary, "--cache-mb", str(cache_mb))
        try:
            base = server.rss_mb()
            samples.append((label, 0, base))
            started = time.time()
            digests = {}
            serve_distinct(server, targets, samples, label, digests=digests)
            elapsed = time.time() - started
            series = [rss for (l, _, rss) in samples if l == label]
            peak, end = max(series), series[-1]
            early, late = quarter_medians(series[1:])  # without the base sample
            bound = bound_mb(base, cache_mb, workers=len(os.sched_getaffinity(0)))  # the server's default workers
            results[cache_mb] = (base, early, late, peak, bound)
            print(
                f"     {label}: {buttons} distinct buttons in {elapsed:.0f} s; RSS base {base:.0f} MB, "
                f"median second quarter {early:.0f} MB, last quarter {late:.0f} MB, end {end:.0f} MB, "
                f"peak {peak:.0f} MB (bound {bound:.0f} MB)",
                flush=True,
            )
            if peak > bound:
                raise CheckFailed(f"memory: {label} peak RSS {peak:.0f} MB exceeds the bound {bound:.0f} MB")
            if grows(series[1:]):
                raise CheckFailed(
                    f"memory: {label} RSS still growing: median {early:.0f} MB in the second quarter, {late:.0f} MB in the last"
                )
            if cache_mb == 0:  # with a cache the second request would be a hit: compare renders
                compared = compare_alone(server, digests, "memory")
                ok(
                    f"memory: {compared} URLs answered under load (8 clients, every format) "
                    "byte-identical to their render alone, 0 differ"
                )
        finally:
            server.stop()
    ok(f"memory: {buttons} distinct buttons twice, RSS bounded and flat")
    if plot:
        draw_plot(samples, plot, buttons)
        ok(f"memory: plot written to {plot}")


def draw_plot(samples, path, buttons):
    from PIL import Image, ImageDraw, ImageFont

    w, h, left, bottom, top, right = 900, 420, 70, 50, 40, 30
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    try:  # Debian's DejaVu when present (Pillow's built-in bitmap font drops spaces)
        d.font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 13)
    except OSError:
        pass
    ymax = max(rss for (_, _, rss) in samples) * 1.15
    ymax = (int(ymax / 50) + 1) * 50

    def xy(n, rss):
        return (left + (w - left - right) * n / buttons, h - bottom - (h - top - bottom) * rss / ymax)

    for mb in range(0, ymax + 1, 50):
        y = xy(0, mb)[1]
        d.line([(left, y), (w - right, y)], fill=(230, 230, 230))
        d.text((left - 8, y), f"{mb}", fill="black", anchor="rm")
    for n in range(0, buttons + 1, max(1, buttons // 5)):
        x = xy(n, 0)[0]
        d.text((x, h - bottom + 8), f"{n:,}", fill="black", anchor="mt")
    d.line([(left, top), (left, h - bottom), (w - right, h - bottom)], fill="black")
    d.text((left, 12), "RSS (MB) of siwa-buttons serve against distinct buttons served", fill="black")
    d.text(((w + left) / 2, h - 18), "distinct buttons served", fill="black", anchor="mt")
    colours = {"--cache-mb 0": (30, 90, 200), "--cache-mb 16": (220, 90, 30)}
    for i, (label, colour) in enumerate(colours.items()):
        points = [xy(n, rss) for (l, n, rss) in samples if l == label]
        if len(points) > 1:
            d.line(points, fill=colour, width=3)
        d.line([(w - 230, top + 10 + 18 * i), (w - 200, top + 10 + 18 * i)], fill=colour, width=3)
        d.text((w - 192, top + 10 + 18 * i), label, fill="black", anchor="lm")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    img.save(path, optimize=True)


# MARK: slow clients


def check_slow(binary):
    idle = 3
    server = Server(binary, "--idle-timeout", str(idle))
    try:
        slow = []
        for _ in range(50):
            slow.append(socket.create_connection(("127.0.0.1", server.port)))
        request = b"GET /appleid/button HTTP/1.1\r\nHost: x\r\n"
        closed_at = {}
        latencies = []
        stop = threading.Event()

        def normal_client():
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            while not stop.is_set():
                t = time.perf_counter()
                status, _, _ = get(server.port, "/appleid/button?width=200", conn=conn)
                latencies.append(time.perf_counter() - t)
                if status != 200:
                    raise CheckFailed(f"slow: a normal request got {status}")
                time.sleep(0.01)
            conn.close()

        client = threading.Thread(target=normal_client)
        client.start()
        started = time.time()
        i = 0
        # Each round sends every open connection its next header byte, then waits out
        # the rest of the second watching for the server closing them.
        while time.time() - started < idle + 4 and len(closed_at) < len(slow):
            round_start = time.time()
            byte = request[i % len(request) : i % len(request) + 1]
            for k, s in enumerate(slow):
                if k in closed_at:
                    continue
                try:
                    s.send(byte)
                except OSError:
                    closed_at[k] = time.time() - started
            i += 1
            while (left := 1 - (time.time() - round_start)) > 0:
                waiting = [s for k, s in enumerate(slow) if k not in closed_at]
                readable, _, _ = select.select(waiting, [], [], left) if waiting else ([], [], [])
                if not readable:
                    break
                for s in readable:
                    try:
                        data = s.recv(4096)
                    except OSError:
                        data = b""
                    if not data:
                        closed_at[slow.index(s)] = time.time() - started
        stop.set()
        client.join()
        for s in slow:
            s.close()
        if len(closed_at) < len(slow):
            raise CheckFailed(
                f"slow: {len(slow) - len(closed_at)} of {len(slow)} slowloris connections still open after {idle + 4} s"
            )
        latest = max(closed_at.values())
        if latest < idle - 0.5:
            raise CheckFailed(f"slow: connections closed after {latest:.1f} s, before the {idle} s idle timeout")
        latencies.sort()
        p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
        ok(
            f"slow: 50 slowloris connections closed after {min(closed_at.values()):.1f}-{latest:.1f} s "
            f"(--idle-timeout {idle}); a normal client meanwhile: {len(latencies)} requests, p99 {p99:.1f} ms"
        )
        if p99 > 250:
            raise CheckFailed(f"slow: normal client's p99 {p99:.0f} ms while slow clients were connected")

        # HTTP/1.0 without keep-alive: closed after the answer, which says so.
        s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        s.sendall(b"GET /healthz HTTP/1.0\r\n\r\n")
        data = b""
        while True:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
        s.close()
        if not data.startswith(b"HTTP/1.1 200") or b"connection: close" not in data.lower():
            raise CheckFailed(f"slow: HTTP/1.0 answer was {data[:200]!r}")
        ok("slow: HTTP/1.0 without keep-alive is answered with Connection: close and closed")
    finally:
        server.stop()


# MARK: descriptors


def open_idle(port, count):
    socks = []
    for _ in range(count):
        try:
            socks.append(socket.create_connection(("127.0.0.1", port), timeout=2))
        except OSError:
            break
    return socks


def check_fds(binary):
    # Past the descriptors: accept fails with EMFILE; the server must back off, not spin.
    server = Server(binary, "--max-connections", "1000", "--idle-timeout", "60", prlimit=128)
    try:
        socks = open_idle(server.port, 200)
        time.sleep(1)
        cpu0 = server.cpu_seconds()
        time.sleep(3)
        busy = (server.cpu_seconds() - cpu0) / 3
        if busy > 0.10:
            raise CheckFailed(f"fds: {busy:.2f} of a core busy while out of descriptors (accept loop spinning)")
        for s in socks:
            s.close()
        if not answers(server.port, within=10):
            raise CheckFailed("fds: the server did not answer again after the connections closed")
        ok(f"fds: 200 connections against `ulimit -n` 128: {busy:.3f} of a core busy, answers again once they close")
    finally:
        server.stop()

    # The default limit (ulimit -n less 64 = 64 here): past it, a prompt plain 503.
    server = Server(binary, "--idle-timeout", "60", prlimit=128)
    try:
        socks = open_idle(server.port, 64)
        time.sleep(0.5)
        t = time.perf_counter()
        try:
            status, _headers, body = get(server.port, "/healthz", timeout=5)
        except OSError as e:
            raise CheckFailed(f"fds: a connection past the limit got no answer ({e})") from e
        ms = (time.perf_counter() - t) * 1000
        if status != 503 or not body.startswith(b"Too many connections"):
            raise CheckFailed(f"fds: past the limit: {status} {body[:80]!r}")
        for s in socks:
            s.close()
        time.sleep(0.5)
        status, _, _ = get(server.port, "/healthz")
        if status != 200:
            raise CheckFailed(f"fds: after the connections closed: {status}")
        ok(f"fds: past --max-connections (default 64 under ulimit -n 128) a 503 in {ms:.1f} ms; 200 again once they close")
    finally:
        server.stop()


# MARK: clients that do not read

LARGE = "/appleid/button?width=375&height=64&scale=6"
# What a non-reading client asks for: 400 pipelined scale-6 PNGs (about 9 MB of answers:
# more than the kernel's socket buffers take, so the rest waits in the server), or one
# large export (13 MB ZIP; --readers-of export).
ASKS = {"png": (LARGE, 400), "export": ("/api/export.zip?locales=all&formats=png,svg", 1)}


def open_non_readers(port, count, asks="png", requests=None):
    """`count` connections with a 4 KB receive buffer that send their requests (ASKS[asks],
    or `requests` of its target) and never read."""
    target, asked = ASKS[asks]
    requests = requests or asked
    request = f"GET {target} HTTP/1.1\r\nHost: x\r\n\r\n".encode() * requests
    socks = []
    for _ in range(count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        try:
            s.connect(("127.0.0.1", port))
            s.setblocking(False)
            try:
                s.send(request)
            except OSError:
                pass
        except OSError:
            s.close()
            continue
        socks.append(s)
    return socks


def measure_non_readers(binary, count, guards, timeout=5, wait=40, asks="png"):
    """Opens `count` non-reading clients and watches the server for `wait` seconds:
    RSS base and peak, and when its connections are all closed (None: not within `wait`)."""
    args = ["--max-connections", str(count + 64)]
    args += (
        ["--write-timeout", str(timeout), "--output-budget-mb", "32"]
        if guards
        else ["--write-timeout", "86400", "--output-budget-mb", "1048576"]
    )
    server = Server(binary, *args, prlimit=count + 256)
    try:
        base, sockets = server.rss_mb(), socket_count(server.pid)
        socks = open_non_readers(server.port, count, asks)
        started = time.time()  # connecting may wait on the listen backlog: count from here
        peak, all_closed, most_open = base, None, 0
        while time.time() - started < wait:
            peak = max(peak, server.rss_mb())
            # Counted on the server's side: a connection it closed with answers unsent may
            # still look open to the client, its FIN queued behind data nobody reads.
            open_now = socket_count(server.pid) - sockets
            most_open = max(most_open, open_now)
            # At or under the count before (a keep-alive connection of the start-up probe
            # may have closed meanwhile: -1).
            if open_now <= 0 and most_open > 0:
                all_closed = time.time() - started
                break
            time.sleep(0.25)
        left = max(0, socket_count(server.pid) - sockets)
        for s in socks:
            s.close()
        time.sleep(2)
        after = server.rss_mb()
        peak = max(peak, after)
        try:
            status = get(server.port, "/healthz", timeout=30)[0]
        except OSError:
            status = "no answer in 30 s"
        return base, peak, after, len(socks), left, all_closed, status
    finally:
        server.stop()


def socket_count(pid):
    """Sockets the process holds open (its listener and connections)."""
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"):
                count += 1
        except OSError:
            pass
    return count


def check_readers(binary, count, asks="png"):
    timeout = 5
    # Serving each client until its buffers are full takes time; more clients, longer.
    wait = max(60, count // 10)
    rows = []
    for guards in (False, True):
        base, peak, after, connected, left, closed_in, status = measure_non_readers(binary, count, guards, timeout, wait, asks)
        label = f"guards on (--write-timeout {timeout}, --output-budget-mb 32)" if guards else "guards off"
        rows.append((label, base, peak, after, left, closed_in))
        when = f"all closed after {closed_in:.1f} s" if closed_in else f"{left} still open after {wait} s"
        print(
            f"     {connected} non-reading clients of {asks}, {label}: RSS base {base:.0f} MB, peak {peak:.0f} MB, "
            f"{after:.0f} MB after they go; {when}; then /healthz: {status}",
            flush=True,
        )
        if guards and status != 200:
            raise CheckFailed(f"readers: /healthz answered {status} after the non-reading clients")
    _, base, peak, after, left, closed_in = rows[-1]
    if closed_in is None:
        raise CheckFailed(f"readers: {left} non-reading connections still open after {wait} s (--write-timeout {timeout})")
    bound = bound_mb(base, budget_mb=32, workers=len(os.sched_getaffinity(0)), exports=2 if asks == "export" else 0)
    if peak > bound:
        raise CheckFailed(f"readers: peak RSS {peak:.0f} MB with the guards on exceeds {bound:.0f} MB")
    ok(
        f"readers: {count} clients that never read: closed by the write guards after {closed_in:.1f} s, "
        f"RSS peak {peak:.0f} MB (guards off: {rows[0][2]:.0f} MB, {rows[0][4]} still open after {wait} s)"
    )


# MARK: probes under a burst of pipelining clients

# Run in a process of its own (no GIL shared with the clients): /healthz on a new
# connection every 100 ms for `seconds`; prints the latencies in ms as JSON (10000: none).
PROBE = r"""
import json, socket, sys, time
port, seconds = int(sys.argv[1]), float(sys.argv[2])
latencies, end = [], time.time() + seconds
while time.time() < end:
    started = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := s.recv(4096):
                answer += chunk
        latencies.append((time.perf_counter() - started) * 1000 if answer.startswith(b"HTTP/1.1 200") else 10000)
    except OSError:
        latencies.append(10000)
    time.sleep(0.1)
print(json.dumps(latencies))
"""


def check_burst(binary, clients=600, requests=300, seconds=15):
    """`clients` connections each pipeline `requests` GETs of a cached scale-6 PNG and never
    read, while /healthz is asked on new connections: p99 under 100 ms."""
    server = Server(binary, "--max-connections", str(clients + 64), prlimit=clients + 256)
    try:
        get(server.port, LARGE)  # cached from now on
        probe = subprocess.Popen([sys.executable, "-c", PROBE, str(server.port), str(seconds)], stdout=subprocess.PIPE, text=True)
        time.sleep(1)
        socks = open_non_readers(server.port, clients, requests=requests)
        latencies = json.loads(probe.communicate(timeout=seconds + 60)[0])
        peak = server.rss_mb()
        for s in socks:
            s.close()
    finally:
        server.stop()
    ordered = sorted(latencies)
    p50, p99 = ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    failed = sum(1 for ms in latencies if ms >= 10000)
    print(
        f"     burst: {len(socks)} clients x {requests} pipelined scale-6 PNGs, never read; /healthz on new "
        f"connections: {len(latencies)} probes, p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {ordered[-1]:.1f} ms, "
        f"{failed} failed; RSS {peak:.0f} MB",
        flush=True,
    )
    if failed or p99 >= 100:
        raise CheckFailed(f"burst: /healthz p99 {p99:.0f} ms ({failed} failed) under {clients} pipelining clients")
    ok(f"burst: /healthz p99 {p99:.1f} ms under {clients} clients pipelining {requests} requests each")


# MARK: everything at once, for longer


def probe_health(port, stop, results):
    """GET /healthz every 200 ms on one keep-alive connection until `stop`; puts the
    (seconds, status) list on `results`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    health = []
    while not stop.is_set():
        t = time.perf_counter()
        try:
            status = get(port, "/healthz", conn=conn)[0]
        except OSError:
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            status = "error"
        health.append((time.perf_counter() - t, status))
        stop.wait(0.2)
    results.put(health)


# The worst mix: what the long check runs with --only worst (every load at once, at its limits).
WORST = {"cache_mb": 64, "exports": 2, "renders": 128, "burst_clients": 600, "burst_every": 40, "burst_hold": 15}
# The headroom the worst mix must leave under the bound: a pod limit set from the bound
# must not be reached by a longer run's slower drift.
HEADROOM_PERCENT = 15


def check_long(binary, minutes, workers=8, worst=False):
    """Everything at once for `minutes`. With `worst`, the issue's worst mix (WORST): a 64 MB
    cache, both export slots busy, 128 render connections, and 600 pipelining clients that
    never read arriving every 40 s; it asserts HEADROOM_PERCENT under the bound and RSS flat
    by quarters as well."""
    cache_mb = WORST["cache_mb"] if worst else 16
    exporters = WORST["exports"] if worst else 1
    clients = WORST["renders"] if worst else 6
    extra = []
    if worst:
        connections = clients + WORST["burst_clients"] + 64
        # Room in the render queue for every render connection and both exports: the mix is
        # renders and exports at work, not 503s (the default depth, 64, sheds most of them).
        extra = ["--exports", str(exporters), "--max-connections", str(connections), "--queue-depth", str(clients + 64)]
    server = Server(
        binary,
        "--workers",
        str(workers),
        "--cache-mb",
        str(cache_mb),
        "--write-timeout",
        "5",
        "--output-budget-mb",
        "32",
        "--export-max-files",
        "400",
        *extra,
        prlimit=(connections + 256) if worst else None,
    )
    deadline = time.time() + minutes * 60
    stop = threading.Event()
    lock = threading.Lock()
    statuses, digests, rss = {}, {}, []

    def count(status):
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

    def renders(seed):
        # Distinct buttons, one keep-alive client each; every 10th digest kept.
        rng = random.Random(seed)
        locs = locales(binary)
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        n = 0
        while not stop.is_set():
            fmt = rng.choice(["png", "webp", "svg", "pdf", "vectordrawable"])
            t = (
                f"/appleid/button?width={rng.randint(130, 375)}&height={rng.randint(30, 64)}&scale={rng.randint(1, 6)}"
                f"&locale={rng.choice(locs)}&type={rng.choice(['sign-in', 'continue', 'sign-up'])}&format={fmt}"
                f"&border_radius={rng.randint(0, 50)}"
            )
            try:
                status, _, body = get(server.port, t, conn=conn)
            except OSError:
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                count("error")
                continue
            count(status)
            n += 1
            if status == 200 and n % 10 == 0:
                with lock:
                    digests[t] = hashlib.sha256(body).hexdigest()
        conn.close()

    def exports():
        while not stop.is_set():
            try:
                status, _, _body = get(server.port, "/api/export.zip?locales=en_US,de_DE,ja_JP&formats=png,svg", timeout=120)
                count(f"export {status}")
            except OSError:
                count("export error")
            stop.wait(5)

    def non_readers():
        while not stop.is_set():
            socks = open_non_readers(server.port, 50)
            stop.wait(8)
            for s in socks:
                s.close()

    def bursts():
        # 600 clients each pipelining 300 cached scale-6 PNGs, never reading, every 40 s.
        get(server.port, LARGE)
        while not stop.wait(WORST["burst_every"] - WORST["burst_hold"]):
            socks = open_non_readers(server.port, WORST["burst_clients"], requests=300)
            count(f"burst of {len(socks)}")
            stop.wait(WORST["burst_hold"])
            for s in socks:
                s.close()

    def sample_rss():
        while not stop.is_set():
            rss.append(server.rss_mb())
            stop.wait(0.2)

    threads = [threading.Thread(target=renders, args=(i,)) for i in range(clients)]
    threads += [threading.Thread(target=exports) for _ in range(exporters)]
    threads += [threading.Thread(target=bursts if worst else non_readers), threading.Thread(target=sample_rss)]
    # The probe is a process of its own: in a thread it would wait for this interpreter's
    # lock behind eight busy client threads, and measure the client, not the service.
    probe_stop, probe_results = multiprocessing.Event(), multiprocessing.Queue()
    prober = multiprocessing.Process(target=probe_health, args=(server.port, probe_stop, probe_results))
    try:
        base = server.rss_mb()
        prober.start()
        # The load comes from this process, on the server's machine: it runs at the render
        # threads' niceness, as clients on other machines would take none of the server's
        # CPU; the prober keeps the default, as a load balancer's probe would.
        os.nice(10)
        for t in threads:
            t.start()
        while time.time() < deadline:
            time.sleep(1)
        stop.set()
        probe_stop.set()
        health = probe_results.get(timeout=60)
        prober.join()
        for t in threads:
            t.join()
        compared = compare_alone(server, digests, "long")
    finally:
        stop.set()
        probe_stop.set()
        if prober.is_alive():
            prober.terminate()
        server.stop()
    latencies = sorted(t for t, _ in health)
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    failing = sum(1 for _, status in health if status != 200)
    bad = {
        k: v for k, v in statuses.items() if k not in (200, 503, "export 200", "export 503") and not str(k).startswith("burst of")
    }
    peak = max(rss)
    quarters = [median(rss[i * len(rss) // 4 : (i + 1) * len(rss) // 4]) for i in range(4)]
    print(
        f"     {minutes} min: answers {dict(sorted(statuses.items(), key=str))}; /healthz {len(health)} probes, "
        f"p99 {p99:.1f} ms, {failing} failing; RSS base {base:.0f} MB, peak {peak:.0f} MB, "
        f"median by quarter {' / '.join(f'{q:.0f}' for q in quarters)} MB; "
        f"{compared} answers byte-identical alone",
        flush=True,
    )
    if bad:
        raise CheckFailed(f"long: unexpected answers {bad}")
    if failing:
        raise CheckFailed(f"long: /healthz failed {failing} times (render threads stalled?)")
    if p99 > (100 if worst else 50):
        raise CheckFailed(f"long: /healthz p99 {p99:.0f} ms")
    bound = bound_mb(base, cache_mb, 32, workers, exporters if worst else 0)
    if peak > bound:
        raise CheckFailed(f"long: peak RSS {peak:.0f} MB over the bound {bound:.0f} MB")
    if worst:
        print(
            f"     worst mix: bound {bound:.0f} MB, peak {peak:.0f} MB: {100 * (1 - peak / bound):.0f}% headroom "
            f"(at least {HEADROOM_PERCENT}%)",
            flush=True,
        )
        if peak > bound * (1 - HEADROOM_PERCENT / 100):
            raise CheckFailed(f"long: peak RSS {peak:.0f} MB leaves less than {HEADROOM_PERCENT}% under the bound {bound:.0f} MB")
        if quarters[3] > quarters[1] * (1 + FLAT_PERCENT / 100):
            raise CheckFailed(
                f"long: RSS still rising: last quarter's median {quarters[3]:.0f} MB, second's {quarters[1]:.0f} MB"
            )
    ok(
        f"long: {minutes} min of renders, exports and non-reading clients with {workers} workers: no stall, no 5xx but 503, "
        f"RSS within bound, {compared} answers compared, 0 differ"
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--buttons", type=int, default=20000)
    parser.add_argument("--plot")
    parser.add_argument("--only", default="memory,slow,fds,readers")
    parser.add_argument("--readers", type=int, default=50)
    parser.add_argument("--readers-of", choices=sorted(ASKS), default="png")
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--workers", type=int, default=8, help="render threads of the long check's server")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    checks = args.only.split(",")
    failures = Failures()
    try:
        if "slow" in checks:
            check_slow(binary)
        if "fds" in checks:
            check_fds(binary)
        if "readers" in checks:
            check_readers(binary, args.readers, args.readers_of)
        if "burst" in checks:
            check_burst(binary)
        if "memory" in checks:
            check_memory(binary, args.buttons, args.plot)
        if "long" in checks:
            check_long(binary, args.minutes, args.workers)
        if "worst" in checks:
            check_long(binary, args.minutes, args.workers, worst=True)
    except CheckFailed as failure:  # the first failure ends the soak
        failures.stopped(failure)
    return failures.summary("soak")


if __name__ == "__main__":
    sys.exit(main())
