"""Impossible papers and unusable databases are refused with one clear line; nothing is stored."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.api import create_app
from nyballot.errors import UsageError
from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.store import database_url
from nyballot.filing.submission import parse_instant

from .conftest import CliRun, submit_at

LATE = "mail opened after the count"

PETITION = dict(
    kind="designating_petition",
    board="nyc",
    year=2026,
    received="2026-04-02T12:00:00-04:00",
    candidates=[{"name": "Ana Ruiz", "residence": "40 Grand St, Brooklyn"}],
    office="Member of the City Council",
    party="Working Families",
)


def paper(**kw: object) -> Submission:
    return Submission(**{**PETITION, **kw})  # type: ignore[arg-type]


def objection(target: str, **kw: object) -> Submission:
    base: dict[str, object] = dict(
        kind="objection",
        board="nyc",
        year=2026,
        received="2026-04-03T10:00:00-04:00",
        refers_to=target,
    )
    return Submission(**{**base, **kw})  # type: ignore[arg-type]


def refused(desk: Desk, s: Submission, message: str, clerk: str = "ann") -> None:
    before = desk.count()
    with pytest.raises(UsageError) as err:
        if s.late_entry is None:
            submit_at(desk, s, clerk)
        else:  # the received instant as given, unparsed: a supervisor's late entry
            desk.submit(s, Actor(clerk, "supervisor"))
    assert message in str(err.value) and "\n" not in str(err.value)
    assert desk.count() == before


def test_impossible_papers_are_refused_and_nothing_is_stored(db_url: str) -> None:
    desk = Desk(db_url)
    target = submit_at(desk, paper(), "ann")[0]["uid"]
    uid = target
    # Objections and specifications must name the paper they answer.
    refused(desk, objection(""), "refers_to: empty")
    refused(desk, objection(None), "kind 'objection': needs refers_to")  # type: ignore[arg-type]
    refused(desk, objection(None, kind="specifications"), "needs refers_to")  # type: ignore[arg-type]
    # An objection under another year than its petition's.
    refused(
        desk,
        objection(uid, year=2016, received="2016-04-03T10:00:00-04:00"),
        f"refers_to '{uid}': filed for the year 2026, not 2016",
    )
    # Postmarks: only on a paper sent, never after it arrived.
    refused(desk, objection(uid, postmark="2026-04-02"), "delivered in person has no postmark")
    refused(
        desk,
        objection(uid, method="mail", postmark="2026-04-04"),
        "postmark '2026-04-04': after the day the paper was received, 2026-04-03",
    )
    refused(desk, objection(uid, method="mail", postmark="0001-01-01"), "year out of range")
    # An outcome belongs to a determination only.
    refused(desk, objection(uid, outcome="invalid"), "only a determination of the board")
    # The stamp needs a clerk, a date, a time and an offset.
    refused(desk, objection(uid), "clerk: a name is needed", clerk="  ")
    refused(desk, objection(uid, received="", late_entry=LATE), "received: empty")
    refused(desk, objection(uid, received="2026-04-03", late_entry=LATE), "not a date alone")
    refused(
        desk, objection(uid, received="2026-04-03T10:00", late_entry=LATE), "with the UTC offset"
    )
    # What is possible is still booked.
    o, _ = submit_at(desk, objection(uid, method="mail", postmark="2026-04-02"), "ann")
    assert o["verdict"] == "timely" and desk.count() == 2
    with pytest.raises(UsageError, match="--on: empty"):
        from nyballot.filing.submission import parse_day

        parse_day("", "--on")


def test_parse_instant_accepts_a_full_instant() -> None:
    assert parse_instant("2026-04-02T16:59-04:00") == dt.datetime(
        2026, 4, 2, 16, 59, tzinfo=dt.timezone(dt.timedelta(hours=-4))
    )
    assert parse_instant("2026-04-02 20:59:00Z").utcoffset() == dt.timedelta(0)


def test_cli_refuses_a_paper_without_target_and_an_empty_due_day(
    tmp_path: Path, run: CliRun
) -> None:
    db = ("--db", f"sqlite:///{tmp_path / 'd.sqlite3'}")
    common = ("--board", "nyc", "--year", "2026", "--received", "2026-04-03T10:00-04:00",
              "--late-entry", LATE, *db)  # fmt: skip
    code, _, err = run("desk", "object", "", *common)
    assert (
        code == 2
        and err == "nyballot: error: refers_to: empty; give the uid of the filing concerned\n"
    )
    code, _, err = run("desk", "file", "objection", *common)
    assert code == 2 and err.startswith("nyballot: error: kind 'objection': needs refers_to")
    code, _, err = run("desk", "due", "--on", "", *db)
    assert code == 2 and err == "nyballot: error: --on: empty; expected YYYY-MM-DD\n"
    code, out, _ = run("desk", "book", "--format", "json", *db)
    assert code == 0 and '"rows": []' in out


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("", "database '': empty URL"),
        ("sqlite:///", "database 'sqlite:///': an in-memory database keeps nothing"),
        ("sqlite://", "an in-memory database"),
        ("sqlite:///:memory:", "an in-memory database"),
        ("sqlite:///file::memory:?cache=shared&uri=true", "an in-memory database"),
    ],
)
def test_empty_and_in_memory_urls_are_refused(url: str, message: str) -> None:
    with pytest.raises(UsageError, match=message.replace("?", r"\?")):
        database_url(url)


def test_database_errors_are_one_line_exit_2(
    tmp_path: Path, run: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 300)
    (tmp_path / "locked").mkdir()
    cases = {
        f"sqlite:///{tmp_path}": "is a folder",
        f"sqlite:///{junk}": "cannot open: file is not a database",
        "sqlite:////proc/nyballot-test.db": "cannot open: unable to open database file",
        "postgresql://u:secret@127.0.0.1:1/x": "cannot open: connection failed",
        "sqlite:///": "in-memory",
        "": "empty URL",
    }
    for url, message in cases.items():
        code, out, err = run("desk", "init", "--db", url)
        assert code == 2, (url, err)
        assert err.startswith("nyballot: error: database ") and message in err, err
        assert err.count("\n") == 1 and "secret" not in err and not out
    assert not (tmp_path / "nyballot.sqlite3").exists()


def test_serve_refuses_a_database_it_cannot_open(tmp_path: Path) -> None:
    proc = subprocess.run(
        [str(Path(sys.executable).with_name("nyballot")), "serve", "--port", "0", "--db",
         f"sqlite:///{tmp_path}"],
        env={**os.environ},
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert proc.returncode == 2
    url = f"sqlite:///{tmp_path}"
    want = f"nyballot: error: database '{url}': cannot open: {tmp_path} is a folder\n"
    assert proc.stderr == want


@pytest.fixture
def client(tmp_path: Path) -> Iterator[tuple[TestClient, dict[str, str]]]:
    url = f"sqlite:///{tmp_path / 'api.sqlite3'}"
    token = Desk(url).create_token("Ann Clerk", "supervisor")
    with TestClient(create_app(url)) as c:
        yield c, {"Authorization": f"Bearer {token}"}


def test_api_refuses_an_objection_without_target(
    client: tuple[TestClient, dict[str, str]],
) -> None:
    c, clerk = client
    late = {"late_entry": {"reason": LATE}}
    body = {"kind": "objection", "board": "nyc", "year": 2026,
            "received": "2026-04-03T10:00:00-04:00", **late}  # fmt: skip
    r = c.post("/filings", json=body, headers=clerk)
    assert r.status_code == 400 and "needs refers_to" in r.json()["error"]
    r = c.post("/filings", json={**PETITION, **late, "received": ""}, headers=clerk)
    assert r.status_code == 400 and r.json()["error"].startswith("received: empty")
    r = c.post("/filings", json={**PETITION, **late, "received": "2026-04-02"}, headers=clerk)
    assert r.status_code == 400 and "not a date alone" in r.json()["error"]
    without_kind = {k: v for k, v in body.items() if k != "kind"}
    r = c.post("/objections", json={**without_kind, "refers_to": ""}, headers=clerk)
    assert r.status_code == 400 and "refers_to: empty" in r.json()["error"]
    assert c.get("/book").json()["rows"] == []
    r = c.get("/due", params={"on": ""})
    assert r.status_code == 400 and r.json()["error"] == "on: empty; expected YYYY-MM-DD"
