"""Special village elections (§ 15-106(1)(a)): golden calendars counted by hand, and the days
the words do not allow refused in one line."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from icalendar import Calendar as ICalendar

from nyballot.cli import cli
from nyballot.elections.village import VillageRequest, village_calendar
from nyballot.errors import UsageError
from nyballot.web import create_app

D = dt.date
CliRun = Callable[..., tuple[int, str, str]]


def special(year: int, **asked: Any) -> VillageRequest:
    return VillageRequest(year, special=True, **asked)


def test_on_the_third_tuesday_the_vacancy_decides_primary_or_caucus() -> None:
    # Tue 2027-03-16, the third Tuesday of March (Tuesdays 2, 9, 16) for an official year ending
    # in April. § 15-106(1)(a)(1)(a) "More than one hundred five days prior to such Tuesday":
    # Mar 16 - 16 = Feb 28 (16 days), Jan 31 (44), Dec 31 (75), Nov 30 (106): Mon 2026-11-30.
    # (2)(a) "between seventy-five and one hundred five days, inclusive": Tue Dec 1 to Thu
    # Dec 31, 2026.
    found = village_calendar(special(year=2027, day=D(2027, 3, 16), vacancy=D(2026, 12, 1)))
    got = {d.id: (d.opens, d.closes) for d in found.calendar.deadlines}
    assert got["village_special.vacancy_with_primary"] == (None, D(2026, 11, 30))
    assert got["village_special.vacancy_with_caucus"] == (D(2026, 12, 1), D(2026, 12, 31))
    assert found.held == D(2027, 3, 16) and found.words.cite == "15-106(1)(a)(1)"
    assert any("the primary waived" in n for n in found.calendar.notes)
    primary = village_calendar(special(year=2027, day=D(2027, 3, 16), vacancy=D(2026, 11, 30)))
    assert any("nominations at the village primary" in n for n in primary.calendar.notes)
    late = village_calendar(special(year=2027, day=D(2027, 3, 16), vacancy=D(2027, 1, 1)))
    assert any("this special election does not fill it" in n for n in late.calendar.notes)


def test_after_the_official_call_the_first_tuesday_61_days_on() -> None:
    # Called Mon 2026-04-06. (2)(b) "not less than sixty-one nor more than ninety-five days
    # after": Apr 30 is 24 days, May 31 55, so Sat Jun 6 (61); Jul 10 (95). "On a Tuesday as
    # soon as practicable": Tue Jun 9.
    found = village_calendar(special(year=2026, called=D(2026, 4, 6)))
    window = found.calendar.deadline("village_special.election_after_call")
    assert (window.opens, window.closes) == (D(2026, 6, 6), D(2026, 7, 10))
    assert found.held == D(2026, 6, 9)
    assert any("made by the party caucus" in n for n in found.calendar.notes)
    # The village's own Tuesday in the window stands; Tue Jul 7 is the last.
    assert village_calendar(special(year=2026, called=D(2026, 4, 6), day=D(2026, 7, 7))).held == D(
        2026, 7, 7
    )


@pytest.mark.parametrize(
    ("asked", "words"),
    [
        ({"year": 2026, "called": D(2026, 4, 6), "day": D(2026, 6, 15)}, "not a Tuesday from"),
        ({"year": 2026, "called": D(2026, 4, 6), "day": D(2026, 7, 14)}, "to Fri 2026-07-10"),
        ({"year": 2027, "day": D(2027, 3, 9)}, "not the third Tuesday of its month (2027-03-16)"),
        ({"year": 2026, "called": D(2026, 11, 2)}, "the election falls in 2027"),
        ({"year": 2026}, "give day YYYY-MM-DD"),
    ],
)
def test_a_day_the_words_do_not_allow_is_refused(asked: dict[str, Any], words: str) -> None:
    with pytest.raises(UsageError) as refused:
        village_calendar(special(**asked))
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_the_command_line_and_the_api_give_it(run_cli: CliRun, tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["village", "2026", "--special", "--called", "2026-04-06"]
    text = runner.invoke(cli, args).output
    assert text.startswith("Special village election 2026-06-09")
    ics = runner.invoke(cli, [*args, "--format", "ics"]).stdout_bytes
    events = ICalendar.from_ical(ics).walk("VEVENT")
    year = runner.invoke(cli, ["village", "2026", "--format", "ics"]).stdout_bytes
    assert {str(e["uid"]) for e in events}.isdisjoint(
        str(e["uid"]) for e in ICalendar.from_ical(year).walk("VEVENT")
    )
    code, out, err = run_cli("village", "2026", "--special", "--day", "2026-06-15")
    assert (code, out, err.count("\n")) == (2, "", 1)
    assert "--day 2026-06-15: not the third Tuesday of its month (2026-06-16)" in err
    with TestClient(create_app(f"sqlite:///{tmp_path / 'book.sqlite3'}", rate=0)) as client:
        data = client.get("/village?year=2026&special=true&called=2026-04-06").json()
        assert data["village"]["special"] and data["village"]["held"] == "2026-06-09"
        refused = client.get("/village?year=2027&special=true&day=2027-03-09")
        assert refused.status_code == 400 and "third Tuesday" in refused.json()["error"]


def test_the_village_page_takes_a_special_election(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'book.sqlite3'}", rate=0)) as client:
        page = client.get("/web/village?year=2027&special=true&day=2027-03-16&vacancy=2026-12-01")
    assert page.status_code == 200 and "<h1>Special village election" in page.text
    assert "village_special.vacancy_with_caucus" in page.text and "the primary waived" in page.text
