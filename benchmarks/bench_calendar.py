"""How fast is a calendar computed? Run: .venv/bin/python benchmarks/bench_calendar.py

Measures whole calendars (both conventions are evaluated for each, to note where they differ)
for every year the law covers, after the law data is loaded once.
"""

from __future__ import annotations

import time

from nyballot.calendar.engine import build_calendar
from nyballot.law.loader import load_law


def main() -> None:
    started = time.perf_counter()
    load_law()
    loaded = time.perf_counter() - started
    years = list(range(1993, 2041))
    rounds = 5
    started = time.perf_counter()
    for _ in range(rounds):
        for year in years:
            build_calendar(year)
    elapsed = time.perf_counter() - started
    count = rounds * len(years)
    print(f"law data loaded and checked in {loaded * 1000:.0f} ms")
    print(f"{count} calendars in {elapsed:.2f} s: {count / elapsed:.0f} calendars/s")


if __name__ == "__main__":
    main()
