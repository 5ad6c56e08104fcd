"""HTML to the text a person reads, with what they would not see set apart. Pure.

One pass: libxml2 (lxml) parses and calls a target for each tag, text and comment; no
tree is built, so time is linear and deep nesting costs nothing. The target keeps a
stack of computed styles. Text is hidden when a reader could not see it: display:none,
visibility:hidden, the hidden attribute, opacity < 0.1, a font under 3.2px (0.2em),
off-screen positioning, clip/clip-path, a 0-1px box with overflow hidden, aria-hidden
with a hiding style, or a colour within a small RGB distance of the background behind
it. Styles come from style attributes, <font color>, bgcolor and the simple rules of
<style> blocks (tag, .cls, tag.cls, #id, tag#id); media queries with conditions swap
layouts rather than hide text, so they are skipped (CSS values: ``triage.css``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lxml import etree

from triage import css

MAX_HTML_CHARS = 2_000_000  # beyond this the HTML is not converted (HtmlText.truncated)
COLOR_DISTANCE = 32 / 255  # text this close to its background (RGB, 0-1) is unreadable
TINY_PX = 3.2  # 0.2em of 16px; so below 3px and 2pt too
OFFSCREEN_PX = -500
_SKIP = frozenset("script style head title template noscript iframe object xml".split())
# Block elements end a line; these paragraph-like ones leave a blank line after them.
_PARAGRAPHS = frozenset("p h1 h2 h3 h4 h5 h6 table blockquote pre section article ul ol dl "
                        "header footer address hr center form fieldset figure main nav aside "
                        "body".split())
_BLOCKS = _PARAGRAPHS | {"div", "tr", "li", "dt", "dd", "caption", "figcaption"}
_PRE = frozenset({"pre", "textarea", "listing", "plaintext", "xmp"})
_ATTRS = ("style", "class", "id", "hidden", "aria-hidden", "color", "bgcolor", "background",
          "text")
_ATTR_SET = frozenset(_ATTRS)
_GEOMETRY = frozenset("margin-left margin-top text-indent left top right clip clip-path "
                      "transform height width max-height max-width".split())
_WS = re.compile(r"[ \t\r\n\f]+")
_WORD = re.compile(r"\w+")


@dataclass
class HtmlText:
    text: str
    hidden: list[str] = field(default_factory=list)
    truncated: bool = False  # only the first MAX_HTML_CHARS were converted


def convert(html: str, *, max_chars: int | None = None) -> HtmlText:
    """The visible text of ``html`` and a report of each piece a reader would not see;
    only the first ``max_chars`` (MAX_HTML_CHARS) are converted."""
    max_chars = max_chars or MAX_HTML_CHARS
    walker = _Walker(css.stylesheet(css.style_blocks(html[:max_chars])))
    parser = etree.HTMLParser(target=walker, encoding="utf-8", remove_comments=False,
                              remove_pis=True, no_network=True)
    try:
        parser.feed(html[:max_chars].encode("utf-8", "replace"))
        parser.close()
    except (etree.LxmlError, ValueError):
        pass  # a broken document yields what was read before the break
    return HtmlText(walker.text(), walker.hidden, len(html) > max_chars)


def html_to_text(html: str, hidden: list[str] | None = None) -> str:
    """The text a person sees; what they would not see is appended to ``hidden``."""
    result = convert(html)
    if hidden is not None:
        hidden.extend(result.hidden)
    return result.text


def html_adds(plain: str, html_text: str) -> dict:
    """What the HTML alternative says that the plain one does not: any number, or four
    or more words, beyond whitespace and punctuation. Empty when nothing material."""
    known = set(_WORD.findall(plain.casefold()))
    numbers: dict[str, None] = {}
    words: dict[str, None] = {}
    for token in _WORD.findall(html_text.casefold()):
        if token not in known and any(ch.isdigit() for ch in token):
            numbers[token] = None
        elif token not in known and len(token) >= 3:
            words[token] = None
    if numbers or len(words) >= 4:
        return {"numbers": list(numbers)[:10], "words": list(words)[:10]}
    return {}


class _Style:
    __slots__ = ("skip", "gone", "invisible", "color", "bg", "px", "opacity", "pre", "reason")

    def __init__(self, skip=False, gone="", invisible=False, color=(0.0, 0.0, 0.0, 1.0),
                 bg=(1.0, 1.0, 1.0), px=16.0, opacity=1.0, pre=False):
        self.skip, self.gone, self.invisible, self.pre = skip, gone, invisible, pre
        self.color, self.bg, self.px, self.opacity = color, bg, px, opacity
        self.reason = ""


_ROOT = _Style()
_SKIPPED = _Style(skip=True)


def _child(p: _Style, tag: str, attrs, d: dict[str, str]) -> _Style:
    """The style of an element from its parent's and its own declarations ``d``."""
    if tag in _SKIP:
        return _SKIPPED
    opacity = p.opacity * css.opacity(d["opacity"]) if "opacity" in d else p.opacity
    s = _Style(gone=p.gone or _gone(attrs, d), invisible=p.invisible, color=p.color, bg=p.bg,
               px=p.px, opacity=opacity, pre=p.pre or tag in _PRE)
    if "visibility" in d:
        s.invisible = d["visibility"].startswith(("hidden", "collapse"))
    if "white-space" in d:
        s.pre = d["white-space"].startswith("pre")
    legacy = attrs.get("color") if tag == "font" else attrs.get("text") if tag == "body" else ""
    if (color := css.color(d.get("color") or legacy or "")) is not None:
        s.color = color
    back = d.get("background-color") or d.get("background") or attrs.get("bgcolor") or ""
    picture = d.get("background", "") + d.get("background-image", "")
    if "url(" in picture or "gradient(" in picture or attrs.get("background"):
        s.bg = None  # text over a picture: its contrast cannot be judged
    elif back and (bg := css.background(back)) is not None:
        a = bg[3]
        s.bg = (bg[:3] if a > 0.99 or p.bg is None
                else tuple(a * c + (1 - a) * b for c, b in zip(bg[:3], p.bg, strict=True)))
    if size := d.get("font-size") or ("font" in d and css.font_shorthand(d["font"])):
        s.px = css.font_px(size, p.px)
    s.reason = (s.gone or ("opacity" if s.opacity < 0.1 else "")
                or ("visibility:hidden" if s.invisible else "")
                or ("font-size" if s.px < TINY_PX else "")
                or ("colour of the background" if _unreadable(s.color, s.bg) else ""))
    if not s.reason and str(attrs.get("aria-hidden")).lower() == "true" and _weak(d, s):
        s.reason = "aria-hidden"
    return s


