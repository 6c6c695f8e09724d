"""The book and what falls due at 100,000 filings, read at 16 clients, while a clerk files:
``GET /book`` (its first page, a deep page by cursor, ``after=``, and by ``offset=``),
``GET /web/due`` and ``/health`` (the floor, in the same run) through a real
``nyballot serve``, and the p99 of a clerk's ``POST /filings`` sent one after another while the
readers run.

.venv/bin/python benchmarks/bench_book.py [--filings 100000] [--seconds 5] [--clients 16]
    [--workers 1] [--keep FOLDER] [--page-cache MIB] [--postgres URL]

The goal: ``/book`` and ``/web/due`` with p99 under 50 ms at 16 clients, and a clerk's write
under 20 ms p99 meanwhile. The write's floor is a bare durable commit on the same disk in the
seconds just before (``bare_commits``): a write waits for its fsync, and no server can answer sooner
than its disk; the write's time apart from its commit (the time the server's answer names,
``Server-Timing``, taken off) is the server's part. With ``--postgres URL`` the book is in that
database (made there if it has no record; the key beside it in FOLDER as ``postgres.key``); the
bare commit is still SQLite's, in FOLDER: the disk's floor, not the database server's.

The book is made by the desk's own write path (each paper judged, chained, signed and its
clocks kept), 2,000 papers to a transaction to make it in minutes; ``--keep FOLDER`` keeps it
there and uses it again. ``--page-cache 0`` serves every page made afresh (the pages kept are
the server's default, ``serve --page-cache``); every client asks for the same page, so a page
kept is read again until the clerk's next write. The server's CPU a request is its processor
time over the run / the requests answered (the clerk's too). The load comes from ``wrk``
(``scripts/wrk`` installs it), as in ``bench_api.py``.
"""

from __future__ import annotations

import argparse
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_api import load, server_cpu, started, with_wrk

from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.driver import transaction
from nyballot.filing.keys import load_key, new_key
from nyballot.filing.model import BOARDS, NEW_YORK
from nyballot.urls import shown

BATCH = 2000
WINDOW = ("2026-03-30", 6)  # the 2026 window opens Mon 03-30 (§ 6-158(1-a)); six business days


def _paper(rng: random.Random, i: int) -> Submission:
    return Submission(
        kind="designating_petition",
        board=rng.choice(sorted(BOARDS)),
        year=2026,
        candidates=[{"name": f"Candidate {i}", "residence": f"{i} Main St"}],
        office="Member of Assembly",
        district=f"{rng.randint(1, 150)}th Assembly District",
        party=rng.choice(["Democratic", "Republican", "Working Families", "Conservative"]),
    )


def fill(url: str, key_file: Path, filings: int) -> None:
    """``filings`` designating petitions by the desk's write path, in batches."""
    import datetime as dt

    desk = Desk(url, key=load_key(str(key_file)))
    rng = random.Random(2026)
    first = dt.datetime.fromisoformat(WINDOW[0] + "T09:00:00").replace(tzinfo=NEW_YORK)
    clerk = Actor("Bench Clerk", "board", client="bench")
    start = time.perf_counter()
    for done in range(0, filings, BATCH):
        with transaction(desk.engine) as tx:
            for i in range(done, min(done + BATCH, filings)):
                day = first + dt.timedelta(days=(i * WINDOW[1]) // filings)
                desk.clock = lambda at=day + dt.timedelta(seconds=i % 28000): at
                s = _paper(rng, i)
                desk._record(tx, s, clerk, clerk.name, None, s.request_hash())
        print(f"  {min(done + BATCH, filings):,} filings, {time.perf_counter() - start:.0f} s")


def clerk_writes(
    base: str,
    token: str,
    stop: threading.Event,
    spent: list[tuple[float, float]],
    failed: list[str],
) -> None:
    """A clerk filing one paper after another (each answered before the next is sent): each
    write's time and its commit's (the answer's ``Server-Timing: disk;dur=MS``); a write that
    fails is counted, with its error, and the clerk goes on."""
    rng = random.Random(7)
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, headers=headers, timeout=30) as c:
        while not stop.is_set():
            body = {**vars(_paper(rng, rng.randint(0, 10**6)))}
            t = time.perf_counter()
            try:
                answer = c.post("/filings", json=body).raise_for_status()
            except httpx.HTTPError as exc:
                failed.append(type(exc).__name__)
                continue
            disk = re.search(r"disk;dur=([\d.]+)", answer.headers.get("server-timing", ""))
            spent.append(((time.perf_counter() - t) * 1000, float(disk[1]) if disk else 0.0))
            time.sleep(0.05)  # a clerk at a counter, not a loop: twenty papers a second at most


