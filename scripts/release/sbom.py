#!/usr/bin/env python3
"""The release's software bill of materials, CycloneDX 1.6 JSON, made and validated with
cyclonedx-python-lib (its own strict JSON-schema validator).

It lists what the shipped binaries are made of:
  - the Swift packages at their resolved versions (`swift package show-dependencies
    --format json`, passed as a file), statically linked into the binaries;
  - the Debian libraries the binaries link dynamically: each DT_NEEDED soname of each
    binary, the package that holds it on the build machine and that package's version.

  sbom.py --version 0.4.0 --dependencies deps.json --binary bin/siwa-buttons-full ... -o sbom.cdx.json
  sbom.py --validate sbom.cdx.json          (exit 1 with the schema's complaint)
"""

import argparse
import json
import os
import re
import subprocess
import sys
import uuid
from datetime import UTC, datetime
from pathlib import Path

from cyclonedx.model import ExternalReference, ExternalReferenceType, XsUri
from cyclonedx.model.bom import Bom
from cyclonedx.model.component import Component, ComponentScope, ComponentType
from cyclonedx.model.license import LicenseExpression
from cyclonedx.output.json import JsonV1Dot6
from cyclonedx.schema import SchemaVersion
from cyclonedx.validation.json import JsonStrictValidator
from packageurl import PackageURL


def swift_packages(tree: dict) -> list[dict]:
    """Every package below the root of show-dependencies' tree, once each."""
    seen: dict[str, dict] = {}
    stack = list(tree.get("dependencies", []))
    while stack:
        node = stack.pop()
        seen.setdefault(node["identity"], node)
        stack.extend(node.get("dependencies", []))
    return sorted(seen.values(), key=lambda n: n["identity"])


def needed_sonames(binary: Path) -> list[str]:
    out = subprocess.run(["readelf", "-d", str(binary)], check=True, capture_output=True, text=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def debian_package(soname: str) -> tuple[str, str]:
    """(package, version) holding the library the dynamic linker would load for soname."""
    cache = subprocess.run(["ldconfig", "-p"], check=True, capture_output=True, text=True).stdout
    match = re.search(rf"^\s*{re.escape(soname)} \(libc6,x86-64[^)]*\) => (\S+)$", cache, re.MULTILINE)
    if not match:
        sys.exit(f"sbom: {soname} is not in the linker's cache (ldconfig -p)")
    path = Path(match.group(1)).resolve()
    for candidate in (str(path), str(path).replace("/usr/lib/", "/lib/", 1)):
        owner = subprocess.run(["dpkg-query", "-S", candidate], check=False, capture_output=True, text=True)
        if owner.returncode == 0:
            package = owner.stdout.split(":")[0]
            version = subprocess.run(
                ["dpkg-query", "-W", "-f=${Version}", package], check=True, capture_output=True, text=True
            ).stdout
            return package, version
    sys.exit(f"sbom: no Debian package holds {path}")


def make(args: argparse.Namespace) -> None:
    # The commit's date and a serial number made from the release, not the time and a
    # random UUID: one commit makes the same file.
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))
    bom = Bom(serial_number=uuid.uuid5(uuid.NAMESPACE_URL, f"siwa-buttons/{args.version}/{epoch}"))
    bom.metadata.timestamp = datetime.fromtimestamp(epoch, tz=UTC)
    root = Component(
        name="siwa-buttons",
        version=args.version,
        type=ComponentType.APPLICATION,
        bom_ref="siwa-buttons",
        licenses=[LicenseExpression("MIT")],
        purl=PackageURL("generic", name="siwa-buttons", version=args.version),
    )
    bom.metadata.component = root
    tree = json.loads(Path(args.dependencies).read_text())
    for node in swift_packages(tree):
        url = node["url"]
        owner_name = re.sub(r"\.git$", "", url.rstrip("/")).split("/")[-2:]
        purl = PackageURL("swift", namespace=f"github.com/{owner_name[0]}", name=owner_name[1], version=node["version"])
        component = Component(
            name=node["name"],
            version=node["version"],
            type=ComponentType.LIBRARY,
            scope=ComponentScope.REQUIRED,
            bom_ref=f"swift:{node['identity']}",
            purl=purl,
            external_references=[ExternalReference(type=ExternalReferenceType.VCS, url=XsUri(url))],
            description="Swift package, linked statically",
        )
        bom.components.add(component)
        bom.register_dependency(root, [component])
    packages: dict[str, str] = {}
    for binary in args.binary:
        for soname in needed_sonames(Path(binary)):
            package, version = debian_package(soname)
            packages[package] = version
    for package, version in sorted(packages.items()):
        component = Component(
            name=package,
            version=version,
            type=ComponentType.LIBRARY,
            scope=ComponentScope.REQUIRED,
            bom_ref=f"deb:{package}",
            purl=PackageURL("deb", namespace="debian", name=package, version=version, qualifiers={"arch": "amd64"}),
            description="Debian package, linked dynamically",
        )
        bom.components.add(component)
        bom.register_dependency(root, [component])
    text = JsonV1Dot6(bom).output_as_string(indent=2)
    validate_text(text)
    Path(args.output).write_text(text + "\n")
    print(
        f"sbom: {len(tree.get('dependencies', []))} direct Swift packages, "
        f"{len(bom.components) - len(packages)} in all, {len(packages)} Debian packages"
    )


def validate_text(text: str) -> None:
    error = JsonStrictValidator(SchemaVersion.V1_6).validate_str(text)
    if error:
        sys.exit(f"sbom: not valid CycloneDX 1.6: {error}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version")
    parser.add_argument("--dependencies", help="swift package show-dependencies --format json, as a file")
    parser.add_argument("--binary", action="append", default=[])
    parser.add_argument("-o", "--output")
    parser.add_argument("--validate", metavar="SBOM", help="only validate this file")
    args = parser.parse_args()
    if args.validate:
        validate_text(Path(args.validate).read_text())
        document = json.loads(Path(args.validate).read_text())
        print(
            f"sbom: {args.validate} is valid CycloneDX {document['specVersion']}, "
            f"{len(document.get('components', []))} components"
        )
        return
    if not (args.version and args.dependencies and args.binary and args.output):
        parser.error("--version, --dependencies, --binary and -o are needed to make one")
    make(args)


if __name__ == "__main__":
    main()
