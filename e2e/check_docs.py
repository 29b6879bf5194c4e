#!/usr/bin/env python3
"""Docs that run: every fenced block of README.md and docs/*.md is run as written, or
marked in the Markdown with the reason it is not, so an example cannot break unseen.

Usage: check_docs.py [BINARY] [--only FILE.md ...] [--list] [--links]

Links first: every relative Markdown link lands on a file of the repository, and no
document cites a path outside it (`../shared/...`), except where docs/testing.md and
docs/performance.md say what the tests read beside a checkout (`--links`: only this).

What a block is, from its fence and the HTML comment on the line before it:
- ```sh / bash / shell (and console, its `$ ` lines): commands. Each runs with bash in
  the document's own temporary folder (one per Markdown file, so a file one block writes
  is there for the next), and must exit 0, or the status its comment names (`# ... exit 1`).
- `<!-- docs-check: file NAME -->` before a block (a YAML or JSON configuration): the
  block is written to NAME in that folder before any command of the document runs.
- `<!-- docs-check: given FILE ... -->` before a block: files the reader is assumed to
  have (my-button@2x.png); each is a default button rendered in the format its
  extension names, at the scale its @Nx names.
- `<!-- docs-check: skip (REASON) -->` before a block: not run, counted and printed
  with its reason (an apt install, a deployment, a benchmark). A reason is required.
- ```text: output, listings, grammar; shown, never run. A text block whose first line
  is a command is an error: mark it sh.
- Any other block (no info string, html, swift, yaml or json without a marker) is an error.

The only things substituted, as a test must: `siwa-buttons`, `siwa-buttons-full` and
`swift run PRODUCT` are BINARY and siwa-buttons-full beside it (stand-ins first on PATH);
every port in `--port N`, `localhost:N` and `127.0.0.1:N` is a free port (the same
one for the same N throughout a document); the folder is a fresh temporary one. `curl`
runs with --fail (an error answer fails the command). A `serve` command is started in
the background, waited for on its port and stopped at the end of the document (later
blocks of the same document reach it, as a reader's terminal would); `# then: COMMAND`
in its comment runs once it listens.
"""

import argparse
import glob
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import harness
from harness import ROOT, free_port
from harness.failures import Failures

DOCUMENTS = ["README.md", *sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))]
COMMANDS = {"sh", "bash", "shell", "console"}
MARKER = re.compile(r"^\s*<!--\s*docs-check:\s*(\w+)\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)")
# A text block starting like one of these is a command in disguise.
COMMAND_WORDS = re.compile(r"^\s*(\$ )?(sudo |bash |sh |python3 |swift |curl |kubectl |podman |siwa-buttons|scripts/|e2e/|\./)")
PORT = re.compile(r"(?<=--port )\d{2,5}\b|(?<=localhost:)\d{2,5}\b|(?<=127\.0\.0\.1:)\d{2,5}\b")
TIMEOUT = 300  # seconds for one command (the 37-locale packs take about a minute in a debug build)
# The documents' folders in memory where there is /dev/shm: the 37-locale packs are
# 13,564 files, which take longer to delete from a loaded disk than to make.
# Links: every Markdown link that is not a URL must land on a file of the repository, and
# no document cites a path outside it (a reader has the repository, not the folders beside
# it). The folder beside a checkout that some tests read, when it is there, may be named
# where the docs say what those tests read; nowhere else.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
OUTSIDE = re.compile(r"\.\./shared\b[^`\s)]*")
OUTSIDE_ALLOWED = {
    "docs/testing.md": "where the tests read Apple's reference images, skipped without them",
    "docs/performance.md": "what the tests compare with when a checkout has it",
}
SCRATCH = os.environ.get("SIWA_DOCS_TMP") or ("/dev/shm" if os.access("/dev/shm", os.W_OK) else None)


class Block:
    def __init__(self, path, line, info, lines, marker):
        self.path, self.line, self.info, self.lines = path, line, info, lines
        self.kind, self.argument = marker if marker else (None, "")

    @property
    def where(self):
        return f"{self.path}:{self.line}"


def blocks(path):
    """The fenced blocks of a Markdown file, each with the docs-check marker right before it."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = f.read().split("\n")
    out, previous, index = [], None, 0
    while index < len(text):
        match = FENCE.match(text[index])
        if not match:
            if text[index].strip():
                previous = text[index]
            index += 1
            continue
        indent, fence, info = match.groups()
        start, body = index + 1, []
        index += 1
        while index < len(text) and not text[index].strip().startswith(fence):
            body.append(text[index].removeprefix(indent))
            index += 1
        marker = MARKER.match(previous or "")
        out.append(Block(path, start, info.lower(), body, marker.groups() if marker else None))
        previous, index = None, index + 1
    return out


def commands(block):
    """The block's commands: continued lines joined, comment-only and blank lines left out;
    a console block's `$ ` lines only."""
    lines = block.lines
    if block.info == "console":
        lines = [line[2:] for line in lines if line.startswith("$ ")]
    out, current = [], ""
    for line in lines:
        if line.rstrip().endswith("\\"):
            current += line.rstrip()[:-1] + " "
            continue
        current += line
        if current.strip() and not current.lstrip().startswith("#"):
            out.append(current.strip())
        current = ""
    return out


