"""The public-holiday table against the words of GCL § 24, for every year 1990 to 2040.

The oracle below is written from the statute alone, in the plainest way: fixed days, the nth
weekday of a month found by walking the days, "if any of such days except Flag day is Sunday,
the next day thereafter", no Saturday rule, Juneteenth from 2021 (L.2020 ch.249), and each
general election day (the Tuesday after the first Monday of November, § 8-100(1)(c)).
"""

from __future__ import annotations

import datetime as dt

import pytest

from nyballot.errors import OutOfCoverageError
from nyballot.reckoning.holidays import holidays, is_business_day, next_business_day

MON, TUE, THU, SUN = 0, 1, 3, 6


def nth(year: int, month: int, weekday: int, n: int) -> dt.date:
    """The nth weekday of the month; n = -1 for the last."""
    days = [
        dt.date(year, month, d)
        for d in range(1, 32)
        if _valid(year, month, d) and dt.date(year, month, d).weekday() == weekday
    ]
    return days[n if n < 0 else n - 1]


def _valid(year: int, month: int, day: int) -> bool:
    try:
        dt.date(year, month, day)
    except ValueError:
        return False
    return True


def gcl_24(year: int) -> set[dt.date]:
    """The public holidays of a year, from the words of GCL § 24."""
    listed = [
        dt.date(year, 1, 1),  # the first day of January
        nth(year, 1, MON, 3),  # the third Monday of January
        dt.date(year, 2, 12),  # the twelfth day of February
        nth(year, 2, MON, 3),  # the third Monday in February
        nth(year, 5, MON, -1),  # the last Monday in May
        dt.date(year, 7, 4),  # the fourth day of July
        nth(year, 9, MON, 1),  # the first Monday in September
        nth(year, 10, MON, 2),  # the second Monday in October
        dt.date(year, 11, 11),  # the eleventh day of November
        nth(year, 11, THU, 4),  # the fourth Thursday in November
        dt.date(year, 12, 25),  # the twenty-fifth day of December
    ]
    if year >= 2021:
        listed.append(dt.date(year, 6, 19))  # the nineteenth day of June
    # "and if any of such days except Flag day is Sunday, the next day thereafter"
    days = {d + dt.timedelta(days=1) if d.weekday() == SUN else d for d in listed}
    days.add(nth(year, 6, SUN, 2))  # the second Sunday in June, Flag day: never moved
    days.add(nth(year, 11, MON, 1) + dt.timedelta(days=1))  # each general election day
    return days


@pytest.mark.parametrize("year", range(1990, 2041))
def test_holiday_table_follows_gcl_24(year: int) -> None:
    table = {h.date for h in holidays(year)}
    assert sorted(table - gcl_24(year)) == []
    assert sorted(gcl_24(year) - table) == []


@pytest.mark.parametrize("year", range(1990, 2041))
def test_business_days_are_weekdays_that_are_not_holidays(year: int) -> None:
    days = gcl_24(year)
    day = dt.date(year, 1, 1)
    while day.year == year:
        assert is_business_day(day) == (day.weekday() < 5 and day not in days), day
        day += dt.timedelta(days=1)


def _names(year: int) -> dict[dt.date, str]:
    return {h.date: h.name for h in holidays(year)}


def test_juneteenth_counts_from_2021_and_a_saturday_juneteenth_is_not_moved() -> None:
    assert dt.date(2020, 6, 19) not in _names(2020)
    assert is_business_day(dt.date(2020, 6, 19))  # a Friday, and not yet a holiday
    assert _names(2021)[dt.date(2021, 6, 19)] == "Juneteenth"  # a Saturday, kept there
    assert dt.date(2021, 6, 18) not in _names(2021)
    assert is_business_day(dt.date(2021, 6, 18))


def test_christmas_2022_on_sunday_is_kept_on_monday_december_26() -> None:
    christmas = [h for h in holidays(2022) if h.name == "Christmas day"]
    assert [h.date for h in christmas] == [dt.date(2022, 12, 26)]
    assert christmas[0].moved_from == dt.date(2022, 12, 25)
    assert not is_business_day(dt.date(2022, 12, 26))


def test_flag_day_is_always_a_sunday_and_never_moved() -> None:
    for year in range(1990, 2041):
        flag = [h for h in holidays(year) if h.name == "Flag day"]
        assert len(flag) == 1
        assert flag[0].date == nth(year, 6, SUN, 2)
        assert flag[0].moved_from is None
        assert flag[0].date + dt.timedelta(days=1) not in _names(year)


def test_independence_day_2020_on_saturday_is_not_moved_to_friday() -> None:
    names = _names(2020)
    assert names[dt.date(2020, 7, 4)] == "Independence day"
    assert dt.date(2020, 7, 3) not in names
    assert is_business_day(dt.date(2020, 7, 3))
    assert next_business_day(dt.date(2020, 7, 4)) == dt.date(2020, 7, 6)


def test_new_years_day_2022_on_saturday_leaves_december_31_2021_a_business_day() -> None:
    assert dt.date(2022, 1, 1) in _names(2022)
    assert is_business_day(dt.date(2021, 12, 31))


def test_veterans_day_moves_to_monday_only_from_a_sunday() -> None:
    assert dt.date(2018, 11, 11) not in _names(2018)  # a Sunday: kept on Monday the 12th
    assert _names(2018)[dt.date(2018, 11, 12)] == "Veterans' day"
    assert _names(2015)[dt.date(2015, 11, 11)] == "Veterans' day"  # a Wednesday


def test_no_holidays_that_section_24_does_not_name() -> None:
    for year in range(1990, 2041):
        names = " ".join(h.name for h in holidays(year)).lower()
        for absent in ("susan", "anthony", "good friday", "after thanksgiving", "christmas eve"):
            assert absent not in names
        thanksgiving = nth(year, 11, THU, 4)
        assert is_business_day(thanksgiving + dt.timedelta(days=1))  # the day after
        christmas_eve = dt.date(year, 12, 24)
        assert christmas_eve.weekday() >= 5 or is_business_day(christmas_eve)


def test_good_friday_2015_is_a_business_day() -> None:
    assert is_business_day(dt.date(2015, 4, 3))


def test_general_election_day_is_a_holiday_but_the_primary_is_not() -> None:
    assert _names(2015)[dt.date(2015, 11, 3)] == "General election day"
    assert is_business_day(dt.date(2015, 9, 10))  # the 2015 primary
    assert is_business_day(dt.date(2025, 6, 24))  # the 2025 primary


def test_a_year_before_the_table_is_out_of_coverage() -> None:
    with pytest.raises(OutOfCoverageError, match="1984"):
        holidays(1984)
