"""Date arithmetic for each expression form, with no law in it.

Counting follows New York's rules, not a library's: "the Nth Monday before" a day counts
Mondays strictly before it (a Monday anchor does not count itself), and "N days after" excludes
the day counted from (GCL § 20).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from dateutil.relativedelta import relativedelta

from nyballot.reckoning.expressions import Expr, FixedDate, MonthDay, NthWeekday, NthWeekdayOfMonth

_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")  # not strftime's: no locale


def format_day(day: dt.date | None) -> str:
    """A day as every derivation and listing writes it, weekday first; None is 'unknown'.

    >>> format_day(dt.date(2015, 9, 10))
    'Thu 2015-09-10'
    >>> format_day(None)
    'unknown'
    """
    return "unknown" if day is None else f"{_WEEKDAYS[day.weekday()]} {day.isoformat()}"


def nth_weekday_before(anchor: dt.date, n: int, weekday: int) -> dt.date:
    """The nth given weekday strictly before the anchor.

    >>> nth_weekday_before(dt.date(2015, 9, 10), 9, 3)   # 9th Thursday before Thu Sep 10
    datetime.date(2015, 7, 9)
    >>> nth_weekday_before(dt.date(2015, 9, 14), 1, 0)   # 1st Monday before a Monday
    datetime.date(2015, 9, 7)
    """
    back = (anchor.weekday() - weekday - 1) % 7 + 1
    return anchor - dt.timedelta(days=back + 7 * (n - 1))


def nth_weekday_after(anchor: dt.date, n: int, weekday: int) -> dt.date:
    """The nth given weekday strictly after the anchor.

    >>> nth_weekday_after(dt.date(2015, 9, 21), 1, 1)   # Tuesday after Mon Sep 21
    datetime.date(2015, 9, 22)
    """
    ahead = (weekday - anchor.weekday() - 1) % 7 + 1
    return anchor + dt.timedelta(days=ahead + 7 * (n - 1))


def nth_weekday_of_month(year: int, month: int, n: int, weekday: int) -> dt.date:
    """The nth (or last, n = -1) given weekday of a month.

    >>> nth_weekday_of_month(2026, 6, 4, 1)   # 4th Tuesday of June 2026
    datetime.date(2026, 6, 23)
    >>> nth_weekday_of_month(2015, 5, -1, 0)  # last Monday of May 2015
    datetime.date(2015, 5, 25)
    """
    if n == -1:
        first_of_next = dt.date(year + month // 12, month % 12 + 1, 1)
        return nth_weekday_before(first_of_next, 1, weekday)
    found = nth_weekday_after(dt.date(year, month, 1) - dt.timedelta(days=1), n, weekday)
    if found.month != month:
        raise ValueError(f"there is no {n}th weekday {weekday} in {year}-{month:02d}")
    return found


def add_months(day: dt.date, months: int) -> dt.date:
    """Calendar months, clipped to the month's end (Aug 31 - 6 months = Feb 28/29)."""
    result: dt.date = day + relativedelta(months=months)
    return result


def add_business_days(day: dt.date, n: int, is_business_day: Callable[[dt.date], bool]) -> dt.date:
    """N business days after (n > 0) or before (n < 0) a day, the day itself excluded."""
    step = dt.timedelta(days=1 if n > 0 else -1)
    remaining = abs(n)
    while remaining:
        day += step
        if is_business_day(day):
            remaining -= 1
    return day


def two_day_period_end(day: dt.date, is_business_day: Callable[[dt.date], bool]) -> dt.date:
    """The last day of a two-day period after a day (GCL § 20): "If such period is a period of
    two days, Saturday, Sunday or a public holiday must be excluded from the reckoning if it is
    an intervening day between the day from which the reckoning is made and the last day".

    >>> two_day_period_end(dt.date(2026, 5, 22), lambda d: d.weekday() < 5)   # from a Friday
    datetime.date(2026, 5, 26)
    >>> two_day_period_end(dt.date(2026, 5, 21), lambda d: d.weekday() < 5)   # from a Thursday
    datetime.date(2026, 5, 23)
    """
    first = day + dt.timedelta(days=1)
    while not is_business_day(first):  # the intervening day must be one that counts
        first += dt.timedelta(days=1)
    return first + dt.timedelta(days=1)  # the last day itself may fall on any day (it rolls)


def closed_form_date(expr: Expr, year: int) -> dt.date:
    """Evaluate an expression that names no other date (holidays, election days)."""
    match expr:
        case NthWeekdayOfMonth(n=n, weekday=weekday, month=month, next_year=next_year):
            return nth_weekday_of_month(year + next_year, month, n, weekday)
        case MonthDay(month=month, day=d, next_year=next_year):
            return dt.date(year + next_year, month, d)
        case FixedDate(date=date):
            return date
        case NthWeekday(n=n, weekday=weekday, direction=direction, anchor=anchor):
            base = closed_form_date(anchor, year)
            if direction == "before":
                return nth_weekday_before(base, n, weekday)
            return nth_weekday_after(base, n, weekday)
        case _:
            raise ValueError(f"'{expr}' names another date; it is not a closed form")
