"""Server-side SVG line charts for the after-game report: one line per seat, step-shaped (a
total changes only at an action), with a title and a description for screen readers. Drawn
here rather than in the browser so the charts need no script and no charting bundle; each
chart on the page also has a data table beside it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from markupsafe import Markup

WIDTH, HEIGHT = 480, 260
PAD_L, PAD_R, PAD_T, PAD_B = 58, 22, 12, 38
COLOURS = ["#1f6fd1", "#c2362b", "#2a8a3e", "#8a4fbf", "#b86e00", "#0f8a8a"]
DASHES = ["", "6 3", "2 3", "8 3 2 3", "4 4", "1 2"]  # told apart without colour too


@dataclass(frozen=True)
class Line:
    label: str
    points: list[tuple[float, float]]  # (seq, value), seq rising


def _ticks(lo: float, hi: float, n: int = 4, whole: bool = False) -> list[float]:
    """``n`` steps from ``lo`` to ``hi``; whole steps for counts (no "1.5 fighters")."""
    if hi <= lo:
        return [lo]
    step = (hi - lo) / n
    if whole:
        step = float(max(1, math.ceil(step)))
        return [lo + i * step for i in range(n + 1) if lo + i * step <= hi + 1e-9]
    return [lo + i * step for i in range(n + 1)]


def _fmt(v: float) -> str:
    return f"{v:.0f}" if abs(v - round(v)) < 1e-9 or abs(v) >= 10 else f"{v:.2f}".rstrip("0")


def line_chart(chart_id: str, title: str, desc: str, lines: list[Line], last_seq: int, zero: bool = False) -> Markup:
    """An SVG step chart; ``zero`` draws the 0 line (for totals that go below it)."""
    values = [v for ln in lines for _, v in ln.points] or [0.0]
    lo, hi = min(0.0, *values), max(0.0, *values)
    if hi == lo:
        hi = lo + 1
    x_max = max(last_seq, 1)
    w, h = WIDTH - PAD_L - PAD_R, HEIGHT - PAD_T - PAD_B

    def x(seq: float) -> float:
        return PAD_L + w * seq / x_max

    def y(v: float) -> float:
        return PAD_T + h * (hi - v) / (hi - lo)

    out = [
        f'<svg class="chart" id="{chart_id}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart_id}-title">{escape(title)}</title><desc id="{chart_id}-desc">{escape(desc)}</desc>',
    ]
    whole = all(abs(v - round(v)) < 1e-9 for v in values)
    for t in _ticks(lo, hi, whole=whole):
        out.append(f'<line class="grid" x1="{PAD_L}" x2="{WIDTH - PAD_R}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>')
        out.append(f'<text class="tick" x="{PAD_L - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{_fmt(t)}</text>')
    if zero and lo < 0 < hi:
        out.append(f'<line class="zero" x1="{PAD_L}" x2="{WIDTH - PAD_R}" y1="{y(0):.1f}" y2="{y(0):.1f}"/>')
    out.extend(
        f'<text class="tick" x="{x(t):.1f}" y="{HEIGHT - 20}" text-anchor="middle">{round(t)}</text>'
        for t in _ticks(0, x_max, whole=True)
    )
    out.append(f'<text class="axis" x="{PAD_L + w / 2}" y="{HEIGHT - 2}" text-anchor="middle">event number</text>')
    for i, ln in enumerate(lines):
        pts = ln.points or [(0.0, 0.0)]
        d = [f"M{x(pts[0][0]):.1f},{y(pts[0][1]):.1f}"]
        prev = pts[0][1]
        for seq, v in pts[1:]:
            d.append(f"L{x(seq):.1f},{y(prev):.1f}L{x(seq):.1f},{y(v):.1f}")
            prev = v
        d.append(f"L{x(x_max):.1f},{y(prev):.1f}")
        dash = f' stroke-dasharray="{DASHES[i % len(DASHES)]}"' if DASHES[i % len(DASHES)] else ""
        colour = COLOURS[i % len(COLOURS)]
        out.append(
            f'<path class="series" d="{"".join(d)}" stroke="{colour}"{dash}><title>{escape(ln.label)}</title></path>'
        )
    out.append("</svg>")
    return Markup("".join(out))


def legend(labels: list[str]) -> Markup:
    """The seats' colours and dashes, as a list beside the chart."""
    items = []
    for i, label in enumerate(labels):
        colour, dash = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)]
        swatch = (
            f'<svg width="28" height="10" aria-hidden="true"><line x1="0" x2="28" y1="5" y2="5" '
            f'stroke="{colour}" stroke-width="3"{" stroke-dasharray=" + chr(34) + dash + chr(34) if dash else ""}/></svg>'
        )
        items.append(f"<li>{swatch} {escape(label)}</li>")
    return Markup(f'<ul class="legend">{"".join(items)}</ul>')
