"""Plain text of an election's calendar, for a terminal of 80 columns: each date on a line with
its cite, the title and rule id beneath, then the words it encodes, wrapped."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from nyballot.calendar.model import Calendar, Deadline
from nyballot.export.table import UNVERIFIED_MARK, what_if_lines
from nyballot.law.subdivisions import with_sign
from nyballot.reckoning.dates import format_day

WIDTH = 80


def _wrap(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent) or [""]


def deadline_lines(d: Deadline) -> list[str]:
    days = " to ".join(format_day(x) for x in (d.opens, d.closes) if x)
    mark = f" {UNVERIFIED_MARK}" if d.unverified else ""
    lines = _wrap(f"{days}   {with_sign(d.cite)}{mark}")
    lines += _wrap(d.title, "  ")
    lines.append(f"  {d.id}")
    for words in d.rule.law:
        lines += _wrap(f'"{words}"', "    ")
    return lines


def calendar_text(title: str, head: Iterable[str], cal: Calendar) -> str:
    """The whole calendar: its title, the lines that mark it, every date, then its notes."""
    lines = [*what_if_lines(cal.what_if_reasons), title, "=" * min(len(title), WIDTH)]
    for line in head:
        lines += _wrap(line)
    for d in cal.deadlines:
        lines.append("")
        lines += deadline_lines(d)
    if any(d.unverified for d in cal.deadlines):
        lines.append("")
        lines += _wrap(
            f"{UNVERIFIED_MARK} text unverified: the words in force that year were not found "
            "(the JSON output gives the reason for each date)."
        )
    lines.append("")
    for note in cal.notes:
        lines += _wrap(note)
    return "\n".join(lines) + "\n"


def words_lines(cite: str, law: str, text: str) -> list[str]:
    return [*_wrap(text), *_wrap(f'{with_sign(cite)}: "{law}"', "  ")]
