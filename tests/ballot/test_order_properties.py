"""Invariants of the order: the ballot never depends on the order of the input."""

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from nyballot.ballot import build_ballot, parse_ballot
from nyballot.law.bills import choose_law

SURNAMES = ("Ávila", "Baker", "Cole", "Lee", "Smith", "Young")
GIVEN = ("Ann", "Bo", "Cy")


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    offices = []
    for n in range(draw(st.integers(1, 3))):
        people = draw(
            st.lists(
                st.tuples(st.sampled_from(GIVEN), st.sampled_from(SURNAMES)),
                min_size=2,
                max_size=6,
                unique=True,
            )
        )
        seats = draw(st.integers(1, 3))
        candidates = [
            {
                "id": f"o{n}-{g}-{s}",
                "name": f"{g} {s}",
                "petition": f"o{n}-P{draw(st.integers(0, 2))}",
                "filed": f"2016-04-0{draw(st.integers(1, 3))}T09:00:00",
            }
            for g, s in people
        ]
        kind = draw(st.sampled_from(["public-office", "party-position", "county-committee"]))
        offices.append(
            {
                "id": f"o{n}",
                "kind": kind,
                "seats": seats,
                "candidates": candidates,
                "convention": "c" if kind == "party-position" else None,
            }
        )
    return {
        "party": "D",
        "seed": "s",
        "new_york_city": draw(st.booleans()),
        "election_district_index": draw(st.integers(1, 7)),
        "offices": offices,
    }


def _printed(doc: dict[str, Any]) -> dict[str, list[str]]:
    b = build_ballot(parse_ballot(doc), choose_law(None))
    return {c.office: [line.printed for line in c.lines] for c in b.contests}


def _shuffle_keeping_petition_order(candidates: list[Any], rnd: Any) -> list[Any]:
    """A random order of the list in which each petition's names keep their order (the order
    of names on a petition is part of the input the law reads: § 7-116(3))."""
    slots = rnd.sample(candidates, len(candidates))
    queues: dict[str, list[Any]] = {}
    for c in candidates:
        queues.setdefault(c["petition"], []).append(c)
    return [queues[c["petition"]].pop(0) for c in slots]


@given(documents(), st.randoms(use_true_random=False))
def test_the_order_never_depends_on_the_inputs_order(doc: dict[str, Any], rnd: Any) -> None:
    # Offices keep their order (it is the order of titles on the ballot); candidates are
    # shuffled, each petition's names kept in petition order.
    expected = _printed(doc)
    shuffled = {**doc, "offices": [dict(o) for o in doc["offices"]]}
    for o in shuffled["offices"]:
        o["candidates"] = _shuffle_keeping_petition_order(o["candidates"], rnd)
    assert _printed(shuffled) == expected
