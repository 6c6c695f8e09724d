"""Reading a calendar request from a query: what the JSON API, its downloads and the pages share."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from nyballot.calendar.model import CONVENTIONS, DEFAULT_DUTIES, Convention
from nyballot.calendar.request import CalendarRequest
from nyballot.errors import UsageError
from nyballot.law.loader import parse_iso_date

MAX_EVENTS = 10
MAX_OVERLAYS = 5
MAX_NAME = 100
_YEAR = re.compile(r"\d{1,4}")


def parse_year(value: str) -> int:
    if not _YEAR.fullmatch(value.strip()):
        raise UsageError(f"year '{value[:MAX_NAME]}': expected a year such as 2026")
    return int(value)


def parse_events(values: Sequence[str]) -> tuple[tuple[str, dt.date], ...]:
    """'death=2026-05-01' pairs (as on the command line), sorted by name."""
    if len(values) > MAX_EVENTS:
        raise UsageError(f"at most {MAX_EVENTS} events")
    found: dict[str, dt.date] = {}
    for value in values:
        name, sep, day = value.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(f"event '{value[:MAX_NAME]}': expected NAME=YYYY-MM-DD")
        if name[:MAX_NAME] in found:
            raise UsageError(f"event '{name[:MAX_NAME]}': given twice; give each event once")
        try:
            found[name[:MAX_NAME]] = dt.date.fromisoformat(day.strip())
        except ValueError:
            raise UsageError(
                f"event '{name[:MAX_NAME]}': '{day[:MAX_NAME]}' is not a date (YYYY-MM-DD)"
            ) from None
    return tuple(sorted(found.items()))


def choose(
    year: int | str,
    law: str | None = None,
    overlays: Sequence[str] = (),
    events: Sequence[str] = (),
    convention: str = "rolled",
    primary: str | None = None,
    general: str | None = None,
    duties: str = DEFAULT_DUTIES,
) -> CalendarRequest:
    """Read a calendar request; a malformed one raises UsageError. ``primary`` and
    ``general`` type in election days (YYYY-MM-DD), making the calendar a what-if; ``duties``
    reads a board's duty counted forward from an election (``fixed``, the default, or
    ``rolled``)."""
    number = year if isinstance(year, int) else parse_year(year)
    law = (law or "").strip() or None
    if law is not None and len(law) > MAX_NAME:
        raise UsageError("law: name too long")
    if len(overlays) > MAX_OVERLAYS:
        raise UsageError(f"at most {MAX_OVERLAYS} overlays")
    if any(len(o) > MAX_NAME for o in overlays):
        raise UsageError("overlay: name too long")
    if convention not in CONVENTIONS:
        raise UsageError(
            f"convention '{convention[:MAX_NAME]}': expected one of {', '.join(CONVENTIONS)}"
        )
    conv: Convention = "statutory" if convention == "statutory" else "rolled"
    if duties not in ("rolled", "fixed"):
        raise UsageError(f"duties '{duties[:MAX_NAME]}': expected fixed or rolled")
    from nyballot.bills.uploaded import resolve

    unique = tuple(dict.fromkeys(resolve([o.strip() for o in overlays if o.strip()])))
    return CalendarRequest(
        number,
        law,
        unique,
        parse_events(events),
        conv,
        primary=_typed_day(primary, "primary"),
        general=_typed_day(general, "general"),
        duties="rolled" if duties == "rolled" else "fixed",
    )


def _typed_day(value: str | None, field: str) -> dt.date | None:
    """A typed-in election day (YYYY-MM-DD), or None where none is given."""
    value = (value or "").strip()
    return parse_iso_date(value, field) if value else None
