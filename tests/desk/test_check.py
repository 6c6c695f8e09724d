"""Would this be on time? `nyballot desk check` and `GET /timeliness` answer with the desk's own
judgment, the words of the law and the clocks a paper starts, and record nothing.

The 2026 window (§ 6-158(1-a), 2026 only): the 13th Monday before the primary of Tue 06-23 is
Mon 03-30, the 12th Mon 04-06 (counted by hand, as in test_api)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.api import create_app

from .conftest import CliRun


def test_a_petition_handed_in_before_five_is_timely_and_starts_its_clocks(
    run: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = tmp_path / "never.sqlite3"
    monkeypatch.setenv("NYBALLOT_DATABASE_URL", f"sqlite:///{book}")
    code, out, _ = run("desk", "check", "designating_petition", "--board", "albany",
                       "--at", "2026-04-02T16:59-04:00", "--format", "json")  # fmt: skip
    assert code == 0
    answer = json.loads(out)
    assert (answer["verdict"], answer["fatal"], answer["filed_on"]) == (
        "timely",
        False,
        "2026-04-02",
    )
    assert answer["window"]["closes"] == "2026-04-06" and answer["recorded"] is False
    # § 6-154(2): three days after Thu 04-02 is Sun 04-05, a last day rolled to Mon 04-06.
    due = {c["name"]: c["due"] for c in answer["clocks"]}
    assert due["objections"] == "2026-04-06"
    assert any(s["cite"] == "1-106(1)" for s in answer["derivation"])
    assert not book.exists()  # nothing was opened, nothing recorded


def test_after_five_on_the_last_day_is_late(run: CliRun, monkeypatch: pytest.MonkeyPatch) -> None:
    # Received Mon 04-06 at 17:01, after office hours: filed Tue 04-07, after the last day.
    monkeypatch.setenv("COLUMNS", "200")  # the verdict on one line (80 columns wrap it)
    code, out, _ = run("desk", "check", "designating_petition", "--board", "albany",
                       "--at", "2026-04-06T17:01-04:00")  # fmt: skip
    assert code == 0
    assert out.splitlines()[0] == (
        "Designating petition at albany, in_person, 2026-04-06T17:01:00-04:00: LATE (fatal defect)"
    )
    assert "starts:" not in out and out.endswith("(nothing recorded)\n")


def test_by_mail_outside_the_city_two_business_days_of_grace(run: CliRun) -> None:
    # § 1-106(2) from 2019: received no later than two business days after Mon 04-06: Wed 04-08.
    args = ["desk", "check", "designating_petition", "--board", "albany", "--method", "mail",
            "--postmark", "2026-04-06", "--format", "json", "--at"]  # fmt: skip
    on_time = json.loads(run(*args, "2026-04-08T10:00-04:00")[1])
    late = json.loads(run(*args, "2026-04-09T10:00-04:00")[1])
    assert (on_time["verdict"], late["verdict"]) == ("timely", "late")


def test_the_api_answers_as_the_command_line(run: CliRun, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'api.sqlite3'}"
    params = {"paper": "designating_petition", "board": "nyc", "at": "2026-04-06T23:30-04:00"}
    with TestClient(create_app(url, rate=0)) as c:
        r = c.get("/timeliness", params=params)
        count = c.get("/book").json()["total"]
    cli = run("desk", "check", "designating_petition", "--board", "nyc", "--at",
              "2026-04-06T23:30-04:00", "--format", "json")[1]  # fmt: skip
    assert r.status_code == 200 and r.json() == json.loads(cli)
    # The New York City board is open for petitions until midnight on the last day.
    assert r.json()["verdict"] == "timely" and count == 0


def test_a_bad_question_is_one_line(run: CliRun, tmp_path: Path) -> None:
    code, out, err = run("desk", "check", "designating_petition", "--board", "albany",
                         "--at", "April 2")  # fmt: skip
    assert (code, out) == (2, "") and err.count("\n") == 1 and "--at 'April 2'" in err
    with TestClient(create_app(f"sqlite:///{tmp_path / 'b.sqlite3'}", rate=0)) as c:
        r = c.get("/timeliness", params={"paper": "nothing", "board": "albany"})
    assert r.status_code == 400 and "nothing" in r.json()["error"]
