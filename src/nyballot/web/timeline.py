"""A year at a glance: the calendar drawn as a timeline by month, in inline SVG.

Each row is one rule: a window (first day to last day) is a bar, a single date a mark, both in
the colour of the rule's kind; an election is a tall black mark; today is a red line. A row may
carry two lanes (the compare view: the base law above, the other below), so a moved window
shows at a glance. Plain SVG inside the page: no script, nothing fetched, and WeasyPrint draws
it in the PDF too.
"""

from __future__ import annotations

import calendar as months
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from markupsafe import Markup

# Okabe-Ito colours, told apart by readers with the common colour-vision deficiencies.
COLOURS = {
    "window": "#0072B2",
    "deadline": "#D55E00",
    "first_day": "#009E73",
    "cutoff": "#CC79A7",
    "duty": "#E69F00",
    "election": "#000000",
    "voter": "#56B4E9",
    "meeting": "#F0E442",
    "signing": "#332288",  # Tol's indigo: Okabe-Ito has no ninth colour
    "receipt": "#88CCEE",  # Tol's cyan, near the voter's blue
}
KIND_LABELS = {
    "window": "filing period",
    "deadline": "last day",
    "first_day": "first day",
    "cutoff": "cut-off",
    "duty": "board's duty",
    "election": "election",
    "voter": "voter's last day",
    "meeting": "meeting or convention",
    "signing": "signing period",
    "receipt": "ballot received by",
}
OTHER = "#555555"  # a kind without its own colour
TODAY = "#b00020"

WIDTH, PAD, TOP = 560.0, 4.0, 24.0
LANE, GAP = 9.0, 5.0
FONT = 9.0
CHAR = FONT * 0.56  # a wide character of the label font (DejaVu Serif in the PDF), for clipping


@dataclass(frozen=True)
class Bar:
    """One lane of a row: the dates of a rule under one law (either may be None)."""

    kind: str
    opens: dt.date | None
    closes: dt.date | None
    faded: bool = False  # the base law's lane in a comparison


@dataclass(frozen=True)
class Row:
    label: str
    lanes: tuple[Bar, ...]


def colour(kind: str) -> str:
    return COLOURS.get(kind, OTHER)


def legend(kinds: Sequence[str]) -> list[tuple[str, str]]:
    """(colour, words) for each kind drawn, in a fixed order."""
    return [(colour(k), KIND_LABELS.get(k, k)) for k in COLOURS if k in kinds]


class _Scale:
    def __init__(self, year: int) -> None:
        self.first = dt.date(year, 1, 1)
        self.days = 366 if months.isleap(year) else 365

    def x(self, day: dt.date) -> float:
        offset = min(max((day - self.first).days, 0), self.days)
        return PAD + offset * (WIDTH - 2 * PAD) / self.days


def _lane(scale: _Scale, bar: Bar, y: float, title: str) -> str:
    fill = colour(bar.kind)
    style = ' fill-opacity="0.35" stroke="#333" stroke-dasharray="2 1"' if bar.faded else ""
    tip = f"<title>{escape(title)}</title>"
    if bar.opens and bar.closes and bar.opens != bar.closes:
        x0, x1 = scale.x(bar.opens), scale.x(bar.closes + dt.timedelta(days=1))
        return (
            f'<rect x="{x0:.1f}" y="{y:.1f}" width="{max(x1 - x0, 2.5):.1f}" height="{LANE}" '
            f'fill="{fill}"{style}>{tip}</rect>'
        )
    day = bar.closes or bar.opens
    if day is None:
        return ""
    x = scale.x(day) + 0.7
    if bar.kind == "election":
        return (
            f'<rect x="{x - 1.5:.1f}" y="{y - 2:.1f}" width="3" height="{LANE + 4}" '
            f'fill="{fill}"{style}>{tip}</rect>'
        )
    half = LANE / 2
    corners = ((x, y), (x + half, y + half), (x, y + LANE), (x - half, y + half))
    points = " ".join(f"{a:.1f},{b:.1f}" for a, b in corners)
    return f'<polygon points="{points}" fill="{fill}"{style}>{tip}</polygon>'


