#!/usr/bin/env python3
"""The web button editor (public/) in headless Chromium, against a running service.

Usage: check_editor.py --binary .build/debug/siwa-buttons [--screenshots out/editor-screenshots]
       check_editor.py --host-app .build/debug/HostApp --path /buttons/ [...]

Starts `siwa-buttons serve` (or, with --host-app, the example host app that mounts the
routes under --path) on a free port, waits for /healthz, and drives Debian's
`chromium` through `chromedriver` with Selenium. The page is served with the strict
Content-Security-Policy of the service (no inline script or style), and every host but
127.0.0.1 is unresolvable, so a CDN or web font would fail the check. Every URL the
editor uses is relative to its own, so all checks run unchanged under a mount path.

Checked: the page loads with no console error and no CSP violation; its controls'
ranges and choices are those of GET api/schema; each control changes
the image URL (exact URLs in the endpoints' grammar) and the snippets; the previews load
at the right natural size; controls that do not apply to the layout are hidden; invalid
values are explained next to the field and never reach the service; copy buttons put
the right text on the clipboard (the Clipboard API and the execCommand fallback); the
download links name sensible files and answer the right content type (SVG/PDF/VectorDrawable
URL and download at 1x); the image base URL field reaches every snippet; the <img> snippet,
pasted into a page, shows at its size in points at 1 and 2 device pixels per point
(with and without v=TOKEN); "Sign in in a popup" is not in the Scope group and the
language menu fits its longest name at 1280 px; the keyboard reaches and operates the
controls with a visible focus; the phone layout does not scroll sideways; Apple's rules
show beside the preview with the service's words, live with the controls and the
page-colour pickers. Screenshots at desktop (1280x900) and phone (375x812) sizes are saved.

No console errors are tolerated, except the 400s of snippet requests with web-flow
settings the service refuses (the page decides only what the schema states: required
fields and byte limits); each one is expected by the check, and its message is shown
under the field. Button parameters the service would refuse are never requested.
"""

import json
import os
import re
import sys
import time
import urllib.parse

from harness import ROOT, http_get, png_size, webp_size
from harness.editor import DESKTOP, PHONE, Editor, Server, arguments, report_failure, shut_down
from harness.failures import CheckFailed, Failures, require
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

HOSTILE_CLIENT_ID = 'a"</script><script>alert(1)</script>'


def check_page_and_policy(editor, server):
    status, headers, _body = http_get(server.base + "/")
    require(status == 200, f"GET / answered {status}")
    policy = headers.get("Content-Security-Policy", "")
    for directive in ("default-src 'none'", "script-src 'self'", "style-src 'self'"):
        require(directive in policy, f"the editor's CSP lacks {directive!r}: {policy!r}")
    require("unsafe" not in policy, f"the editor's CSP allows something unsafe: {policy!r}")
    editor.open()
    require(editor.driver.title == "Sign in with Apple button editor", f"title: {editor.driver.title!r}")
    editor.expect_image_url("/appleid/button?width=250&height=44")
    editor.expect_preview(250, 44)
    # Relative to the page, so from the service's address wherever it is mounted.
    preview = editor.image("preview-light")
    require(
        preview["src"] == "appleid/button?width=250&height=44"
        and preview["current"].startswith(server.base + "/appleid/button?width=250&height=44"),
        f"the preview does not load from {server.base}/appleid/button?...: {preview}",
    )
    editor.expect_snippet("snippet-html", 'data-mode="center-align" data-type="sign-in" data-color="black"')
    # The snippets' image URLs are canonical, as the editor's own (defaults left out).
    editor.expect_snippet("nojs-html", f'src="{server.base}/appleid/button?width=250&amp;height=44"')
    editor.expect_clean("after loading")
    print("ok   page loads under the CSP; default button, previews and snippets")


def check_locales(editor, server):
    options = editor.js("return [...document.querySelectorAll('#locale option')].map(o => [o.value, o.text])")
    require(len(options) == 37, f"{len(options)} locales in the picker, expected 37")
    for code, label in options:
        require(code in label and len(label) > len(code) + 3, f"locale option without a readable name: {label!r}")
        # "Arabic (Saudi Arabia) — ar_SA", from the schema: one list for the service and the page.
        status = http_get(f"{server.base}/appleid/button/left?locale={code}")[0]
        require(status == 200, f"the service refuses locale {code} offered by the editor ({status})")
    print("ok   37 locales, each with a readable name, each accepted by the service")


# The editor's controls (ids) and the parameters they set.
NUMBER_CONTROLS = {
    "width": "width",
    "height": "height",
    "size": "size",
    "radius": "border_radius",
    "logoPosition": "logo-position",
    "labelPosition": "label-position",
}
CHOICE_CONTROLS = {"type": "type", "logoSize": "logo-size"}


