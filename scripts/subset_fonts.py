#!/usr/bin/env python3
"""Subset the button fonts in Fonts/ to the characters the labels need.

Called by scripts/build-fonts.sh, which finds the pinned Debian font files and
passes their paths. The label characters are read from
Sources/SIWAModel/Locale/titles.json, so adding or changing a label and
re-running the build updates the subsets (and the coverage check below fails
loudly if a label needs a character no font provides).

Which font draws what:
  Inter-Medium                 printable ASCII, Latin-1, a few punctuation and
                               space characters, and every Latin / Greek /
                               Cyrillic (and script-neutral) label character.
  NotoSansArabic/Hebrew/Thai   the label characters of that script.
  NotoSansCJK{sc,tc,hk,jp,kr}  the Han / Kana / Hangul characters of the labels
                               of the locale(s) mapped to that face.

Usage:
  subset_fonts.py --labels titles.json --out Fonts \
      --inter Inter-Medium.otf --arabic NotoSansArabic-Medium.ttf \
      --hebrew NotoSansHebrew-Medium.ttf --thai NotoSansThai-Medium.ttf \
      --cjk-ttc NotoSansCJK-Medium.ttc
  subset_fonts.py --labels titles.json --out Fonts --check-only
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import unicodedata as ucd

from fontTools import subset
from fontTools import unicodedata as fucd
from fontTools.ttLib import TTCollection, TTFont

# --------------------------------------------------------------------------
# Labels

TITLES = ("signIn", "continue", "signUp")


def read_labels(path: str) -> list[tuple[str, dict[str, str]]]:
    """[(locale, {"signIn": …, "continue": …, "signUp": …})] in file order, from titles.json."""
    with open(path, encoding="utf-8") as f:
        rows = [(row["locale"], {k: row[k] for k in TITLES}) for row in json.load(f)]
    if not rows:
        sys.exit(f"error: no label rows found in {path}")
    if len({loc for loc, _ in rows}) != len(rows):
        sys.exit("error: duplicate locale in label table")
    return rows


# --------------------------------------------------------------------------
# Fonts

INTER_SCRIPTS = {"Latn", "Grek", "Cyrl"}
NEUTRAL_SCRIPTS = {"Zyyy", "Zinh", "Zzzz"}  # Common, Inherited, Unknown
CJK_SCRIPTS = {"Hani", "Hira", "Kana", "Hang", "Bopo"}

INTER_BASE = (
    set(range(0x20, 0x7F))  # printable ASCII
    | set(range(0xA0, 0x100))  # Latin-1 Supplement
    | {0x2005, 0x2019, 0x2011, 0x2013, 0x2014, 0x2026}
)

# Which Noto Sans CJK face draws the Han/Kana/Hangul of which locale.
# A label with CJK characters in a locale not listed here is an error.
CJK_FACE_BY_LOCALE = {
    "zh_CN": "sc",
    "zh_TW": "tc",
    "zh_HK": "hk",
    "ja_JP": "jp",
    "ko_KR": "kr",
}
CJK_FAMILY = {
    "sc": "Noto Sans CJK SC",
    "tc": "Noto Sans CJK TC",
    "hk": "Noto Sans CJK HK",
    "jp": "Noto Sans CJK JP",
    "kr": "Noto Sans CJK KR",
}

# Optional features a face keeps (fontTools drops them by default): Japanese titles
# set their kana with the proportional alternates, as Apple does (docs/geometry.md).
KEPT_CJK_FEATURES = {"jp": ("palt",)}

# HarfBuzz's Thai/Lao shaper always splits SARA AM into NIKHAHIT + SARA AA
# (a compatibility decomposition, so NFD does not give it): keep both.
SHAPER_DECOMPOSITIONS = {0x0E33: (0x0E4D, 0x0E32), 0x0EB3: (0x0ECD, 0x0EB2)}


# Characters FreeType's auto-hinter measures to set up its blue zones for a
# script (src/autofit/afblue.dat and the standard characters in afscript.h).
# FreeType auto-hints TrueType fonts under "slight"/light hinting (cairo's
# CAIRO_HINT_STYLE_SLIGHT): keeping these makes the subsets hint, and so
# render, exactly like the full fonts in that mode too. Cost: a few KB.
AUTOHINT_REFERENCE = {
    "Arabic": "ا إ ل ك ط ظ ت ث ـ ح",
    "Hebrew": "ב ד ה ח ך כ ם ס ט צ ק ן ף ץ ש",
    "Thai": "บ เ แ อ ก า ป ษ ฯ ย ฮ ฝ ฟ โ ใ ไ ฎ ฏ ฤ ฦ ญ ฐ ๐ ๑ ๓",
}


def autohint_reference(key: str) -> set[int]:
    return {ord(c) for c in AUTOHINT_REFERENCE.get(key, "").replace(" ", "")}


class FontSpec:
    def __init__(self, key, out, family, scripts, extras, src=None, ttc=None, psname=None, locales=None, features=()):
        self.key = key  # short id used in the coverage table
        self.out = out  # output file name in Fonts/
        self.family = family  # expected typographic family name (name ID 16 or 1)
        self.scripts = scripts  # Unicode scripts this font draws
        self.extras = set(extras)  # always included (when the source has them)
        self.src = src  # source font file
        self.ttc = ttc  # or: a TTC ...
        self.psname = psname  # ... and the PostScript name of the face in it
        self.locales = locales  # CJK: only these locales' labels; None = all
        self.features = features  # layout features kept beyond fontTools' default set


def font_specs(args) -> list[FontSpec]:
    specs = [
        FontSpec("Inter", "Inter-Medium.otf", "Inter", INTER_SCRIPTS, INTER_BASE, src=args.inter),
        FontSpec(
            "Arabic",
            "NotoSansArabic-Medium.ttf",
            "Noto Sans Arabic",
            {"Arab"},
            {0x20, 0xA0, 0x200E, 0x200F} | autohint_reference("Arabic"),
            src=args.arabic,
        ),
        FontSpec(
            "Hebrew",
            "NotoSansHebrew-Medium.ttf",
            "Noto Sans Hebrew",
            {"Hebr"},
            {0x20, 0xA0, 0x200E, 0x200F} | autohint_reference("Hebrew"),
            src=args.hebrew,
        ),
        FontSpec(
            "Thai",
            "NotoSansThai-Medium.ttf",
            "Noto Sans Thai",
            {"Thai"},
            {0x20, 0xA0} | autohint_reference("Thai"),
            src=args.thai,
        ),
    ]
    for face in ("sc", "tc", "hk", "jp", "kr"):
        locs = {loc for loc, f in CJK_FACE_BY_LOCALE.items() if f == face}
        specs.append(
            FontSpec(
                f"CJK{face.upper()}",
                f"NotoSansCJK{face}-Medium.otf",
                CJK_FAMILY[face],
                CJK_SCRIPTS,
                {0x20, 0x3000},
                ttc=args.cjk_ttc,
                psname=f"NotoSansCJK{face}-Medium",
                locales=locs,
                features=KEPT_CJK_FEATURES.get(face, ()),
            )
        )
    return specs


def scx(ch: str) -> set[str]:
    return set(fucd.script_extension(ch))


def is_inter_char(ch: str) -> bool:
    """Latin/Greek/Cyrillic, or script-neutral (space, punctuation, combining marks)."""
    s = scx(ch)
    return bool(s & INTER_SCRIPTS) or s <= NEUTRAL_SCRIPTS


def with_decompositions(cps: set[int]) -> set[int]:
    """Add the canonical decomposition (NFD) of each character, so decomposed
    input (e.g. Vietnamese typed as base + combining marks) still renders.
    Hangul syllables are left out: their NFD is conjoining jamo, which would
    pull ~150 glyphs into the KR subset and which HarfBuzz never needs when
    the font has the precomposed syllable."""
    out = set(cps)
    for cp in cps:
        if not 0xAC00 <= cp <= 0xD7A3:
            out.update(ord(c) for c in ucd.normalize("NFD", chr(cp)))
        out.update(SHAPER_DECOMPOSITIONS.get(cp, ()))
    return out


def load_source(spec: FontSpec) -> TTFont:
    # recalcTimestamp=False keeps head.modified from the source, so the output
    # depends only on the inputs (byte-identical on every run).
    if spec.ttc:
        coll = TTCollection(spec.ttc, recalcTimestamp=False, lazy=False)
        found = [i for i, f in enumerate(coll.fonts) if f["name"].getDebugName(6) == spec.psname]
        if len(found) != 1:
            names = [f["name"].getDebugName(6) for f in coll.fonts]
            sys.exit(f"error: face {spec.psname} not found once in {spec.ttc} (faces: {names})")
        spec.ttc_index = found[0]
        return TTFont(spec.ttc, fontNumber=found[0], recalcTimestamp=False, lazy=False)
    return TTFont(spec.src, recalcTimestamp=False, lazy=False)


def wanted_codepoints(spec: FontSpec, rows, src_cmap, inter_cmap) -> set[int]:
    want = {cp for cp in spec.extras if cp in src_cmap}
    missing_extras = sorted(spec.extras - set(src_cmap))
    if missing_extras:
        print(f"  note: {spec.out}: source lacks extras {[f'U+{c:04X}' for c in missing_extras]} (skipped)")
    for loc, titles in rows:
        if spec.locales is not None and loc not in spec.locales:
            continue
        for ch in "".join(titles.values()):
            cp = ord(ch)
            if spec.key == "Inter":
                if is_inter_char(ch) and cp in src_cmap:
                    want.add(cp)
                elif scx(ch) & INTER_SCRIPTS:
                    sys.exit(f"error: Inter lacks {ch!r} U+{cp:04X} needed by {loc}")
            elif scx(ch) & spec.scripts:
                if cp not in src_cmap:
                    sys.exit(f"error: {spec.out} source lacks {ch!r} U+{cp:04X} needed by {loc}")
                want.add(cp)
            elif cp not in inter_cmap and cp in src_cmap and not (scx(ch) & INTER_SCRIPTS):
                # A script-neutral character Inter cannot draw (e.g. U+3000, fullwidth
                # punctuation): the locale's script font must carry it.
                want.add(cp)
    return {cp for cp in with_decompositions(want) if cp in src_cmap}


def subset_options(features=()) -> subset.Options:
    o = subset.Options()
    o.layout_features = o.layout_features + list(features)
    # Defaults keep the shaping features: ccmp locl calt liga rlig kern mark mkmk
    # curs init medi fina isol ... (Options().layout_features).
    # All standard names: in particular the typographic family/subfamily (IDs
    # 16/17, which fontconfig reports as the family, e.g. "Noto Sans Arabic"
    # rather than the legacy "Noto Sans Arabic Med"), copyright and licence.
    # The default (IDs 0-6) would drop 16/17. IDs 256+ only name the stylistic
    # sets that the subsets no longer have.
    o.name_IDs = list(range(256))
    o.name_languages = [0x0409]  # English names only
    o.name_legacy = False
    o.notdef_outline = True  # a visible box for anything missing
    o.glyph_names = False
    o.hinting = True
    o.recalc_timestamp = False
    o.ignore_missing_unicodes = True  # checked by wanted_codepoints()
    # Keep the CJK fonts' BASE table (baselines): Pango 1.50 aligns runs of
    # different fonts with it, and without it "Apple" in a Chinese label sits
    # ~2.5 px off compared with the full font. It holds only coordinates (no
    # glyph ids; checked by check_base()), so it is copied unchanged.
    o.drop_tables = [t for t in o.drop_tables if t != "BASE"]
    o.no_subset_tables = o.no_subset_tables + ["BASE"]
    return o


def check_base(font: TTFont, path: str) -> None:
    """Fail unless every BaseCoord is format 1 (a plain coordinate)."""
    if "BASE" not in font:
        return
    seen = set()

    def walk(obj):
        if id(obj) in seen:
            return
        seen.add(id(obj))
        if type(obj).__name__ == "BaseCoord" and getattr(obj, "Format", 1) != 1:
            sys.exit(
                f"error: {path}: BASE has a BaseCoord of format {obj.Format}; "
                "it references glyphs or device tables and cannot be copied unsubset"
            )
        if isinstance(obj, list):
            for x in obj:
                walk(x)
        elif hasattr(obj, "__dict__"):
            for x in vars(obj).values():
                walk(x)

    walk(font["BASE"].table)


# Arabic Presentation Forms-A / -B.
PRESENTATION_FORMS = [(0xFB50, 0xFDFF), (0xFE70, 0xFEFE)]


def add_presentation_form_aliases(font: TTFont, src_cmap: dict[int, str]) -> int:
    """Map the presentation-form code points whose glyphs survived subsetting
    (the joining forms that GSUB init/medi/fina produce) in the subset's cmap,
    as the full font does. No glyph is added. Reason: FreeType built without
    HarfBuzz (as Debian's is) assigns auto-hinter scripts to glyphs via the
    cmap only; without these entries the joining forms are auto-hinted as "no
    script" under light ("slight") hinting and look different from the full
    font's."""
    kept = set(font.getGlyphOrder())
    extra = {cp: g for cp, g in src_cmap.items() if g in kept and any(lo <= cp <= hi for lo, hi in PRESENTATION_FORMS)}
    if not extra:
        return 0
    for table in font["cmap"].tables:
        if table.isUnicode():
            for cp, g in extra.items():
                if table.format != 4 or cp <= 0xFFFF:
                    table.cmap.setdefault(cp, g)
    cps = set(font.getBestCmap())
    os2 = font["OS/2"]
    os2.usFirstCharIndex = min(min(cps), 0xFFFF)
    os2.usLastCharIndex = min(max(cps), 0xFFFF)
    return len(extra)


def build(args, rows) -> None:
    specs = font_specs(args)
    os.makedirs(args.out, exist_ok=True)
    inter_cmap = TTFont(args.inter, lazy=True).getBestCmap()
    for spec in specs:
        font = load_source(spec)
        src_cmap = font.getBestCmap()
        check_base(font, spec.ttc or spec.src)
        cps = wanted_codepoints(spec, rows, src_cmap, inter_cmap)
        weight = font["OS/2"].usWeightClass
        sub = subset.Subsetter(options=subset_options(spec.features))
        sub.populate(unicodes=sorted(cps))
        sub.subset(font)
        aliases = add_presentation_form_aliases(font, src_cmap)
        out = os.path.join(args.out, spec.out)
        tmp = out + ".tmp"
        font.save(tmp, reorderTables=True)
        os.replace(tmp, out)
        check_font(out, spec, weight)
        src = spec.ttc + f" #{spec.ttc_index}" if spec.ttc else spec.src
        print(
            f"  {spec.out:30s} {len(cps):4d} chars (+{aliases:2d} aliases) {len(font.getGlyphOrder()):4d} glyphs "
            f"{os.path.getsize(out):7d} bytes  <- {src}"
        )


def family_of(font: TTFont) -> str:
    name = font["name"]
    return name.getDebugName(16) or name.getDebugName(1)


def check_font(path: str, spec: FontSpec, src_weight: int) -> None:
    f = TTFont(path)
    fam = family_of(f)
    if fam != spec.family:
        sys.exit(f"error: {path}: family {fam!r}, expected {spec.family!r}")
    if f["OS/2"].usWeightClass != 500 or src_weight != 500:
        sys.exit(f"error: {path}: usWeightClass {f['OS/2'].usWeightClass} (source {src_weight}), expected 500")


# --------------------------------------------------------------------------
# Licence files


def dep5_paragraphs(path: str) -> list[dict[str, str]]:
    """Parse a Debian machine-readable copyright file into field dicts."""
    paras, cur, key = [], {}, None
    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines():
            if not line.strip():
                if cur:
                    paras.append(cur)
                cur, key = {}, None
            elif line[0] in " \t" and key:
                cur[key] += "\n" + line[1:]
            else:
                key, _, val = line.partition(":")
                cur[key] = val.strip()
    if cur:
        paras.append(cur)
    return paras


def dep5_text(value: str) -> list[str]:
    """Continuation lines of a DEP-5 field, with ' .' turned back into blank lines."""
    return ["" if l.strip() == "." else l.rstrip() for l in value.split("\n")]


def ofl_from_copyright(path: str) -> tuple[list[str], list[str]]:
    """(copyright lines of the `Files: *` paragraph, OFL text) of a copyright file."""
    paras = dep5_paragraphs(path)
    files = [p for p in paras if p.get("Files", "").split() == ["*"]]
    ofl = [p for p in paras if "Files" not in p and p.get("License", "").split("\n")[0] in ("OFL-1.1", "SIL-1.1")]
    if len(files) != 1 or len(ofl) != 1:
        sys.exit(f"error: cannot find the font copyright and the OFL text in {path}")
    holders = [l.strip() for l in files[0]["Copyright"].split("\n") if l.strip()]
    holders = [h if h.lower().startswith(("copyright", "(c)", "\u00a9")) else "Copyright " + h for h in holders]
    text = dep5_text(ofl[0]["License"])[1:]
    while text and not text[0]:
        text.pop(0)
    return holders, text


def name_copyright(path: str, font_number: int = -1) -> str:
    return TTFont(path, fontNumber=font_number, lazy=True)["name"].getDebugName(0)


def write_licences(args) -> None:
    pkgs = dict(kv.split("=", 1) for kv in args.pkg_versions.split(","))
    inter_holders, inter_ofl = ofl_from_copyright(args.copyright_inter)
    noto_holders, noto_ofl = ofl_from_copyright(args.copyright_noto)
    cjk_holders, cjk_ofl = ofl_from_copyright(args.copyright_cjk)

    def ofl_notice(what: str, these: str) -> list[str]:
        return [
            "This Font Software is licensed under the SIL Open Font License, Version 1.1.",
            "This license is copied below, and is also available with a FAQ at:",
            "https://openfontlicense.org",
            "",
            f"Neither the package's debian/copyright nor {what} declare a Reserved Font",
            f"Name (see README.md). {these} (Modified Versions under the OFL).",
            "",
        ]

    # The OFL text is the canonical one as carried by fonts-noto-cjk-extra's
    # debian/copyright; the other two packages carry the same licence, reflowed
    # (fonts-noto-extra) or with the quotation marks dropped (fonts-inter).
    if not any("SIL OPEN FONT LICENSE Version 1.1" in l for l in cjk_ofl):
        sys.exit(f"error: unexpected OFL text in {args.copyright_cjk}")
    for other, path in ((inter_ofl, args.copyright_inter), (noto_ofl, args.copyright_noto)):
        if not any("TERMINATION" in l for l in other):
            sys.exit(f"error: no OFL text in {path}")
    ofl_source = ["-" * 59, "(OFL 1.1 text as shipped in fonts-noto-cjk-extra's debian/copyright.)", ""]

    lines = [
        "Inter-Medium.otf in this folder is a subset of Inter-Medium.otf from the",
        f"Debian package fonts-inter {pkgs['fonts-inter']} (upstream: Inter, https://github.com/rsms/inter).",
        "",
        "Copyright (as given in the package's debian/copyright):",
    ]
    lines += ["  " + h for h in inter_holders]
    lines += ["Copyright (as given in the font's name table):", "  " + name_copyright(args.inter), ""] + ofl_notice(
        "the font's name table", "The file here is a subset"
    )
    lines += ofl_source + cjk_ofl
    _write(os.path.join(args.out, "LICENSE-Inter.txt"), lines)

    lines = [
        "NotoSansArabic-Medium.ttf, NotoSansHebrew-Medium.ttf and NotoSansThai-Medium.ttf",
        "in this folder are subsets of the fonts of the same names from the Debian package",
        f"fonts-noto-extra {pkgs['fonts-noto-extra']} (upstream: Noto, https://github.com/googlei18n/noto-fonts).",
        "",
        "Copyright (as given in the package's debian/copyright):",
    ]
    lines += ["  " + h for h in noto_holders]
    lines += ["Copyright (as given in the fonts' name tables):"]
    lines += ["  " + name_copyright(p) for p in (args.arabic, args.hebrew, args.thai)]
    lines += [
        "",
        "NotoSansCJK{sc,tc,hk,jp,kr}-Medium.otf in this folder are subsets of faces of",
        "NotoSansCJK-Medium.ttc from the Debian package",
        f"fonts-noto-cjk-extra {pkgs['fonts-noto-cjk-extra']} (upstream: Noto CJK, https://github.com/googlefonts/noto-cjk).",
        "",
        "Copyright (as given in the package's debian/copyright):",
    ]
    lines += ["  " + h for h in cjk_holders]
    lines += ["Copyright (as given in the fonts' name tables):", "  " + name_copyright(args.cjk_ttc, 0), ""] + ofl_notice(
        "the fonts' name tables", "The files here are subsets"
    )
    lines += ofl_source + cjk_ofl
    _write(os.path.join(args.out, "LICENSE-Noto.txt"), lines)


def _write(path: str, lines: list[str]) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines).rstrip("\n") + "\n")


