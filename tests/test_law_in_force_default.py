"""Given no year, calendar, explain, compare and delegates answer for the coming election's year
(``season_year()``: on Dec 1, 2026, 2027) and say so; each says which law in its first line and
a JSON field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from nyballot.cli import cli, main

RESULTS = Path(__file__).resolve().parents[1] / "examples" / "results.csv"
NOTE = "no year given: 2027, the year of the next general election after 2026-12-01"


@pytest.fixture(autouse=True)
def december(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")
    # A terminal wide enough that each first line is read whole (the law's line names every
    # act applied); wrapping at 80 and 200 columns is tests/test_terminal_width.py's.
    monkeypatch.setenv("COLUMNS", "1000")


def _lines(*args: str) -> list[str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def _json(*args: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(
        CliRunner().invoke(cli, [*args, "--format", "json"]).stdout
    )
    return data


def test_the_calendar_given_no_year_is_2027s_under_the_law_in_force() -> None:
    first, second = _lines("calendar")[:2]
    assert first.startswith("Law: Election Law in force from 2019 (June primary) [current]")
    assert first.endswith("(the law in force in 2027)")
    assert second == f"Year: {NOTE}"
    data = _json("calendar")
    assert (data["year"], data["law"], data["year_note"]) == (2027, "current", NOTE)


def test_a_year_given_is_taken_and_no_year_line_is_said() -> None:
    lines = _lines("calendar", "2027")
    assert lines[0].endswith("(the law in force in 2027)")
    assert not lines[1].startswith("Year:")
    assert _json("calendar", "2027")["year_note"] is None


def test_explain_given_only_a_rule_explains_it_for_2027() -> None:
    first, second, third = _lines("explain", "designating_petition.filing")[:3]
    assert first.endswith("(the law in force in 2027)") and second == f"Year: {NOTE}"
    # § 6-158(1) "not earlier than the thirteenth Monday before, and not later than the twelfth
    # Thursday preceding the primary election"; the primary is the fourth Tuesday of June,
    # June 22, 2027. Mondays back from it: Jun 21, 14, 7, May 31, 24, 17, 10, 3, Apr 26, 19,
    # 12, 5, Mar 29 (13th); Thursdays: Jun 17, 10, 3, May 27, 20, 13, 6, Apr 29, 22, 15, 8, 1
    # (12th).
    assert third.startswith("designating_petition.filing = Mon 2027-03-29 to Thu 2027-04-01")
    data = _json("explain", "designating_petition.filing")
    assert (data["year"], data["version"], data["year_note"]) == (2027, "current", NOTE)


def test_compare_given_no_year_compares_2027() -> None:
    first, second = _lines("compare")[:2]
    assert first.startswith("Law: ") and "(the law in force in 2027); against " in first
    assert second == f"Year: {NOTE}"
    data = _json("compare")
    assert (data["year"], data["year_note"]) == (2027, NOTE)


def test_delegates_under_2027s_law_which_has_no_allocation_of_its_own_refuse(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # No act in force in 2027 enacts § 2-122-b: one line saying so and naming the bill that
    # would, by its flag; a bill is never read unless asked for.
    with pytest.raises(SystemExit) as exit_:
        main(["delegates", str(RESULTS), "--at-large", "14"])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(
        "nyballot: error: year 2027: Election Law in force from 2019 (June primary) has no "
        "delegate allocation; S.5961 of 2015 (a bill never enacted) would enact one: give "
        "--with S5961"
    )


def test_delegates_given_the_bill_and_no_year_say_2027_and_both_what_ifs() -> None:
    lines = _lines("delegates", str(RESULTS), "--at-large", "14", "--with", "S5961")
    assert lines[0].startswith("Delegates under Election Law in force from 2019 (June primary)")
    assert lines[1].startswith("What-if: S.5961 of 2015 was never enacted; S.5961 of 2015")
    assert "read for 2027 as it would enact its words" in lines[1]
    assert lines[2] == f"Year: {NOTE}"
    data = _json("delegates", str(RESULTS), "--at-large", "14", "--with", "S5961")
    assert (data["year"], data["year_note"], data["what_if"]) == (2027, NOTE, True)


def test_delegates_in_a_year_asked_under_the_bill_say_that_law() -> None:
    args = ("delegates", str(RESULTS), "--at-large", "14", "--year", "2016", "--with", "S5961")
    data = _json(*args)
    assert data["year"] == 2016 and data["year_note"] == ""
    assert str(data["law"]).startswith("Election Law as in force before 2019")
    assert data["what_if_reasons"] == ["S.5961 of 2015 was never enacted"]
