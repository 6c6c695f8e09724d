"""Petition review over HTTP as a demanding user meets it: a review kept or overridden is a
write, logged in the desk's access log (who, what, from where, how it ended), refused or
recorded, as a filing is; a lines file sent as a form is refused saying how to send it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.filing.access import read_log
from nyballot.filing.desk import Desk
from nyballot.web import create_app

DATA = Path(__file__).parent / "data"
QUERY = "year=2026&party=DEM&unit=COUNTYCODE=60&unit=AD=7&enrolled=40"


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    return Desk(f"sqlite:///{tmp_path / 'desk.sqlite3'}")


@pytest.fixture
def client(store: Path, desk: Desk, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", str(store))
    with TestClient(create_app(str(desk.engine.url))) as c:
        yield c


def _last(desk: Desk) -> tuple[str, str, str, str, str]:
    row = read_log(desk.engine, 1)[0]
    return row["who"], row["action"], row["target"], row["client"], row["outcome"]


def test_keeping_and_overriding_a_review_are_logged(client: TestClient, desk: Desk) -> None:
    lines = (DATA / "lines.csv").read_bytes()
    viewer = {"Authorization": f"Bearer {desk.create_token('Vic Viewer', 'viewer')}"}
    clerk = {"Authorization": f"Bearer {desk.create_token('Ann Clerk', 'clerk')}"}
    # TestClient's requests come from the address "testclient".
    refused = client.post(f"/petitions/reviews?{QUERY}", content=lines, headers=viewer)
    assert refused.status_code == 403
    who, action, _, where, outcome = _last(desk)
    assert (who, action, where) == ("Vic Viewer", "keep review", "testclient")
    assert outcome.startswith("refused: role 'viewer'")
    bad = {"Authorization": "Bearer nyb_not_a_token"}
    assert client.post(f"/petitions/reviews?{QUERY}", content=lines, headers=bad).status_code == 401
    assert _last(desk)[3:] == ("testclient", "refused: the token is not valid")
    kept = client.post(f"/petitions/reviews?{QUERY}", content=lines, headers=clerk)
    assert kept.status_code == 201
    uid = kept.json()["id"]
    assert _last(desk) == ("Ann Clerk", "keep review", f"review {uid}", "testclient", "recorded")
    body = {"sheet": 1, "line": 3, "valid": True, "reason": "enrolment confirmed by letter"}
    overrides = f"/petitions/reviews/{uid}/overrides"
    assert client.post(overrides, json=body, headers=clerk).status_code == 201
    target = f"review {uid} sheet 1 line 3"
    assert _last(desk) == ("Ann Clerk", "override", target, "testclient", "recorded")
    missing = client.post(overrides, json={**body, "sheet": 9}, headers=clerk)
    assert missing.status_code == 404
    assert _last(desk)[2] == f"review {uid} sheet 9 line 3"
    assert _last(desk)[4].startswith("refused: review")
    # The page's form is the same write.
    form = f"sheet=1&line=3&valid=no&reason=letter+withdrawn&token={clerk['Authorization'][7:]}"
    page = client.post(f"/web/petitions/{uid}/override", content=form, follow_redirects=False)
    assert page.status_code == 303
    assert _last(desk) == ("Ann Clerk", "override", target, "testclient", "recorded")


def test_a_lines_file_sent_as_a_form_is_refused_saying_how_to_send_it(
    client: TestClient,
) -> None:
    lines = (DATA / "lines.csv").read_bytes()
    multipart = client.post(f"/petitions/review?{QUERY}", files={"file": ("lines.csv", lines)})
    # curl -d @lines.csv: the line breaks dropped, sent as a urlencoded form.
    flat = lines.replace(b"\n", b"")
    urlencoded = client.post(
        f"/petitions/review?{QUERY}",
        content=flat,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    for refused in (multipart, urlencoded):
        assert refused.status_code == 400
        assert "send the CSV itself as the body" in refused.json()["error"]
    as_csv = client.post(
        f"/petitions/review?{QUERY}", content=lines, headers={"Content-Type": "text/csv"}
    )
    assert as_csv.status_code == 200


def test_serve_reads_the_voter_store_given_by_its_flag(store: Path, tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    env = {k: v for k, v in os.environ.items() if k != "NYBALLOT_VOTERS_DB"}
    desk = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    command = [str(Path(sys.executable).with_name("nyballot")), "serve", "--port", str(port),
               "--db", desk, "--voters-db", str(store)]  # fmt: skip
    proc = subprocess.Popen(command, env=env, cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        assert f"voter store {store}; Ctrl-C stops it" in proc.stderr.readline()
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/health", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        lines = (DATA / "lines.csv").read_bytes()
        # urllib marks bytes sent as a form, but keeps their lines: read as the lines file.
        asked = urllib.request.Request(f"{base}/petitions/review?{QUERY}", data=lines)
        with urllib.request.urlopen(asked, timeout=30) as r:
            # The golden petition against the golden store: 4 valid, 2 required.
            tally = json.load(r)["tally"]
        assert (tally["valid"], tally["required"]) == (4, 2)
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_review_of_a_petition_in_the_book_is_its_boards(client: TestClient, desk: Desk) -> None:
    from .papers import objection_in_book

    objection_in_book(str(desk.engine.url))  # a westchester petition, and an objection to it
    petition = desk.records()[0]["uid"]
    lines = (DATA / "lines.csv").read_bytes()
    erie = {"Authorization": f"Bearer {desk.create_token('Eve Erie', 'clerk', ['erie'])}"}
    county = {"Authorization": f"Bearer {desk.create_token('Wes', 'clerk', ['westchester'])}"}
    asked = f"/petitions/reviews?{QUERY}&petition={petition}"
    refused = client.post(asked, content=lines, headers=erie)
    assert refused.status_code == 403 and "westchester" in refused.json()["error"]
    assert _last(desk)[0] == "Eve Erie" and _last(desk)[4].startswith("refused: board")
    kept = client.post(asked, content=lines, headers=county)
    assert kept.status_code == 201
    in_book = {"uid": petition, "board": "westchester", "rivals": []}
    assert kept.json()["petition"]["in_book"] == in_book
    override = {"sheet": 1, "line": 1, "valid": False, "reason": "signature not the voter's"}
    page = f"/petitions/reviews/{kept.json()['id']}/overrides"
    assert client.post(page, json=override, headers=erie).status_code == 403
    assert client.post(page, json=override, headers=county).status_code == 201
    # A review of no petition in the book belongs to no board: any clerk keeps it.
    assert (
        client.post(f"/petitions/reviews?{QUERY}", content=lines, headers=erie).status_code == 201
    )
