"""The worked examples in the docstrings are tests too."""

import doctest

import nyballot
from nyballot.reckoning import dates, holidays


def test_date_arithmetic_examples() -> None:
    result = doctest.testmod(dates)
    assert result.attempted >= 6 and result.failed == 0


def test_package_example() -> None:
    result = doctest.testmod(nyballot)
    assert result.attempted >= 3 and result.failed == 0


def test_general_election_day_examples() -> None:
    result = doctest.testmod(holidays)
    assert result.attempted >= 2 and result.failed == 0


def test_season_examples() -> None:
    from nyballot.reckoning import season

    result = doctest.testmod(season)
    assert result.attempted >= 3 and result.failed == 0
