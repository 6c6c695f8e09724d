"""A what-if is never mistaken for law: every output of a calendar under a bill that was never
enacted, or with typed-in election days, says so where the eye lands.

Hand-worked dates (the golden overlay cases, tests/golden/overlays/): under S.5961 of 2015 the
2016 designating petitions are filed from the 13th Friday to the 12th Wednesday before a
primary moved to the third Tuesday of August, Tue 2016-08-16: Fri 2016-05-20 to Wed 2016-05-25.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

import pytest
from click.testing import CliRunner
from icalendar import Calendar as ICalendar
from rich.console import Console

from nyballot.calendar.engine import build_calendar
from nyballot.calendar.model import Calendar
from nyballot.cli import cli
from nyballot.export.csv import to_csv
from nyballot.export.ics import to_ics
from nyballot.export.json import calendar_dict
from nyballot.export.table import print_calendar


@pytest.fixture(scope="module")
def bill() -> Calendar:
    return build_calendar(2016, overlays=["S5961"])


@pytest.fixture(scope="module")
def law() -> Calendar:
    return build_calendar(2016)


@pytest.fixture(scope="module")
def typed() -> Calendar:
    return build_calendar(2016, primary=dt.date(2016, 9, 13))


def test_the_model_gives_the_reasons(bill: Calendar, law: Calendar, typed: Calendar) -> None:
    assert bill.what_if and not law.what_if and typed.what_if
    assert bill.what_if_reasons == [
        "S.5961 of 2015 was never enacted (Introduced June 14, 2015 (Sen. Funke), committed to "
        "Rules; not enacted): the dates it changes are what-if, not law"
    ]
    assert typed.what_if_reasons == [
        "the primary election day is typed in (2016-09-13), not the day the law fixes"
    ]
    filing = bill.deadline("designating_petition.filing")
    assert (filing.opens, filing.closes) == (dt.date(2016, 5, 20), dt.date(2016, 5, 25))


def test_json_says_what_if_and_each_overlays_status(bill: Calendar, law: Calendar) -> None:
    data = calendar_dict(bill)
    assert data["what_if"] is True
    assert data["what_if_reasons"] == bill.what_if_reasons
    status = {o["id"]: o for o in data["overlay_status"]}
    assert status["S5961"]["enacted"] is False
    assert "not enacted" in status["S5961"]["status"]
    assert status["presidential-primary-2016"]["enacted"] is True
    assert data["overlays"] == [o["id"] for o in data["overlay_status"]]  # the old key stays
    plain = calendar_dict(law)
    assert plain["what_if"] is False and plain["what_if_reasons"] == []


def test_ics_names_the_calendar_and_every_summary(bill: Calendar, law: Calendar) -> None:
    parsed = ICalendar.from_ical(to_ics(bill))
    assert str(parsed["x-wr-calname"]).startswith("WHAT-IF (not law): ")
    events = parsed.walk("VEVENT")
    assert events and all(str(e["summary"]).startswith("WHAT-IF: ") for e in events)
    assert all("never enacted" in str(e["description"]) for e in events)
    plain = ICalendar.from_ical(to_ics(law))
    assert "WHAT-IF" not in str(plain["x-wr-calname"])
    assert not any("WHAT-IF" in str(e["summary"]) for e in plain.walk("VEVENT"))


def test_csv_marks_every_row_beside_the_dates(bill: Calendar, law: Calendar) -> None:
    rows = list(csv.DictReader(io.StringIO(to_csv(bill).removeprefix("\ufeff"))))
    assert rows and all(r["what_if"].startswith("WHAT-IF: S.5961 of 2015") for r in rows)
    filing = next(r for r in rows if r["id"] == "designating_petition.filing")
    assert (filing["opens"], filing["closes"]) == ("2016-05-20", "2016-05-25")
    plain = list(csv.DictReader(io.StringIO(to_csv(law).removeprefix("\ufeff"))))
    assert all(r["what_if"] == "" for r in plain)


def test_the_table_title_and_first_line_say_what_if(bill: Calendar, law: Calendar) -> None:
    for width in (80, 160):
        console = Console(width=width, record=True)
        print_calendar(bill, console)
        text = console.export_text()
        assert text.startswith("WHAT-IF: S.5961 of 2015 was never enacted")
        assert "WHAT-IF, NOT THE LAW: New York political calendar 2016" in text
    console = Console(width=160, record=True)
    print_calendar(law, console)
    assert "WHAT-IF" not in console.export_text()


def test_typed_in_election_days_are_marked_in_every_format() -> None:
    runner = CliRunner()
    args = ["calendar", "2016", "--primary", "2016-09-13", "--general", "2016-11-08"]
    data = json.loads(runner.invoke(cli, [*args, "--format", "json"]).stdout)
    assert data["what_if"] is True and len(data["what_if_reasons"]) == 2
    ics = runner.invoke(cli, [*args, "--format", "ics"]).stdout_bytes
    assert b"X-WR-CALNAME:WHAT-IF (not law)" in ics
    csv_text = runner.invoke(cli, [*args, "--format", "csv"]).stdout_bytes.decode("utf-8-sig")
    assert "WHAT-IF: the primary election day is typed in (2016-09-13)" in csv_text


def test_a_comparison_with_a_bill_is_a_what_if() -> None:
    args = ["compare", "2016", "--with", "S5961"]
    data = json.loads(CliRunner().invoke(cli, [*args, "--format", "json"]).stdout)
    assert data["what_if"] is True and data["other"]["what_if"] is True
    assert data["base"]["what_if"] is False
    # a terminal wide enough that the law line is one line (on 80 columns it wraps)
    text = CliRunner().invoke(cli, args, env={"COLUMNS": "400"}).stdout
    first, second = text.splitlines()[:2]
    assert first.startswith("Law: ") and "(a what-if, not the law); against " in first
    assert second.startswith("WHAT-IF: S.5961 of 2015 was never enacted")