def check_schema_controls(editor, server):
    """The controls offer exactly what GET api/schema states: ranges of the number
    fields, sliders and hints; the scale, language, title, logo size, style, format,
    layout and scope choices; every parameter of every endpoint has a control."""
    status, _, body = http_get(server.base + "/api/schema")
    require(status == 200, f"GET {server.base}/api/schema answered {status}")
    schema = json.loads(body)
    parameters = {p["name"]: p for p in schema["parameters"]}
    page = editor.js(
        """
        const values = (sel) => [...document.querySelectorAll(sel)].map(e => e.value);
        const result = {numbers: {}, choices: {}};
        for (const id of arguments[0]) {
            const field = document.getElementById(id), range = document.getElementById(id + '-range');
            result.numbers[id] = [field.min, field.max, range.min, range.max,
                                  document.querySelector(`[data-range="${id}"]`).textContent];
        }
        for (const name of arguments[1]) result.choices[name] = values(`input[name="${name}"]`);
        result.choices.scale = values('#scale option');
        result.choices.locale = [...document.querySelectorAll('#locale option')].map(o => [o.value, o.text]);
        result.choices.scope = values('[data-choices="scope"] input');
        result.localeHint = document.getElementById('locale-hint').textContent;
        return result;""",
        list(NUMBER_CONTROLS),
        [*CHOICE_CONTROLS, "style", "format", "mode"],
    )
    for control, name in NUMBER_CONTROLS.items():
        low, high = parameters[name]["minimum"], parameters[name]["maximum"]
        want = [str(low), str(high), str(low), str(high), f"{low}–{high}"]
        require(
            page["numbers"][control] == want,
            f"#{control} (min, max, slider min, max, hint) is {page['numbers'][control]}, the schema says {want}",
        )
    for control, name in CHOICE_CONTROLS.items():
        require(
            page["choices"][control] == parameters[name]["values"],
            f"{control} offers {page['choices'][control]}, the schema {parameters[name]['values']}",
        )
    scale = parameters["scale"]
    require(
        page["choices"]["scale"] == [str(n) for n in range(scale["minimum"], scale["maximum"] + 1)],
        f"the scales offered are {page['choices']['scale']}, the schema's range {scale['minimum']}-{scale['maximum']}",
    )
    locales = [[l["code"], f"{l['name']} — {l['code']}"] for l in schema["locales"]]
    require(page["choices"]["locale"] == locales, "the languages offered are not the schema's locales")
    require(str(len(schema["locales"])) in page["localeHint"], f"the language hint: {page['localeHint']!r}")
    for key, want in (
        ("style", [s["name"] for s in schema["styles"]]),
        ("format", parameters["format"]["values"]),
        ("mode", [e["mode"] for e in schema["endpoints"]]),
        ("scope", next(f for f in schema["webFlow"] if f["name"] == "scope")["values"]),
    ):
        require(page["choices"][key] == want, f"{key} offers {page['choices'][key]}, the schema {want}")
    controlled = set(NUMBER_CONTROLS.values()) | set(CHOICE_CONTROLS.values()) | {"color", "border", "scale", "locale"}
    for endpoint in schema["endpoints"]:
        missing = set(endpoint["parameters"]) - controlled
        require(not missing, f"{endpoint['path']} takes {sorted(missing)}, which no control sets")
    print(
        f"ok   controls from the schema: {len(NUMBER_CONTROLS)} ranges, scales {scale['minimum']}-{scale['maximum']}, "
        f"{len(locales)} languages, titles, styles, formats, layouts, scopes"
    )


def check_controls(editor, server):
    editor.click_label("type-continue")
    editor.expect_image_url("/appleid/button?type=continue&width=250&height=44")
    editor.expect_snippet("snippet-html", 'data-type="continue"')

    editor.click_label("style-white-outline")
    editor.expect_image_url("/appleid/button?color=white&border=true&type=continue&width=250&height=44")
    editor.expect_snippet("snippet-html", 'data-color="white" data-border="true"')

    editor.type_into("width", "300")
    editor.expect_image_url("/appleid/button?color=white&border=true&type=continue&width=300&height=44")
    require(editor.el("width-range").get_attribute("value") == "300", "the width slider does not follow the field")
    editor.expect_preview(300, 44)
    editor.expect_snippet("snippet-html", 'data-width="300"')

    editor.choose("locale", "de_DE")
    editor.expect_image_url("/appleid/button?color=white&border=true&type=continue&width=300&height=44&locale=de_DE")
    editor.expect_snippet("snippet-html", "/appleid/1/de_DE/appleid.auth.js")
    editor.expect_snippet("nojs-html", 'alt="Mit Apple fortfahren" lang="de-DE"')

    # The slider, from the keyboard.
    editor.type_into("radius", "50")
    editor.el("radius-range").send_keys(Keys.ARROW_LEFT)
    editor.wait(lambda: editor.el("radius").get_attribute("value") == "49", "the radius field does not follow its slider")
    editor.el("radius-range").send_keys(Keys.ARROW_RIGHT)
    editor.choose("scale", "3")
    target = "/appleid/button?color=white&border=true&type=continue&border_radius=50&width=300&height=44&scale=3&locale=de_DE"
    editor.expect_image_url(target)
    editor.expect_preview(300, 44)
    require(editor.text("preview-meta").startswith("300 × 44 pt · image 900 × 132 px"), editor.text("preview-meta"))

    # Left-aligned: its own controls appear; the grammar gains its parameters.
    require(not editor.visible("logoPosition"), "the logo position is shown for the centred layout")
    editor.click_label("mode-left")
    editor.wait(
        lambda: editor.visible("logoPosition") and editor.visible("labelPosition"), "the left-aligned controls did not appear"
    )
    editor.click_label("logo-size-large")
    editor.type_into("logoPosition", "12")
    editor.type_into("labelPosition", "60")
    editor.expect_image_url(
        target.replace("/appleid/button?", "/appleid/button/left?") + "&label-position=60&logo-position=12&logo-size=large"
    )
    editor.expect_snippet("snippet-html", 'data-mode="left-align"')
    editor.expect_snippet("snippet-html", 'data-logo-size="large" data-logo-position="12" data-label-position="60"')
    editor.expect_preview(300, 44)

    # Logo only: no title, width or height; a square size instead. The language stays,
    # for the snippets only (the image has no words): the URL has no locale.
    editor.click_label("mode-logo")
    editor.wait(
        lambda: (
            editor.visible("size")
            and not editor.visible("width")
            and editor.visible("locale")
            and editor.visible("locale-hint-logo")
            and not editor.visible("locale-hint")
            and not editor.shown('label[for="type-continue"]')
            and not editor.visible("logoPosition")
        ),
        "the logo-only controls are not the right ones",
    )
    require(
        editor.el("locale").get_attribute("aria-describedby") == "locale-hint-logo",
        "the language control does not point at the logo-only hint",
    )
    editor.expect_image_url("/appleid/button/logo?color=white&border=true&border_radius=50&size=44&scale=3")
    editor.expect_snippet("snippet-html", 'data-mode="logo-only" data-color="white"')
    editor.expect_snippet("snippet-html", "/appleid/1/de_DE/appleid.auth.js")
    editor.expect_snippet("nojs-html", 'alt="Mit Apple anmelden" lang="de-DE"')
    editor.expect_preview(44, 44)
    fragment = editor.js("return window.location.hash")
    require(
        fragment == "#/appleid/button/logo?color=white&border=true&border_radius=50&size=44&scale=3&locale=de_DE",
        f"the page's link does not keep the logo-only snippet's language: {fragment}",
    )

    # Vector formats: the URL is the 1x one, as the download is (the scale is for PNGs).
    editor.click_label("format-svg")
    editor.expect_image_url("/appleid/button/logo?color=white&border=true&border_radius=50&size=44&format=svg")
    require(
        editor.el("download-svg").get_attribute("href") == editor.text("image-url"),
        f"the SVG URL and download differ: {editor.text('image-url')} / {editor.el('download-svg').get_attribute('href')}",
    )
    status, headers, body = http_get(editor.text("image-url"))
    require(
        status == 200 and headers["Content-Type"] == "image/svg+xml" and b"<svg" in body,
        f"the SVG image URL answered {status} {headers.get('Content-Type')}",
    )

    # Zoom 4x.
    editor.click_label("zoom-4")
    editor.wait(lambda: editor.image("preview-zoom")["width"] == 176, "the 4x zoom did not apply")
    editor.expect_preview(44, 44, zoom=4)
    editor.click_label("zoom-2")

    # Back to the centred layout: the values of the other controls were kept.
    editor.click_label("mode-center")
    editor.click_label("format-png")
    editor.expect_image_url(target)
    editor.expect_clean("after changing every control")
    print("ok   every control changes the image URL (exact grammar), the previews and the snippets")
    return target


