"""nyballot calendar / explain / holidays."""

from __future__ import annotations

import sys
from typing import Any

import click

from nyballot.calendar.model import Calendar, parse_kind_groups
from nyballot.cli import terminal
from nyballot.cli.options import calendar_from_options, calendar_options, chosen_year
from nyballot.cli.terminal import echo
from nyballot.errors import UsageError
from nyballot.export import json as json_export
from nyballot.reckoning.dates import format_day
from nyballot.reckoning.holidays import holidays as holidays_of
from nyballot.reckoning.holidays import table as holiday_table

YEAR = click.argument("year", type=click.IntRange(1, 9999), required=False)


def _first_lines(cal: Calendar, note: str | None) -> None:
    """Which law (the first line), and how the year was chosen when none was given."""
    echo(json_export.law_line(cal))
    if note:
        echo(f"Year: {note}")


@click.command()
@YEAR
@calendar_options
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json", "csv", "ics"]), default="table"
)
@click.option(
    "--kind",
    "kinds",
    multiple=True,
    metavar="candidate|board|voter",
    help="Only the dates for candidates, boards or voters (repeatable, or a comma list).",
)
@click.option(
    "--remind",
    type=click.IntRange(0, 366),
    metavar="DAYS",
    help="With --format ics: a reminder DAYS days before each last day.",
)
def calendar(
    year: int | None, fmt: str, kinds: tuple[str, ...], remind: int | None, **options: Any
) -> None:
    """The political calendar of YEAR (default: the coming election's) under the law in force
    that year."""
    groups = parse_kind_groups(kinds)
    year, note = chosen_year(year)
    cal = calendar_from_options(year, options).of_kinds(groups)
    # Each writer is imported only when asked for: icalendar and rich take longer to import
    # than a calendar takes to compute.
    if fmt == "json":
        click.echo(json_export.dumps(json_export.calendar_dict(cal, note)), nl=False)
    elif fmt == "csv":
        from nyballot.export.csv import to_csv

        sys.stdout.buffer.write(to_csv(cal).encode("utf-8"))
    elif fmt == "ics":
        from nyballot.export.ics import to_ics

        sys.stdout.buffer.write(to_ics(cal, reminder_days=remind))
    else:
        from nyballot.export.table import print_calendar

        _first_lines(cal, note)
        print_calendar(cal, terminal.console())


@click.command()
@click.argument("year_or_rule", metavar="[YEAR] RULE_ID")
@click.argument("rule_id", required=False, metavar="")
@calendar_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def explain(year_or_rule: str, rule_id: str | None, fmt: str, **options: Any) -> None:
    """The derivation of one date, step by step, with the words and citations (YEAR: default
    the coming election's)."""
    year, note = chosen_year(_year(year_or_rule) if rule_id else None)
    rule_id = rule_id or year_or_rule
    cal = calendar_from_options(year, options)
    deadline = cal.deadline(rule_id)
    if fmt == "json":
        click.echo(json_export.dumps(json_export.explain_dict(cal, deadline, note)), nl=False)
    else:
        from rich.text import Text

        from nyballot.export.table import print_derivation, what_if_lines

        _first_lines(cal, note)
        console = terminal.console()
        for line in what_if_lines(cal.what_if_reasons):
            console.print(Text(line, style="bold red"))
        print_derivation(deadline, console)


def _year(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 9999:
        raise UsageError(f"year '{text[:20]}': expected a year such as 2027 (or only RULE_ID)")
    return int(text)


@click.command()
@YEAR
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table")
def holidays(year: int | None, fmt: str) -> None:
    """The public holidays of YEAR (GCL § 24), with their legal source."""
    year, _ = chosen_year(year)
    days = holidays_of(year)
    if fmt == "json":
        click.echo(json_export.dumps(json_export.holidays_dict(year)), nl=False)
        return
    from rich.table import Table

    from nyballot.export.fold import print_table

    table = Table(title=f"Public holidays {year} ({holiday_table().cite})")
    for column in ("date", "holiday", "source", "note"):
        table.add_column(column)
    for h in days:
        table.add_row(format_day(h.date), h.name, h.cite, h.note)
    console = terminal.console()
    print_table(table, console)
    console.print(f'Sunday rule: "{holiday_table().sunday_rule}". No Saturday rule.')
