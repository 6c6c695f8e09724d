"""nyballot compare: a year's calendar under two laws, date by date."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from nyballot.calendar.model import Deadline
from nyballot.calendar.request import CalendarRequest
from nyballot.cli import terminal
from nyballot.cli.options import (
    calendar_options,
    chosen_year,
    parse_enacted_on,
    request_from_options,
    with_option,
)
from nyballot.compare import Comparison, Row, compare_requests
from nyballot.export.json import comparison_dict, dumps, law_line
from nyballot.export.table import what_if_lines
from nyballot.law.choice import law_words


def _day(day: dt.date | None) -> str:
    return "" if day is None else f"{day:%a %b} {day.day}"


def _dates(d: Deadline | None) -> str:
    if d is None:
        return "—"
    if d.opens and d.closes:
        return f"{_day(d.opens)} – {_day(d.closes)}"
    return _day(d.opens or d.closes) or d.status.replace("_", " ")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "−")


def _shift(row: Row) -> str:
    parts = []
    for part in ("opens", "closes"):
        days, business = row.shift_days.get(part), row.shift_business_days.get(part)
        if days is None or business is None:
            continue
        parts.append((part, f"{_signed(days)} ({_signed(business)} bd)"))
    if not parts:
        return ""
    if len(parts) == 1 or parts[0][1] == parts[1][1]:
        return parts[-1][1]
    return " / ".join(text for _, text in parts)


def _label(law: str, overlays: list[str]) -> str:
    return " + ".join([law, *overlays])


def print_comparison(result: Comparison, console: Console, include_unchanged: bool) -> None:
    """A block per rule, in date order: the dates under each law and the shift, then why."""
    base = _label(result.base.law, result.base.overlays)
    other = _label(result.other.law, result.other.overlays)
    for line in what_if_lines(result.what_if_reasons):
        console.print(Text(line, style="bold red"))
    console.print(f"[bold]{result.year}: {base}  →  {other}[/bold]  (bd = business days)\n")
    rows = result.rows if include_unchanged else result.changed()
    marks = {"moved": "", "added": "[green]added[/green] ", "repealed": "[red]repealed[/red] ",
             "unchanged": "[dim]same dates[/dim] "}  # fmt: skip
    width = max((len(_dates(r.base)) for r in rows), default=0)
    for r in rows:
        cites = " → ".join(
            f"§ {c}" if c[:1].isdigit() else c
            for c in dict.fromkeys(d.cite for d in (r.base, r.other) if d is not None)
        )
        shift = _shift(r)
        console.print(
            f"{marks[r.status]}[bold]{r.id}[/bold]  {cites}  [dim]{escape(r.title)}[/dim]"
        )
        line = f"    {_dates(r.base):<{width}}  →  {_dates(r.other)}"
        console.print(line + (f"   [cyan]{shift}[/cyan]" if shift else ""))
        if r.reason:
            console.print(f"    [dim]{escape(r.reason)}[/dim]")
    counts = {s: sum(1 for r in result.rows if r.status == s) for s in
              ("moved", "added", "repealed", "unchanged")}  # fmt: skip
    console.print("\n" + ", ".join(f"{n} {s}" for s, n in counts.items()))
    if result.provisions:
        console.print("\n[bold]Provisions that are not dates[/bold]")
        for overlay_id, p in result.provisions:
            was = f" (was: {p.was})" if p.was else ""
            where = f"{overlay_id} § {p.section}, " if p.section else f"{overlay_id}, "
            mark = f" [{p.secondary}]" if p.secondary else ""
            console.print(f"  {p.title} ({where}§ {p.cite}): {p.value}{was}{mark}", markup=False)
    for note in result.other.notes[1:]:
        console.print(f"[dim]{escape(note)}[/dim]")


@click.command("compare")
@click.argument("year", type=click.IntRange(1, 9999), required=False)
@calendar_options
@click.option(
    "--against",
    "against",
    metavar="VERSION",
    help="Law version to compare with (default: the law in force that year).",
)
@with_option(
    "against_with", "A bill applied on the side compared against (repeatable).", "--against-with"
)
@click.option("--all", "show_all", is_flag=True, help="List unchanged rules too.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table")
def compare_command(
    year: int | None,
    against: str | None,
    against_with: tuple[str, ...],
    show_all: bool,
    fmt: str,
    **options: Any,
) -> None:
    """What a bill (or another law) changes in YEAR's calendar (default: the coming election's),
    date by date.

    \b
    nyballot compare 2016 --with S5961
    nyballot compare 2016 --law current --against pre-2019
    """
    year, note = chosen_year(year)
    enacted_on = parse_enacted_on(options["enacted_on"], options["overlays"] + against_with)
    asked = request_from_options(year, {**options, "enacted_on": ()})

    def side(law: str | None, overlays: tuple[str, ...]) -> CalendarRequest:
        dated = tuple(sorted((k, v) for k, v in enacted_on.items() if k in overlays))
        return replace(asked, law=law, overlays=overlays, enacted_on=dated)

    result = compare_requests(
        side(against or asked.law, against_with), side(asked.law, asked.overlays)
    )
    if fmt == "json":
        click.echo(dumps(comparison_dict(result, year_note=note)), nl=False)
    else:
        against = law_words(result.base.law, result.base.overlays)
        terminal.echo(f"{law_line(result.other)}; against {against}")
        if note:
            terminal.echo(f"Year: {note}")
        print_comparison(result, terminal.console(), show_all)
