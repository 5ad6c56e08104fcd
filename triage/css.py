"""CSS as htmltext needs it: declarations, lengths, colours and the simple rules of
``<style>`` blocks. Pure and linear: declarations are split by hand (tinycss2 parses
0.7 MB/s, too slow for a megabyte of inline styles), and hex, rgb() and hsl() colours
are read here because an attacker can make every colour unique; tinycss2 reads the
named and other colours.
"""

from __future__ import annotations

import colorsys
import math
import re
from functools import lru_cache

from tinycss2 import color4

MAX_CSS_CHARS = 500_000
_SELECTOR = re.compile(r"(\*|[a-z][a-z0-9-]*)?(?:([.#])(-?[_a-z][\w-]*))?")
_LENGTH = re.compile(r"([-+]?[0-9.]+)([a-z%]*)")
_HEX = re.compile(r"#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})")
_FUNCTION = re.compile(r"(rgba?|hsla?)\(([^()]*)\)")
_COLOR_TOKEN = re.compile(r"[a-z]+\([^()]*\)|#[0-9a-f]+|[a-z]+")
_NUMBER = re.compile(r"-?[0-9.]+")
_SEPARATORS = re.compile(r"[\s,/]+")
_UNITS = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 37.8, "mm": 3.78,
          "q": 0.945, "ex": 8.0, "ch": 8.0, "vw": 10.0, "vh": 10.0, "rem": 16.0}
# The properties htmltext reads. Rules keep only these: a stylesheet's cost is then
# bounded per selector and per element, however many declarations a sender writes
# (``.a0,...,.aN{p0:x;...;pN:x}`` copied every declaration into every selector's entry,
# N squared; ``*{N declarations}`` handed N of them to each of N elements).
PROPERTIES = frozenset(
    "display visibility opacity color background background-color background-image font "
    "font-size white-space position margin-left margin-top text-indent left top right clip "
    "clip-path transform height width max-height max-width overflow overflow-x overflow-y "
    "line-height".split())
_SIZES = {"xx-small": 9.0, "x-small": 10.0, "small": 13.0, "medium": 16.0, "large": 18.0,
          "x-large": 24.0, "xx-large": 32.0, "xxx-large": 48.0}


def length(value: str | None, em: float = 16.0, pct: float | None = None) -> float | None:
    """A CSS length in px; unitless counts as px, as quirks mode (most mail) reads it."""
    match = _LENGTH.fullmatch(value.split(maxsplit=1)[0][:40] if value and value.strip() else "")
    unit = match.group(2) if match else "?"
    if unit not in _UNITS and unit not in ("em", "%"):
        return None
    try:
        number = float(match.group(1))
    except ValueError:
        return None
    if not math.isfinite(number):
        return None
    if unit == "%":
        return None if pct is None else number * pct / 100
    return number * (em if unit == "em" else _UNITS[unit])


def font_px(value: str, parent: float) -> float:
    value = value.strip()
    if value in _SIZES or value in ("smaller", "larger"):
        return _SIZES.get(value) or (parent / 1.2 if value == "smaller" else parent * 1.2)
    size = length(value, em=parent, pct=parent)
    return parent if size is None else max(size, 0.0)


def font_shorthand(value: str) -> str:
    """The size in ``font: italic bold 12px/1.4 Arial`` (``font: 0/0 a`` hides text)."""
    tokens = value.replace("/", " / ").split()
    if "/" in tokens[1:]:
        return tokens[tokens.index("/", 1) - 1]
    return next((t for t in tokens if t in _SIZES or t == "0"
                 or (t[-1:].isalpha() or t.endswith("%")) and length(t) is not None), "")


def opacity(value: str | None) -> float:
    numbers = floats(value or "1")
    number = numbers[0] / (100 if "%" in (value or "") else 1) if numbers else 1.0
    return min(max(number, 0.0), 1.0)


def floats(value: str) -> list[float]:
    out = []
    for token in _NUMBER.findall(value[:200]):
        try:
            if math.isfinite(number := float(token)):
                out.append(number)
        except ValueError:
            continue
    return out


def background(value: str):
    """The colour of ``background-color`` or of the ``background`` shorthand, or None."""
    if (found := color(value)) is not None:
        return found
    return next((c for t in _COLOR_TOKEN.findall(value[:200]) if (c := color(t))), None)


@lru_cache(maxsize=4096)
def color(value: str) -> tuple[float, float, float, float] | None:
    """RGBA in 0-1; None for no colour, an invalid one or currentcolor. Attribute
    colours may omit the ``#``."""
    value = value.strip().lower()[:100]
    if (match := _HEX.fullmatch(value)) and (value[0] == "#" or len(value) in (3, 6)):
        h = match.group(1)
        h = "".join(c * 2 for c in h) if len(h) <= 4 else h
        rgba = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)] + [1.0]
        return (rgba[0], rgba[1], rgba[2], rgba[3])
    if match := _FUNCTION.fullmatch(value):
        return _function_color(match.group(1), _SEPARATORS.split(match.group(2).strip()))
    try:
        parsed = color4.parse_color(value) if value else None
        if parsed is None or isinstance(parsed, str):
            return None
        r, g, b = (min(max(float(c), 0.0), 1.0) for c in parsed.to("srgb").coordinates)
    except (NotImplementedError, ValueError, TypeError, ZeroDivisionError):
        return None
    return (r, g, b, float(parsed.alpha))


