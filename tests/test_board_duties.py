"""A board's duty counted forward from an election, due on a Saturday, Sunday or holiday: on the
statute's day, as the state board's calendars print it (the reading chosen), or the next business
day under GCL § 25-a (the other reading, switchable like the rolled-anchor convention). 2027: the
primary is Tue Jun 22; § 9-200(1) and § 9-211(1) count thirteen days: Mon Jul 5, Independence day
kept on Monday. 2015: the primary was Thu Sep 10; § 9-200(1) then counted nine days: Sat Sep 19,
printed so by the state board's 2015 calendar."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from nyballot import build_calendar
from nyballot.cli import cli, main
from nyballot.law.loader import load_law
from nyballot.web import create_app

MONDAY, TUESDAY = dt.date(2027, 7, 5), dt.date(2027, 7, 6)


def test_every_board_duty_has_the_board_kind() -> None:
    # The audit (§ 9-211(1)) was once filed as a candidate's deadline; every rule titled for the
    # boards is now a duty, so each is read alike.
    for version in load_law().versions.values():
        for rule in version.rules.values():
            if rule.title.startswith("Boards:"):
                assert rule.kind == "duty", rule.id


def test_the_canvass_and_the_audit_keep_the_statutes_day_alike() -> None:
    cal = build_calendar(2027)
    for rule_id in ("canvass.primary", "audit.primary"):
        d = cal.deadline(rule_id)
        assert (d.closes, d.rolled_from) == (MONDAY, None)
        assert d.other_reading == {"closes": TUESDAY}
        assert any("next business day (GCL § 25-a)" in s.text for s in d.derivation)
    assert any(n.startswith("Duties: a board's duty counted forward") for n in cal.notes)


def test_the_other_reading_rolls_to_the_next_business_day() -> None:
    cal = build_calendar(2027, duties="rolled")
    for rule_id in ("canvass.primary", "audit.primary"):
        d = cal.deadline(rule_id)
        assert (d.closes, d.rolled_from) == (TUESDAY, MONDAY)
        assert d.other_reading == {"closes": MONDAY}
        assert any("keeps the statute's last day" in s.text for s in d.derivation)


def test_the_2015_primary_canvass_is_saturday_as_the_state_board_printed_it() -> None:
    # § 9-200(1) before its amendment, "within nine days": Thu Sep 10 + 9 = Sat Sep 19, 2015.
    saturday, monday = dt.date(2015, 9, 19), dt.date(2015, 9, 21)
    assert build_calendar(2015).deadline("canvass.primary").closes == saturday
    assert build_calendar(2015, duties="rolled").deadline("canvass.primary").closes == monday


def test_a_duty_counted_back_or_fixed_never_rolls() -> None:
    # § 5-604(1): before February 21 = Sat Feb 20, 2027; § 10-106(1): 35 days before Jun 22 =
    # Tue May 18 (a business day), and § 4-110's fifty-five days: neither is counted forward.
    cal = build_calendar(2027)
    lists = cal.deadline("enrolment_lists.publication")
    assert (lists.closes, lists.rolled_from, lists.other_reading) == (
        dt.date(2027, 2, 20),
        None,
        {},
    )


def test_the_command_line_switches_the_reading() -> None:
    def canvass(*flags: str) -> str:
        out = CliRunner().invoke(cli, ["calendar", "2015", "--kind", "board", *flags,
                                       "--format", "json"])  # fmt: skip
        assert out.exit_code == 0, out.output
        dated = {d["id"]: d for d in json.loads(out.output)["deadlines"]}
        return str(dated["canvass.primary"]["closes"])

    assert canvass() == "2015-09-19"
    assert canvass("--duties", "rolled") == "2015-09-21"
    assert canvass("--duties", "fixed") == "2015-09-19"


def test_a_reading_not_known_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["calendar", "2027", "--duties", "sometimes"])
    assert exit_.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'desk.sqlite3'}")) as c:
        yield c


def test_the_api_switches_the_reading(client: TestClient) -> None:
    def canvass(query: str) -> str:
        body = client.get(f"/calendar/2027.json{query}").json()
        return str(next(d["closes"] for d in body["deadlines"] if d["id"] == "canvass.primary"))

    assert canvass("") == "2027-07-05"
    assert canvass("?duties=rolled") == "2027-07-06"
    assert canvass("?duties=fixed") == "2027-07-05"
    assert client.get("/calendar/2027.json?duties=never").status_code == 422


def test_the_other_reading_of_a_vacancy_is_marked_what_if_not_unenacted() -> None:
    cal = build_calendar(2027, overlays=["reading-6-158-8"])
    assert cal.what_if
    assert any("the other reading of the law in force" in r for r in cal.what_if_reasons)
    assert not any("never enacted" in r for r in cal.what_if_reasons)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'site.sqlite3'}")) as c:
        yield c


def test_the_page_form_offers_the_reading_and_the_page_reads_it(site: TestClient) -> None:
    client = site
    assert 'name="duties"' in client.get("/").text
    moved = client.get("/web/calendar?year=2027&duties=rolled", follow_redirects=False)
    assert moved.headers["location"] == "/web/calendar/2027?duties=rolled"

    def row(query: str) -> str:
        page = client.get(f"/web/calendar/2027{query}").text
        start = page.index('data-rule="canvass.primary"')
        return page[start : page.index("</tr>", start)]

    assert "2027-07-06" in row("?duties=rolled")  # beside the statute's day it rolled from
    assert "2027-07-05" in row("") and "2027-07-06" not in row("")


def test_the_json_says_which_reading_of_duties_it_is_under() -> None:
    def duties(*flags: str) -> str:
        out = CliRunner().invoke(cli, ["calendar", "2015", *flags, "--format", "json"])
        assert out.exit_code == 0, out.output
        return str(json.loads(out.output)["duties"])

    assert (duties(), duties("--duties", "rolled")) == ("fixed", "rolled")
