"""Options shared by the commands that compute a calendar."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, TypeVar

import click

from nyballot.calendar.model import Calendar
from nyballot.calendar.request import CalendarRequest
from nyballot.errors import UsageError
from nyballot.law.loader import parse_iso_date

F = TypeVar("F", bound=Callable[..., Any])


def _date(flag: str) -> Callable[[click.Context, click.Parameter, str | None], dt.date | None]:
    def convert(ctx: click.Context, param: click.Parameter, value: str | None) -> dt.date | None:
        return None if value is None else parse_iso_date(value, flag)

    return convert


def parse_events(values: tuple[str, ...]) -> dict[str, dt.date]:
    events: dict[str, dt.date] = {}
    for value in values:
        name, sep, date_text = value.partition("=")
        if not sep or not name:
            raise UsageError(f"--event '{value}': expected NAME=YYYY-MM-DD, e.g. death=2017-07-20")
        name = name.strip()
        if name in events:
            raise UsageError(f"--event {name}: given twice; give each event once")
        events[name] = parse_iso_date(date_text.strip(), f"--event {name}")
    return events


def parse_enacted_on(values: tuple[str, ...], bills: tuple[str, ...]) -> dict[str, dt.date]:
    """--enacted-on BILL=DATE, or DATE alone for every bill given with --with."""
    found: dict[str, dt.date] = {}
    for value in values:
        name, sep, date_text = value.rpartition("=")
        if sep:
            found[name.strip()] = parse_iso_date(date_text.strip(), f"--enacted-on {name}")
        else:
            day = parse_iso_date(value.strip(), "--enacted-on")
            if not bills:
                raise UsageError("--enacted-on: give the bill with --with")
            found.update(dict.fromkeys(bills, day))
    return found


def resolve_with(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> Any:
    """``--with``: a bill's name, or the path of an overlay file of one's own (a what-if)."""
    from nyballot.bills.own import resolve_with as resolve

    return resolve(values)


def with_option(dest: str, help: str, flag: str = "--with") -> Callable[[F], F]:
    """``--with BILL|PATH`` (repeatable): a bill's name or an overlay file's path."""
    return click.option(
        flag, dest, multiple=True, metavar="BILL|PATH", callback=resolve_with, help=help
    )


def calendar_options(func: F) -> F:
    """--law, --with, --primary, --general, --event, --convention, --duties, --no-enacted,
    --enacted-on, --ordered."""
    decorators = [
        click.option(
            "--law", "law_id", metavar="VERSION", help="Law version (default: in force that year)."
        ),
        with_option(
            "overlays", "Apply a bill, or an overlay file of one's own (repeatable; a what-if)."
        ),
        click.option(
            "--primary", callback=_date("--primary"), metavar="DATE", help="Primary election day."
        ),
        click.option(
            "--general", callback=_date("--general"), metavar="DATE", help="General election day."
        ),
        click.option(
            "--event", "events", multiple=True, metavar="NAME=DATE", help="e.g. death=2017-07-20."
        ),
        click.option(
            "--convention",
            type=click.Choice(["rolled", "statutory"]),
            default="rolled",
            show_default=True,
            help="Count from a rolled last day (board practice) or from the statute's day.",
        ),
        click.option(
            "--duties",
            type=click.Choice(["fixed", "rolled"]),
            default="fixed",
            show_default=True,
            help="A board's duty counted forward from an election, due on a Saturday, Sunday or "
            "holiday: on the statute's day (the boards' practice) or the next business day "
            "(GCL § 25-a).",
        ),
        click.option("--no-enacted", is_flag=True, help="Leave out the one-year enacted overlays."),
        click.option(
            "--enacted-on",
            "enacted_on",
            multiple=True,
            metavar="[BILL=]DATE",
            help="Date a bill is taken as enacted (for bills in force from the next January).",
        ),
        click.option(
            "--ordered",
            is_flag=True,
            help="Bills that change the same rule apply in the order given (the later prevails).",
        ),
        click.option(
            "--conflicts",
            type=click.Choice(["later", "earlier"]),
            default="later",
            show_default=True,
            help="Where one bill amends a provision twice: the later text prevails, or the first.",
        ),
    ]
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


def request_from_options(year: int, options: dict[str, Any]) -> CalendarRequest:
    """The calendar request the shared options make (the one value the library reads)."""
    return CalendarRequest(
        year,
        law=options["law_id"],
        overlays=tuple(options["overlays"]),
        events=tuple(sorted(parse_events(options["events"]).items())),
        convention=options["convention"],
        primary=options["primary"],
        general=options["general"],
        enacted=not options["no_enacted"],
        enacted_on=tuple(
            sorted(parse_enacted_on(options["enacted_on"], options["overlays"]).items())
        ),
        ordered=options["ordered"],
        conflicts=options["conflicts"],
        duties=options["duties"],
    )


def chosen_year(year: int | None) -> tuple[int, str | None]:
    """The year asked, or the coming season's (``season_year()``) with the line that says so."""
    if year is not None:
        return year, None
    from nyballot.reckoning.season import season_note, season_year

    chosen = season_year()
    return chosen, season_note(chosen)


def calendar_from_options(year: int, options: dict[str, Any]) -> Calendar:
    return request_from_options(year, options).calendar()
