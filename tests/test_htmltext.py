"""HTML to the text a person reads: what they cannot see is removed and reported, what
they can see is kept, and the conversion is linear."""

from __future__ import annotations

import pytest

from tests.growth import assert_linear
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


def _text(html: str) -> str:
    return convert(html).text


def test_paragraphs_convert_linearly_and_lose_nothing():
    assert _text("<p>x" * 70_000).count("x") == 70_000
    assert_linear(lambda n: "<p>x" * n, _text, 20_000, label="paragraphs")


def test_nested_tags_convert_linearly_and_lose_nothing():
    for tag in ("div", "b", "font", "table"):
        def nested(n: int, tag: str = tag) -> str:
            return f"<{tag}>" * n + "deep" + f"</{tag}>" * n + "<p>after</p>"
        text = _text(nested(10_000))
        assert "deep" in text and "after" in text
        assert_linear(nested, _text, 5_000, label=tag)


# Each builds n units of one adversarial shape; the last two are the CSS that was
# quadratic (every declaration copied into every selector's entry; N declarations on `*`
# handed to each of N elements).
ADVERSARIAL = {
    "open brackets": lambda n: "<" * n,
    "spaces": lambda n: " " * n,
    "digits": lambda n: "1" * n,
    "one long style": lambda n: "<p style='" + "color:red;" * (n // 10) + "'>x",
    "unique hex colours": lambda n: "".join(f"<p style='color:#{i:06x}'>x"
                                            for i in range(n // 25)),
    "unique hsl colours": lambda n: "".join(f"<p style='color:hsl({i % 360},{i % 100}%,50%)'>x"
                                            for i in range(n // 33)),
    "a rule per class": lambda n: "<style>" + "".join(f".c{i}{{color:#fff}}"
                                                      for i in range(n // 25)) + "</style>"
    + "".join(f"<p class='c{i} d'>x" for i in range(n // 25)),
    "style tags": lambda n: "<style>" * (n // 7),
    "nested media": lambda n: "<style>" + "@media screen {" * (n // 20) + ".a{display:none}"
    + "}" * (n // 20) + "</style>",
    "comments": lambda n: "<style>" + "/*" * (n // 4) + "</style><p style='" + "/*" * (n // 4)
    + "'>x",
    "a huge font size": lambda n: "<div style='font-size:" + "9" * n + "'>x",
    "selectors times declarations": lambda n: _selector_bomb(n // 14),
    "declarations on every element": lambda n: _star_bomb(n // 30),
}


def _selector_bomb(count: int) -> str:
    selectors = ",".join(f".a{i}" for i in range(count))
    decls = ";".join(f"p{i}:x" for i in range(count))
    return f"<style>{selectors}{{{decls};display:none}}</style><p>seen</p>" \
           f"<p class='a{count // 2}'>hidden</p>"


def _star_bomb(count: int) -> str:
    decls = ";".join(f"p{i}:x" for i in range(count))
    spans = "".join(f"<span id='e{i}'>y</span>" for i in range(count))
    return f"<style>*{{{decls}}}#e1{{color:#fff}}</style>{spans}<p>end</p>"


@pytest.mark.parametrize("name", list(ADVERSARIAL))
def test_adversarial_html_converts_linearly(name):
    assert_linear(ADVERSARIAL[name], _text, 100_000, max_n=2_000_000, label=name)


def test_hostile_css_still_hides_what_it_hides_and_shows_the_rest():
    """About 60 KB of the quadratic stylesheet: its hiding rule still applies to the one
    element it names, and the visible text survives."""
    bomb = _selector_bomb(4_200)
    assert 50_000 < len(bomb) < 70_000
    result = convert(bomb)
    assert result.text == "seen"
    assert any("hidden" in h and "display:none" in h for h in result.hidden)
    star = convert(_star_bomb(4_000))
    assert star.text.startswith("y") and star.text.endswith("end")
    assert any("colour of the background" in h for h in star.hidden)  # #e1 white on white


def test_the_rules_keep_every_property_the_reader_uses():
    """Rules keep only css.PROPERTIES; a property the reader looks at but the rules
    dropped would let a stylesheet hide text unseen."""
    import ast
    import inspect

    from triage import css, htmltext
    tree = ast.parse(inspect.getsource(htmltext))
    read = {node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get" and getattr(node.func.value, "id", "") == "d"
            and node.args and isinstance(node.args[0], ast.Constant)}
    read |= {node.slice.value for node in ast.walk(tree)
             if isinstance(node, ast.Subscript) and getattr(node.value, "id", "") == "d"
             and isinstance(node.slice, ast.Constant)}
    read |= htmltext._GEOMETRY
    assert len(read) > 20 and read <= css.PROPERTIES, read - css.PROPERTIES