def _gone(attrs, d: dict[str, str]) -> str:
    """Why an element and everything in it is out of sight, or ''."""
    if "hidden" in attrs:
        return "hidden attribute"
    if d.get("display", "").startswith("none"):
        return "display:none"
    if _GEOMETRY.isdisjoint(d):
        return ""
    positioned = d.get("position", "").startswith(("absolute", "fixed", "relative"))
    for prop in ("margin-left", "margin-top", "text-indent", "left", "top", "right"):
        if (positioned or prop.startswith(("margin", "text"))) \
                and (n := css.length(d.get(prop))) is not None and n <= OFFSCREEN_PX:
            return f"off-screen ({prop})"
    if d.get("clip", "").startswith("rect(") and max(css.floats(d["clip"]), default=9) <= 1:
        return "clip"
    path = d.get("clip-path", "")
    if path.startswith("inset(") and "%" in path and max(css.floats(path), default=0) >= 50:
        return "clip-path"
    if "scale(0)" in d.get("transform", "").replace(" ", ""):
        return "transform"
    overflow = d.get("overflow", "") + d.get("overflow-x", "") + d.get("overflow-y", "")
    clipped = "hidden" in overflow or "clip" in overflow
    for prop in ("height", "width", "max-height", "max-width"):
        if (n := css.length(d.get(prop))) is not None and (n <= 0 or (clipped and n <= 1)):
            return f"{prop}:{d[prop][:10]}"
    return ""


