"""A special or village election asked for by query (the API and the pages read the same
fields; the command line names them as flags)."""

from __future__ import annotations

import datetime as dt

from nyballot.calendar.model import parse_kind_groups
from nyballot.elections.special import Special, SpecialRequest, special_calendar
from nyballot.elections.village import Village, VillageRequest, village_calendar
from nyballot.errors import UsageError
from nyballot.law.loader import parse_iso_date
from nyballot.law.model import KindGroup


def _day(value: str | None, name: str) -> dt.date | None:
    return None if value is None or not value.strip() else parse_iso_date(value.strip(), name)


def _required(value: str | None, name: str) -> dt.date:
    day = _day(value, name)
    if day is None:
        raise UsageError(f"{name}: required (YYYY-MM-DD)", fields=(name,))
    return day


def asked_special(
    office: str | None,
    proclaimed: str | None,
    election: str | None,
    vacancy: str | None = None,
    last_year: int | None = None,
) -> Special:
    if not office or not office.strip():
        raise UsageError("office: required (congress, state-senate, assembly, county, city, town)")
    request = SpecialRequest(
        office[:40],
        _required(proclaimed, "proclaimed"),
        _required(election, "election"),
        _day(vacancy, "vacancy"),
        last_year,
    )
    return special_calendar(request)


def asked_village(
    year: int,
    month: str | None,
    day: str | None,
    primary: bool,
    special: bool = False,
    called: str | None = None,
    vacancy: str | None = None,
) -> Village:
    return village_calendar(
        VillageRequest(
            year,
            (month or "march")[:20],
            _day(day, "day"),
            primary,
            special,
            _day(called, "called"),
            _day(vacancy, "vacancy"),
        )
    )


def asked_kinds(kinds: list[str] | None) -> tuple[KindGroup, ...]:
    return parse_kind_groups(kinds or [])
