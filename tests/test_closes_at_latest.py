"""A last day counted from an event, with a fixed outer bound, shows the bound before the event
is given: § 6-158(3), "ten days after such death or disqualification or four days before the
primary election, whichever is earlier". 2026: the primary is Tue Jun 23; four days before is
Fri Jun 19, Juneteenth (GCL § 24, from 2021), so the last day can be no later than Mon Jun 22;
the authorization (§ 6-120(3)) four days after that, Fri Jun 26. For the general election (Tue
Nov 3): four days before is Fri Oct 30; accepted by the third day after (Mon Nov 2)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from icalendar import Calendar as ICalendar

from nyballot import build_calendar
from nyballot.cli import cli
from nyballot.web import create_app

VACANCY = "designation.vacancy_after_death"


def test_the_bound_is_known_before_the_event() -> None:
    cal = build_calendar(2026)
    d = cal.deadline(VACANCY)
    assert (d.status, d.closes, d.closes_at_latest) == (
        "awaiting_event",
        None,
        dt.date(2026, 6, 22),
    )
    note = d.derivation[-1].text
    assert "by Mon 2026-06-22 at the latest" in note and "Fri 2026-06-19" in note
    latest = {k: cal.deadline(k).closes_at_latest for k in (
        "designation.authorization_after_death", "nomination.vacancy_after_death",
        "nomination.acceptance_declination_after_death")}  # fmt: skip
    assert latest == {
        "designation.authorization_after_death": dt.date(2026, 6, 26),
        "nomination.vacancy_after_death": dt.date(2026, 10, 30),
        "nomination.acceptance_declination_after_death": dt.date(2026, 11, 2),
    }


def test_no_bound_where_the_law_gives_none_or_the_event_is_given() -> None:
    # § 6-158(6): "later of" thirty days after the primary and ten days after the vacancy has
    # no latest day; and once the death is given the day itself is known.
    cal = build_calendar(2026)
    assert cal.deadline("party_nomination.certificate_after_vacancy").closes_at_latest is None
    given = build_calendar(2026, events={"death": dt.date(2026, 6, 1)}).deadline(VACANCY)
    # Jun 1 + 10 = Thu Jun 11, earlier than Jun 19.
    assert (given.closes, given.closes_at_latest) == (dt.date(2026, 6, 11), None)


def _json(*args: str) -> dict[str, dict[str, object]]:
    out = CliRunner().invoke(cli, ["calendar", "2026", *args], catch_exceptions=False)
    return {d["id"]: d for d in json.loads(out.output)["deadlines"]}


def test_json_table_and_ics_show_the_bound() -> None:
    row = _json("--format", "json")[VACANCY]
    assert (row["closes"], row["status"], row["closes_at_latest"]) == (
        None, "awaiting_event", "2026-06-22")  # fmt: skip
    table = CliRunner().invoke(cli, ["calendar", "2026"], terminal_width=200).output
    assert "and by Mon 2026-06-22 at the latest" in " ".join(table.split())
    ics = CliRunner().invoke(cli, ["calendar", "2026", "--format", "ics"]).stdout_bytes
    events = [e for e in ICalendar.from_ical(ics).walk("VEVENT")
              if "at the latest" in str(e["summary"])]  # fmt: skip
    days = {str(e["summary"]).split(" (")[0]: e.decoded("dtstart") for e in events}
    fill = "Last day to fill a vacancy in a designation caused by death or disqualification"
    assert days[fill] == dt.date(2026, 6, 22)


def test_csv_shows_the_bound_in_its_own_column() -> None:
    out = CliRunner().invoke(cli, ["calendar", "2026", "--format", "csv"]).stdout_bytes
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(out.decode("utf-8-sig")))}
    # The same hand count as above: Fri Jun 19 is Juneteenth, so Mon Jun 22.
    assert (rows[VACANCY]["closes"], rows[VACANCY]["closes_at_latest"]) == ("", "2026-06-22")
    # A day already known has no "latest" of its own.
    assert rows["designating_petition.signing"]["closes_at_latest"] == ""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'desk.sqlite3'}")) as c:
        yield c


def test_the_page_shows_the_bound(client: TestClient) -> None:
    page = client.get("/web/calendar/2026").text
    assert 'datetime="2026-06-22"' in page and "at the latest" in page
