"""Which year a question about "the coming election" means: the season still ahead.

Once a year's general election day has passed, every question a candidate, a clerk or an
analyst asks is about the next year's petitions and elections. Every command and page that is
given no year takes ``season_year()``: the year of the next general election day still to come
(on the day itself, that day's year).

``today()`` is the day in New York; ``NYBALLOT_TODAY`` (YYYY-MM-DD) fixes it, so that tests and
the documentation's examples answer the same on every day they are run.

>>> season_year(dt.date(2026, 11, 3))    # the general election day itself
2026
>>> season_year(dt.date(2026, 11, 4))    # the day after: next year's season
2027
>>> season_year(dt.date(2027, 1, 15))
2027
"""

from __future__ import annotations

import datetime as dt
import os
from zoneinfo import ZoneInfo

from nyballot.errors import UsageError
from nyballot.reckoning.holidays import general_election_day

NEW_YORK = ZoneInfo("America/New_York")
TODAY_VARIABLE = "NYBALLOT_TODAY"


def today() -> dt.date:
    """Today in New York, where the deadlines fall (``NYBALLOT_TODAY`` when set)."""
    fixed = os.environ.get(TODAY_VARIABLE, "").strip()
    if fixed:
        try:
            return dt.date.fromisoformat(fixed)
        except ValueError:
            raise UsageError(
                f"{TODAY_VARIABLE} '{fixed[:40]}': expected a date YYYY-MM-DD"
            ) from None
    return dt.datetime.now(NEW_YORK).date()


def season_year(on: dt.date | None = None) -> int:
    """The year of the next general election day on or after ``on`` (default: today)."""
    day = on or today()
    return day.year if day <= general_election_day(day.year) else day.year + 1


def season_note(year: int, on: dt.date | None = None) -> str:
    """The line a command prints when it chose the year itself."""
    day = on or today()
    return f"no year given: {year}, the year of the next general election after {day.isoformat()}"
