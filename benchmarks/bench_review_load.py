"""A clerk's writes while the public reviews petitions: the p99 of a clerk's ``POST /filings``
sent one after another through a real ``nyballot serve``, alone (the floor) and while four
clients without a token each send ``POST /petitions/review`` of a 2,000-line file (the most a
public review takes) one after another, in the same run, turn by turn.

.venv/bin/python benchmarks/bench_review_load.py [--voters 1000000] [--keep DIR]
    [--seconds 20] [--reviewers 4] [--turns 2] [--review-workers 1] [--review-queue 3]

The target: a clerk's write under 20 ms p99 while four public reviews run. The voter store is
``DIR/voters.duckdb`` when ``bench_voters.py --keep DIR`` made one there (the 13 million), else a
sample of ``--voters`` made in DIR; the desk's book is a new SQLite file. The rate limit is off
(``--rate-limit 0``): the reviews are sent as fast as they are answered, the worst the public
can do from many addresses. The reviews run in the server's worker processes (``serve
--review-workers``, ``--review-queue``): a client refused because the queue is full (503) comes
back after the Retry-After it was given, and the refusals are counted. The clerk files at most
twenty papers a second, as in ``bench_book.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_api import load, started
from bench_book import clerk_writes, p99
from bench_voters import make_lines

from nyballot.filing.desk import Desk
from nyballot.filing.keys import load_key, new_key
from nyballot.voters.sample import write_sample
from nyballot.voters.store import import_file

REVIEW = "/petitions/review?year=2026&party=DEM"


def voter_store(folder: Path, voters: int) -> Path:
    """The 13 million of ``bench_voters.py --keep`` if made there, else a sample made now."""
    store = folder / "voters.duckdb"
    if not store.exists():
        source = folder / "sample.txt"
        with source.open("wb") as out:
            write_sample(voters, 7, out)
        import_file(source, str(store))
        source.unlink()
    return store


def reviews(
    base: str, body: bytes, stop: threading.Event, spent: list[float], refused: list[int]
) -> None:
    """A client without a token reviewing the same file again and again, reading each answer
    to its end (the answer streams); refused (the queue full), it waits as it is told."""
    headers = {"Content-Type": "text/csv"}
    with httpx.Client(base_url=base, headers=headers, timeout=600) as c:
        while not stop.is_set():
            t = time.perf_counter()
            with c.stream("POST", REVIEW, content=body) as answer:
                if answer.status_code == 503:
                    refused.append(1)
                    stop.wait(float(answer.headers.get("retry-after", 1)))
                    continue
                answer.raise_for_status()
                for _ in answer.iter_bytes():
                    pass
            spent.append(time.perf_counter() - t)


def cpu_seconds(pid: int) -> float:
    """The processor time a process has used (Linux's /proc), user and system."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (the server's review workers)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rpartition(")")[2].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, ValueError):
            continue
    return found


def spent_by(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += cpu_seconds(pid)
    return total


def turn(
    base: str, token: str, body: bytes, reviewers: int, seconds: float, server: int
) -> tuple[str, float]:
    """The clerk's writes for ``seconds`` beside ``reviewers`` public reviews: a line of
    figures, and the writes' p99 (ms)."""
    stop, writes, failed, took, refused = threading.Event(), [], [], [], []
    threads = [threading.Thread(target=reviews, args=(base, body, stop, took, refused))
               for _ in range(reviewers)]  # fmt: skip
    for t in threads:
        t.start()
    time.sleep(2 if reviewers else 0)  # the reviews under way before the clerk starts
    clerk = threading.Thread(target=clerk_writes, args=(base, token, stop, writes, failed))
    cpu = [spent_by([server]), spent_by(children(server))]
    clerk.start()
    time.sleep(seconds)
    stop.set()
    cpu = [spent_by([server]) - cpu[0], spent_by(children(server)) - cpu[1]]
    for t in [clerk, *threads]:
        t.join()
    line = (f"{len(writes)} writes, p50 {statistics.median(writes):5.1f} ms, "
            f"p99 {p99(writes):6.1f} ms; processor time in {seconds:.0f} s: the server's "
            f"{cpu[0]:.2f} s, its review workers' {cpu[1]:.2f} s")  # fmt: skip
    if reviewers:
        each = f"{statistics.median(took):.2f} s each (median)" if took else "none ended"
        line += f"; {len(took)} reviews, {each}, {len(refused)} refused (queue full)"
    return line + (f", {len(failed)} writes failed ({failed[0]})" if failed else ""), p99(writes)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--voters", type=int, default=1_000_000)
    parser.add_argument("--keep", type=Path, help="Where the voter store is (or is made).")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--reviewers", type=int, default=4)
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--review-workers", type=int, default=1)
    parser.add_argument("--review-queue", type=int, default=3)
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="nyballot-review-load-"))
    folder.mkdir(parents=True, exist_ok=True)
    store = voter_store(folder, args.voters)
    lines = folder / "lines-2000.csv"
    if not lines.exists():  # kept with the store: the same lines every run
        make_lines(store, 2000, lines)
    desk_dir = Path(tempfile.mkdtemp(prefix="nyballot-review-load-desk-"))
    url, key_file = f"sqlite:///{desk_dir / 'desk.sqlite3'}", desk_dir / "board.key"
    new_key(key_file)
    token = Desk(url, key=load_key(str(key_file))).create_token("Bench Clerk", "clerk")
    server, base = started(
        ["--db", url, "--voters-db", str(store), "--rate-limit", "0", "--signing-key",
         str(key_file), "--review-workers", str(args.review_workers), "--review-queue",
         str(args.review_queue)],
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    body = lines.read_bytes()
    try:
        print(f"voter store {store} ({store.stat().st_size / 1e9:.2f} GB); {load()}")
        for number in range(1, args.turns + 1):
            alone, floor = turn(base, token, body, 0, args.seconds, server.pid)
            print(f"  turn {number}, the clerk alone: {alone}", flush=True)
            beside, loaded = turn(base, token, body, args.reviewers, args.seconds, server.pid)
            print(f"  turn {number}, beside {args.reviewers} public reviews: {beside}; "
                  f"p99 {loaded / floor:.1f}x the clerk's alone", flush=True)  # fmt: skip
        print(f"  {load()}")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