def bare_commits(folder: Path, until: float, spent: list[float]) -> None:
    """The floor of a clerk's write, in the seconds just before it is measured (beside it, its
    fsyncs would queue with the server's on the disk's journal): a row of a filing's size
    inserted and committed as durably (WAL, synchronous=FULL), one every 50 ms until the
    monotonic ``until``, into a file of its own beside the book (the same disk), through the
    driver, nothing else. Its p99 is the disk's: on a shared machine a commit's fsync waits
    100 ms and more now and then."""
    con = sqlite3.connect(folder / "floor.sqlite3", isolation_level=None)
    for pragma in ("journal_mode = WAL", "synchronous = FULL"):
        con.execute(f"PRAGMA {pragma}")
    con.execute("CREATE TABLE IF NOT EXISTS floor (id INTEGER PRIMARY KEY, body TEXT)")
    body = "x" * 2000
    while time.monotonic() < until:
        t = time.perf_counter()
        con.execute("BEGIN IMMEDIATE")
        con.execute("INSERT INTO floor (body) VALUES (?)", (body,))
        con.execute("COMMIT")
        spent.append((time.perf_counter() - t) * 1000)
        time.sleep(0.05)
    con.close()


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) > 1 else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--filings", type=int, default=100_000)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--keep", type=Path)
    parser.add_argument("--page-cache", type=int, default=32, help="serve --page-cache (MiB)")
    parser.add_argument(
        "--postgres", metavar="URL", help="the book in this PostgreSQL database, not SQLite"
    )
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="nyballot-book-"))
    folder.mkdir(parents=True, exist_ok=True)
    key_file = folder / ("postgres.key" if args.postgres else "board.key")
    url = args.postgres or f"sqlite:///{folder / 'book.sqlite3'}"
    if not key_file.exists() or not Desk(url).version()[0]:
        print(f"Making a book of {args.filings:,} filings in {shown(url)} ({load()}):")
        new_key(key_file)
        fill(url, key_file, args.filings)
    token = Desk(url, key=load_key(str(key_file))).create_token("Bench Clerk", "clerk")
    options = ["--db", url, "--rate-limit", "0", "--workers", str(args.workers)]
    options += ["--signing-key", str(key_file), "--page-cache", str(args.page_cache)]
    server, base = started(options, stderr=subprocess.DEVNULL)
    # Paging by offset last: its requests outlast wrk's seconds (the server still answers the
    # ones wrk gave up on), which would weigh on whatever ran after it.
    paths = [
        "/health",
        "/book",
        "/book?after=90000",
        "/web/due?on=2026-04-06",
        "/book?offset=90000",
    ]
    try:
        print(
            f"{args.clients} clients (wrk), {args.workers} worker(s), page cache "
            f"{args.page_cache} MiB, a clerk filing; {load()}"
        )
        floor = None
        for path in paths:
            bare: list[float] = []
            bare_commits(folder, time.monotonic() + args.seconds, bare)
            stop, spent, failed = threading.Event(), [], []
            writer = threading.Thread(target=clerk_writes, args=(base, token, stop, spent, failed))
            writer.start()
            cpu = server_cpu(server.pid)
            total, p50, p99_ = with_wrk(base + path, (), args.clients, args.seconds)
            cpu = (server_cpu(server.pid) - cpu) * 1000 / max(total + len(spent), 1)
            stop.set()
            writer.join()
            floor = floor or p99_
            whole = [w for w, _ in spent]
            apart = [w - commit for w, commit in spent]
            print(
                f"  {path:<24} {total / args.seconds:6.0f} req/s  p50 {p50:5.1f} ms  "
                f"p99 {p99_:5.1f} ms ({p99_ / floor:4.1f}x /health's), CPU {cpu:4.2f} ms  "
                "clerk's write: "
                f"{len(spent)} sent, p50 {statistics.median(whole):5.1f} ms, "
                f"p99 {p99(whole):5.1f} ms (apart from its commit p99 {p99(apart):5.1f} ms); "
                f"a bare commit's just before p50 {statistics.median(bare):4.1f} ms, "
                f"p99 {p99(bare):5.1f} ms"
                + (f", {len(failed)} failed ({failed[0]})" if failed else "")
            )
    finally:
        server.terminate()
        server.wait(10)
        print(f"  ({load()})")


if __name__ == "__main__":
    main()
