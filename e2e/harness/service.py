"""The one way the checks start the service: `Service`."""

import os
import subprocess
import tempfile
import time

from harness import ROOT, free_port, http_get, read_log, stop


class ServiceFailed(RuntimeError):
    """The service exited or did not answer /healthz in time; the message holds its output."""


class Service:
    """`siwa-buttons serve OPTIONS` on a free port of 127.0.0.1, or a host app (`HostApp
    PORT`, its editor files from `public`) with the routes under `mount`. Its output goes
    to a file (`output()`); it is ready once /healthz answers 200. `origin` is its
    address, `base` where the routes are (`origin` + `mount`). `prlimit` caps its file
    descriptors (the soak's descriptor checks)."""

    def __init__(self, binary, *options, public=None, host_app=None, mount="/", log_level="warning", prlimit=None, timeout=60):
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.base = self.origin + mount.rstrip("/")
        self.log = tempfile.NamedTemporaryFile(prefix="siwa-check-serve-", suffix=".log", delete=False)
        env = None
        if host_app:
            command = [host_app, str(self.port)]
            if public:
                env = dict(os.environ, SIWA_PUBLIC_DIR=public)
        else:
            command = [binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--log-level", log_level]
            command += ["--public", public] if public else []
            command += list(options)
        if prlimit:
            # prlimit execs the service: the process is the service's.
            command = ["prlimit", f"--nofile={prlimit}", "--", *command]
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + timeout
        while True:
            if self.process.poll() is not None:
                raise ServiceFailed(f"{command[0]} exited with {self.process.returncode}:\n{self.output()}")
            try:
                if http_get(self.origin + "/healthz", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            if time.time() > deadline:
                self.stop()
                raise ServiceFailed(f"{command[0]} did not answer /healthz within {timeout} s")
            time.sleep(0.1)

    @property
    def pid(self):
        return self.process.pid

    def output(self):
        """What the service printed so far."""
        return read_log(self.log.name)

    def rss_mb(self):
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def cpu_seconds(self):
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self, timeout=15):
        """SIGTERM, SIGKILL after `timeout` s; the output file is removed."""
        stop(self.process, timeout=timeout)
        if os.path.exists(self.log.name):
            os.unlink(self.log.name)
