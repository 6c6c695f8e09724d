"""The voters a line could be, as the clerk types it: the review's own blocking and scoring
(``petitions.match``), for one name and address, the closest first.

Only a help for finding the voter: what the clerk keys is what the line says, and the review
rules on that, never on a choice made here.
"""

from __future__ import annotations

from typing import Any

import duckdb

from nyballot.petitions.match import MATCH_AT_LEAST, best_of, candidates
from nyballot.petitions.parse import parse_address, parse_name

SHOWN = 5  # the candidates shown beside the fields
MAX_TYPED = 200


def lookup(con: duckdb.DuckDBPyConnection, name: str, address: str) -> list[dict[str, Any]]:
    """Up to ``SHOWN`` voters who could be the line, each scored as the review scores it, with
    whether the review would take it (its score reaches the review's threshold)."""
    name, address = name.strip()[:MAX_TYPED], address.strip()[:MAX_TYPED]
    if not name or not address:
        return []
    parsed = (parse_name(name), parse_address(address))
    found = candidates(con, [parsed]).get(0, [])
    scored = []
    for voter in found:
        match = best_of(*parsed, [voter], threshold=0.0)
        if match is not None:
            scored.append((match.score, voter))
    scored.sort(key=lambda s: (-s[0], str(s[1]["SBOEID"])))
    return [_shown(score, voter) for score, voter in scored[:SHOWN]]


def _shown(score: float, voter: dict[str, Any]) -> dict[str, Any]:
    names = (voter.get("FIRSTNAME"), voter.get("MIDDLENAME"), voter.get("LASTNAME"),
             voter.get("NAMESUFFIX"))  # fmt: skip
    street = (voter.get("RADDNUMBER"), voter.get("RPREDIRECTION"), voter.get("RSTREETNAME"),
              voter.get("RPOSTDIRECTION"))  # fmt: skip
    apartment = f" apt {voter['RAPARTMENT']}" if voter.get("RAPARTMENT") else ""
    return {
        "sboeid": str(voter["SBOEID"]),
        "name": " ".join(str(x) for x in names if x),
        "address": " ".join(str(x) for x in street if x)
        + apartment
        + (f", {voter['RCITY']}" if voter.get("RCITY") else ""),
        "enrollment": voter.get("ENROLLMENT") or "",
        "status": voter.get("STATUS") or "",
        "score": round(score, 3),
        "matches": score >= MATCH_AT_LEAST,
    }
