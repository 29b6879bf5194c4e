#!/usr/bin/env python3
"""Whether two builds of the service answer alike: status, every header (but Date, the
request id and Server) and the body, for a fixed list of requests (every endpoint, good
and bad input, and cached images asked again: the hot path).

    python3 scripts/compare-answers.py BEFORE_BINARY AFTER_BINARY

Each binary is started with `serve` on a free port; the two answers of each request are
compared and every difference printed. Exit status 1 if any differ. A refactoring that
must not change behaviour shows 0 differing here (docs/testing.md)."""

import hashlib
import os
import sys
import urllib.error
import urllib.request

from lib.serving import serve

# Every header is compared but these, which differ on every answer or every build.
VARYING = ("date", "x-request-id", "server")

WEB = "client-id=com.example.web&redirect-uri=https%3A%2F%2Fexample.com%2Fauth%2Fapple%2Fcallback"

REQUESTS = [
    # Apple's image endpoints, each format, other spellings, bad input.
    ("GET", "/appleid/button"),
    ("GET", "/appleid/button?color=white&border=true&type=continue&width=375&height=64&scale=3"),
    ("GET", "/appleid/button?locale=ar_SA&width=250&height=44&border_radius=50"),
    ("GET", "/appleid/button?locale=th_TH&format=svg"),
    ("GET", "/appleid/button?locale=ja_JP&format=pdf"),
    ("GET", "/appleid/button?locale=zh_CN&format=vectordrawable"),
    ("GET", "/appleid/button/left?type=sign-up&label-position=20&logo-position=10&format=webp&scale=2"),
    ("GET", "/appleid/button/logo?size=44&color=white&border=true"),
    ("HEAD", "/appleid/button?width=200"),
    ("GET", "/appleid/button/?width=200"),
    ("GET", "/appleid/button?width=200&color=black"),
    ("GET", "/appleid/button?widht=200"),
    ("GET", "/appleid/button?width=9999"),
    ("GET", "/appleid/button?v=1"),
    ("GET", "/appleid/other"),
    ("GET", "/appleid/button%00"),
    ("GET", "/appleid/../etc/passwd"),
    # The JSON APIs.
    ("GET", "/api/schema"),
    ("HEAD", "/api/schema"),
    ("GET", "/api/titles"),
    ("GET", "/api/snippet/appleid/button?" + WEB),
    ("GET", "/api/snippet/appleid/button/logo?locale=de_DE&" + WEB),
    ("GET", "/api/snippet/appleid/button/left?type=continue&scope=name%20email&use-popup=true&" + WEB),
    ("GET", "/api/snippet/appleid/button?client-id=com.example.web"),
    ("GET", "/api/snippet/appleid/button?" + WEB + "&scope=phone"),
    ("GET", "/api/snippet/appleid/button?" + WEB + "&base-url=ftp://x"),
    ("GET", "/api/snippet/other?" + WEB),
    ("GET", "/api/lint/appleid/button?width=130"),
    ("GET", "/api/lint/appleid/button?width=200&background=%23000000&margin=4"),
    ("GET", "/api/lint/appleid/button?width=200&background=nope"),
    ("GET", "/api/other"),
    # Exports: HEAD checks the query and counts the files; GET of small sets whole.
    ("HEAD", "/api/export.zip"),
    ("HEAD", "/api/export.zip?locales=all&formats=png,svg"),
    ("HEAD", "/api/export.zip?presets=ios,android&locales=en_US,de_DE"),
    ("GET", "/api/export.zip?locales=en_US&types=sign-in&modes=center&styles=black&scales=1"),
    ("GET", "/api/export.zip?presets=web&locales=en_US,ar_SA&sizes=200x44,250x44r50&" + WEB),
    ("HEAD", "/api/export.zip?locales=xx_XX"),
    ("HEAD", "/api/export.zip?sizes=10x10"),
    ("HEAD", "/api/export.zip?formats=gif"),
    ("HEAD", "/api/export.zip?nonsense=1"),
    ("HEAD", "/api/export.zip?presets=email"),
    ("HEAD", "/api/export.zip?locales=all&sizes=" + ",".join(f"{w}x44" for w in range(140, 376, 5))),
    # Probes and the editor's files.
    ("GET", "/healthz"),
    ("GET", "/readyz"),
    ("GET", "/"),
    ("GET", "/element/1/apple-signin-button.js"),
    ("GET", "/no-such-file"),
]

# Images asked again: the second answer comes from the cache (CachedImageMiddleware, the
# hot path), with and without a matching If-None-Match, and with an Origin (the long way).
HOT = "/appleid/button?color=white&border=true&width=200&height=32&scale=2"
REQUESTS += [
    ("GET", HOT),
    ("GET", HOT),
    ("HEAD", HOT),
    ("GET", HOT, {"Origin": "https://example.com"}),
    ("GET", HOT, {"If-None-Match": "*"}),
    ("GET", "/appleid/button/logo?size=44&color=white&border=true"),
    ("GET", "/appleid/button?locale=th_TH&format=svg"),
]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def answer(port, method, target, headers=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{target}", method=method, headers=headers or {})
    try:
        with OPENER.open(request, timeout=120) as response:
            status, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read()
    kept = sorted((name.lower(), value) for name, value in headers.items() if name.lower() not in VARYING)
    return status, kept, hashlib.sha256(body).hexdigest(), len(body)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    before, after = (serve(os.path.abspath(binary), quiet=True) for binary in sys.argv[1:])
    differing = 0
    try:
        for method, target, *headers in REQUESTS:
            a, b = (answer(port, method, target, *headers) for _, port in (before, after))
            if a != b:
                differing += 1
                print(f"differ: {method} {target} {headers or ''}\n  before: {a}\n  after:  {b}")
    finally:
        for process, _ in (before, after):
            process.terminate()
            process.wait(timeout=30)
    print(f"{len(REQUESTS)} requests, {differing} differing")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