# --------------------------------------------------------------------------
# Coverage report


def coverage(args, rows) -> bool:
    specs = font_specs(args)
    cmaps = {}
    for spec in specs:
        p = os.path.join(args.out, spec.out)
        if not os.path.exists(p):
            print(f"error: {p} missing")
            return False
        cmaps[spec.key] = TTFont(p).getBestCmap()
    by_key = {s.key: s for s in specs}
    script_fonts = [s for s in specs if s.key != "Inter"]
    ok = True
    print(f"{'locale':7s} {'title':9s} {'fonts':18s} {'chars':>5s}  result  label")
    for loc, titles in rows:
        for title in TITLES:
            text = titles[title]
            used, bad = [], []
            for ch in text:
                cp = ord(ch)
                s = scx(ch)
                if s & INTER_SCRIPTS or s <= NEUTRAL_SCRIPTS and cp in cmaps["Inter"]:
                    key = "Inter"
                else:
                    cands = [f for f in script_fonts if s & f.scripts and (f.locales is None or loc in f.locales)]
                    if not cands:  # script-neutral char Inter lacks: the locale's script font
                        cands = [f for f in script_fonts if (f.locales is None or loc in f.locales) and cp in cmaps[f.key]]
                    key = cands[0].key if cands else None
                if key is None or cp not in cmaps[key]:
                    bad.append(f"{ch!r} U+{cp:04X}" + (f" not in {by_key[key].out}" if key else " has no font"))
                elif key not in used:
                    used.append(key)
            status = "ok" if not bad else "MISSING " + ", ".join(bad)
            ok &= not bad
            print(f"{loc:7s} {title:9s} {'+'.join(used):18s} {len(text):5d}  {status:6s}  {text}")
    print(f"coverage: {len(rows)} locales x {len(TITLES)} titles: " + ("all characters covered" if ok else "FAILED"))
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--labels", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--inter")
    ap.add_argument("--arabic")
    ap.add_argument("--hebrew")
    ap.add_argument("--thai")
    ap.add_argument("--cjk-ttc")
    ap.add_argument("--copyright-inter", help="fonts-inter's debian/copyright")
    ap.add_argument("--copyright-noto", help="fonts-noto-extra's debian/copyright")
    ap.add_argument("--copyright-cjk", help="fonts-noto-cjk-extra's debian/copyright")
    ap.add_argument("--pkg-versions", help="fonts-inter=V,fonts-noto-extra=V,fonts-noto-cjk-extra=V")
    ap.add_argument("--check-only", action="store_true", help="only print the coverage table of Fonts/")
    args = ap.parse_args()
    rows = read_labels(args.labels)
    for loc, titles in rows:
        if any(scx(ch) & CJK_SCRIPTS for ch in "".join(titles.values())) and loc not in CJK_FACE_BY_LOCALE:
            sys.exit(f"error: {loc} has CJK characters: add it to CJK_FACE_BY_LOCALE in {__file__}")
    print(f"{len(rows)} locales read from {args.labels}")
    if not args.check_only:
        missing = [o for o in ("inter", "arabic", "hebrew", "thai", "cjk_ttc") if not getattr(args, o)]
        if missing:
            ap.error("missing source font(s): " + ", ".join("--" + m.replace("_", "-") for m in missing))
        build(args, rows)
        if args.copyright_inter:
            write_licences(args)
    elif not args.inter:
        args.inter = os.path.join(args.out, "Inter-Medium.otf")
    if not coverage(args, rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
