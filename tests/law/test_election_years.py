"""The years that hold a presidential election or an election for governor are law data
(law/data/election_years.json), read by the rules that speak "only in" such years."""

import pytest

from nyballot.law.model import election_year


@pytest.mark.parametrize("year", [1992, 2016, 2020, 2024, 2028])
def test_a_presidential_year(year: int) -> None:
    assert election_year(year, "presidential_years")
    assert not election_year(year, "governor_years")


@pytest.mark.parametrize("year", [1994, 2018, 2022, 2026, 2030])
def test_a_year_of_an_election_for_governor(year: int) -> None:
    # Two years after each presidential year: 2024 + 2 = 2026, the § 9-214 statement's year.
    assert election_year(year, "governor_years")
    assert not election_year(year, "presidential_years")


@pytest.mark.parametrize("year", [2019, 2021, 2023, 2025, 2027])
def test_an_odd_year_holds_neither(year: int) -> None:
    assert not election_year(year, "presidential_years")
    assert not election_year(year, "governor_years")
