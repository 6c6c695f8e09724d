"""Readable terminal output (rich): the calendar as a table, a derivation as numbered steps."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from nyballot.calendar.model import Calendar, Deadline
from nyballot.reckoning.dates import format_day

UNVERIFIED_MARK = "†"
SECONDARY_MARK = "‡"


def _date_cell(d: Deadline) -> tuple[str, str]:
    if d.status == "not_applicable":
        return "", "does not apply"
    if d.status == "awaiting_event":
        events = ", ".join(f"event.{e}" for e in d.events())
        return "", f"needs {events}: {d.formula().get('closes', '')}"
    opens = format_day(d.opens) if d.opens else ""
    closes = format_day(d.closes) if d.closes else ""
    return opens, closes


def calendar_table(cal: Calendar) -> Table:
    overlays = f" + {', '.join(cal.overlays)}" if cal.overlays else ""
    table = Table(title=f"New York political calendar {cal.year} — law {cal.law}{overlays}")
    table.add_column("first day", no_wrap=True)
    table.add_column("last day / date", no_wrap=False)
    table.add_column("what")
    table.add_column("§", no_wrap=True)
    for d in cal.deadlines:
        opens, closes = _date_cell(d)
        mark = f" {UNVERIFIED_MARK}" if d.unverified else ""
        mark += f" {SECONDARY_MARK}" if d.rule.evidence else ""
        table.add_row(opens, closes, f"{d.title}\n[dim]{d.id}[/dim]", f"{d.cite}{mark}")
    return table


def print_calendar(cal: Calendar, console: Console) -> None:
    console.print(calendar_table(cal))
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
        console.print(f"[dim]{note}[/dim]")


def print_derivation(d: Deadline, console: Console) -> None:
    days = " to ".join(format_day(x) for x in (d.opens, d.closes) if x)
    dates = days or d.status.replace("_", " ")
    console.print(f"[bold]{d.id}[/bold] = {dates}    § {d.cite}")
    console.print(d.title)
    for words in d.rule.law:
        console.print(f'  [italic]"{words}"[/italic]')
    if d.rule.source is None:
        console.print("  (the words of this provision are not among the shipped texts)")
    if d.unverified:
        console.print(f"  [yellow]{UNVERIFIED_MARK} text unverified:[/yellow] {d.unverified}")
    if d.rule.evidence:
        console.print(
            f"  [yellow]{SECONDARY_MARK} secondary source:[/yellow] {d.rule.evidence_source}"
        )
    for name, formula in d.formula().items():
        console.print(f"  {name}: {formula}")
    steps = Table(box=None, show_header=False, padding=(0, 1))
    steps.add_column(justify="right")
    steps.add_column(ratio=1)
    steps.add_column(no_wrap=True)
    steps.add_column(no_wrap=True)
    for n, s in enumerate(d.derivation, 1):
        steps.add_row(f"{n}.", s.text, format_day(s.date) if s.date else "", s.cite)
    console.print(steps)
    if d.rule.note:
        console.print(f"  note: {d.rule.note}")
