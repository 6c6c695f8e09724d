"""Time a comparison of two calendars (run: .venv/bin/python benchmarks/bench_compare.py)."""

from __future__ import annotations

import time

from nyballot.compare import LawChoice, compare
from nyballot.law.loader import load_law


def main() -> None:
    started = time.perf_counter()
    load_law()
    loaded = time.perf_counter()
    for _ in range(20):
        compare(2016, LawChoice(), LawChoice(overlays=("S5961",)))
    done = time.perf_counter()
    each = (done - loaded) / 20
    print(f"load law: {loaded - started:.3f}s; compare 2016 with S5961: {each:.3f}s")


if __name__ == "__main__":
    main()