def _when(bar: Bar) -> str:
    if bar.opens and bar.closes and bar.opens != bar.closes:
        return f"{bar.opens.isoformat()} to {bar.closes.isoformat()}"
    day = bar.closes or bar.opens
    return day.isoformat() if day else "no date"


PAGE_LANES = 34  # lanes drawn in one picture: one fits a printed page under the heading


def timelines(
    year: int,
    rows: Sequence[Row],
    today: dt.date | None,
    title: str,
    lane_names: Sequence[str] = (),
) -> list[Markup]:
    """The timeline in pictures of at most PAGE_LANES lanes, each with the months on top, so
    that the PDF can put each on a page of its own (a picture does not break across pages)."""
    per = max(PAGE_LANES // max((len(r.lanes) for r in rows), default=1), 1)
    pieces = [rows[i : i + per] for i in range(0, len(rows), per)] or [[]]
    return [
        timeline_svg(
            year,
            piece,
            today,
            title if len(pieces) == 1 else f"{title}, part {n} of {len(pieces)}",
            lane_names,
            key=str(n),
        )
        for n, piece in enumerate(pieces, 1)
    ]


def timeline_svg(
    year: int,
    rows: Sequence[Row],
    today: dt.date | None,
    title: str,
    lane_names: Sequence[str] = (),
    key: str = "1",
) -> Markup:
    """The timeline of ``rows`` over ``year`` as an ``<svg>`` element (``role="img"``);
    ``key`` tells apart the ids of several on one page."""
    scale = _Scale(year)
    row_height = max((len(r.lanes) for r in rows), default=1) * (LANE + 2) + GAP
    height = TOP + len(rows) * row_height + 4
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {height:.0f}" '
        f'role="img" aria-labelledby="timeline-title-{key}" font-family="Georgia, serif">',
        f'<title id="timeline-title-{key}">{escape(title)}</title>',
    ]
    for month in range(1, 13):
        x = scale.x(dt.date(year, month, 1))
        parts.append(_rule(x, TOP - 6, height, "#ccc", 0.6))
        parts.append(_text(x + 2, TOP - 10, 10, "#333", months.month_abbr[month]))
    for i, row in enumerate(rows):
        y = TOP + i * row_height
        parts.append(_label(scale, row, y))
        for n, bar in enumerate(row.lanes):
            name = f"{lane_names[n]}: " if n < len(lane_names) else ""
            tip = f"{row.label}: {name}{_when(bar)}"
            parts.append(_lane(scale, bar, y + n * (LANE + 2), tip))
    if today is not None and today.year == year:
        x = scale.x(today) + 0.7
        parts.append(_rule(x, TOP - 20, height, TODAY, 1.4))
        parts.append(_text(min(x + 3, WIDTH - 30), TOP - 1, 9.5, TODAY, "today"))
    parts.append("</svg>")
    return Markup("".join(parts))


def _rule(x: float, top: float, bottom: float, stroke: str, width: float) -> str:
    """A vertical line across the chart (a month's start, today)."""
    return (
        f'<line x1="{x:.1f}" y1="{top:.1f}" x2="{x:.1f}" y2="{bottom:.1f}" '
        f'stroke="{stroke}" stroke-width="{width}"/>'
    )


def _text(x: float, y: float, size: float, fill: str, words: str) -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}">{escape(words)}</text>'


def _label(scale: _Scale, row: Row, y: float) -> str:
    """The row's title beside its bars: after them when they lie in the first half of the
    year, before them otherwise, clipped to the room there is."""
    days = [d for bar in row.lanes for d in (bar.opens, bar.closes) if d is not None]
    if not days:
        return ""
    start, end = scale.x(min(days)) - LANE / 2, scale.x(max(days) + dt.timedelta(days=1))
    after = start < WIDTH / 2
    room = (WIDTH - PAD - end - 4) if after else (start - PAD - 4)
    x, anchor = (end + 4, "start") if after else (start - 4, "end")
    text = _clip(row.label, int(room / CHAR))
    return (
        f'<text x="{x:.1f}" y="{y + LANE - 1:.1f}" font-size="{FONT}" fill="#1a1a1a" '
        f'text-anchor="{anchor}">{escape(text)}</text>'
    )


def _clip(label: str, chars: int) -> str:
    if len(label) <= chars:
        return label
    return label[: max(chars - 1, 0)].rstrip() + "…"