def _weak(d: dict[str, str], s: _Style) -> bool:
    """aria-hidden alone hides from screen readers only; with any of these, from all."""
    return ("hidden" in d.get("overflow", "")
            or d.get("position", "").startswith(("absolute", "fixed"))
            or s.opacity < 0.5 or s.px < 8 or css.length(d.get("line-height")) == 0
            or any((n := css.length(d.get(p))) is not None and n <= 5
                   for p in ("height", "max-height"))
            or _unreadable(s.color, s.bg, 3 * COLOR_DISTANCE))


def _unreadable(color, bg, limit: float = COLOR_DISTANCE) -> bool:
    if bg is None:
        return False
    a = color[3]
    return a < 0.1 or sum((a * c - a * b) ** 2 for c, b in zip(color[:3], bg, strict=True)
                          ) ** 0.5 < limit


class _Walker:
    """The lxml parser target. A frame is [tag, style, group, owns group, cells seen];
    a group [label, pieces, size] collects one hidden element's text for the report."""

    def __init__(self, rules: css.Rules):
        self.rules, self.out, self.hidden = rules, [], []
        self.tag_rules = {key[1] for key in rules if key[0] == "t"}
        self.stack: list[list] = [["", _ROOT, None, False, 0]]
        self.decls: dict[tuple, dict[str, str]] = {}
        self.styles: dict[tuple, _Style] = {}

    def start(self, tag, attrib) -> None:
        parent = self.stack[-1]
        style = parent[1]
        tag = tag.lower() if isinstance(tag, str) else ""
        if style.skip:
            self.stack.append([tag, style, None, False, 0])
            return
        if tag == "br" or (tag in _BLOCKS and self.out and self.out[-1][-1:] != "\n"):
            self.out.append("\n")
        elif tag in ("td", "th"):
            if parent[0] == "tr" and parent[4]:
                self.out.append("| " if self.out and self.out[-1][-1:] == " " else " | ")
            parent[4] += 1
        if (tag in _SKIP or tag in _PRE or tag in self.tag_rules or "*" in self.tag_rules
                or not _ATTR_SET.isdisjoint(attrib)):
            key = (tag, *map(attrib.get, _ATTRS))
            if (decls := self.decls.get(key)) is None:
                decls = self.decls[key] = css.element_decls(self.rules, tag, attrib)
            if (child := self.styles.get((id(style), key))) is None:
                child = self.styles[(id(style), key)] = _child(style, tag, attrib, decls)
            style = child
        group, owns = (parent[2], False) if style.reason else (None, False)
        if style.reason and not parent[1].reason:
            group, owns = [f"{tag} ({style.reason})", [], 0], True
        self.stack.append([tag, style, group, owns, 0])

    def end(self, tag) -> None:
        frame = self.stack.pop() if len(self.stack) > 1 else ["", _SKIPPED]
        if frame[1].skip:
            return
        if frame[3]:
            self._report(frame[2][0], " ".join(frame[2][1]))
        if frame[0] in _BLOCKS:
            self.out.append("\n\n" if frame[0] in _PARAGRAPHS else "\n")

    def data(self, text: str) -> None:
        tag, style, group, _, _ = self.stack[-1]
        if style.skip:
            return
        if not style.reason and style.pre:
            self.out.append(text)
        elif not style.reason:  # collapse spaces across elements, as a browser does
            text = _WS.sub(" ", text)
            if text[:1] == " " and (not self.out or self.out[-1][-1:] in (" ", "\n")):
                text = text[1:]
            if text:
                self.out.append(text)
        elif group is not None and group[2] < 400:
            group[1].append(text[:400])
            group[2] += len(text)

    def comment(self, text: str) -> None:
        if not self.stack[-1][1].skip:
            self._report("comment", text)

    def close(self) -> None:
        return None

    def _report(self, label: str, text: str) -> None:
        text = _WS.sub(" ", text[:1000]).strip()
        if text and len(self.hidden) < 100:
            self.hidden.append(f"{label}: {text[:200]}")

    def text(self) -> str:
        lines: list[str] = []
        for line in "".join(self.out).split("\n"):
            if (line := line.strip()) or (lines and lines[-1]):
                lines.append(line)
        return "\n".join(lines).strip()