def check_invalid_values(editor, server, target):
    before = editor.image("preview-light")["src"]
    requests_before = editor.js("return performance.getEntriesByType('resource').length")

    # Too large: explained at once, next to the field.
    editor.type_into("width", "500")
    editor.wait(lambda: editor.visible("width-error"), "no message for width 500")
    message = editor.text("width-error")
    require("at most 375" in message, f"the width message does not give the maximum: {message!r}")
    require(editor.el("width").get_attribute("aria-invalid") == "true", "width 500 is not marked aria-invalid")
    require(
        editor.visible("preview-status") and "width" in editor.text("preview-status"),
        "the preview does not say it shows the last valid button",
    )
    require(not editor.el("download-png").get_attribute("href"), "the PNG download still offers a stale button")
    require(
        not editor.el("download-png").is_enabled() or editor.el("download-png").get_attribute("aria-disabled") == "true",
        "the download is not disabled",
    )
    for source in ("image-url", "snippet-html", "init-js", "img-html", "nojs-html", "signin-js", "element-html"):
        button = editor.driver.find_element(By.CSS_SELECTOR, f'button.copy[data-copy="{source}"]')
        require(button.get_attribute("disabled"), f"{source} can be copied while the width is invalid")
    time.sleep(0.5)  # longer than the debounce: nothing may have been asked for
    require(editor.text("image-url") == editor.base + target, "the image URL changed to an invalid button")
    require(editor.image("preview-light")["src"] == before, "the preview changed to an invalid button")

    # Too small: could still be a number being typed, so explained once committed.
    editor.type_into("width", "13")
    editor.wait(lambda: editor.visible("width-error"), "the width 500 message should stay while still invalid")
    editor.type_into("height", "9", commit=True)
    editor.wait(
        lambda: editor.visible("height-error") and "at least 30" in editor.text("height-error"),
        f"no message for height 9 after leaving the field: {editor.text('height-error')!r}",
    )
    editor.wait(lambda: "at least 130" in editor.text("width-error"), "the width message did not follow the value 13")
    editor.type_into("width", "12.5", commit=True)
    editor.wait(lambda: "whole number" in editor.text("width-error"), f"12.5: {editor.text('width-error')!r}")

    # Fixed: messages go, the button follows.
    editor.type_into("width", "300")
    editor.type_into("height", "44", commit=True)
    editor.wait(
        lambda: not editor.visible("width-error") and not editor.visible("height-error") and not editor.visible("preview-status"),
        "the messages did not go away once fixed",
    )
    editor.expect_image_url(target)
    editor.expect_preview(300, 44)

    asked = editor.js(
        """return performance.getEntriesByType('resource').slice(arguments[0]).map(e => e.name)
        .filter(u => /[?&](width=(500|13|12\\.5)|height=9)(&|$)/.test(u));""",
        requests_before,
    )
    require(not asked, f"invalid values reached the service: {asked}")
    require(server.error_responses("/appleid/") in (0, None), "the service answered errors to image requests (see /metrics)")
    editor.expect_clean("after invalid values")
    print("ok   invalid values are explained inline and never requested; no broken image")


