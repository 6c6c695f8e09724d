"""nyballot special / village: the calendar of one special election or one village election."""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from typing import Any

import click

from nyballot.calendar.model import parse_kind_groups
from nyballot.cli.terminal import echo
from nyballot.errors import UsageError
from nyballot.law.loader import parse_iso_date

FORMATS = click.Choice(["text", "json", "csv", "ics", "pdf"])


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> dt.date | None:
    return None if value is None else parse_iso_date(value, f"--{param.name}")


KINDS = click.option(
    "--kind",
    "kinds",
    multiple=True,
    metavar="candidate|board|voter",
    help="Only the dates for candidates, boards or voters (repeatable, or a comma list).",
)


@click.command()
@click.option(
    "--office", required=True, help="congress, state-senate, assembly, county, city, town."
)
@click.option(
    "--proclaimed", required=True, callback=_date, metavar="DATE", help="Day of the proclamation."
)
@click.option(
    "--election", required=True, callback=_date, metavar="DATE", help="Day of the special election."
)
@click.option("--vacancy", callback=_date, metavar="DATE", help="Day the vacancy occurred.")
@click.option(
    "--last-year",
    type=click.IntRange(1900, 9999),
    metavar="YEAR",
    help="Last year of the term of office (PBO § 42(4)).",
)
@KINDS
@click.option("--format", "fmt", type=FORMATS, default="text")
@click.option("--paper", metavar="KIND", help="Judge a paper of this kind (desk kinds).")
@click.option("--received", metavar="INSTANT", help="With --paper: when it was received.")
@click.option("--board", "board_id", metavar="BOARD", help="With --paper: the board.")
@click.option("--method", default="in_person", help="With --paper: in_person, mail, overnight.")
@click.option("--postmark", callback=_date, metavar="DATE", help="With --paper: its postmark.")
def special(
    office: str,
    proclaimed: dt.date,
    election: dt.date,
    vacancy: dt.date | None,
    last_year: int | None,
    kinds: tuple[str, ...],
    fmt: str,
    **paper: str | None,
) -> None:
    """The whole calendar of one special election, from its proclamation (PBO § 42); with
    --paper, whether a paper filed for it was filed in time."""
    from nyballot.elections.output import ics_of_special, special_dict, special_text
    from nyballot.elections.special import SpecialRequest, special_calendar

    groups = parse_kind_groups(kinds)
    request = SpecialRequest(office, proclaimed, election, vacancy, last_year)
    found = special_calendar(request)
    if paper["paper"]:
        _judge(found, paper, fmt)
        return
    if fmt == "json":
        from nyballot.export import json as json_export

        click.echo(json_export.dumps(special_dict(found, groups)), nl=False)
    elif fmt == "text" or found.calendar is None:
        echo(special_text(found, groups), nl=False)
    else:
        ics = lambda: ics_of_special(found, groups)  # noqa: E731
        _write(found.calendar.of_kinds(groups), fmt, special_text(found, groups), ics)


def _judge(found: Any, asked: dict[str, Any], fmt: str) -> None:
    """The desk's verdict on one paper for the special election, with its steps."""
    from nyballot.elections.desk import decide_special
    from nyballot.export import json as json_export
    from nyballot.filing.model import Paper, board, filing_kind, method
    from nyballot.filing.records import decision_dict
    from nyballot.filing.submission import parse_instant

    if not asked["received"] or not asked["board_id"]:
        raise UsageError("--paper: give --received and --board too")
    received = parse_instant(asked["received"], "--received")
    paper = Paper(
        filing_kind(asked["paper"]), board(asked["board_id"]), received.year, received,
        method(asked["method"]), asked["postmark"],
    )  # fmt: skip
    decision = decision_dict(decide_special(paper, found))
    if fmt == "json":
        click.echo(json_export.dumps(decision), nl=False)
        return
    window = decision["window"] or {}
    echo(f"{decision['verdict']}: last day {window.get('closes')} ({window.get('cite')})")
    for n, step in enumerate(decision["derivation"], 1):
        echo(f"  {n}. {step['step']} = {step['date'] or '-'} [{step['cite']}]")


def _write(cal: object, fmt: str, text: str, ics: Callable[[], bytes]) -> None:
    from nyballot.calendar.model import Calendar

    assert isinstance(cal, Calendar)
    if fmt == "csv":
        from nyballot.export.csv import to_csv

        sys.stdout.buffer.write(to_csv(cal).encode("utf-8"))
    elif fmt == "ics":
        sys.stdout.buffer.write(ics())
    else:
        from nyballot.elections.pdf import text_pdf

        sys.stdout.buffer.write(text_pdf(text))


@click.command()
@click.argument("year", type=click.IntRange(1900, 9999))
@click.option("--month", default="march", show_default=True, help="The village's election month.")
@click.option(
    "--day",
    callback=_date,
    metavar="DATE",
    help="The village's own day, where it elects on another.",
)
@click.option(
    "--primary", is_flag=True, help="Party nominations at a village primary, not a caucus."
)
@click.option(
    "--special",
    is_flag=True,
    help="A special village election (§ 15-106): --day, its third Tuesday, or --called.",
)
@click.option(
    "--called", callback=_date, metavar="DATE", help="With --special: the official call's day."
)
@click.option("--vacancy", callback=_date, metavar="DATE", help="With --special: the vacancy.")
@KINDS
@click.option("--format", "fmt", type=FORMATS, default="text")
def village(
    year: int,
    month: str,
    day: dt.date | None,
    primary: bool,
    kinds: tuple[str, ...],
    fmt: str,
    **special: Any,
) -> None:
    """The calendar of a village election in YEAR (§§ 15-104, 15-108, 6-202, 6-212), or of a
    special village election (§ 15-106)."""
    from nyballot.elections.output import ics_of_village, village_dict, village_text
    from nyballot.elections.village import VillageRequest, village_calendar

    groups = parse_kind_groups(kinds)
    found = village_calendar(VillageRequest(year, month, day, primary, **special))
    if fmt == "json":
        from nyballot.export import json as json_export

        click.echo(json_export.dumps(village_dict(found, groups)), nl=False)
    elif fmt == "text":
        echo(village_text(found, groups), nl=False)
    else:
        ics = lambda: ics_of_village(found, groups)  # noqa: E731
        _write(found.calendar.of_kinds(groups), fmt, village_text(found, groups), ics)