def split_comment(command):
    """(code, comment): the comment starts at the first `#` outside quotes after a blank."""
    quote = None
    for i, c in enumerate(command):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or command[i - 1].isspace()):
            return command[:i].rstrip(), command[i + 1 :].strip()
    return command, ""


class Document:
    """One Markdown file's folder, ports and servers."""

    def __init__(self, path, bin_dir, binary):
        self.path, self.bin_dir, self.binary = path, bin_dir, binary
        self.folder = tempfile.mkdtemp(prefix="siwa-docs-" + os.path.basename(path).replace(".md", "") + "-", dir=SCRATCH)
        self.ports, self.servers = {}, {}
        self.env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], TMPDIR=self.folder)

    def substitute(self, command):
        def port(match):
            return str(self.ports.setdefault(match.group(0), free_port()))

        return PORT.sub(port, command)

    def run(self, command, timeout=TIMEOUT):
        return subprocess.run(
            ["bash", "-o", "pipefail", "-c", command],
            check=False,  # the caller reads the status
            cwd=self.folder,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=timeout,
        )

    def start_server(self, command):
        """A `serve` command in the background; None once it listens, else why not."""
        port = int(re.search(r"--port (\d+)", command).group(1)) if "--port " in command else 8080
        if port in self.servers:
            harness.stop(self.servers.pop(port)[0])
        log = open(os.path.join(self.folder, f"server-{port}.log"), "wb")
        process = subprocess.Popen(
            ["bash", "-c", "exec " + command], cwd=self.folder, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        self.servers[port] = (process, log.name)
        deadline = time.time() + 60
        while time.time() < deadline:
            if process.poll() is not None:
                return f"exited with {process.returncode}:\n" + harness.read_log(log.name)[-2000:]
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return None
            except OSError:
                time.sleep(0.1)
        return "did not listen within 60 s"

    def close(self):
        for process, _ in self.servers.values():
            harness.stop(process)
        shutil.rmtree(self.folder, ignore_errors=True)


def stand_ins(binary):
    """A folder for the front of PATH: the binaries under their documented names,
    `swift run PRODUCT`, and curl that fails on an error answer."""
    folder = tempfile.mkdtemp(prefix="siwa-docs-bin-")
    full = os.path.join(os.path.dirname(binary), "siwa-buttons-full")
    scripts = {
        "siwa-buttons": f'exec {shlex.quote(binary)} "$@"',
        "siwa-buttons-full": f'exec {shlex.quote(full)} "$@"',
        "swift": 'if [ "$1" = run ] && [ -n "$2" ]; then shift; exec "$@"; fi\n'
        'echo "docs-check: only swift run PRODUCT is stood in for, not: swift $*" >&2; exit 2',
        "curl": f'exec {shlex.quote(shutil.which("curl") or "curl")} --fail --silent --show-error "$@"',
    }
    for name, body in scripts.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write("#!/usr/bin/env bash\n" + body + "\n")
        os.chmod(os.path.join(folder, name), 0o755)
    return folder


def given(document, names):
    """The reader's own files: a default button in each file's format and scale."""
    for name in names.split():
        scale = re.search(r"@(\d)x\.", name)
        extension = name.rsplit(".", 1)[-1]
        query = f"/appleid/button?scale={scale.group(1) if scale else 1}"
        result = document.run(f"siwa-buttons render {shlex.quote(query)} --format {extension} -o {shlex.quote(name)}")
        if result.returncode != 0:
            return f"could not make the given file {name}: {result.stdout.decode(errors='replace')}"
    return None


def check(path, bin_dir, binary, counts, failures, skips):
    document = Document(path, bin_dir, binary)
    try:
        found = blocks(path)
        for block in found:
            if block.kind == "file":
                with open(os.path.join(document.folder, block.argument), "w", encoding="utf-8") as f:
                    f.write("\n".join(block.lines) + "\n")
                counts["files"] += 1
        for block in found:
            if block.kind == "skip":
                reason = block.argument.strip("() ")
                if not reason:
                    failures.check(False, f"{block.where}: a skip without a reason: <!-- docs-check: skip (why) -->")
                skips.append((block.where, reason))
                counts["skipped"] += 1
                continue
            if block.kind == "file":
                continue
            if block.kind not in (None, "given"):
                failures.check(False, f"{block.where}: unknown docs-check marker {block.kind!r}")
                continue
            if block.info == "text":
                if block.lines and COMMAND_WORDS.match(block.lines[0]):
                    failures.check(
                        False,
                        f"{block.where}: a text block that is a command: mark it sh (and skip it with a reason if it cannot run)",
                    )
                counts["text"] += 1
                continue
            if block.info not in COMMANDS:
                failures.check(
                    False,
                    f"{block.where}: an unmarked ```{block.info} block: make it run (sh, or "
                    "<!-- docs-check: file NAME -->), mark it text, or skip it with a reason",
                )
                continue
            if block.kind == "given":
                problem = given(document, block.argument)
                if problem:
                    failures.check(False, f"{block.where}: {problem}")
                    continue
            run_block(document, block, counts, failures)
    finally:
        document.close()


def run_block(document, block, counts, failures):
    started = time.time()
    for command in commands(block):
        code, comment = split_comment(command)
        code = document.substitute(code)
        expected = re.search(r"\bexit (\d+)\b", comment)
        expected = int(expected.group(1)) if expected else 0
        counts["commands"] += 1
        if re.search(r"(^|\s)serve(\s|$)", code) and "scripts/serve.sh" not in code:
            problem = document.start_server(code)
            if problem:
                failures.check(False, f"{block.where}: {command}\n  the server {problem}")
                return
            then = re.search(r"then:\s*(.+)$", comment)
            if then:
                code = document.substitute(then.group(1))
                counts["commands"] += 1
            else:
                continue
        try:
            result = document.run(code)
        except subprocess.TimeoutExpired:
            failures.check(False, f"{block.where}: {command}\n  took over {TIMEOUT} s")
            return
        if result.returncode != expected:
            output = result.stdout.decode(errors="replace").strip()[-1500:]
            failures.check(
                False,
                f"{block.where}: {command}\n  exit {result.returncode}, expected {expected}:\n    "
                + output.replace("\n", "\n    "),
            )
            return
    counts["blocks"] += 1
    print(f"  ran {block.where} ({time.time() - started:.1f} s)", flush=True)


def check_links(documents, failures):
    """Every relative link resolves to a file or folder inside the repository; no path
    outside it is cited (OUTSIDE_ALLOWED says where one may be named, and why)."""
    bad = []
    checked = 0
    for path in documents:
        folder = os.path.dirname(os.path.join(ROOT, path))
        fenced = False
        for number, line in enumerate(open(os.path.join(ROOT, path), encoding="utf-8"), 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if fenced:
                continue
            for target in LINK.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                    continue  # a URL, or an anchor of this page
                checked += 1
                file = os.path.normpath(os.path.join(folder, target.split("#", 1)[0]))
                if os.path.relpath(file, ROOT).startswith(".."):
                    bad.append(f"{path}:{number}: links outside the repository: {target}")
                elif not os.path.exists(file):
                    bad.append(f"{path}:{number}: links to a file the repository does not have: {target}")
            if path not in OUTSIDE_ALLOWED:
                for cited in OUTSIDE.findall(line):
                    bad.append(f"{path}:{number}: cites {cited}, outside the repository: state the fact, or cite a file of it")
    for problem in bad:
        print(f"  {problem}")
    failures.check(not bad, f"links: {checked} relative links, all inside the repository; no path outside it cited")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build/debug/siwa-buttons"))
    parser.add_argument("--only", nargs="*", help="Markdown files to check (paths from the repository root)")
    parser.add_argument("--list", action="store_true", help="show each block's kind, run nothing")
    parser.add_argument("--links", action="store_true", help="check the links only, run nothing")
    args = parser.parse_args()
    documents = args.only or DOCUMENTS
    if args.links:
        failures = Failures()
        check_links(documents, failures)
        return failures.summary("docs-check links")
    if args.list:
        for path in documents:
            for block in blocks(path):
                print(f"{block.where}: ```{block.info} {block.kind or ''} {block.argument}".rstrip())
        return 0
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"check_docs: no executable at {binary} (build it first: swift build)")
    bin_dir = stand_ins(binary)
    counts = {"blocks": 0, "commands": 0, "skipped": 0, "text": 0, "files": 0}
    failures, skips = Failures(), []
    started = time.time()
    check_links(documents, failures)
    try:
        for path in documents:
            print(f"== {path}", flush=True)
            check(path, bin_dir, binary, counts, failures, skips)
    finally:
        shutil.rmtree(bin_dir, ignore_errors=True)
    for where, reason in skips:
        print(f"  skipped {where}: {reason}")
    print(
        f"docs-check: {counts['blocks']} blocks run ({counts['commands']} commands, {counts['files']} files written), "
        f"{counts['skipped']} skipped, {counts['text']} text, {len(failures)} failed, in {time.time() - started:.0f} s"
    )
    return failures.summary("docs-check")


if __name__ == "__main__":
    sys.exit(main())