def check_web_settings(editor, server):
    client_id = editor.el("client-id")
    client_id.send_keys(Keys.CONTROL, "a")
    client_id.send_keys(HOSTILE_CLIENT_ID)
    editor.expect_snippet(
        "snippet-html",
        '<meta name="appleid-signin-client-id" content="a&quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;">',
    )
    editor.expect_snippet("nojs-html", "client_id=a%22%3C%2Fscript%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&amp;")
    for element_id in ("snippet-html", "init-js", "nojs-html", "img-html", "signin-js", "element-html"):
        require("<script>alert" not in editor.text(element_id), f"{element_id} carries the client id unescaped")

    editor.click_label("use-popup")
    editor.expect_snippet("snippet-html", '<meta name="appleid-signin-use-popup" content="true">')
    editor.click_label("scope-name")
    editor.expect_snippet("snippet-html", '<meta name="appleid-signin-scope" content="email">')
    editor.expect_snippet("nojs-html", "&amp;scope=email&amp;")
    # No scope: no empty scope anywhere (Apple leaves it out).
    editor.click_label("scope-email")
    editor.wait(
        lambda: "appleid-signin-scope" not in editor.text("snippet-html") and "scope=" not in editor.text("nojs-html"),
        "an empty scope still appears in the snippets",
    )
    editor.click_label("scope-email")
    editor.expect_snippet("snippet-html", '<meta name="appleid-signin-scope" content="email">')

    # What the page shows is what the API gives for the same button and settings.
    shown = {key: editor.text(key) for key in ("snippet-html", "init-js", "nojs-html", "img-html", "signin-js", "element-html")}
    api = editor.js(
        "return fetch(arguments[0]).then(r => r.json())",
        "api/snippet/appleid/button?color=white&border=true&type=continue&border_radius=50&width=300"
        "&height=44&locale=de_DE&client-id="
        + urllib.parse.quote(HOSTILE_CLIENT_ID, safe="")
        + "&redirect-uri="
        + urllib.parse.quote("https://example.com/auth/apple/callback", safe="")
        + "&scope=email&use-popup=true&base-url="
        + urllib.parse.quote(server.base, safe=""),
    )
    require(
        {k: shown[k] for k in ("init-js", "img-html", "signin-js")}
        == {"init-js": api["initJS"], "img-html": api["imgHTML"], "signin-js": api["signInJS"]},
        "the editor's files differ from /api/snippet's for the same button",
    )
    # The pages' panes hold what to paste (head after <title>, then the body), the
    # downloads the full pages.
    for key, page in (("snippet-html", api["snippetHTML"]), ("nojs-html", api["noJSHTML"])):
        pasted = [
            line
            for line in shown[key].splitlines()
            if line and not line.startswith("<!-- In <head>") and not line.startswith("<!-- Where the button goes")
        ]
        require(
            "<!DOCTYPE" not in shown[key]
            and "<body>" not in shown[key]
            and pasted
            and all(line in page.splitlines() for line in pasted)
            and "siwa-setup" in shown[key],
            f"{key}: the pane is not the fragment of the page to paste",
        )
        href = editor.el("download-" + key).get_attribute("href") or ""
        require(
            href.startswith("data:text/html;charset=utf-8,") and urllib.parse.unquote(href.split(",", 1)[1]) == page,
            f"{key}: the Full page download is not the page",
        )
    require(
        '<meta name="appleid-signin-client-id"' in shown["snippet-html"] and '<div id="appleid-signin"' in shown["snippet-html"],
        "the meta-tag pane lacks the meta tags or the button",
    )
    for link_id, kind in (("download-element", "text/javascript"), ("download-element-types", "")):
        href = editor.el(link_id).get_attribute("href")
        status, headers, body = http_get(href)
        require(
            status == 200 and headers.get("Content-Type", "").startswith(kind) and len(body) > 1000,
            f"{link_id}: the element's file is not downloadable from the editor ({href}: {status})",
        )
    element = shown["element-html"]
    require(
        f'<script type="module" src="{server.base}/element/1/apple-signin-button.js"></script>' in element
        and '<apple-signin-button mode="center-align" type="continue" color="white" border="true" border-radius="50" '
        'width="300" height="44" locale="de_DE"'
        in element
        and 'client-id="a&quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in element
        and 'use-popup="true"' in element
        and 'scope="email"' in element
        and "<script>alert" not in element,
        f"the element pane is not the same button and settings: {element!r}",
    )

    # Settings Apple would refuse. The page decides only what the schema states (required,
    # maxBytes) and sends nothing then; the rest is the service's to decide: its 400 is
    # shown under the field, and stays while the field keeps that value.
    since = editor.resources()
    editor.type_into("redirect-uri", "http://example.com/callback")
    editor.wait(lambda: editor.visible("redirect-uri-error"), "no message for an http:// redirect URI")
    message = editor.expect_refusal("redirect-uri", since)
    require("https" in message, message)
    require(editor.el("redirect-uri").get_attribute("aria-invalid") == "true", "redirect URI not marked aria-invalid")
    copy = editor.driver.find_element(By.CSS_SELECTOR, 'button.copy[data-copy="init-js"]')
    require(copy.get_attribute("disabled"), "out-of-date code can still be copied")
    asked = snippet_requests(editor)
    editor.type_into("client-id", "")
    editor.wait(
        lambda: editor.visible("client-id-error") and editor.visible("redirect-uri-error"),
        "an empty client id and a refused redirect URI are not both explained",
    )
    require(editor.text("client-id-error") == "Must not be empty", editor.text("client-id-error"))
    editor.type_into("client-id", "é" * 128)  # 256 bytes: the schema's maxBytes is 255
    editor.wait(lambda: editor.text("client-id-error") == "Is longer than 255 bytes", editor.text("client-id-error"))
    time.sleep(0.5)  # past the debounce: a request would have been made by now
    require(snippet_requests(editor) == asked, "settings the schema rules out were sent to the service")
    editor.type_into("client-id", HOSTILE_CLIENT_ID)
    since = editor.resources()
    editor.type_into("redirect-uri", "https://example.com:99999/cb")
    editor.wait(lambda: "port" in editor.text("redirect-uri-error"), "no message for an impossible port")
    editor.expect_refusal("redirect-uri", since)
    editor.type_into("redirect-uri", "https://example.com/auth/apple/callback")
    editor.wait(
        lambda: (
            not editor.visible("redirect-uri-error")
            and not editor.visible("client-id-error")
            and not copy.get_attribute("disabled")
        ),
        "the settings messages did not go away once fixed",
    )
    editor.click_label("scope-name")
    editor.expect_snippet("snippet-html", '<meta name="appleid-signin-scope" content="name email">')
    check_page_rules_within_service(editor, server)
    editor.expect_clean("after the web settings")
    print(
        "ok   client id (hostile, escaped), redirect URI, scope and popup feed the snippets; "
        "bad ones explained (the schema's limits by the page, the rest in the service's words)"
    )


# Settings at the edges of the rules. (The 2048-byte limit of redirect URIs cannot be
# tried here: the service's request line limit, 2048 bytes too, answers 414 first.)
SETTINGS_CASES = (
    [("client-id", v) for v in ("com.example.web", HOSTILE_CLIENT_ID, "", "a\tb", "é" * 127, "é" * 128)]
    + [
        ("redirect-uri", v)
        for v in (
            "https://example.com/cb",
            "HTTPS://EXAMPLE.COM",
            "https://example.com:8443/cb?x='1'&y=%20",
            "https://[::1]:8443/cb",
            "https://example.com:65535/cb",
            "https://example.com:65536/cb",
            "https://example.com:/cb",
            "https://:1/cb",
            "http://example.com/cb",
            "javascript:alert(1)",
            "",
            "https://user@example.com/cb",
            "https://example.com/cb#x",
            "https://example.com/a b",
            "https://example.com/%zz",
            "https://example.com/é",
            "https://example.com/\\x",
            'https://example.com/"x',
        )
    ]
    + [
        ("base-url", v)
        for v in (
            "",
            "https://buttons.example.com",
            "ftp://x.example",
            "https://" + "a" * 184 + ".example",
            "https://" + "a" * 185 + ".example",
        )
    ]
)  # 200 and 201 bytes


