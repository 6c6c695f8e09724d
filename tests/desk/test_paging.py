"""The book, what falls due and the web's list of it are read a page at a time: a page reads
the records it shows (and those its rows name), never the whole book; the clocks kept in their
own table are the clocks the whole book gives."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from nyballot.api import create_app
from nyballot.filing import reading, records
from nyballot.filing.clocks import clocks_of
from nyballot.filing.desk import Desk, Submission

from .conftest import DeskClock
from .test_chain import paper


def _family(desk: Desk, at: str) -> None:
    """A petition, an objection to it, its specifications and a determination of invalidity."""
    desk.clock = DeskClock(at)
    p = last = desk.submit(paper("albany", "Ana Ruiz"), "Ann")[0]
    for kind, day, extra in [
        ("objection", "2026-04-03T11:00:00-04:00", {}),
        ("specifications", "2026-04-09T16:00:00-04:00", {}),
        ("determination", "2026-04-15T14:00:00-04:00", {"outcome": "invalid"}),
    ]:
        desk.clock = DeskClock(day)
        target = p["uid"] if kind != "specifications" else last["uid"]
        s = Submission(kind=kind, board="albany", year=2026, refers_to=target, **extra)
        last = desk.submit(s, "Ann")[0]


@pytest.fixture
def book(db_url: str) -> Desk:
    desk = Desk(db_url)
    for i in range(30):
        desk.clock = DeskClock(f"2026-04-01T10:{i:02d}:00-04:00")
        desk.submit(paper("erie" if i % 3 else "albany", f"Candidate {i}"), "Ann")
    _family(desk, "2026-04-01T11:00:00-04:00")
    return desk


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many stored records were read (made into records) meanwhile."""
    seen = [0]
    made = records.record_dict

    def counting(*args: Any, **kwargs: Any) -> dict[str, Any]:
        seen[0] += 1
        return made(*args, **kwargs)

    monkeypatch.setattr(reading, "record_dict", counting)
    monkeypatch.setattr("nyballot.filing.desk.record_dict", counting)
    yield seen


def test_a_page_of_the_book_reads_its_own_records(book: Desk, counted: list[int]) -> None:
    # Before: every page read all 34 records (at 20,000 filings, 3.1 s of CPU a page).
    with TestClient(create_app(str(book.engine.url), rate=0)) as c:
        counted[0] = 0
        page = c.get("/book", params={"limit": 5, "offset": 0}).json()
        assert counted[0] <= 5 and page["total"] == 33  # 31 petitions, the objection, its specs
        last = c.get("/book", params={"limit": 5, "offset": 30}).json()
    rows = last["rows"]
    assert [r["seq"] for r in rows] == [31, 32, 33]  # the determination is in #31's memorandum
    assert rows[0]["status"] == "invalid" and "objection #32" in rows[0]["memorandum"]
    assert rows[1]["memorandum"].startswith("objection to filing #31")


def test_what_falls_due_is_read_a_page_at_a_time(book: Desk, counted: list[int]) -> None:
    with TestClient(create_app(str(book.engine.url), rate=0)) as c:
        counted[0] = 0
        r = c.get("/due", params={"on": "2026-04-01", "limit": 4})
        assert counted[0] == 0  # the clocks come from their own table, not the records
        page = c.get("/web/due", params={"on": "2026-04-01", "days": 30})
    assert len(r.json()) == 4 and int(r.headers["X-Total-Count"]) > 4
    assert page.status_code == 200 and counted[0] <= 40


def test_the_kept_clocks_are_the_clocks_of_the_whole_book(book: Desk) -> None:
    everything = sorted(clocks_of(book.records()), key=lambda c: (c.due, c.name, c.filing))
    kept = book.due()
    assert [(c.due, c.name, c.filing) for c in kept] == [
        (c.due, c.name, c.filing) for c in everything
    ]
    assert kept[0].steps == everything[0].steps
    # The determination of invalidity ended the petition's first court clock and started the
    # one counted from it: the family's clocks were rewritten when it was recorded.
    names = [c.name for c in kept if c.filing == book.records()[30]["uid"]]
    assert "proceeding" not in names


def test_the_page_queries_use_indexes(book: Desk) -> None:
    if book.engine.dialect.name != "sqlite":
        pytest.skip("the query plan is SQLite's")
    with book.engine.connect() as conn:
        plan = " ".join(
            str(r[-1])
            for r in conn.exec_driver_sql(
                "EXPLAIN QUERY PLAN SELECT * FROM clocks WHERE board = 'albany' AND due >= "
                "'2026-04-01' ORDER BY due, name, filing LIMIT 10"
            )
        )
    assert "USING INDEX ix_clocks_board_due" in plan and "TEMP B-TREE" not in plan
