"""Filings recorded durably per second, on SQLite (WAL, synchronous=FULL) and PostgreSQL.

    .venv/bin/python benchmarks/bench_desk.py [--n 500] [--postgres URL]

Each filing is one committed transaction (verdict computed, row written, fsync'd).
PostgreSQL defaults to $NYBALLOT_TEST_POSTGRES_URL (scripts/postgres starts one).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text

from nyballot.filing.clocks import calendar_for
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.store import dispose_all


def paper(i: int) -> Submission:
    return Submission(
        kind="designating_petition",
        board="erie",
        year=2026,
        received=f"2026-03-31T{9 + i % 8:02d}:{i % 60:02d}:00-04:00",
        candidates=[{"name": f"Candidate {i}", "residence": "Buffalo"}],
        office="Member of Assembly",
        party="Democratic",
    )


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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=500)
    parser.add_argument("--postgres", default=os.environ.get("NYBALLOT_TEST_POSTGRES_URL"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for threads in (1, 4):
            url = f"sqlite:///{Path(folder) / f'bench{threads}.sqlite3'}"
            rate = run(url, args.n, threads)
            print(f"sqlite      threads={threads}  {rate:8.1f} filings/s")
    if args.postgres:
        admin = create_engine(args.postgres, isolation_level="AUTOCOMMIT")
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
