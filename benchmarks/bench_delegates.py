"""Time the delegate allocation for a state of 27 districts and five candidates.

Run: .venv/bin/python benchmarks/bench_delegates.py
"""

from __future__ import annotations

import random
import timeit

from nyballot.delegates import allocate
from nyballot.delegates.rules import delegate_rules
from nyballot.law.choice import LawChoice


def main() -> None:
    rng = random.Random(2016)
    results = {str(d): {c: rng.randint(0, 50_000) for c in "ABCDE"} for d in range(1, 28)}
    runs = 200
    rules = delegate_rules(LawChoice(overlays=("S5961",)), 2016)  # none in force
    seconds = timeit.timeit(lambda: allocate(results, 14, rules=rules), number=runs)
    print(f"allocate(27 districts, 5 candidates): {seconds / runs * 1000:.2f} ms")


if __name__ == "__main__":
    main()
