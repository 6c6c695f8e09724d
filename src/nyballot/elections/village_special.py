"""A special village election's calendar (§ 15-106(1)(a)), in a village whose party rules
require nominations at a primary: the law in force evaluated with the special election's day
(``event.village_special_election``) or the official call (``event.village_call``), rules
``village_special.*``.

Held on the third Tuesday of the month before the official year ends (each village's own, so
the request gives the day, checked to be such a Tuesday), the vacancy deciding whether the
parties nominate at a primary (1)(a)(1) or by caucus (2)(a); or, after an official call, on a
Tuesday 61 to 95 days after it, "as soon as practicable": the first such Tuesday unless the
request gives another (2)(b). The rest of the section is not shipped (``law coverage``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from nyballot.calendar.model import Calendar
from nyballot.calendar.request import CalendarRequest
from nyballot.elections.law import VillageSpecialLaw
from nyballot.elections.village import MONTHS, Village, VillageRequest
from nyballot.errors import UsageError
from nyballot.law.subdivisions import with_sign
from nyballot.reckoning.dates import format_day

AFTER_CALL = "village_special.election_after_call"
WITH_PRIMARY = "village_special.vacancy_with_primary"
WITH_CAUCUS = "village_special.vacancy_with_caucus"


def special_village(request: VillageRequest, law: VillageSpecialLaw) -> Village:
    if request.called is not None:
        day, words = _after_call(request, law), law.after_call
        events = [("village_call", request.called)]
    elif request.day is not None:
        day, words = _third_tuesday(request, law), law.third_tuesday
        events = [("village_special_election", day)]
    else:
        raise UsageError(
            "special: give day YYYY-MM-DD, the third Tuesday of the month before the official "
            "year ends, or called YYYY-MM-DD, the day of the official call",
            fields=("special", "day", "called"),
        )
    if request.vacancy is not None:
        events.append(("vacancy", request.vacancy))
    cal = _dated(request.year, events)
    notes = [f'§ {law.caucus.cite}: "{law.caucus.law}"' if request.called else "",
             *_vacancy_notes(request, cal, law), *cal.notes]  # fmt: skip
    return Village(request, day, day, words, replace(cal, notes=[n for n in notes if n]))


def _dated(year: int, events: list[tuple[str, dt.date]]) -> Calendar:
    cal = CalendarRequest(year, events=tuple(sorted(events))).calendar()
    wanted = [d for d in cal.deadlines if d.id.startswith("village_special.")]
    return replace(cal, deadlines=[d for d in wanted if d.status == "dated"])


def _third_tuesday(request: VillageRequest, law: VillageSpecialLaw) -> dt.date:
    day = request.day
    assert day is not None
    if day.year != request.year:
        raise UsageError(f"day {day.isoformat()}: not in {request.year}", fields=("day",))
    tuesday = law.third_tuesday_of(MONTHS[day.month - 1], day.year)
    if day != tuesday:
        raise UsageError(
            f"day {day.isoformat()}: not the third Tuesday of its month ({tuesday.isoformat()});"
            f' {with_sign(law.third_tuesday.cite)}: "{law.third_tuesday.law}"',
            fields=("day",),
        )
    return day


def _after_call(request: VillageRequest, law: VillageSpecialLaw) -> dt.date:
    """The day given, checked against (2)(b); else the first Tuesday the words allow."""
    assert request.called is not None
    window = _dated(request.year, [("village_call", request.called)]).deadline(AFTER_CALL)
    assert window.opens is not None and window.closes is not None
    words = f'{with_sign(window.cite)}: "{law.after_call.law}", "{" ".join(window.rule.law)}"'
    day = request.day
    if day is None:
        day = window.opens + dt.timedelta(days=(law.weekday - window.opens.weekday()) % 7)
    if not (window.opens <= day <= window.closes and day.weekday() == law.weekday):
        raise UsageError(
            f"day {day.isoformat()}: not a Tuesday from {format_day(window.opens)} to "
            f"{format_day(window.closes)}; {words}",
            fields=("day",),
        )
    if day.year != request.year:
        raise UsageError(
            f"called {request.called.isoformat()}: the election falls in {day.year}, not "
            f"{request.year}",
            fields=("called",),
        )
    return day


def _vacancy_notes(request: VillageRequest, cal: Calendar, law: VillageSpecialLaw) -> list[str]:
    """Which paragraph the vacancy given sends the nominations to (the third Tuesday only)."""
    vacancy, primary, caucus = request.vacancy, cal.get(WITH_PRIMARY), cal.get(WITH_CAUCUS)
    if vacancy is None or primary is None or caucus is None or primary.closes is None:
        return []
    assert caucus.opens is not None and caucus.closes is not None
    if vacancy <= primary.closes:
        found = f"nominations at the village primary ({with_sign(primary.cite)})"
    elif vacancy <= caucus.closes:
        found = f'the primary waived ({with_sign(law.caucus.cite)}: "{law.caucus.law}")'
    else:
        return [
            f"The vacancy ({format_day(vacancy)}) is after the days of both subparagraphs of "
            f"{with_sign(caucus.cite)} (the last of them {format_day(caucus.closes)}): this "
            "special election does not fill it."
        ]
    return [f"The vacancy ({format_day(vacancy)}): {found}."]
