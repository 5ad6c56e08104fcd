"""HTML to the text a person reads, with what they would not see set apart.
Pure: no Django."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Comment

_HIDDEN_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$)"
    r"|font-size\s*:\s*0(?:\.\d+)?\s*(?:px|pt|em|rem|%)?\s*(?:;|$)"
    r"|font-size\s*:\s*[01]px|(?:max-)?height\s*:\s*0(?:px)?\s*(?:;|$)"
    r"|(?:max-)?width\s*:\s*0(?:px)?\s*(?:;|$)"
    r"|(?<![-\w])color\s*:\s*(?:#fff(?:fff)?\b|white\b|rgba?\(\s*255\s*,\s*255\s*,\s*255"
    r"|transparent\b)",
    re.IGNORECASE,
)


def html_to_text(html: str, hidden: list[str]) -> str:
    """The text a person sees. What a reader would not see (hidden styles, comments)
    is left out and appended to ``hidden`` for the flags."""
    soup = BeautifulSoup(html, "lxml")
    for comment in soup.find_all(string=lambda s: isinstance(s, Comment)):
        text = str(comment).strip()
        if text:
            hidden.append(f"comment: {text[:200]}")
        comment.extract()
    for tag in soup(["script", "style", "head", "title", "template", "noscript"]):
        tag.decompose()
    for tag in soup.find_all(True):
        if getattr(tag, "decomposed", False):
            continue  # inside a hidden parent already removed
        style = tag.get("style") or ""
        if tag.has_attr("hidden") or (style and _HIDDEN_STYLE.search(style)):
            text = tag.get_text(" ", strip=True)
            if text:
                hidden.append(f"{tag.name}: {text[:200]}")
            tag.decompose()
    for br in soup.find_all("br"):
        br.replace_with("\n")
    blocks = {"p", "div", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "table",
              "blockquote", "pre", "section", "article", "ul", "ol"}
    for tag in soup.find_all(blocks):
        tag.insert_before("\n")
        tag.insert_after("\n")
    for cell in soup.find_all(["td", "th"]):
        cell.insert_after(" | ")
    return soup.get_text()