def _function_color(name: str, args: list[str]):
    """rgb()/rgba()/hsl()/hsla() in comma or space syntax, numbers or percentages."""
    if len(args) not in (3, 4):
        return None

    def part(token: str, scale: float) -> float:
        number = float(token.rstrip("%"))
        number = number / 100 if token.endswith("%") else number / scale
        if not math.isfinite(number):
            raise ValueError(token)
        return min(max(number, 0.0), 1.0)

    try:
        alpha = part(args[3], 1) if len(args) == 4 else 1.0
        if name.startswith("rgb"):
            return (part(args[0], 255), part(args[1], 255), part(args[2], 255), alpha)
        hue = args[0]
        turns = (float(hue[:-4]) if hue.endswith("turn") else
                 float(hue[:-3]) / (2 * math.pi) if hue.endswith("rad") else
                 float(hue.removesuffix("deg")) / 360)
        r, g, b = colorsys.hls_to_rgb(turns % 1, part(args[2], 100), part(args[1], 100))
    except ValueError:
        return None
    return (r, g, b, alpha)


# <style> blocks: found by a linear scan first, since a rule applies to the whole
# document wherever its block stands. Indexed by what they select, so an element looks
# up its tag, classes and id in constant time.

Rules = dict[tuple, dict[str, tuple[bool, int, int, str]]]


def style_blocks(html: str) -> str:
    lower, css, pos, size = html.lower(), [], 0, 0
    while size < MAX_CSS_CHARS and (start := lower.find("<style", pos)) >= 0:
        if (body := lower.find(">", start)) < 0:
            break
        end = lower.find("</style", body)
        pos = len(lower) if end < 0 else end
        css.append(lower[body + 1:pos])
        size += pos - body
    return "\n".join(css)[:MAX_CSS_CHARS]


def declarations(text: str, keep: frozenset[str] | None = None) -> dict[str, tuple[str, bool]]:
    """``name: value [!important]`` pairs, lowercased, comments dropped; only the
    properties in ``keep`` when given."""
    if "/*" in text:
        kept, pos = [], 0
        while (start := text.find("/*", pos)) >= 0:
            kept.append(text[pos:start])
            pos = len(text) if (end := text.find("*/", start + 2)) < 0 else end + 2
        text = "".join(kept) + text[pos:]
    out: dict[str, tuple[str, bool]] = {}
    for item in text.split(";"):
        name, sep, value = item.partition(":")
        name = name.strip().lower()
        if keep is not None and name not in keep:
            continue
        value = value.strip().lower()
        important = value.endswith("important") and "!" in value
        value = value[:value.rfind("!")].strip() if important else value
        if sep and (important or not out.get(name, ("", False))[1]):
            out[name] = (value, important)
    return out


def stylesheet(css: str) -> Rules:
    rules: Rules = {}
    # (prelude, whether a rule inside applies): only inside nothing, or inside @media
    # without conditions ("screen", "all"), does a rule apply everywhere.
    stack: list[tuple[str, bool]] = []
    last, order = "", 0
    for piece in re.split(r"([{}])", css):
        if piece == "{":
            prelude = last.rsplit(";", 1)[-1].strip()
            applies = not stack or (stack[-1][1] and stack[-1][0].startswith("@media")
                                    and "(" not in stack[-1][0] and "print" not in stack[-1][0])
            stack.append((prelude, applies))
        elif piece == "}":
            prelude, applies = stack.pop() if stack else ("@", False)
            if applies and not prelude.startswith("@"):
                order += 1
                if decls := declarations(last, PROPERTIES):
                    _add_rule(rules, prelude, decls, order)
        last = "" if piece in "{}" else piece
    return rules


def _add_rule(rules: Rules, prelude: str, decls: dict, order: int) -> None:
    for selector in prelude.split(","):
        match = _SELECTOR.fullmatch(selector.strip())
        if not match or not (match.group(1) or match.group(2)):
            continue  # combinators, attributes, pseudo-classes: not read
        tag, kind, name = match.group(1) or "*", match.group(2), match.group(3)
        spec = (tag != "*") + (100 if kind == "#" else 10 if kind else 0)
        entry = rules.setdefault(("t", tag) if not kind else (kind, name, tag), {})
        for prop, (value, important) in decls.items():
            if prop not in entry or (important, spec, order, value) > entry[prop]:
                entry[prop] = (important, spec, order, value)


def element_decls(rules: Rules, tag: str, attrs) -> dict[str, str]:
    if not rules:
        return {p: v for p, (v, _) in declarations(attrs.get("style") or "", PROPERTIES).items()}
    best: dict[str, tuple] = {}
    keys = [("t", "*"), ("t", tag)]
    for cls in (attrs.get("class") or "").lower().split()[:16]:
        keys += [(".", cls, "*"), (".", cls, tag)]
    if ident := (attrs.get("id") or "").lower().strip():
        keys += [("#", ident, "*"), ("#", ident, tag)]
    inline = {p: (i, 1000, 0, v)
              for p, (v, i) in declarations(attrs.get("style") or "", PROPERTIES).items()}
    for candidates in [*(rules.get(key, {}) for key in keys), inline]:
        for prop, candidate in candidates.items():
            if prop not in best or candidate > best[prop]:
                best[prop] = candidate
    return {prop: candidate[3] for prop, candidate in best.items()}
