"""Comparing two laws for a year: pairing by id, shifts in days and business days, reasons."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from click.testing import CliRunner

from nyballot.cli import cli, main
from nyballot.compare import business_days_between, compare
from nyballot.law.choice import LawChoice


def test_friday_to_the_next_monday_is_one_business_day() -> None:
    assert business_days_between(dt.date(2016, 5, 20), dt.date(2016, 5, 23)) == 1
    assert business_days_between(dt.date(2016, 5, 23), dt.date(2016, 5, 20)) == -1
    assert business_days_between(dt.date(2016, 5, 23), dt.date(2016, 5, 23)) == 0


def test_a_holiday_is_not_a_business_day_in_the_shift() -> None:
    # Fri 2016-05-27 to Tue 2016-05-31 passes over Memorial Day (Mon May 30): one business day.
    assert business_days_between(dt.date(2016, 5, 27), dt.date(2016, 5, 31)) == 1


def test_s5961_moves_designating_petitions_by_seven_weeks() -> None:
    result = compare(2016, LawChoice(), LawChoice(overlays=("S5961",)))
    row = result.get("designating_petition.filing")
    assert row is not None and row.status == "moved"
    # Mon Jul 11 -> Fri May 20 is 52 days; Thu Jul 14 -> Wed May 25 is 50 days.
    assert row.shift_days == {"opens": -52, "closes": -50}
    # Business days from May 25 to Jul 13: Memorial Day (May 30) and July 4 excluded.
    assert row.shift_business_days["closes"] == -34
    assert "§ 6-158(1): tenth Monday -> thirteenth Friday" in row.reason
    assert "primary moved to the third Tuesday in August" in row.reason


def test_a_date_counted_from_a_moved_date_gives_the_root_reason() -> None:
    result = compare(2016, LawChoice(), LawChoice(overlays=("S5961",)))
    row = result.get("designation.acceptance_declination")
    assert row is not None and row.status == "moved"
    assert row.reason.startswith("§ 6-158(1): tenth Monday")


def test_added_and_repealed_rules() -> None:
    s5961 = compare(2016, LawChoice(), LawChoice(overlays=("S5961",)))
    added = s5961.get("presidential_designating_petition.filing")
    assert added is not None and added.status == "added" and added.base is None
    s5305a = compare(2017, LawChoice(), LawChoice(overlays=("S5305A",)))
    gone = s5305a.get("otb_petition.signing")
    assert gone is not None and gone.status == "repealed" and gone.other is None
    assert "opportunity-to-ballot petitions repealed" in gone.reason
    renumbered = s5305a.get("independent_petition.signing")
    assert renumbered is not None and renumbered.status == "unchanged"
    assert "6-138(3)" in renumbered.reason and renumbered in s5305a.changed()


def test_rows_are_ordered_by_date() -> None:
    result = compare(2016, LawChoice(), LawChoice(overlays=("S5961",)))
    days = [r.sort_date for r in result.rows]
    assert days == sorted(days)


def test_compare_json_has_the_documented_shape() -> None:
    args = ["compare", "2011", "--with", "A9725", "--format", "json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["year"] == 2011
    # The contract only gains keys: each side keeps its law and overlays.
    assert data["base"]["law"] == "pre-2019" and data["base"]["overlays"] == []
    assert data["other"]["law"] == "pre-2019" and data["other"]["overlays"] == ["A9725"]
    # A.9725 was never enacted: the comparison says so, and so does the side that reads it.
    assert data["what_if"] is True and not data["base"]["what_if"] and data["other"]["what_if"]
    assert data["other"]["overlay_status"][0]["enacted"] is False
    assert any("A.9725 of 2010 was never enacted" in r for r in data["what_if_reasons"])
    notice = next(c for c in data["changes"] if c["id"] == "notice_of_intent.filing")
    assert notice["status"] == "added" and notice["base"] is None
    assert set(notice["other"]) >= {"cite", "opens", "closes"}
    caucus = next(c for c in data["changes"] if c["id"] == "town_caucus")
    assert caucus["status"] == "moved" and caucus["shift_days"]["opens"] == -30
    assert {"moved", "added", "unchanged"} <= {c["status"] for c in data["changes"]}
    assert any(p["value"] == "$500" for p in data["provisions"])


def test_any_two_laws_compare_with_the_same_machinery() -> None:
    args = ["compare", "2016", "--law", "current", "--against", "pre-2019", "--format", "json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    primary = next(c for c in data["changes"] if c["id"] == "election.primary")
    # Fourth Tuesday in June 2016 (Jun 28) against Tue Sep 13.
    assert primary["base"]["closes"] == "2016-09-13"
    assert primary["other"]["closes"] == "2016-06-28"
    assert primary["shift_days"]["closes"] == -77


def test_compare_table_lists_moves_and_provisions() -> None:
    result = CliRunner().invoke(cli, ["compare", "2016", "--with", "S5961"])
    assert result.exit_code == 0, result.output
    assert "designating_petition.filing" in result.output
    assert "Provisions that are not dates" in result.output


def test_compare_with_a_bill_that_does_not_apply_is_an_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["compare", "2017", "--with", "S5961"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.startswith("nyballot: error: overlay 'S5961'")
