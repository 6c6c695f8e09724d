"""Crashes and concurrency: no acknowledged filing is lost, none is half written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from sqlalchemy import text

from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.errors import ConflictError
from nyballot.filing.store import dispose_all

from .conftest import submit_at
from .writer import LATE

WRITER = Path(__file__).with_name("writer.py")


def test_sigkill_while_filing_loses_nothing_acknowledged(db_url: str) -> None:
    Desk(db_url)  # create the schema first
    dispose_all()
    proc = subprocess.Popen(
        [sys.executable, str(WRITER), db_url, "k", "100000"],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    acked: list[str] = []
    deadline = time.monotonic() + 30
    while len(acked) < 40 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acked.append(line.strip())
    proc.send_signal(signal.SIGKILL)  # mid-way through the next transaction
    acked += [line.strip() for line in proc.stdout if line.strip()]
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert len(acked) >= 40

    desk = Desk(db_url)
    records = desk.records()
    uids = {r["uid"] for r in records}
    assert set(acked) <= uids, "an acknowledged filing was lost"
    assert len(records) - len(acked) <= 1  # at most one committed but not yet acknowledged
    for r in records:  # every row is whole
        assert r["verdict"] == "timely" and r["decision"]["cites"] and r["candidates"]
        assert r["idempotency_key"] and r["received"]
    if db_url.startswith("sqlite"):
        with desk.engine.connect() as conn:
            assert conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    # A restarted writer carries on; repeating an acknowledged key records nothing new.
    record, replayed = submit_at(
        desk,
        Submission(
            kind="designating_petition",
            board="erie",
            year=2026,
            received="2026-04-01T11:00:00-04:00",
            late_entry=LATE,
            candidates=[{"name": "Candidate k-0", "residence": "Buffalo"}],
            office="Member of Assembly",
            party="Republican",
        ),
        Actor("clerk-k", "supervisor"),
        "k-0",
    )
    assert replayed and record["uid"] == acked[0]


def _paper(i: int, office: str = "Member of Assembly") -> Submission:
    return Submission(
        kind="designating_petition",
        board="monroe",
        year=2026,
        received=f"2026-03-31T{9 + i % 8:02d}:{i % 60:02d}:00-04:00",
        candidates=[{"name": f"Person {i}", "residence": "Rochester"}],
        office=office,
        party="Democratic",
    )


def test_two_clerks_filing_at_once_both_succeed(db_url: str) -> None:
    desk = Desk(db_url)
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def clerk(name: str, offset: int) -> None:
        try:
            start.wait()
            for i in range(25):
                submit_at(desk, _paper(offset + i), name)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=clerk, args=(n, o)) for n, o in (("ann", 0), ("bob", 100))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    records = desk.records()
    assert len(records) == 50
    assert sorted(r["seq"] for r in records) == [r["seq"] for r in records]


def _race(desk: Desk, offices: tuple[str, str], key: str) -> list[object]:
    """Two clerks submit under one idempotency key at the same moment."""
    results: list[object] = []
    start = threading.Barrier(2)

    def clerk(office: str) -> None:
        start.wait()
        try:
            results.append(submit_at(desk, _paper(1, office), "x", key))
        except ConflictError as exc:
            results.append(exc)

    threads = [threading.Thread(target=clerk, args=(office,)) for office in offices]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_same_key_at_once_is_recorded_once_or_conflicts_clearly(db_url: str) -> None:
    desk = Desk(db_url)
    for round_ in range(5):
        same = _race(desk, ("Mayor", "Mayor"), f"same-{round_}")
        assert len({r[0]["uid"] for r in same if isinstance(r, tuple)}) == 1
        assert sorted(r[1] for r in same if isinstance(r, tuple)) == [False, True]
        differ = _race(desk, ("Mayor", "Sheriff"), f"differ-{round_}")
        assert sorted(type(r).__name__ for r in differ) == ["ConflictError", "tuple"], differ
        assert "already used" in str(next(r for r in differ if isinstance(r, ConflictError)))
    assert desk.count() == 10
    assert json.loads(json.dumps(desk.records()[0]["decision"]))["verdict"] == "timely"
