"""The weekly trend as a small bar chart's geometry (pure): one stacked bar a week,
the decisions staff confirmed below and those they overturned on top. The page draws
it as inline SVG from these numbers (no script, no style attribute: the classes are
in ``console.css``), so it renders under the strict Content-Security-Policy."""

from __future__ import annotations

WIDTH, HEIGHT = 640, 180
LEFT, BOTTOM, TOP = 40, 30, 12


def _n(value: float) -> str:
    """A coordinate as SVG reads it, whatever the page's language (never ``12,5``)."""
    return f"{value:.1f}"


def week_bars(weeks: list[dict]) -> dict:
    """``weeks``: the table's rows (``week``, ``confirmed``, ``overturned``). The
    chart's size, its scale's top, and per week a bar: x, width and the two
    rectangles' y and height, as strings."""
    plot_h = HEIGHT - BOTTOM - TOP
    top = max([w["confirmed"] + w["overturned"] for w in weeks] + [1])
    slot = (WIDTH - LEFT) / max(len(weeks), 1)
    bars = []
    for i, w in enumerate(weeks):
        x = LEFT + i * slot + slot * 0.2
        confirmed_h = plot_h * w["confirmed"] / top
        overturned_h = plot_h * w["overturned"] / top
        base = TOP + plot_h
        bars.append({
            "week": w["week"], "confirmed": w["confirmed"], "overturned": w["overturned"],
            "x": _n(x), "width": _n(slot * 0.6), "label_x": _n(x + slot * 0.3),
            "confirmed_y": _n(base - confirmed_h), "confirmed_h": _n(confirmed_h),
            "overturned_y": _n(base - confirmed_h - overturned_h),
            "overturned_h": _n(overturned_h),
        })
    return {"width": WIDTH, "height": HEIGHT, "top": top, "bars": bars,
            "axis_x": LEFT, "axis_top": TOP, "axis_bottom": TOP + plot_h,
            "label_y": HEIGHT - 10, "right": WIDTH}
