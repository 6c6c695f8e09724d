"""The write path tells whoever asked, in the write's own context, as its commit begins (the
server lets the reads it held back go on once the disk has had a moment)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from nyballot.filing.desk import Desk, Submission
from nyballot.filing.driver import committing
from nyballot.web import create_app

from .conftest import ALBANY_PETITION


class Watch:
    def __init__(self) -> None:
        self.told: list[str] = []
        self.seconds = 0.0

    def begun(self) -> None:
        self.told.append("begun")

    def ended(self, seconds: float) -> None:
        self.told.append("ended")
        self.seconds += seconds


def test_a_filing_tells_of_its_commit_in_its_context_alone(db_url: str) -> None:
    desk, watch = Desk(db_url), Watch()
    token = committing.set(watch)
    try:
        desk.submit(Submission(**ALBANY_PETITION), "Ann Clerk")
    finally:
        committing.reset(token)
    desk.submit(Submission(**ALBANY_PETITION), "Ann Clerk")  # no one asked: no one is told
    assert watch.told == ["begun", "ended"] and 0 < watch.seconds < 10


def test_a_clerks_write_names_the_disks_time_in_its_answer(db_url: str) -> None:
    token = Desk(db_url).create_token("Ann Clerk", "clerk", ["albany"])
    with TestClient(create_app(db_url, rate=0)) as c:
        written = c.post(
            "/filings", json=ALBANY_PETITION, headers={"Authorization": f"Bearer {token}"}
        )
        read = c.get("/book")
    assert written.status_code == 201
    assert re.fullmatch(r'disk;dur=\d+\.\d;desc="commit"', written.headers["server-timing"])
    assert "server-timing" not in read.headers
