"""How fast is a calendar computed? Run: .venv/bin/python benchmarks/bench_calendar.py

One year's full calendar (every kind of rule), warm and in-process, against a floor measured in
the same run: a plain-datetime loop that computes as many dates as the calendar holds, each as
a plain program would read the statute's words "the Nth Monday before the primary": walk back
from the primary a day at a time counting Mondays (N from 1 to 13 in turn), then step forward
while the day is a Saturday, Sunday or one of the year's public holidays. The figure that
matters is the ratio, which does not depend on the machine's speed (it is busy or not); the
target is at most 6. Then every year the law covers, for throughput.
"""

from __future__ import annotations

import argparse
import datetime as dt
import time
from collections.abc import Callable

from nyballot.calendar.engine import build_calendar
from nyballot.law.loader import load_law
from nyballot.reckoning.holidays import holidays as public_holidays

TARGET = 6.0


def best_of(funcs: list[Callable[[], object]], rounds: int, repeat: int = 7) -> list[float]:
    """The best time per call of each function over ``repeat`` runs of ``rounds`` calls, the
    functions taking turns so that both meet the same load on a shared machine."""
    best = [float("inf")] * len(funcs)
    for _ in range(repeat):
        for n, func in enumerate(funcs):
            started = time.perf_counter()
            for _ in range(rounds):
                func()
            best[n] = min(best[n], (time.perf_counter() - started) / rounds)
    return best


def plain_dates(count: int) -> Callable[[], list[dt.date]]:
    """``count`` dates by plain datetime arithmetic (see the module's docstring)."""
    primary = dt.date(2026, 6, 23)
    one_day = dt.timedelta(days=1)
    holidays = {h.date for h in public_holidays(primary.year)}

    def run() -> list[dt.date]:
        found = []
        for i in range(count):
            day, mondays = primary, 0
            while mondays < 1 + i % 13:
                day -= one_day
                mondays += day.weekday() == 0
            while day.weekday() >= 5 or day in holidays:
                day += one_day
            found.append(day)
        return found

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--year", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    started = time.perf_counter()
    load_law()
    loaded = time.perf_counter() - started
    cal = build_calendar(args.year)  # warm: the law for the year merged and checked once
    dates = sum(d is not None for x in cal.deadlines for d in (x.opens, x.closes))

    def calendar() -> object:
        return build_calendar(args.year)

    per_calendar, floor = best_of([calendar, plain_dates(dates)], args.rounds)
    ratio = per_calendar / floor
    print(f"law data loaded in {loaded * 1000:.0f} ms (read from the cache on disk once filled)")
    print(
        f"{args.year}: {len(cal.deadlines)} rules, {dates} dates: {per_calendar * 1e6:.0f} µs "
        f"per calendar; plain datetime loop for {dates} dates: {floor * 1e6:.1f} µs; "
        f"ratio {ratio:.1f} (target <= {TARGET:g}){'' if ratio <= TARGET else '  OVER TARGET'}"
    )
    years = list(range(1993, 2041))
    started = time.perf_counter()
    for year in years:
        build_calendar(year)
    elapsed = time.perf_counter() - started
    print(f"{len(years)} years, each once: {len(years) / elapsed:.0f} calendars/s")


if __name__ == "__main__":
    main()
