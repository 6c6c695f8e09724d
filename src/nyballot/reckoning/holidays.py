"""Public holidays (GCL § 24) and business days, from law/data/holidays.yaml.

A business day is Monday to Friday and not a public holiday (Public Officers Law § 62(2)).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from nyballot.cache import cached
from nyballot.errors import LawDataError, OutOfCoverageError
from nyballot.reckoning.dates import closed_form_date
from nyballot.reckoning.expressions import Expr, parse


@dataclass(frozen=True)
class HolidayRule:
    name: str
    date: Expr
    law: str
    cite: str
    first_year: int | None
    sunday_shift: bool


@dataclass(frozen=True)
class Holiday:
    """One public holiday as observed in one year."""

    date: dt.date
    name: str
    cite: str
    law: str
    moved_from: dt.date | None = None  # the Sunday it was moved from

    @property
    def note(self) -> str:
        if self.moved_from is None:
            return ""
        return f"falls on Sunday {self.moved_from.isoformat()}; kept the next day (GCL § 24)"


@dataclass(frozen=True)
class HolidayTable:
    cite: str
    source: str
    first_year: int
    last_year: int
    sunday_rule: str
    rules: tuple[HolidayRule, ...]
    proclaimed: tuple[Holiday, ...]


# The holiday whose date is the general election day (GCL § 24 "each general election day"):
# its entry in holidays.yaml is the one place code finds that day.
GENERAL_ELECTION = "General election day"


def general_election_day(year: int) -> dt.date:
    """The general election day of a year (§ 8-100(1)(c)), from the holiday table's entry.

    >>> general_election_day(2026)
    datetime.date(2026, 11, 3)
    >>> general_election_day(2016)   # November 1 is a Tuesday: the Tuesday after Monday the 7th
    datetime.date(2016, 11, 8)
    """
    rule = next(r for r in table().rules if r.name == GENERAL_ELECTION)
    return closed_form_date(rule.date, year)


# The table is GCL § 24, kept with the rest of the law data; read here by path, so this layer,
# below the law's, imports none of it.
HOLIDAYS_FILE = "law/data/holidays.yaml"
MAX_BYTES = 256 * 1024  # the table is a few KiB: a file far larger is not the table


@cache
def table() -> HolidayTable:
    """The holidays of GCL § 24 as data (read and parsed once per change of the file, see
    ``nyballot.cache``)."""
    path = resources.files("nyballot").joinpath(HOLIDAYS_FILE)
    return cached("holidays", [path], lambda: _build_table(_read(path)))


def _read(path: resources.abc.Traversable) -> dict[str, Any]:
    """The table's YAML as data, refused whole when it is too large or not YAML."""
    import yaml  # only when the table is built, not when it comes from the cache

    with path.open("rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise LawDataError(f"{HOLIDAYS_FILE}: larger than {MAX_BYTES // 1024} KiB")
    try:
        raw = yaml.load(data.decode("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise LawDataError(f"{HOLIDAYS_FILE}: not valid YAML ({exc})") from None
    if not isinstance(raw, dict):
        raise LawDataError(f"{HOLIDAYS_FILE}: expected a mapping of the table's parts")
    return raw


def _build_table(raw: dict[str, Any]) -> HolidayTable:
    try:
        rules = tuple(
            HolidayRule(
                name=h["name"],
                date=parse(h["date"]),
                law=h["law"],
                cite=h.get("cite", raw["cite"]),
                first_year=h.get("from"),
                sunday_shift=h.get("sunday_shift", True),
            )
            for h in raw["holidays"]
        )
        proclaimed = tuple(
            Holiday(dt.date.fromisoformat(str(p["date"])), p["name"], p["source"], p["law"])
            for p in raw.get("proclaimed") or []
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise LawDataError(f"{HOLIDAYS_FILE}: malformed holiday entry ({exc})") from None
    return HolidayTable(
        cite=raw["cite"],
        source=raw["source"],
        first_year=raw["covers"]["from"],
        last_year=raw["covers"]["to"],
        sunday_rule=raw["sunday_rule"]["law"],
        rules=rules,
        proclaimed=proclaimed,
    )


@cache
def holidays(year: int) -> tuple[Holiday, ...]:
    """The public holidays of a year, in date order, Sunday holidays moved to Monday."""
    t = table()
    if not t.first_year <= year <= t.last_year:
        raise OutOfCoverageError(
            f"year {year}: the holiday table (GCL § 24) covers {t.first_year} to {t.last_year}"
        )
    found: list[Holiday] = []
    for rule in t.rules:
        if rule.first_year is not None and year < rule.first_year:
            continue
        day = closed_form_date(rule.date, year)
        if rule.sunday_shift and day.weekday() == 6:
            found.append(Holiday(day + dt.timedelta(days=1), rule.name, rule.cite, rule.law, day))
        else:
            found.append(Holiday(day, rule.name, rule.cite, rule.law))
    found.extend(h for h in t.proclaimed if h.date.year == year)
    return tuple(sorted(found, key=lambda h: h.date))


@cache
def _by_day(year: int) -> dict[dt.date, Holiday]:
    found: dict[dt.date, Holiday] = {}
    for h in holidays(year):
        found.setdefault(h.date, h)  # the first, should two coincide
    return found


def holiday_on(day: dt.date) -> Holiday | None:
    """The public holiday on a day, if any (the first, should two coincide)."""
    return _by_day(day.year).get(day)


def is_business_day(day: dt.date) -> bool:
    """Monday to Friday and not a public holiday."""
    return day.weekday() < 5 and holiday_on(day) is None


def next_business_day(day: dt.date) -> dt.date:
    """The day itself if it is a business day, else the next one."""
    while not is_business_day(day):
        day += dt.timedelta(days=1)
    return day


def why_not_business_day(day: dt.date) -> str:
    """'Saturday', 'Sunday' or the holiday's name, for a day that is not a business day."""
    holiday = holiday_on(day)
    if holiday is not None:
        return f"{holiday.name} (a public holiday, {holiday.cite})"
    return day.strftime("%A")


ROLL_CITE = "1-106(1); GCL § 25-a"


@dataclass(frozen=True)
class Roll:
    """A last day moved forward: the business day it becomes, why, and the law that moves it."""

    day: dt.date
    reason: str  # what the statute's day is: 'Sunday', or the holiday's name and cite
    cite: str = ROLL_CITE


def roll_forward(day: dt.date) -> Roll | None:
    """A last day on a Saturday, Sunday or public holiday becomes the next business day
    (Election Law § 1-106(1); GCL § 25-a). None when the day is a business day already.

    The calendar and the filing clocks both roll with this, so they cannot come to differ.
    """
    if is_business_day(day):
        return None
    return Roll(next_business_day(day), why_not_business_day(day))
