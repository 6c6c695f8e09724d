"""Readable terminal output (rich): the calendar as a table, a derivation as numbered steps."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from nyballot.calendar.model import Calendar, Deadline
from nyballot.law.subdivisions import with_sign
from nyballot.reckoning.dates import format_day

UNVERIFIED_MARK = "†"
SECONDARY_MARK = "‡"


def _date_cell(d: Deadline) -> tuple[str, str]:
    if d.impossible:
        return "", "impossible with the events given"
    if d.status == "not_applicable":
        return "", "does not apply"
    if d.status == "awaiting_event":
        events = ", ".join(f"event.{e}" for e in d.events())
        latest = d.closes_at_latest
        bound = f", and by {format_day(latest)} at the latest" if latest else ""
        return "", f"needs {events}: {d.formula().get('closes', '')}{bound}"
    opens = format_day(d.opens) if d.opens else ""
    closes = format_day(d.closes) if d.closes else ""
    return opens, closes


WHAT_IF = "WHAT-IF"


def _marks(d: Deadline) -> str:
    """† text unverified, ‡ a date resting on a secondary source."""
    return (f" {UNVERIFIED_MARK}" if d.unverified else "") + (
        f" {SECONDARY_MARK}" if d.rule.evidence else ""
    )


def calendar_title(cal: Calendar) -> str:
    """The calendar's title; a what-if says so first, where the eye lands."""
    overlays = f" + {', '.join(cal.overlays)}" if cal.overlays else ""
    title = f"New York political calendar {cal.year} — law {cal.law}{overlays}"
    return f"{WHAT_IF}, NOT THE LAW: {title}" if cal.what_if else title


def what_if_lines(reasons: list[str]) -> list[str]:
    """One line per reason a calendar or comparison is a what-if (none for the law itself)."""
    return [f"{WHAT_IF}: {reason}." for reason in reasons]


# Four columns: two dates (14 characters; a last day waiting for an event wraps its formula
# within 24), the title with the rule id beneath it, the §.
_DATE, _LAST, _CITE, _BORDERS = 14, 24, 16, 13


def _last_width(cal: Calendar) -> int:
    """The "last day" column's width: 24, or its longest word (a rule id in a formula waiting
    for an event), so that no id is cut."""
    words = (w for d in cal.deadlines for w in _date_cell(d)[1].split())
    return max(_LAST, *(len(w) for w in words))


def calendar_table(cal: Calendar) -> Table:
    """The calendar as one table; the "what" column is never narrower than the longest rule
    id, so an id a user copies into ``explain`` is never cut or folded."""
    longest = max((len(d.id) for d in cal.deadlines), default=10)
    table = Table(title=calendar_title(cal))
    table.add_column("first day", no_wrap=True, width=_DATE)
    last = _last_width(cal)
    table.add_column("last day / date", min_width=min(_DATE, last), max_width=last)
    table.add_column("what", min_width=longest, ratio=1)
    table.add_column("§", max_width=_CITE)
    for d in cal.deadlines:
        opens, closes = _date_cell(d)
        what = Text(d.title)
        what.append(f"\n{d.id}", style="dim")
        table.add_row(opens, closes, what, f"{d.cite}{_marks(d)}")
    return table


def table_width(cal: Calendar) -> int:
    """The narrowest terminal the table fits without cutting a rule id."""
    longest = max((len(d.id) for d in cal.deadlines), default=10)
    cite = min(max((len(d.cite) + 2 for d in cal.deadlines), default=10), _CITE)
    return _DATE + _last_width(cal) + longest + cite + _BORDERS


def _print_stacked(cal: Calendar, console: Console) -> None:
    """For a narrow terminal: each date on a line, its title beneath, then the rule id on a
    line of its own (printed whole: a terminal narrower than the id wraps it, never cuts it)."""
    console.print(Text(calendar_title(cal), style="bold"))
    for d in cal.deadlines:
        opens, closes = _date_cell(d)
        days = " – ".join(x for x in (opens, closes) if x)
        console.print(Text(f"{days}   {with_sign(d.cite)}{_marks(d)}", style="bold"))
        console.print(Text(f"  {d.title}"))
        console.print(Text(f"  {d.id}", style="dim"), soft_wrap=True)


def print_calendar(cal: Calendar, console: Console) -> None:
    """The calendar as a table where the terminal is wide enough, else one entry per block."""
    for line in what_if_lines(cal.what_if_reasons):
        console.print(Text(line, style="bold red"))
    if console.width >= table_width(cal):
        console.print(calendar_table(cal))
    else:
        _print_stacked(cal, console)
    if any(d.unverified for d in cal.deadlines):
        console.print(
            f"{UNVERIFIED_MARK} text unverified: the words in force that year were not found "
            "(see `nyballot explain`)."
        )
    if any(d.rule.evidence for d in cal.deadlines):
        console.print(
            f"{SECONDARY_MARK} secondary source: no statute words were found for this date; it "
            "rests on the source named (see `nyballot explain`)."
        )
    for note in cal.notes:
        console.print(Text(note, style="dim"))


def print_derivation(d: Deadline, console: Console) -> None:
    days = " to ".join(format_day(x) for x in (d.opens, d.closes) if x)
    dates = days or d.status.replace("_", " ")
    console.print(f"[bold]{d.id}[/bold] = {dates}    {with_sign(d.cite)}")
    console.print(d.title, markup=False)
    for words in d.rule.law:
        console.print(f'  [italic]"{escape(words)}"[/italic]')
    if d.rule.source is None:
        console.print("  (the words of this provision are not among the shipped texts)")
    if d.impossible:
        console.print(Text(f"  impossible with the events given: {d.impossible}", style="red"))
    if d.unverified:
        console.print(
            f"  [yellow]{UNVERIFIED_MARK} text unverified:[/yellow] {escape(d.unverified)}"
        )
    if d.rule.evidence:
        console.print(
            f"  [yellow]{SECONDARY_MARK} secondary source:[/yellow] "
            f"{escape(d.rule.evidence_source)}"
        )
    for name, formula in d.formula().items():
        console.print(f"  {name}: {formula}", markup=False)
    steps = Table(box=None, show_header=False, padding=(0, 1))
    steps.add_column(justify="right")
    steps.add_column(ratio=1)
    steps.add_column(no_wrap=True)
    steps.add_column(no_wrap=True)
    for n, s in enumerate(d.derivation, 1):
        steps.add_row(f"{n}.", Text(s.text), format_day(s.date) if s.date else "", Text(s.cite))
    console.print(steps)
    if d.rule.note:
        console.print(f"  note: {d.rule.note}", markup=False)
