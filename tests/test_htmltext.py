"""HTML to the text a person reads: what they cannot see is removed and reported, what
they can see is kept, and the conversion is linear."""

from __future__ import annotations

import time

import pytest

from triage.htmltext import convert, html_adds, html_to_text

VISIBLE = "<p>Lot 31: jute found in 60 bales.</p>"


@pytest.mark.parametrize("hiding", [
    "<div style='display:none'>SECRET</div>",
    "<font color='#fefefe'>SECRET</font>",
    "<font color=white>SECRET</font>",
    "<span style='color:#fff'>SECRET</span>",
    "<span style='color: rgb(255, 255, 255)'>SECRET</span>",
    "<span style='color:rgba(0,0,0,0.04)'>SECRET</span>",
    "<span style='color:hsl(0, 0%, 99%)'>SECRET</span>",
    "<span style='color:hsl(0 0% 100% / 1)'>SECRET</span>",
    "<span style='color:snow'>SECRET</span>",
    "<span style='color:transparent'>SECRET</span>",
    "<div style='background:#123456'><span style='color:#133457'>SECRET</span></div>",
    "<table bgcolor=black><tr><td><font color=#010101>SECRET</font></td></tr></table>",
    "<span style='font-size:2px'>SECRET</span>",
    "<span style='font-size:1pt'>SECRET</span>",
    "<span style='font-size:0.1em'>SECRET</span>",
    "<div style='font-size:10px'><span style='font-size:25%'>SECRET</span></div>",
    "<span style='font:0/0 a'>SECRET</span>",
    "<span style='opacity:0.05'>SECRET</span>",
    "<div style='opacity:.3'><span style='opacity:.3'>SECRET</span></div>",
    "<div style='position:absolute; left:-9999px'>SECRET</div>",
    "<div style='text-indent:-9999px'>SECRET</div>",
    "<div style='position:absolute;clip:rect(0 0 0 0)'>SECRET</div>",
    "<div style='clip-path: inset(50%)'>SECRET</div>",
    "<div style='height:1px;overflow:hidden'>SECRET</div>",
    "<div style='width:1px;overflow:hidden'>SECRET</div>",
    "<div style='max-height:0'>SECRET</div>",
    "<div style='visibility:hidden'>SECRET</div>",
    "<div hidden>SECRET</div>",
    "<span aria-hidden='true' style='position:absolute;overflow:hidden'>SECRET</span>",
    "<style>.pre{display:none}</style><span class='x pre'>SECRET</span>",
    "<style>p.w {color:#FFFFFF}</style><p class=w>SECRET</p>",
    "<style>#note { font-size: 1px }</style><div id=note>SECRET</div>",
    "<style>span { visibility: hidden }</style><span>SECRET</span>",
    "<style>@media screen { .h { display: none } }</style><p class=h>SECRET</p>",
    "<style>.a{color:white !important}</style><p class=a style='color:black'>SECRET</p>",
    "<p class=late>SECRET</p><style>.late{display:none}</style>",
    "<!-- SECRET -->",
])
def test_hidden_text_is_removed_and_reported_and_the_visible_text_kept(hiding):
    hidden: list[str] = []
    text = html_to_text(f"<html><body>{VISIBLE}{hiding}<p>Regards</p></body></html>", hidden)
    assert "SECRET" not in text
    assert "Lot 31: jute found in 60 bales." in text and "Regards" in text
    assert any("SECRET" in item for item in hidden)


@pytest.mark.parametrize("legitimate", [
    "<p style='color:#999999'>KEPT</p>",  # a grey footer is faint, not hidden
    "<div style='background-color:#1a1a1a'><p style='color:#ffffff'>KEPT</p></div>",
    "<body bgcolor='#000000' text='#ffffff'><p>KEPT</p></body>",
    "<div style=\"background:url(hero.jpg) #000\"><p style='color:#fff'>KEPT</p></div>",
    "<td background='hero.jpg'><font color=white>KEPT</font></td>",
    "<div style='font-size:0'><span style='font-size:14px'>KEPT</span></div>",
    "<span aria-hidden='true'>KEPT</span>",  # hides from screen readers only
    "<div style='visibility:hidden'><span style='visibility:visible'>KEPT</span></div>",
    "<style>@media (max-width: 600px) { .desk { display:none } }</style><p class=desk>KEPT</p>",
    "<style>div .k { display:none }</style><p class=k>KEPT</p>",  # combinators: not read
    "<div style='height:20px;overflow:hidden'>KEPT</div>",
    "<div style='position:relative; left:-20px'>KEPT</div>",
    "<p style='font-size:11px;color:rgb(90,90,90)'>KEPT</p>",
])
def test_visible_text_is_kept(legitimate):
    hidden: list[str] = []
    text = html_to_text(f"<html><body>{legitimate}</body></html>", hidden)
    assert "KEPT" in text
    assert hidden == []


