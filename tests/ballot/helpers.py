from typing import Any

from nyballot.ballot import build_ballot, parse_ballot
from nyballot.ballot.model import Ballot
from nyballot.law.bills import choose_law


def office(oid: str, *names: str, kind: str = "public-office", seats: int = 1, **extra: Any) -> Any:
    candidates = [{"id": n.lower().replace(" ", "-"), "name": n} for n in names]
    return {
        "id": oid,
        "title": oid,
        "kind": kind,
        "seats": seats,
        "candidates": candidates,
        **extra,
    }


def ballot(
    *offices: Any,
    nyc: bool = True,
    index: int = 1,
    bills: tuple[str, ...] = (),
    seed: str | None = "s",
    law: str | None = None,
) -> Ballot:
    doc = {
        "party": "Democratic",
        "place": "test",
        "new_york_city": nyc,
        "election_district_index": index,
        "offices": list(offices),
    }
    if seed is not None:
        doc["seed"] = seed
    return build_ballot(parse_ballot(doc), choose_law(law, bills))


def names(b: Ballot, oid: str) -> list[str]:
    contest = next(c for c in b.contests if c.office == oid)
    return [line.printed for line in contest.lines]