def check_page_rules_within_service(editor, server):
    """What the page refuses by itself (the schema's required and maxBytes) the service
    refuses too, so the page never holds back a setting the service would take."""
    verdicts = editor.driver.execute_async_script(
        """
        const [cases, done] = [arguments[0], arguments[arguments.length - 1]];
        Promise.all([import(new URL('js/schema.js', document.baseURI)), fetch('api/schema').then(r => r.json())])
            .then(([module, schema]) => {
                const check = module.webFlowCheck(schema);
                done(cases.map(([field, value]) => check(field, value) === null));
            }, (e) => done(String(e)));""",
        SETTINGS_CASES,
    )
    require(isinstance(verdicts, list), f"the page's checks did not load: {verdicts}")
    refused_by_page = 0
    for (field, value), page_accepts in zip(SETTINGS_CASES, verdicts):
        settings = {"client-id": "com.example.web", "redirect-uri": "https://example.com/cb", field: value}
        status = http_get(
            f"{server.base}/api/snippet/appleid/button?" + urllib.parse.urlencode(settings, quote_via=urllib.parse.quote)
        )[0]
        require(status in (200, 400), f"/api/snippet answered {status} for {field}={value[:60]!r}")
        require(page_accepts or status == 400, f"the page refuses {field}={value[:60]!r}, which the service accepts")
        refused_by_page += not page_accepts
    require(refused_by_page == 4, f"the page should refuse the 4 empty or too long values, refused {refused_by_page}")


def check_base_url(editor, server):
    """The production base URL reaches every snippet and the image URL; one the service
    refuses is explained under the field in its words, and the image URL keeps the
    editor's own address until the service accepts one."""
    require(
        editor.el("base-url").get_attribute("value") == server.base,
        f"the base URL does not start as the editor's own address: {editor.el('base-url').get_attribute('value')!r}",
    )
    since = editor.resources()
    editor.type_into("base-url", "ftp://buttons.example.com")
    editor.wait(
        lambda: editor.visible("base-url-error") and "http" in editor.text("base-url-error"), "no message for an ftp:// base URL"
    )
    editor.expect_refusal("base-url", since)
    require(
        editor.text("image-url").startswith(server.base + "/appleid/"),
        f"the image URL uses a refused base URL: {editor.text('image-url')}",
    )
    asked = snippet_requests(editor)
    editor.type_into("base-url", "https://" + "a" * 185 + ".example")  # 201 bytes
    editor.wait(lambda: editor.text("base-url-error") == "Is longer than 200 bytes", editor.text("base-url-error"))
    time.sleep(0.5)  # past the debounce
    require(snippet_requests(editor) == asked, "a base URL longer than the schema's maxBytes was sent")
    editor.type_into("base-url", "https://buttons.example.com/")
    production = "https://buttons.example.com/appleid/button"
    editor.wait(lambda: not editor.visible("base-url-error"), "the base URL message did not go away once fixed")
    for element_id in ("snippet-html", "nojs-html", "img-html"):
        editor.expect_snippet(element_id, f'src="{production}')
        require(server.base not in editor.text(element_id), f"{element_id} still points at the editor's address")
    editor.wait(
        lambda: editor.text("image-url").startswith(production + "?"),
        f"the image URL does not use the base URL: {editor.text('image-url')}",
    )
    editor.type_into("base-url", server.base)
    editor.expect_snippet("img-html", f'src="{server.base}/appleid/button')
    editor.expect_clean("after the base URL")
    print("ok   the image base URL reaches every snippet and the image URL; a bad one is explained by the service")


def check_img_snippet(editor, server, versioned_server):
    """The <img> snippet, pasted into a page, at 1 and 2 device pixels per point: shown at
    its size in points from the file of the screen's scale; the same with v=TOKEN, from a
    service started with --cache-version TOKEN (this one refuses v=), whose editor writes
    the token into its own image URLs."""
    for scale in (1, 2):
        editor.viewport(*DESKTOP, scale=scale)
        editor.open("/#/appleid/button?width=250&height=44")
        editor.expect_snippet("img-html", 'width="250" height="44"')
        snippet = editor.text("img-html")
        # Every image URL of the snippet ends at its closing quote or at " Nx" in a srcset.
        versioned = re.sub(
            re.escape(server.base) + r'(/appleid/button[^" ]*)',
            lambda m: f"{versioned_server.base}{m.group(1)}&amp;v=2026-11",
            snippet,
        )
        variants = {"as given": snippet, "with v=": versioned}
        # src, the <img>'s srcset (3) and the WebP <source>'s (3)
        require(versioned.count("v=2026-11") == 7, "the v= variant does not touch every URL")
        for name, html in variants.items():
            if name == "with v=":
                # Pasted into a page of the service that takes v= (the editor's CSP keeps images same-origin).
                editor.driver.get(versioned_server.base + "/")

                # That service's editor writes its token into its own image URLs, which it serves.
                def versioned_preview():
                    img = editor.image("preview-light")
                    return (
                        editor.text("image-url").endswith("&v=2026-11")
                        and img["src"].endswith("&v=2026-11")
                        and img["complete"]
                        and img["naturalWidth"] > 0
                    )

                editor.wait(
                    versioned_preview,
                    "the editor of a service with --cache-version should write v= into its "
                    f"image URLs and load them: {editor.text('image-url')} {editor.image('preview-light')}",
                )
                # Its element snippet loads the module with the token, which the element adds to its image URLs.
                editor.expect_snippet("element-html", "/element/1/apple-signin-button.js?v=2026-11")
            result = editor.driver.execute_async_script(
                """
                const [html, done] = arguments;
                const box = document.createElement('div');
                box.innerHTML = html;
                document.body.prepend(box);
                const img = box.querySelector('img');
                img.decode().then(() => {
                    // naturalWidth is divided by the srcset density: the file's pixels, alone.
                    const r = img.getBoundingClientRect();
                    const file = new Image();
                    file.onload = () => {
                        done({w: r.width, h: r.height, natural: [file.naturalWidth, file.naturalHeight], src: img.currentSrc});
                        box.remove();
                    };
                    file.src = img.currentSrc;
                }, (e) => { done({error: String(e), src: img.currentSrc}); box.remove(); });""",
                html,
            )
            require("error" not in result, f"the <img> snippet ({name}) did not load at {scale}x: {result}")
            require(
                (result["w"], result["h"]) == (250, 44),
                f"the <img> snippet ({name}) shows at {result['w']}x{result['h']}, not 250x44",
            )
            # Canonical URLs leave scale=1 out.
            require(
                result["natural"] == [250 * scale, 44 * scale]
                and (f"scale={scale}" in result["src"] if scale > 1 else "scale=" not in result["src"])
                and (name == "as given" or "v=2026-11" in result["src"]),
                f"at {scale}x the <img> snippet ({name}) should load the {scale}x image: {result}",
            )
    editor.viewport(*DESKTOP)
    editor.expect_clean("after the <img> snippet")
    print("ok   <img> snippet: 1x/2x/3x, shown at 250x44 pt at 1x and 2x, with and without v=")


