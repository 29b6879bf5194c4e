#!/usr/bin/env python3
"""Every module a file imports is declared by its target in Package.swift (a target,
or a product of a package dependency), or ships with the toolchain. SwiftPM builds a
file that imports an undeclared module when another target happens to bring it in;
this check (run by scripts/test.sh) keeps Package.swift the whole truth.
Also: a library target that is not a product declares nothing `public` (what crosses
modules but is not API is `package`), so the public surface is the products'."""

import glob
import os
import re
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
pkg = open("Package.swift").read()
system = {
    "Foundation",
    "FoundationEssentials",
    "FoundationNetworking",
    "FoundationXML",
    "Dispatch",
    "Glibc",
    "Darwin",
    "Musl",
    "Synchronization",
    "Testing",
    "XCTest",
    "_Concurrency",
    "RegexBuilder",
    "os",
    "PackageDescription",
    "Android",
}
# crude: find target declarations
targets = {}
for m in re.finditer(r'\.(target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"', pkg):
    start = m.end()
    # find dependencies [...] balanced
    depth = 1
    i = start
    while depth and i < len(pkg):
        if pkg[i] == "(":
            depth += 1
        elif pkg[i] == ")":
            depth -= 1
        i += 1
    body = pkg[start:i]
    name = m.group(2)
    deps = (
        set(re.findall(r'"([^"]+)"', re.search(r"dependencies:\s*\[(.*?)\]", body, re.DOTALL).group(1)))
        if "dependencies" in body
        else set()
    )
    pm = re.search(r'path:\s*"([^"]+)"', body)
    kind = m.group(1)
    path = pm.group(1) if pm else ("Tests/" + name if kind == "testTarget" else "Sources/" + name)
    if path == ".":
        path = "Sources/" + name  # SIWAResources: the root, for its resource folders
    targets[name] = (deps | {d.replace("-", "_") for d in deps}, path, kind)
bad = 0
for name, (deps, path, _) in targets.items():
    files = glob.glob(path + "/**/*.swift", recursive=True)
    imps = {}
    for f in files:
        for line in open(f):
            mm = re.match(
                r"\s*(?:@testable\s+|@_exported\s+|public\s+|internal\s+|package\s+)*import\s+(?:struct |class |enum |func )?([A-Za-z_][A-Za-z0-9_]*)",
                line,
            )
            if mm:
                imps.setdefault(mm.group(1), f)
    for mod, f in sorted(imps.items()):
        if mod in system or mod in deps:
            continue
        print(f"{name}: imports {mod} ({f}) not declared")
        bad += 1
print(f"imports: {bad} undeclared" if bad else "ok   imports: every imported module is declared in Package.swift")
products = set()
for m in re.finditer(r'\.library\(\s*name:\s*"[^"]+",\s*targets:\s*\[([^\]]*)\]', pkg):
    products |= set(re.findall(r'"([^"]+)"', m.group(1)))
public = 0
for name, (deps, path, kind) in targets.items():
    if kind != "target" or name in products or path.startswith("Tests/"):
        continue
    for f in glob.glob(path + "/**/*.swift", recursive=True):
        for n, line in enumerate(open(f), 1):
            if re.match(r"\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*public\s+(?!import\b)", line):
                print(f"{f}:{n}: public in {name}, which is not a product: use package")
                public += 1
print(
    f"access: {public} public declarations outside the products"
    if public
    else f"ok   access: public only in the products ({', '.join(sorted(products))})"
)
sys.exit(1 if bad or public else 0)
