#!/usr/bin/env python3
"""docs/architecture.md maps every folder a reader may open: each top-level folder of the
repository, each folder one level below it, and each folder of Sources/ must be named
there (as `FOLDER/`, a path below Sources/ without `Sources/`, or a second-level folder
written after its first in the same cell: `Tests/SIWAModelTests/`, `SIWAButtonsTests/`).
Run by scripts/test.sh: a folder added without its line in the map fails CI."""

import os
import re
import subprocess
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
files = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split()
folders = set()
for path in files:
    parts = path.split("/")[:-1]
    if not parts:
        continue
    folders.add(parts[0] + "/")
    if parts[0] == "Sources":
        folders.update("/".join(parts[1 : i + 1]) + "/" for i in range(1, len(parts)))
    elif len(parts) > 1:
        folders.add(parts[0] + "/" + parts[1] + "/")

text = open("docs/architecture.md", encoding="utf-8").read()
named = set()
for line in text.splitlines():
    if not line.startswith("|"):
        continue
    first = line.split("|")[1]
    names = re.findall(r"`([^`]+/)`", first)
    # `Tests/SIWAModelTests/`, `SIWAButtonsTests/`: the later names are in the first's folder.
    parent = names[0].rsplit("/", 2)[0] + "/" if names and names[0].count("/") > 1 else ""
    for i, name in enumerate(names):
        named.add(name)
        if i and parent and name.count("/") == 1:
            named.add(parent + name)

# A C target's headers are in its include/, as every one's are (the map says so once).
missing = sorted(f for f in folders if f not in named and not f.endswith("/include/"))
for folder in missing:
    print(f"map: {folder} is not in docs/architecture.md's map: add its line (what, may use, checked by)")
print(
    f"map: {len(missing)} folders missing"
    if missing
    else f"ok   map: every one of {len(folders)} folders is in docs/architecture.md"
)
sys.exit(1 if missing else 0)
