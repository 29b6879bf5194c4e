"""A stop that always stops: `serve` with its render threads frozen from outside, as a
render stuck in C code would be, then SIGTERM.

The render threads (named `TP-#0`, `TP-#1`, ... by NIO's thread pool) are stopped with
ptrace (PTRACE_SEIZE + PTRACE_INTERRUPT: each thread alone, the event loops run on) the
moment one is on a CPU under distinct renders back to back, so renders are frozen
running; then one more is sent, which can only wait. After SIGTERM the process must, within
--drain-seconds + 5 s: answer both requests (503 `Shutting down.`), print one line naming
the stuck renders (running and waiting), and exit with status 1. The same stop with the threads free exits 0
at the end of the drain, with no such line. A freeze that catches a thread between
renders (it may hold the thread pool's lock, so the last request never reaches the
queue) is not that scenario: it is run again, three times at most. Needs ptrace rights (root or
CAP_SYS_PTRACE; kernel.yama.ptrace_scope 0 or 1 for a child).

    python3 e2e/check_stop.py [BINARY]     (default .build/debug/siwa-buttons; e2e/run.sh runs it)
"""

import ctypes
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

from harness import ROOT
from harness.failures import CheckFailed, Failures
from harness.service import Service

PTRACE_SEIZE = 0x4206
PTRACE_INTERRUPT = 0x4207
WALL = 0x40000000  # __WALL: wait for threads too
DRAIN = 1
libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.restype = ctypes.c_long
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]


def render_threads(pid):
    """Thread ids of the render threads (NIOThreadPool's `TP-#n`)."""
    found = []
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as comm:
                if comm.read().startswith("TP-#"):
                    found.append(int(tid))
        except FileNotFoundError:
            pass
    return sorted(found)


def freeze(tid):
    """Stops one thread with ptrace (no signal: the rest of the process runs on)."""
    for request in (PTRACE_SEIZE, PTRACE_INTERRUPT):
        if libc.ptrace(request, tid, None, None) != 0:
            raise CheckFailed(
                f"ptrace({request:#x}, {tid}) failed: {os.strerror(ctypes.get_errno())} (needs root or CAP_SYS_PTRACE)"
            )
    os.waitpid(tid, WALL)  # the thread is in its ptrace-stop


