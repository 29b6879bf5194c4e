"""What the Python runners of Benchmarks/ share: the repository's root, and release builds
of the package's products (the benchmark targets among them, SIWA_BENCHMARKS=1) after
scripts/setup.sh has installed what is missing, as the shell runners do."""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def release_build(*products):
    """Builds each product in release mode (quietly) and returns the folder of the binaries."""
    builds = "".join(f"swift build -c release --product {product} >/dev/null && " for product in products)
    script = f"source scripts/setup.sh >&2 && {builds}swift build -c release --show-bin-path"
    environment = dict(os.environ, SIWA_BENCHMARKS="1")
    done = subprocess.run(["bash", "-c", script], cwd=ROOT, env=environment, check=True, stdout=subprocess.PIPE, text=True)
    return done.stdout.strip().splitlines()[-1]
