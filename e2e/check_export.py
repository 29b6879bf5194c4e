#!/usr/bin/env python3
"""The editor's "Download set" panel in headless Chromium, against a running service.

Usage: check_export.py --binary .build/debug/siwa-buttons [--host-app .build/debug/HostApp --path /buttons/]

Starts the service (or the host app with the routes under --path) as check_editor.py does,
opens the editor, picks layouts, titles, styles, languages, scales and formats in the
panel, sets the button's width and corner radius, clicks "Download set" and waits for
the ZIP in Chromium's download folder. Checked: the panel showed progress (the server's
phase, then bytes received of Content-Length); the ZIP holds exactly the files
`siwa-buttons generate` writes for the same options (with the editor's client ID and
redirect URI: snippets included), byte for byte; an oversized set (all 37 languages at
every scale and format) is refused and the service's one-line reason is shown in the
panel; no console error or CSP violation but that expected 400.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

from harness import ROOT, http_get
from harness.editor import Editor, Server, arguments, report_failure, shut_down
from harness.failures import CheckFailed, Failures, require
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.support.ui import Select

# What the check picks in the panel, as `generate` flags, in the order the panel sends them:
# the editor's button (center, continue, black, en_US) first, then the schema's order.
PICKED = {
    "modes": "center,logo",
    "types": "continue,sign-in",
    "styles": "black,white-outline",
    "locales": "en_US,ar_SA,de_DE",
    "sizes": "280x48r30",
    "scales": "1,2",
    "formats": "png,svg,pdf",
}


def set_checks(editor, group, wanted):
    """Ticks exactly `wanted` in the panel's checkbox group, clicking labels as a person would."""
    for value in editor.js(f"return [...document.querySelectorAll('[data-export=\"{group}\"] input')].map(i => i.value)"):
        box = editor.el(f"export-{group}-{value}")
        if box.is_selected() != (value in wanted):
            editor.click_label(f"export-{group}-{value}")
    ticked = editor.js(f"return [...document.querySelectorAll('[data-export=\"{group}\"] input:checked')].map(i => i.value)")
    require(sorted(ticked) == sorted(wanted), f"{group}: ticked {ticked}, wanted {list(wanted)}")


def watch_status(editor):
    """Records every text the panel's status line shows from now on."""
    editor.js("""window.__exportStatus = [];
        new MutationObserver(() => window.__exportStatus.push(document.getElementById('export-status').textContent))
            .observe(document.getElementById('export-status'), { childList: true, characterData: true, subtree: true });""")


def wait_for_download(folder, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        names = [n for n in os.listdir(folder) if not n.endswith(".crdownload")]
        if names:
            return os.path.join(folder, names[0])
        time.sleep(0.2)
    raise CheckFailed(f"no download in {folder} within {timeout} s")


def generate(binary, out, picked=PICKED):
    """`siwa-buttons generate` with the editor's options: what the ZIP must hold."""
    flags = [f"--{k}={v}" for k, v in picked.items()]
    flags += [
        "--client-id=com.example.web",
        "--redirect-uri=https://example.com/auth/apple/callback",
        "--scope=name email",
        "--no-use-popup",
    ]
    subprocess.run([binary, "generate", *flags, "--out", out], check=True, stdout=subprocess.DEVNULL)
    files = {}
    for folder, _, names in os.walk(out):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, out)] = f.read()
    return files