def check_editor_polish(editor):
    """The popup choice is not announced as a scope; the language menu shows whole names."""
    editor.viewport(*DESKTOP)
    editor.open("/")
    group = editor.js("""const f = document.getElementById('use-popup').closest('fieldset');
        return f.querySelector('legend').textContent.trim();""")
    require(group != "Scope", "“Sign in in a popup” is inside the Scope group")
    fit = editor.js("""const select = document.getElementById('locale');
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d');
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const texts = [...select.options].map(o => o.text);
        const widest = texts.reduce((a, b) => context.measureText(a).width >= context.measureText(b).width ? a : b);
        return {room, widest, need: context.measureText(widest).width,
                enUS: context.measureText(select.options[select.selectedIndex].text).width};""")
    require(fit["enUS"] <= fit["room"], f"the language menu cuts “en_US” at {DESKTOP[0]} px: {fit}")
    require(fit["need"] <= fit["room"], f"the language menu cuts {fit['widest']!r} at {DESKTOP[0]} px: {fit}")
    print(
        f"ok   popup choice outside the Scope group; the language menu fits its longest name ({fit['need']:.0f} of {fit['room']:.0f} px)"
    )


def snippet_requests(editor):
    """The requests the page has made to /api/snippet so far."""
    return editor.js("""return performance.getEntriesByType('resource')
        .filter(e => e.name.includes('/api/snippet/')).map(e => e.name);""")


def read_clipboard(editor):
    return editor.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.readText().then(done, e => done('clipboard error: ' + e));"
    )