def running(pid, tid):
    """Whether the thread is on a CPU or ready for one (state R in /proc)."""
    try:
        with open(f"/proc/{pid}/task/{tid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "R"
    except FileNotFoundError:
        return False


def reap(tids):
    """Collects the traced threads that exited (their process cannot end before)."""
    for tid in list(tids):
        try:
            done, _ = os.waitpid(tid, WALL | os.WNOHANG)
        except ChildProcessError:
            done = tid
        if done == tid:
            tids.remove(tid)


def get(url, answers, name):
    """One request in a thread: (status, body, seconds) into answers[name]."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            answers[name] = (response.status, response.read()[:60], time.monotonic() - started)
    except urllib.error.HTTPError as error:
        answers[name] = (error.code, error.read()[:60], time.monotonic() - started)
    except Exception as error:  # noqa: BLE001 - reported as the check's failure
        answers[name] = (None, repr(error).encode(), time.monotonic() - started)


def serve(binary):
    """The service with two render threads, the drain and no cache (`harness.service.Service`);
    its log at info, where the stop's lines are."""
    return Service(
        binary,
        "--workers",
        "2",
        "--drain-seconds",
        str(DRAIN),
        "--cache-mb",
        "0",
        public=os.path.join(ROOT, "public"),
        log_level="info",
    )


def stop_frozen(binary):
    service = serve(binary)
    process, base = service.process, service.origin
    try:
        tids = render_threads(process.pid)
        assert tids, "no TP-# threads"
        answers, requests, loading = {}, [], threading.Event()

        def load(client):
            """Distinct large renders back to back (no cache), so a thread is busy with one."""
            for i in range(200):
                if not loading.is_set():
                    return
                get(
                    base + f"/appleid/button?width={200 + client * 80 + i % 80}&height=64&scale=6&locale=th_TH",
                    answers,
                    f"load {client}.{i}",
                )

        loading.set()
        requests += [threading.Thread(target=load, args=(client,)) for client in (0, 1)]
        for thread in requests:
            thread.start()
        # Frozen while a render runs: once renders have been answered, the moment a render
        # thread is seen on a CPU twice 2 ms apart (not just waking up for its next one).
        started = time.monotonic()
        while time.monotonic() - started < 10:
            busy = [tid for tid in tids if running(process.pid, tid)] if answers else []
            time.sleep(0.002)
            if any(running(process.pid, tid) for tid in busy):
                break
        for tid in tids:
            freeze(tid)
        loading.clear()
        # Then one that can only wait.
        waiting = threading.Thread(target=get, args=(base + "/appleid/button?width=301", answers, "waiting"))
        waiting.start()
        requests.append(waiting)
        time.sleep(0.5)
        with urllib.request.urlopen(base + "/healthz", timeout=5) as response:
            assert response.status == 200, "the event loops should answer while the render threads are frozen"
        frozen = set(tids)
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        while process.poll() is None and time.monotonic() - sent < DRAIN + 30:
            reap(frozen)
            time.sleep(0.02)
        took = time.monotonic() - sent
        if process.returncode is None:
            process.kill()
            for tid in tids:
                libc.ptrace(17, tid, None, None)  # PTRACE_DETACH, to let it die
            raise CheckFailed(f"still running {took:.1f} s after SIGTERM with the render threads frozen")
        for thread in requests:
            thread.join(5)
        lines = service.output().splitlines()
    finally:
        service.stop()
    stuck = [line for line in lines if "Stopping without waiting" in line]
    last = {name: answer for name, answer in answers.items() if answer[0] != 200}  # those in flight at the freeze
    print(
        f"frozen render threads {tids}: exit status {process.returncode} {took:.2f} s after SIGTERM "
        f"(drain {DRAIN} s); {len(answers)} answers, {len(answers) - len(last)} rendered before the freeze; then: "
        + ", ".join(f"{k} {v[0]} {v[1][:30]!r} after {v[2]:.1f} s" for k, v in sorted(last.items()))
    )
    for line in stuck:
        print("  " + line)
    problems = []
    if took > DRAIN + 5:
        problems.append(f"exit {took:.1f} s after SIGTERM, over drain + 5 s")
    if process.returncode != 1:
        problems.append(f"exit status {process.returncode}, not 1")
    if len(stuck) != 1 or "/appleid/button?width=301 (waiting" not in stuck[0] or "(running" not in stuck[0]:
        problems.append(f"not one line naming the stuck renders, running and waiting: {stuck or lines[-5:]}")
    for name, answer in sorted(answers.items()):
        if answer[0] not in (200, 503):
            problems.append(f"the request {name} got {answer}, not an answer")
    if "waiting" not in answers:
        problems.append("the request sent after the freeze got no answer")
    # A thread frozen between renders may hold the thread pool's own lock, so that the
    # request sent after the freeze never reaches the queue: not the stuck render (stuck
    # in C code) this scenario is about. The caller tries again.
    between = bool(stuck) and stuck[0].count("(running") < len(tids)
    return problems, between


def stop_free(binary):
    service = serve(binary)
    process, base = service.process, service.origin
    try:
        answers = {}
        get(base + "/appleid/button?width=302", answers, "render")
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(DRAIN + 10)
        except subprocess.TimeoutExpired:
            process.kill()
        took = time.monotonic() - sent
        text = service.output()
    finally:
        service.stop()
    print(f"free render threads: exit status {process.returncode} {took:.2f} s after SIGTERM (drain {DRAIN} s)")
    problems = []
    if process.returncode != 0 or took > DRAIN + 2 or "Stopping without waiting" in text:
        problems.append(f"a plain stop: status {process.returncode} after {took:.1f} s")
    return problems


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/siwa-buttons")
    failures = Failures()
    try:
        problems = stop_free(binary)
        for attempt in range(1, 4):
            frozen, between = stop_frozen(binary)
            if not between:
                problems += frozen
                break
            print(f"  (attempt {attempt}: a render thread was frozen between renders, not in one: again)")
        else:
            problems.append("three attempts froze a render thread between renders: no stuck render was tested")
        for problem in problems:
            failures.check(False, problem)
    except CheckFailed as failure:
        failures.stopped(failure)
    return failures.summary("check_stop")


if __name__ == "__main__":
    sys.exit(main())