def check_download(editor, binary, downloads, work):
    editor.open()
    # The button's size and corner radius go along: 280x48, radius 30%.
    editor.type_into("width", "280", commit=True)
    editor.type_into("height", "48", commit=True)
    editor.type_into("radius", "30", commit=True)
    editor.wait(
        lambda: all(p in editor.text("image-url") for p in ("border_radius=30", "width=280", "height=48")),
        "the button did not take the new size and radius",
    )
    require(editor.visible("export-download"), "the Download set button is not shown")
    require(
        not editor.visible("export-preset-control")
        or editor.js("return document.querySelectorAll('[data-export=\"presets\"] input').length > 1"),
        "a preset control is shown with nothing to pick",
    )
    for group in ("modes", "types", "styles", "scales", "formats"):
        set_checks(editor, group, PICKED[group].split(","))
    locales = Select(editor.el("export-locales"))
    locales.deselect_all()
    for code in PICKED["locales"].split(","):
        locales.select_by_value(code)
    # The first of each list is the button the set's snippets show: the editor's.
    editor.click_label("type-continue")
    editor.wait(lambda: "type=continue" in editor.text("image-url"), "the title did not change")
    watch_status(editor)
    editor.el("export-download").click()
    path = wait_for_download(downloads, timeout=300)
    editor.wait(lambda: editor.text("export-status").startswith("Saved"), "the panel did not say the set was saved", timeout=10)
    statuses = editor.js("return window.__exportStatus")
    require(any(s.startswith("The service is making the set") for s in statuses), f"no phase text while rendering: {statuses}")
    # Sent while it is archived: the bytes received so far (no Content-Length to be "of").
    require(any(s.startswith("Downloading ") for s in statuses), f"no progress in bytes: {statuses}")
    require(editor.js("return document.getElementById('export-progress').value") == 1, "the progress bar did not reach the end")
    require(os.path.basename(path) == "siwa-buttons.zip", f"saved as {os.path.basename(path)}")

    with zipfile.ZipFile(path) as archive:
        require(archive.testzip() is None, "the ZIP has a corrupt entry")
        zipped = {info.filename: archive.read(info) for info in archive.infolist()}
    expected = generate(binary, os.path.join(work, "generated"))
    require("snippet.html" in expected and "manifest.json" in expected, f"generate wrote no snippets: {sorted(expected)[:5]}")
    require(
        sorted(zipped) == sorted(expected),
        f"the ZIP's files differ from generate's: only in ZIP {sorted(set(zipped) - set(expected))[:5]}, "
        f"only from generate {sorted(set(expected) - set(zipped))[:5]}",
    )
    differing = [name for name in expected if zipped[name] != expected[name]]
    require(not differing, f"files whose bytes differ from generate's: {differing[:5]}")
    editor.expect_clean("after the download")
    print(f"ok   Download set: {len(zipped)} files, {os.path.getsize(path)} bytes, byte for byte generate's; progress shown")


def check_preset_download(editor, binary, downloads, work):
    """Two platform presets from the panel: only the formats one of them holds can be
    ticked (their defaults are), the hint says what each takes, and the ZIP is
    `generate --presets ios,android`'s set byte for byte."""
    require(editor.visible("export-preset-control"), "no preset control, though the schema lists presets")
    set_checks(editor, "presets", ["ios", "android"])
    formats = editor.js("""return [...document.querySelectorAll('[data-export="formats"] input')]
        .map(i => [i.value, i.checked, i.disabled]);""")
    require(
        {v for v, checked, _ in formats if checked} == {"png", "vectordrawable"}
        and {v for v, _, disabled in formats if disabled} == {"webp", "svg"},
        f"ios + android: PNG and VectorDrawable ticked, WebP and SVG disabled ({formats})",
    )
    editor.click_label("export-formats-pdf")
    editor.click_label("export-strings")  # Apple's titles in each preset's own file
    hint = editor.text("export-preset-hint")
    require(hint == "ios: pdf · android: png, vectordrawable", f"the hint says {hint!r}")
    for name in os.listdir(downloads):
        os.remove(os.path.join(downloads, name))
    editor.el("export-download").click()
    path = wait_for_download(downloads, timeout=300)
    editor.wait(lambda: editor.text("export-status").startswith("Saved"), "the panel did not say the set was saved", timeout=10)
    require(os.path.basename(path) == "siwa-buttons-ios-android.zip", f"saved as {os.path.basename(path)}")
    with zipfile.ZipFile(path) as archive:
        zipped = {info.filename: archive.read(info) for info in archive.infolist()}
    picked = dict(PICKED, formats="png,pdf,vectordrawable", presets="ios,android", strings="all")
    expected = generate(binary, os.path.join(work, "generated-ios-android"), picked)
    require(
        sorted(zipped) == sorted(expected) and all(zipped[n] == expected[n] for n in expected),
        f"the ios + android ZIP is not generate --presets ios,android's set ({len(zipped)} against {len(expected)} files)",
    )
    require(
        any(n.startswith("android/res/drawable-anydpi-v21/") and n.endswith(".xml") for n in zipped),
        "no VectorDrawable in the ZIP",
    )
    require(any(n.startswith("ios/") and n.endswith(".pdf") for n in zipped), "no iOS PDF in the ZIP")
    require(
        "ios/Localizable.xcstrings" in zipped and "android/res/values/siwa_strings.xml" in zipped,
        "no titles as strings in the ZIP (String Catalog, strings.xml)",
    )
    editor.click_label("export-strings")
    set_checks(editor, "presets", [])
    editor.expect_clean("after the ios + android download")
    print(
        f"ok   Download set with the ios and android presets and the titles as strings: {len(zipped)} files, "
        "byte for byte generate --presets ios,android --strings all's"
    )


