"""Server-side render time of the web pages, for a year's calendar and every other view.

.venv/bin/python benchmarks/bench_pages.py [--repeat 30]

Each page is requested in process (no network) and timed from request to full body; the
floor is ``GET /health`` timed the same way in the same run, so the ratio says how much the
page itself costs on this machine at this moment. Every page is requested once first (the law
data is loaded and the templates compiled once per process); then "cold" clears the calendar
cache (the calendar is computed, then rendered) and "warm" is the median of repeated requests.
The target: every page under 100 ms.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from nyballot.web import common, create_app

PAGES = [
    "/web/calendar/2026",
    "/web/mine?year=2026&on=2026-04-03",
    "/web/glance/2026?on=2026-04-03",
    "/web/compare/2016?with=S5961",
    "/web/explain/2026/designating_petition.filing",
    "/web/law/current",
    "/web/holidays/2026",
    "/web/due?on=2026-04-02",
    "/web/signatures?office=member-of-assembly&votes_for_governor=41234",
    "/",
]
TARGET_MS = 100.0


def timed(get: Callable[[], object]) -> float:
    start = time.perf_counter()
    get()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    with tempfile.TemporaryDirectory() as folder:
        client = TestClient(create_app(f"sqlite:///{Path(folder) / 'bench.sqlite3'}"))

        def get(path: str) -> Callable[[], object]:
            def one() -> object:
                response = client.get(path)
                response.raise_for_status()
                return response.content

            return one

        for _ in range(20):
            get("/health")()
        for path in PAGES:
            get(path)()
        floor = statistics.median(timed(get("/health")) for _ in range(args.repeat))
        print(f"floor: GET /health {floor:.2f} ms (median of {args.repeat})")
        print(f"{'page':<72} {'cold ms':>8} {'warm ms':>8} {'ratio':>6}")
        slow = []
        for path in PAGES:
            common._calendar.cache_clear()
            cold = timed(get(path))
            warm = statistics.median(timed(get(path)) for _ in range(args.repeat))
            print(f"{path:<72} {cold:8.1f} {warm:8.1f} {warm / floor:6.1f}")
            if max(cold, warm) > TARGET_MS:
                slow.append(path)
        print("every page under 100 ms" if not slow else f"over 100 ms: {', '.join(slow)}")


if __name__ == "__main__":
    main()
