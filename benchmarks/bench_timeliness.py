"""Verdicts and clocks per second, as a ratio to a floor measured in the same run.

    .venv/bin/python benchmarks/bench_timeliness.py [--n 2000]

A verdict reads § 1-106 as provisions of the calendar's law (looked up once per law and
cached); an objection clock evaluates the § 6-154(2) rule with the paper's date given. The floor
is one SHA-256 of a short text per paper, so the ratio moves less with the machine's load.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import time

from nyballot.calendar.engine import build_calendar
from nyballot.filing import clocks
from nyballot.filing.model import BOARDS, NEW_YORK, FilingKind, Paper
from nyballot.filing.timeliness import decide


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000)
    n = parser.parse_args().n
    cal = build_calendar(2026)
    papers = [
        Paper(
            kind=FilingKind.DESIGNATING_PETITION,
            board=BOARDS["erie"],
            year=2026,
            received=dt.datetime(2026, 3, 31, 9 + i % 8, i % 60, tzinfo=NEW_YORK),
        )
        for i in range(n)
    ]
    decide(papers[0], cal)  # warm the law and the provisions
    clocks.objection_clock(dt.date(2026, 3, 31), calendar=cal)
    start = time.perf_counter()
    for p in papers:
        decide(p, cal)
    verdicts = time.perf_counter() - start
    start = time.perf_counter()
    for i in range(n):
        clocks.objection_clock(dt.date(2026, 3, 1) + dt.timedelta(days=i % 60), calendar=cal)
    clock = time.perf_counter() - start
    start = time.perf_counter()
    for i in range(n):
        hashlib.sha256(str(i).encode() * 50).hexdigest()
    floor = time.perf_counter() - start
    print(f"verdicts        {n / verdicts:>10,.0f}/s   {verdicts / floor:6.1f} x the floor")
    print(f"objection clock {n / clock:>10,.0f}/s   {clock / floor:6.1f} x the floor")
    print(f"floor (SHA-256) {n / floor:>10,.0f}/s")


if __name__ == "__main__":
    main()
