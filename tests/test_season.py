"""The coming season: a command given no year answers for the next general election still ahead."""

import datetime as dt

import pytest

from nyballot.errors import UsageError
from nyballot.reckoning.season import season_year, today


def test_december_after_the_general_election_is_next_years_season() -> None:
    # 2026's general election day is Tue Nov 3 (the Tuesday after the first Monday, Nov 2).
    assert season_year(dt.date(2026, 12, 1)) == 2027


def test_the_general_election_day_itself_is_still_its_years_season() -> None:
    assert season_year(dt.date(2026, 11, 3)) == 2026
    assert season_year(dt.date(2026, 11, 4)) == 2027


def test_a_day_before_the_election_is_this_years_season() -> None:
    assert season_year(dt.date(2027, 6, 1)) == 2027


def test_the_day_can_be_fixed_for_reproducible_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")
    assert today() == dt.date(2026, 12, 1)
    assert season_year() == 2027


def test_a_fixed_day_that_is_not_a_date_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "Dec 1")
    with pytest.raises(UsageError, match="NYBALLOT_TODAY 'Dec 1': expected a date YYYY-MM-DD"):
        today()
