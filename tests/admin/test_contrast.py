"""The header's title is readable: its colour against the header background meets WCAG
AA (4.5:1) in the colours the pages are actually served with."""

from __future__ import annotations

import re
from pathlib import Path

import django

from tests.factories import ROOT

ADMIN_CSS = Path(django.__file__).parent / "contrib/admin/static/admin/css/base.css"


def _luminance(hex_colour: str) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    digits = hex_colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    r, g, b = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _light_vars(css: str) -> dict[str, str]:
    root = css[css.index(":root"):css.index("}", css.index(":root"))]
    return dict(re.findall(r"(--[\w-]+):\s*([^;]+);", root))


def _resolve(value: str, names: dict[str, str]) -> str:
    while value.startswith("var("):
        value = names[value[4:-1].strip()]
    return value.strip()


def test_the_site_title_meets_aa_contrast_on_the_header():
    names = _light_vars(ADMIN_CSS.read_text())
    ours = _light_vars((ROOT / "triage/static/triage/console.css").read_text())
    background = _resolve(names["--header-bg"], names)
    django_title = _resolve(names["--header-branding-color"], names)
    title = _resolve(ours["--header-branding-color"], {**names, **ours})
    assert contrast(django_title, background) < 4.5  # what the review measured (3.6:1)
    assert contrast(title, background) >= 4.5
