"""One calendar request: the command line, the API and the pages read a query into the same
value, and the library computes the calendar from that value alone."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient

from nyballot import build_calendar
from nyballot.api import create_app
from nyballot.calendar.request import CalendarRequest
from nyballot.cli import cli
from nyballot.cli.options import request_from_options
from nyballot.compare import compare, compare_requests
from nyballot.errors import UsageError
from nyballot.law.choice import LawChoice
from nyballot.web.common import choose

DEATH = ("death", dt.date(2026, 7, 1))


def _cli_request(*args: str) -> CalendarRequest:
    """The request the calendar command reads from its arguments (parsed, not run)."""
    command = cli.get_command(cli.make_context("nyballot", ["calendar"]), "calendar")
    assert command is not None
    ctx = command.make_context("calendar", ["2026", *args])
    year = ctx.params.pop("year")
    return request_from_options(year, ctx.params)


def test_the_command_line_and_the_api_read_the_same_request() -> None:
    asked = CalendarRequest(2026, overlays=("S5961",), events=(DEATH,), convention="statutory")
    from_cli = _cli_request(
        "--with", "S5961", "--event", "death=2026-07-01", "--convention", "statutory"
    )
    from_query = choose("2026", None, ["S5961"], ["death=2026-07-01"], "statutory")
    assert from_cli == asked == from_query
    assert len({from_cli, from_query}) == 1  # hashable, and equal requests hash alike


def test_a_request_asks_the_pages_for_itself() -> None:
    asked = CalendarRequest(2026, "current", ("S5961",), (DEATH,), "statutory")
    query = parse_qs(urlsplit(asked.query()).query)
    again = choose(2026, query["law"][0], query["with"], query["event"], query["convention"][0])
    assert again == asked
    assert CalendarRequest(2026).query() == ""


def test_the_request_carries_the_election_days_and_enactment_dates() -> None:
    # § 8-100(1)(a): the primary is fixed by law; a day typed in replaces it and says so.
    request = CalendarRequest(2026, primary=dt.date(2026, 6, 30))
    cal = request.calendar()
    primary = cal.deadline("election.primary")
    assert primary.closes == dt.date(2026, 6, 30)
    assert [s.text for s in primary.derivation] == ["Primary election: given (primary)"]
    assert cal == build_calendar(2026, primary=dt.date(2026, 6, 30))
    enacted = CalendarRequest(2026, enacted_on=(("S5305A", dt.date(2025, 6, 1)),))
    with pytest.raises(UsageError, match=r"^enacted_on S5305A: that bill is not applied"):
        enacted.calendar()


def test_the_command_line_reads_every_field() -> None:
    request = _cli_request(
        "--law",
        "pre-2019",
        "--with",
        "S5305A",
        "--enacted-on",
        "2015-06-01",
        "--primary",
        "2026-06-30",
        "--general",
        "2026-11-03",
        "--no-enacted",
        "--ordered",
        "--conflicts",
        "earlier",
    )
    assert request == CalendarRequest(
        2026,
        law="pre-2019",
        overlays=("S5305A",),
        primary=dt.date(2026, 6, 30),
        general=dt.date(2026, 11, 3),
        enacted=False,
        enacted_on=(("S5305A", dt.date(2015, 6, 1)),),
        ordered=True,
        conflicts="earlier",
    )


def test_compare_reads_two_requests() -> None:
    # S.5961 moves the 2016 primary (a what-if); the same two requests compare alike however
    # they are asked for.
    base, other = CalendarRequest(2016), CalendarRequest(2016, overlays=("S5961",))
    result = compare_requests(base, other)
    assert result == compare(2016, LawChoice(), LawChoice(overlays=("S5961",)))
    primary = result.get("election.primary")
    assert primary is not None and primary.status == "moved"


def test_the_api_reads_typed_in_election_days_as_a_what_if(tmp_path: Path) -> None:
    # Election days typed in (the README's example): a typed-in day is a what-if, with one
    # reason per day typed in; a day that is not a date, or a primary after the general
    # election (Tue 2026-11-03), is a 400 naming the field.
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'x.sqlite3'}"))
    body = client.get("/calendar/2016?primary=2016-09-13&general=2016-11-08").json()
    assert body["elections"]["primary"] == "2016-09-13" and body["what_if"] is True
    assert len(body["what_if_reasons"]) == 2
    bad = client.get("/calendar/2016?primary=2016-13-13")
    assert bad.status_code == 400
    assert bad.json() == {"error": "primary: '2016-13-13' is not a date (expected YYYY-MM-DD)"}
    after = client.get("/calendar/2026?primary=2026-12-01")
    assert after.status_code == 400 and after.json()["error"].startswith("primary 2026-12-01:")


def test_a_request_with_typed_in_days_asks_the_same_in_its_query() -> None:
    asked = CalendarRequest(2016, primary=dt.date(2016, 9, 13), general=dt.date(2016, 11, 8))
    assert asked.query() == "?primary=2016-09-13&general=2016-11-08"
    assert choose(2016, primary="2016-09-13", general="2016-11-08") == asked
