"""A village election's calendar: the law in force evaluated with one village's day
(``event.village_election``, rules ``village.*``), the day itself from § 15-104(1).

The third Tuesday of March (§ 15-104(1)(a)); held on March 18 where March 17 is that Tuesday,
every date still counted from the 17th (§ 15-104(1)(b)); a village that elects on another day
gives it (the words allow one and fix none); a village whose elections the board holds with
the general election counts from that day (§ 15-104(1)(c)).
"""

from __future__ import annotations

import calendar as months_of_year
import datetime as dt
from dataclasses import dataclass, replace

from nyballot.calendar.model import Calendar, Deadline, Step
from nyballot.calendar.request import CalendarRequest
from nyballot.elections.law import VillageLaw, Words, village_law
from nyballot.errors import UsageError, suggest
from nyballot.law.model import Rule
from nyballot.law.subdivisions import with_sign
from nyballot.reckoning.dates import closed_form_date, format_day

MONTHS = tuple(m.lower() for m in months_of_year.month_name[1:])
MAX_MONTH = 20  # characters of a month's name shown back in an error


@dataclass(frozen=True)
class VillageRequest:
    year: int
    month: str = "march"
    day: dt.date | None = None  # a village's own day, where the words fix none
    primary: bool = False  # party nominations at a village primary, not a caucus
    special: bool = False  # a special village election (§ 15-106(1)(a))
    called: dt.date | None = None  # the day of its official call
    vacancy: dt.date | None = None


@dataclass
class Village:
    request: VillageRequest
    counted_from: dt.date
    held: dt.date
    words: Words  # the words that fix (or allow) the day
    calendar: Calendar


def month_of(name: str) -> int:
    key = name.strip().lower()
    if key not in MONTHS:
        raise UsageError(
            f"month '{name[:MAX_MONTH]}': not a month; expected one of {', '.join(MONTHS)}"
            f"{suggest(key, MONTHS)}",
            fields=("month",),
        )
    return MONTHS.index(key) + 1


def _day(request: VillageRequest, law: VillageLaw) -> tuple[dt.date, dt.date, Words]:
    """The day the calendar is counted from, the day the election is held, and the words."""
    month = month_of(request.month)
    if request.day is not None and (request.day.year, request.day.month) != (request.year, month):
        raise UsageError(
            f"day {request.day.isoformat()}: not in {MONTHS[month - 1]} {request.year}",
            fields=("day",),
        )
    if month == 3 and request.day is None:
        counted = closed_form_date(law.march_day, request.year)
        moved = counted == closed_form_date(law.moved_when, request.year)
        held = closed_form_date(law.moved_to, request.year) if moved else counted
        return counted, held, law.moved if moved else law.march
    if month == 11 and request.day is None:
        general = CalendarRequest(request.year).calendar().elections["general"]
        return general, general, law.november
    if request.day is None:
        shown = request.month[:MAX_MONTH]
        raise UsageError(
            f"month {shown}: give day YYYY-MM-DD, the village's own; the words allow a village "
            f'its own day ({with_sign(law.other.cite)}: "{law.other.law}") and fix none in '
            f"{MONTHS[month - 1]}",
            fields=("month", "day"),
        )
    return request.day, request.day, law.other


def village_calendar(request: VillageRequest, law: VillageLaw | None = None) -> Village:
    law = law or village_law()
    if request.special:
        from nyballot.elections.village_special import special_village

        return special_village(request, law.special)
    counted, held, words = _day(request, law)
    year = CalendarRequest(request.year, events=(("village_election", counted),)).calendar()
    wanted = [
        d
        for d in year.deadlines
        if d.id.startswith("village.") and d.status == "dated"
        and (request.primary or d.id != "village.primary")
    ]  # fmt: skip
    if held != counted:
        wanted.append(_held(held, counted, law))
    wanted.sort(key=lambda d: (d.sort_date, d.closes or dt.date.max, d.id))
    notes = [
        f"The village election's day: § {words.cite}. Every date is counted from "
        f"{format_day(counted)}.",
        "§ 6-212 (objections) speaks of the village elections the board of elections conducts "
        "(title 2 of article 6); the filing times of village designating petitions and caucus "
        "certificates (§ 15-108(7)(a)-(d)) are not among the shipped words.",
        *year.notes,
    ]
    return Village(request, counted, held, words, replace(year, deadlines=wanted, notes=notes))


def _held(held: dt.date, counted: dt.date, law: VillageLaw) -> Deadline:
    rule = Rule(
        id="village.election_held",
        cite=law.moved.cite,
        title=f"Village election held on {format_day(held)}, the day the words move it to",
        law=(law.moved.law,),
        source=law.source,
        kind="election",
    )
    steps = [
        Step(f"third Tuesday of March: {format_day(counted)}", counted, law.march.cite, "closes"),
        Step("moved, the calendar still counted from it", held, law.moved.cite, "closes"),
    ]
    return Deadline(rule, None, held, "dated", steps, needs=())
