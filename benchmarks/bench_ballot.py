"""Time a ballot of the largest size accepted (2,000 candidates), against a floor.

The floor, measured in the same run, is the least work any drawing by lot needs: one SHA-256
ticket per candidate. The ratio says how much the rest (reading the input, parsing names,
collation, groups, the reasoning written for each step) costs on top of it.

Run: .venv/bin/python benchmarks/bench_ballot.py
"""

from __future__ import annotations

import random
import timeit
from typing import Any

from nyballot.ballot import build_ballot, parse_ballot, ticket
from nyballot.ballot.names import name_parts
from nyballot.law.bills import choose_law
from nyballot.law.choice import LawChoice

GIVEN = ("Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "José")
SURNAMES = ("Ávila", "Baker", "Cole", "Dunn", "Lee", "Moss", "Núñez", "Smith Jr.", "Young")


def document(nyc: bool) -> dict[str, Any]:
    rng = random.Random(2016)
    offices = []
    for o in range(100):
        candidates = [
            {
                "id": f"o{o}-c{c}",
                "name": f"{rng.choice(GIVEN)} {rng.choice(GIVEN)} {rng.choice(SURNAMES)}",
                "petition": f"o{o}-P{c // 3}",
            }
            for c in range(20)
        ]
        offices.append(
            {"id": f"o{o}", "kind": "party-position", "seats": 3, "candidates": candidates}
        )
    return {"party": "D", "seed": "bench", "new_york_city": nyc, "offices": offices}


def cold(doc: dict[str, Any], law: LawChoice) -> None:
    """One ballot with no name parsed before (names are cached within a process)."""
    name_parts.cache_clear()
    build_ballot(parse_ballot(doc), law)


def measure(nyc: bool, runs: int = 5) -> tuple[float, float]:
    """Seconds per ballot, and per floor (one ticket per candidate)."""
    law = choose_law(None)
    doc = document(nyc)
    keys = [c["id"] for o in doc["offices"] for c in o["candidates"]]
    build = timeit.timeit(lambda: cold(doc, law), number=runs) / runs
    floor = timeit.timeit(lambda: [ticket("bench", "o", k) for k in keys], number=runs) / runs
    return build, floor


def main() -> None:
    for nyc in (False, True):
        build, floor = measure(nyc)
        where = "New York City" if nyc else "outside the city"
        print(
            f"ballot of 2,000 candidates, {where}: {build * 1000:.1f} ms; floor (2,000 tickets) "
            f"{floor * 1000:.2f} ms; ratio {build / floor:.0f}"
        )


if __name__ == "__main__":
    main()