def check_oversized(editor, server):
    if editor.visible("export-preset-control"):
        set_checks(editor, "presets", ["web", "ios", "android", "flutter", "react-native"])
    editor.click_label("export-all-locales")
    require(not editor.el("export-locales").is_enabled(), "the language list stays enabled with All ticked")
    set_checks(editor, "scales", [str(n) for n in range(1, 7)])
    set_checks(editor, "formats", ["png", "svg", "pdf"])
    set_checks(editor, "modes", ["center", "left", "logo"])
    set_checks(editor, "types", ["sign-in", "continue", "sign-up"])
    set_checks(editor, "styles", ["black", "white", "white-outline"])
    since = editor.resources()
    editor.el("export-download").click()
    editor.wait(lambda: editor.visible("export-error"), "the oversized set's refusal is not shown", timeout=20)
    refused = editor.js(
        """return performance.getEntriesByType('resource').slice(arguments[0])
        .filter(e => e.name.includes('/api/export.zip')).map(e => [e.name, e.responseStatus]);""",
        since,
    )
    require(len(refused) == 1 and refused[0][1] == 400, f"the oversized request: {refused}")
    status, _, body = http_get(refused[0][0])
    error = json.loads(body)["error"]
    answer = error["message"]
    require(
        status == 400
        and error["parameter"] is None
        and answer.startswith("This set has ")
        and " files, more than the " in answer,
        f"the service said {status} {error}",
    )
    shown = editor.text("export-error")
    if editor.visible("export-preset-control"):
        # With presets the scales and sizes are the platforms': the advice names the levers that are left.
        head = answer.split(": ask for fewer")[0]
        require(
            shown.startswith(head + ": pick fewer languages or formats.") and "Best for each" in shown,
            f"the panel shows {shown!r}, the service said {answer!r}",
        )
    else:
        require(shown == answer, f"the panel shows {shown!r}, the service said {answer!r}")
    editor.refused.add(refused[0][0])
    editor.expect_clean("after the oversized request")
    print(f"ok   oversized set refused in the panel: {shown}")
    editor.click_label("export-all-locales")
    editor.wait(lambda: not editor.visible("export-error"), "the refusal stays after the selection changed", timeout=5)
    print("ok   a change of the selection clears the refusal")


def main():
    parser = arguments(__doc__.split("\n\n")[0])
    parser.add_argument("--screenshot", default=os.path.join(ROOT, "out/editor-screenshots/export.png"))
    args = parser.parse_args()
    os.makedirs(os.path.dirname(args.screenshot), exist_ok=True)

    work = tempfile.mkdtemp(prefix="siwa-e2e-export-")
    downloads = os.path.join(work, "downloads")
    os.makedirs(downloads)
    failures = Failures()
    server = editor = None
    try:
        server = Server(args.binary, args.public, host_app=args.host_app, mount=args.path)
        print(f"     the editor at {server.base}/")
        editor = Editor(server, args.chromedriver)
        editor.cdp("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        check_download(editor, args.binary, downloads, work)
        check_preset_download(editor, args.binary, downloads, work)
        editor.js("document.getElementById('export').scrollIntoView()")
        editor.screenshot(args.screenshot)
        check_oversized(editor, server)
        editor.js("document.getElementById('export').scrollIntoView()")
        editor.screenshot(args.screenshot.replace(".png", "-refused.png"))
        print(
            f"screenshots: {os.path.relpath(args.screenshot, os.getcwd())} (saved), "
            f"{os.path.relpath(args.screenshot.replace('.png', '-refused.png'), os.getcwd())} (refused)"
        )
    except (CheckFailed, WebDriverException, subprocess.CalledProcessError) as failure:
        report_failure(failures, failure, editor, server, os.path.join(os.path.dirname(args.screenshot), "export-failure.png"))
    finally:
        shut_down(editor, server)
        shutil.rmtree(work, ignore_errors=True)
    return failures.summary("export")


if __name__ == "__main__":
    sys.exit(main())