def test_layout_becomes_lines_and_cells():
    html = ("<h1>Claim</h1><p>Lot&nbsp;7\n   and\tlot 8<br>second line</p>"
            "<table><tr><th>Lot</th><th>Bales</th></tr><tr><td>7</td><td>60</td></tr></table>"
            "<pre>  keep   spaces</pre><script>var x = 'no';</script>")
    assert convert(html).text == ("Claim\n\nLot\xa07 and lot 8\nsecond line\n\nLot | Bales\n"
                                  "7 | 60\n\nkeep   spaces")


def test_text_after_an_unclosed_body_or_a_second_document_is_kept():
    assert convert("<p>A</p></body></html><p>B</p>").text == "A\n\nB"
    assert "B" in convert("<html><body>A</body></html><html><body>B</body></html>").text


def test_a_broken_or_empty_document_does_not_crash():
    for html in ("", "   ", "<", "<<<>>>", "<p", "\x00<p>a\udc80b</p>", "<!--", "<?xml ?>"):
        assert isinstance(convert(html).text, str)


def test_html_over_the_cap_is_cut_and_says_so():
    result = convert("<p>x</p>" * 100, max_chars=80)
    assert result.truncated and result.text.count("x") == 10
    assert not convert("<p>x</p>").truncated


def test_the_html_alternative_that_says_more_is_noticed():
    plain = "Dear team,\nplease see the inspection report for lot 31.\nRegards"
    assert html_adds(plain, "Dear team, please see the inspection report for lot 31. Regards") == {}
    assert html_adds(plain, "Dear team,\n\nPlease see the inspection report for LOT 31!") == {}
    adds = html_adds(plain, "Dear team, please see the report for lot 31. We claim USD 95,000.")
    assert adds["numbers"] == ["95", "000"]
    words = html_adds(plain, "Dear team, this is a formal contamination claim, payment due")
    assert words["numbers"] == [] and "contamination" in words["words"]
    assert html_adds(plain, "Dear team, view online") == {}  # a few words are no matter


def _timed(html: str) -> tuple[float, str]:
    started = time.perf_counter()
    text = convert(html).text
    return time.perf_counter() - started, text


def test_280_kb_of_paragraphs_converts_in_well_under_a_second():
    seconds, text = _timed("<p>x" * 70_000)
    assert text.count("x") == 70_000
    assert seconds < 1.0


def test_ten_thousand_nested_tags_convert_fast_and_lose_nothing():
    for tag in ("div", "b", "font", "table"):
        seconds, text = _timed(f"<{tag}>" * 10_000 + "deep" + f"</{tag}>" * 10_000
                               + "<p>after</p>")
        assert "deep" in text and "after" in text
        assert seconds < 1.0


@pytest.mark.parametrize("html", [
    "<" * 1_000_000,
    " " * 1_000_000,
    "1" * 1_000_000,
    "<p style='" + "color:red;" * 100_000 + "'>x",
    "".join(f"<p style='color:#{i:06x}'>x" for i in range(38_000)),
    "".join(f"<p style='color:hsl({i % 360},{i % 100}%,50%)'>x" for i in range(30_000)),
    "<style>" + "".join(f".c{i}{{color:#fff}}" for i in range(40_000)) + "</style>"
    + "".join(f"<p class='c{i} d'>x" for i in range(40_000)),
    "<style>" * 100_000,
    "<style>" + "@media screen {" * 200_000 + ".a{display:none}" + "}" * 200_000 + "</style>",
    "<style>" + "/*" * 300_000 + "</style><p style='" + "/*" * 200_000 + "'>x",
    "<div style='font-size:" + "9" * 1_000_000 + "'>x",
])
def test_a_megabyte_of_adversarial_html_is_linear(html):
    seconds, _ = _timed(html)
    assert seconds < 2.0  # well under a second on a quiet machine; CI shares its CPUs