def check_copy(editor):
    for source in ("image-url", "snippet-html", "init-js", "img-html", "nojs-html", "signin-js", "element-html"):
        button = editor.driver.find_element(By.CSS_SELECTOR, f'button.copy[data-copy="{source}"]')
        editor.js("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        editor.wait(lambda button=button: "Copied" in button.text, f"the {source} copy button shows no feedback")
        editor.wait(lambda: editor.text("announcer").startswith("Copied"), "nothing announced in the live region")
        copied = read_clipboard(editor)
        require(copied == editor.text(source), f"the clipboard holds {copied[:200]!r}, not the {source} text")

    # The fallback, as on plain http or when the browser refuses the Clipboard API.
    editor.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.writeText('sentinel').then(() => {"
        "  navigator.clipboard.writeText = () => Promise.reject(new Error('refused')); done(); });"
    )
    require(read_clipboard(editor) == "sentinel", "could not reset the clipboard")
    button = editor.driver.find_element(By.CSS_SELECTOR, 'button.copy[data-copy="image-url"]')
    editor.js("arguments[0].scrollIntoView({block: 'center'})", button)
    time.sleep(1.7)  # the previous "Copied" goes back to "Copy"
    button.click()
    editor.wait(lambda: "Copied" in button.text, "the fallback copy shows no feedback")
    require(read_clipboard(editor) == editor.text("image-url"), "the execCommand fallback did not copy the URL")
    require(editor.js("return document.querySelector('.clipboard-buffer') === null"), "the fallback left its textarea")
    editor.expect_clean("after copying")
    print('ok   copy buttons: Clipboard API and fallback, "Copied" shown and announced')


def check_downloads(editor, target):
    expected = {
        "png": ("image/png", "siwa-continue-white-outline-de_DE-300x44r50@3x.png", target),
        "webp": ("image/webp", "siwa-continue-white-outline-de_DE-300x44r50@3x.webp", target + "&format=webp"),
        "svg": (
            "image/svg+xml",
            "siwa-continue-white-outline-de_DE-300x44r50.svg",
            target.replace("scale=3", "scale=1").replace("&scale=1", "") + "&format=svg",
        ),
        "pdf": (
            "application/pdf",
            "siwa-continue-white-outline-de_DE-300x44r50.pdf",
            target.replace("&scale=3", "") + "&format=pdf",
        ),
        "vectordrawable": (
            "application/xml",
            "siwa-continue-white-outline-de_DE-300x44r50.xml",
            target.replace("&scale=3", "") + "&format=vectordrawable",
        ),
    }
    for fmt, (media_type, name, path) in expected.items():
        link = editor.el(f"download-{fmt}")
        require(link.get_attribute("download") == name, f"{fmt} download name: {link.get_attribute('download')!r}")
        href = link.get_attribute("href")
        require(href == editor.base + path, f"{fmt} download points at {href}, expected {editor.base + path}")
        status, headers, body = http_get(href)
        require(
            status == 200 and headers["Content-Type"] == media_type,
            f"{fmt} download answered {status} {headers.get('Content-Type')}",
        )
        if fmt == "png":
            require(png_size(body) == (900, 132), f"the PNG download is {png_size(body)}, expected 900x132")
        elif fmt == "webp":
            require(webp_size(body) == (900, 132), f"the WebP download is {webp_size(body)}, expected 900x132")
        elif fmt == "pdf":
            require(body.startswith(b"%PDF-"), "the PDF download is not a PDF")
        elif fmt == "vectordrawable":
            require(
                b"<vector xmlns:android=" in body and b'android:width="300dp"' in body,
                "the Android XML download is not a 300 dp VectorDrawable",
            )
    print("ok   downloads: PNG and WebP at the chosen scale, SVG, PDF and Android XML, with file names, right content types")


def check_svg_in_chromium(editor):
    """Our SVGs render in Chromium as our PNGs do: each drawn on a canvas beside the PNG
    of the same button. Skia and Cairo anti-alias glyph edges a little differently, so
    only differences away from edges count: a pixel off by more than 96 in a channel
    where either image is flat around it (3x3). A different title gives hundreds."""
    cases = [
        "appleid/button?color=white&border=true&locale=ar_SA&width=260&height=44",
        "appleid/button/left?type=continue&locale=ja_JP&width=240&height=40&logo-size=large",
        "appleid/button?locale=th_TH&width=220&height=44&scale=2",
        "appleid/button/logo?size=44&border_radius=50",
    ]
    for target in cases:
        result = editor.driver.execute_async_script(
            """
            const [target, done] = arguments;
            const load = src => new Promise((ok, fail) => {
                const img = new Image(); img.onload = () => ok(img); img.onerror = () => fail(src); img.src = src; });
            Promise.all([load(target + '&format=svg'), load(target + '&format=png')]).then(([svg, png]) => {
                const w = png.naturalWidth, h = png.naturalHeight, pixels = img => {
                    const c = document.createElement('canvas'); c.width = w; c.height = h;
                    const g = c.getContext('2d'); g.drawImage(img, 0, 0, w, h);
                    return g.getImageData(0, 0, w, h).data; };
                const a = pixels(svg), b = pixels(png);
                const flat = (p, x, y) => {
                    const i = 4 * (y * w + x);
                    for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
                        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++)
                            for (let k = 0; k < 4; k++) if (Math.abs(p[i + k] - p[4 * (yy * w + xx) + k]) > 8) return false;
                    return true; };
                let structural = 0, ink = 0;
                for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
                    const i = 4 * (y * w + x);
                    if (a[i + 3] > 0) ink++;
                    let m = 0;
                    for (let k = 0; k < 4; k++) m = Math.max(m, Math.abs(a[i + k] - b[i + k]));
                    if (m > 96 && (flat(a, x, y) || flat(b, x, y))) structural++;
                }
                done({size: [svg.naturalWidth, svg.naturalHeight, w, h], structural, ink: ink / (w * h)});
            }, src => done({error: 'did not load: ' + src}));
        """,
            target,
        )
        require("error" not in result, f"SVG check: {result.get('error')}")
        sw, sh, pw, ph = result["size"]
        require((sw, sh) == (pw, ph), f"{target}: SVG is {sw}x{sh} in Chromium, PNG {pw}x{ph}")
        require(result["ink"] > 0.5, f"{target}: the SVG draws almost nothing in Chromium")
        require(
            result["structural"] == 0,
            f"{target}: Chromium's SVG differs from our PNG in {result['structural']} pixels away from edges",
        )
    print(f"ok   SVGs render in Chromium like our PNGs ({len(cases)} buttons: RTL, CJK, Thai, logo)")


def lint_findings(editor):
    """The findings on screen: [(rule id, text)]."""
    return editor.js("""return [...document.querySelectorAll('#lint-findings li')]
        .map(li => [li.dataset.rule, li.textContent]);""")


def set_page(editor, element_id, value):
    """Sets a page-colour control as a person would (an input event on the picker)."""
    editor.js(
        """const input = document.getElementById(arguments[0]);
        if (input.type === 'checkbox') input.checked = arguments[1]; else input.value = arguments[1];
        input.dispatchEvent(new Event('input', {bubbles: true}));""",
        element_id,
        value,
    )


def check_lint(editor, server):
    """Apple's rules beside the preview: the service's findings, word for word, live."""
    editor.open("/#/appleid/button?width=250&height=44")
    editor.wait(
        lambda: editor.text("lint-summary") == "Follows Apple’s rules checked here.",
        f"a clean button: {editor.text('lint-summary')!r} {lint_findings(editor)}",
    )
    require(lint_findings(editor) == [], f"findings on a clean button: {lint_findings(editor)}")
    require(
        editor.visible("lint-page-light") and editor.el("lint-page-dark").get_attribute("disabled") is not None,
        "the page colour picker shows; the dark one waits for its checkbox",
    )

    def expect_finding(rule, query):
        status, _, body = http_get(f"{server.base}/api/lint/appleid/button?{query}")
        require(status == 200, f"/api/lint answered {status}: {body[:200]!r}")
        messages = {f["id"]: f for f in json.loads(body)["findings"]}
        require(rule in messages, f"/api/lint?{query} lacks {rule}: {messages}")
        want = f"{messages[rule]['severity']} {messages[rule]['message']}"
        editor.wait(
            lambda: [rule, want] in lint_findings(editor), f"the editor should show {want!r}, shows {lint_findings(editor)}"
        )

    # Narrower than the HIG's minimum (the service draws it: Apple's accepts it too); at
    # 44 pt tall the width also squeezes the title.
    editor.type_into("width", "130", commit=True)
    expect_finding("min-width", "width=130&height=44&background=%23ffffff")
    expect_finding("title-size", "width=130&height=44&background=%23ffffff")
    editor.wait(lambda: editor.text("lint-summary") == "1 error, 1 warning.", f"summary: {editor.text('lint-summary')!r}")
    editor.type_into("width", "250", commit=True)
    editor.wait(lambda: lint_findings(editor) == [], f"fixed width, findings left: {lint_findings(editor)}")

    # The page colour picker: a black button on a black page, then a dark mode.
    set_page(editor, "lint-page-light", "#000000")
    expect_finding("background-contrast", "width=250&height=44&background=%23000000")
    require("white" in editor.text("lint-advice"), f"advice on a black page: {editor.text('lint-advice')!r}")
    set_page(editor, "lint-page-light", "#ffffff")
    set_page(editor, "lint-dark-mode", True)
    require(editor.el("lint-page-dark").get_attribute("disabled") is None, "the dark page colour is enabled with its checkbox")
    expect_finding("background-contrast", "width=250&height=44&background=%23ffffff%2C%231c1c1e")
    editor.click_label("style-white-outline")
    expect_finding("outline-on-dark", "color=white&border=true&width=250&height=44&background=%23ffffff%2C%231c1c1e")
    editor.wait(
        lambda: "warning" in editor.text("lint-summary") and "0 errors" in editor.text("lint-summary"),
        f"a warning alone: {editor.text('lint-summary')!r}",
    )
    editor.click_label("style-white")
    editor.wait(
        lambda: [r for r, _ in lint_findings(editor)] == ["background-contrast"],
        f"white on a white page: {lint_findings(editor)}",
    )
    set_page(editor, "lint-dark-mode", False)
    set_page(editor, "lint-page-light", "#1c1c1e")
    editor.wait(lambda: lint_findings(editor) == [], f"white on a dark page is right: {lint_findings(editor)}")
    editor.click_label("style-black")
    set_page(editor, "lint-page-light", "#ffffff")
    editor.wait(lambda: lint_findings(editor) == [], f"back to clean: {lint_findings(editor)}")
    editor.expect_clean("after the rule checks")
    print("ok   Apple's rules beside the preview: the service's words, live with width, style and page colours")


def check_keyboard(editor):
    editor.open("/#/appleid/button?width=200&height=40")
    editor.expect_image_url("/appleid/button?width=200&height=40")  # the link's button, Apple's defaults for the rest
    editor.expect_preview(200, 40)
    body = editor.driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)  # the skip link comes first
    require(editor.js("return document.activeElement.className") == "skip-link", "the skip link is not first")
    body = editor.driver.switch_to.active_element
    body.send_keys(Keys.TAB)
    focused = editor.driver.switch_to.active_element
    require(focused.get_attribute("id") == "mode-center", f"Tab reached #{focused.get_attribute('id')}, not the layout")
    outline = editor.js("return getComputedStyle(document.querySelector('label[for=mode-center]')).outlineStyle")
    require(outline == "solid", f"no visible focus on the layout control (outline {outline!r})")
    focused.send_keys(Keys.ARROW_RIGHT)
    editor.expect_image_url("/appleid/button/left?width=200&height=40")
    editor.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    editor.expect_image_url("/appleid/button/logo")
    editor.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    editor.expect_image_url("/appleid/button?width=200&height=40")
    editor.expect_clean("after the keyboard")
    # A link to a logo-only button carries its snippet's language.
    editor.open("/#/appleid/button/logo?color=white&size=44&locale=de_DE")
    editor.expect_image_url("/appleid/button/logo?color=white&size=44")
    editor.expect_snippet("snippet-html", "/appleid/1/de_DE/appleid.auth.js")
    print("ok   keyboard: skip link, Tab order, visible focus, arrow keys on the layout; links to a button")


def check_phone(editor, shots):
    editor.viewport(*PHONE, scale=2, mobile=True)
    editor.open("/#/appleid/button?width=250&height=44&scale=2")
    editor.expect_preview(250, 44)
    current = editor.image("preview-light")["current"]
    require("scale=2" in current, f"at 2 device pixels per point the preview should use the @2x image: {current}")
    overflow = editor.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    require(overflow <= 0, f"the phone layout scrolls sideways by {overflow}px")
    paths = [
        editor.screenshot(os.path.join(shots, "phone.png")),
        editor.screenshot(os.path.join(shots, "phone-full.png"), full_page=True),
    ]
    editor.expect_clean("on a phone")
    print("ok   phone (375x812 @2x): @2x previews, no sideways scrolling")
    return paths


def desktop_screenshots(editor, shots):
    editor.viewport(*DESKTOP)
    editor.open("/#/appleid/button?width=250&height=44&scale=2")
    editor.expect_preview(250, 44)
    paths = [
        editor.screenshot(os.path.join(shots, "desktop.png")),
        editor.screenshot(os.path.join(shots, "desktop-full.png"), full_page=True),
    ]
    # A left-aligned Arabic button, and an invalid value explained.
    editor.open(
        "/#/appleid/button/left?color=white&border=true&type=continue&width=280&height=48&scale=2&locale=ar_SA&logo-size=medium"
    )
    editor.expect_preview(280, 48)
    editor.type_into("width", "500")
    editor.wait(lambda: editor.visible("width-error"), "no message for width 500")
    time.sleep(0.3)  # let the field's colour transition end
    paths.append(editor.screenshot(os.path.join(shots, "desktop-left-invalid.png")))
    editor.type_into("width", "280")
    editor.expect_clean("desktop screenshots")
    return paths


def main():
    parser = arguments(__doc__.split("\n\n")[0])
    parser.add_argument("--screenshots", default=os.path.join(ROOT, "out/editor-screenshots"))
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)

    failures = Failures()
    server = editor = None
    try:
        server = Server(args.binary, args.public, host_app=args.host_app, mount=args.path)
        print(f"     the editor at {server.base}/")
        editor = Editor(server, args.chromedriver)
        check_page_and_policy(editor, server)
        check_schema_controls(editor, server)
        check_locales(editor, server)
        target = check_controls(editor, server)
        check_invalid_values(editor, server, target)
        check_web_settings(editor, server)
        check_base_url(editor, server)
        check_copy(editor)
        check_downloads(editor, target)
        check_svg_in_chromium(editor)
        check_lint(editor, server)
        check_keyboard(editor)
        # A second service taking v=2026-11 (the image URLs of the snippet carry the base URL).
        versioned_server = Server(args.binary, args.public, serve_options=["--cache-version", "2026-11"])
        try:
            check_img_snippet(editor, server, versioned_server)
        finally:
            versioned_server.stop()
        check_editor_polish(editor)
        shots = desktop_screenshots(editor, args.screenshots)
        shots += check_phone(editor, args.screenshots)
        print("screenshots:")
        for path in shots:
            print("  " + os.path.relpath(path, os.getcwd()))
    except (CheckFailed, WebDriverException) as failure:
        # WebDriverException: e.g. a control that could not be clicked (covered, hidden).
        report_failure(failures, failure, editor, server, os.path.join(args.screenshots, "failure.png"))
    finally:
        shut_down(editor, server)
    return failures.summary("editor")


if __name__ == "__main__":
    sys.exit(main())
