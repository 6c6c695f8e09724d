"""Filings recorded durably per second, on SQLite (WAL, synchronous=FULL) and PostgreSQL,
and their cost as a ratio to a bare INSERT and COMMIT into the same table, in the same run.

    .venv/bin/python benchmarks/bench_desk.py [--n 2000] [--postgres URL]

Each filing is one committed transaction (verdict computed, chained to the board's last hash,
row and access-log line written, fsync'd). The floor is the same table, the same engine and
disk: a prepared row inserted and committed through the driver, nothing else (the Core floor,
the same through SQLAlchemy, is printed beside it). The two run in 20 alternating turns; the
verdict is on the median of the turns' ratios (the ratio of the totals is printed beside it).
The goal: a filing within 2 times the floor, aiming at 1.7. PostgreSQL defaults to
$NYBALLOT_TEST_POSTGRES_URL (scripts/postgres starts one). Timings move with the machine's
load: run it a few times, note ``uptime``. The "no fsync" line is SQLite with
synchronous=NORMAL (not durable): the work beside the commit alone, the ratio a disk that
commits in no time would give.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import tempfile
import threading
import time
import uuid
from pathlib import Path

from sqlalchemy import create_engine, event, select, text

from nyballot.filing.clocks import calendar_for
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.schema import filings
from nyballot.filing.store import dispose_all, engine_for

GOAL = 2.0
_TURNS = 20


def paper(i: int) -> Submission:
    return Submission(
        kind="designating_petition",
        board="erie",
        year=2026,
        candidates=[{"name": f"Candidate {i}", "residence": "Buffalo"}],
        office="Member of Assembly",
        party="Democratic",
    )


def floor_rows(desk: Desk, n: int) -> list[dict[str, object]]:
    """``n`` copies of the last filing's row as stored (its decision, candidates and hashes),
    prepared in advance: on another board (so the filings' own chain is left alone), each
    with its own uid, link and idempotency key, as filings have."""
    with desk.engine.connect() as conn:
        row = conn.execute(select(filings).order_by(filings.c.id.desc()).limit(1)).one()
    base = {k: v for k, v in row._mapping.items() if k != "id"}
    return [{**base, "uid": str(uuid.uuid4()), "prev_hash": uuid.uuid4().hex * 2, "board": "nyc",
             "idempotency_key": str(uuid.uuid4())} for _ in range(n)]  # fmt: skip


def floor(desk: Desk, n: int) -> float:
    """Bare INSERT and COMMIT per second through the driver, as lean as a write can be: a
    pooled connection of the same engine (same pragmas, same durability), the row prepared in
    advance, one INSERT and the COMMIT (on PostgreSQL pipelined: the BEGIN, then the INSERT and
    the COMMIT in one round trip, as a filing's are)."""
    rows = floor_rows(desk, n)
    postgres = desk.engine.dialect.name == "postgresql"
    names = list(rows[0])
    values = ", ".join((f"%({c})s" if postgres else f":{c}") for c in names)
    insert = f"INSERT INTO filings ({', '.join(names)}) VALUES ({values})"
    start = time.perf_counter()
    for r in rows:
        connection = desk.engine.raw_connection()
        try:
            cursor = connection.cursor()
            if postgres:
                with connection.driver_connection.pipeline():  # type: ignore[union-attr]
                    cursor.execute(insert, r)
                    connection.commit()
            else:
                cursor.execute("BEGIN")
                cursor.execute(insert, r)
                connection.commit()
        finally:
            connection.close()
    return n / (time.perf_counter() - start)


def core_floor(desk: Desk, n: int) -> float:
    """The same through SQLAlchemy's Core (``engine.begin()``, a compiled insert): the floor
    the earlier figures were measured against."""
    rows = floor_rows(desk, n)
    insert = filings.insert()
    start = time.perf_counter()
    for r in rows:
        with desk.engine.begin() as conn:
            conn.execute(insert, r)
    return n / (time.perf_counter() - start)


def ratio(url: str, n: int) -> tuple[float, float, float, float]:
    """(filings, driver floor, Core floor) per second, in short alternating turns so that the
    machine's load (the disk's above all) hits all three alike, each its count over its total
    time; and the median of the turns' ratios of filing to floor, which one slow turn (a WAL
    checkpoint, a neighbour's burst) does not move."""
    desk = Desk(url)
    calendar_for(2026, None, ())
    desk.submit(paper(-1), "warm-up")
    each = max(1, n // _TURNS)
    turns = [[each / measure(desk, each) for measure in (run_on, floor, core_floor)]
             for _ in range(_TURNS)]  # fmt: skip
    filed, bare, core = (each * _TURNS / sum(t[i] for t in turns) for i in range(3))
    return filed, bare, core, statistics.median(t[0] / t[1] for t in turns)


def run_on(desk: Desk, n: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        desk.submit(paper(i), "clerk", f"{uuid.uuid4()}")
    return n / (time.perf_counter() - start)


def report(name: str, url: str, n: int, durable: bool = True) -> None:
    filed, bare, core, median = ratio(url, n)
    verdict = "ok" if median <= GOAL else f"OVER the goal of {GOAL}x"
    if not durable:
        verdict = "(not durable: the goal is for durable commits)"
    print(f"{name:10}  filing {filed:7.1f}/s  bare insert+commit {bare:7.1f}/s  "
          f"ratio {bare / filed:4.2f}x, median of turns {median:4.2f}x  {verdict}  "
          f"(Core floor {core:7.1f}/s: {core / filed:4.2f}x)")  # fmt: skip


def run(url: str, n: int, threads: int) -> float:
    desk = Desk(url)
    calendar_for(2026, None, ())  # warm the calendar cache: we measure the desk, not the law
    per = n // threads

    def work(t: int) -> None:
        for i in range(per):
            desk.submit(paper(t * per + i), f"clerk-{t}", f"{uuid.uuid4()}")

    workers = [threading.Thread(target=work, args=(t,)) for t in range(threads)]
    start = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    elapsed = time.perf_counter() - start
    assert desk.count() >= per * threads
    return per * threads / elapsed


def _no_fsync(connection: sqlite3.Connection, _record: object) -> None:
    connection.execute("PRAGMA synchronous = NORMAL")  # in WAL mode: no fsync per commit


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--postgres", default=os.environ.get("NYBALLOT_TEST_POSTGRES_URL"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report("sqlite", f"sqlite:///{Path(folder) / 'ratio.sqlite3'}", args.n)
        # The same without the commit's fsync: the work beside the commit, alone.
        unsynced = f"sqlite:///{Path(folder) / 'unsynced.sqlite3'}"
        engine = engine_for(unsynced)
        event.listen(engine, "connect", _no_fsync)
        engine.dispose()  # connections made from now on: without the fsync
        report("no fsync", unsynced, args.n, durable=False)
        for threads in (1, 4):
            url = f"sqlite:///{Path(folder) / f'bench{threads}.sqlite3'}"
            rate = run(url, args.n, threads)
            print(f"sqlite      threads={threads}  {rate:8.1f} filings/s")
    if args.postgres:
        admin = create_engine(args.postgres, isolation_level="AUTOCOMMIT")
        schema = "bench_" + uuid.uuid4().hex[:8]
        with admin.connect() as conn:
            conn.execute(text(f"CREATE SCHEMA {schema}"))
        try:
            report("postgresql", f"{args.postgres}?options=-csearch_path%3D{schema}", args.n)
        finally:
            dispose_all()
            with admin.connect() as conn:
                conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        for threads in (1, 4):
            schema = "bench_" + uuid.uuid4().hex[:8]
            with admin.connect() as conn:
                conn.execute(text(f"CREATE SCHEMA {schema}"))
            try:
                rate = run(f"{args.postgres}?options=-csearch_path%3D{schema}", args.n, threads)
                print(f"postgresql  threads={threads}  {rate:8.1f} filings/s")
            finally:
                dispose_all()
                with admin.connect() as conn:
                    conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    else:
        print("postgresql  skipped (no --postgres URL)")


if __name__ == "__main__":
    main()
