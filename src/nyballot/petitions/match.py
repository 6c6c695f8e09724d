"""Finding the voter a signature line names: DuckDB blocks, rapidfuzz scores.

Blocking keeps the pairs to score few: a line is compared only with voters at the same house
number who either live on a street with the same key and have a surname with the same first
letter, or share the surname and the first name's initial. DuckDB answers both
with hash joins over the whole file and keeps each line's best three by a rough name score; the
final score, and what matched and what differed, come from rapidfuzz in Python.

A match needs the house number, a street and a name close enough that the signer is identified
beyond doubt; anything less is ``not_found``. A near-miss (a name variant, an apartment left out)
is reported with what differed, and the review reads it under § 6-134(10). A street's name may
be misspelt, but not be another street's: a numbered street's number must agree, and a named
street's first letter (122nd St is not 121 St, Mill Dr is not Hill Dr).
"""

from __future__ import annotations

import csv
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb
from rapidfuzz.distance import JaroWinkler
from rapidfuzz.fuzz import ratio

from nyballot.petitions.parse import Address, Name, parse_address, parse_name, street_name
from nyballot.voters.layout import SHOWN_FIELDS
from nyballot.voters.normal import norm, street_key

LAST_AT_LEAST = 0.88
FIRST_AT_LEAST = 0.80
STREET_AT_LEAST = 0.80
WEIGHTS = {"last name": 0.35, "first name": 0.25, "house number": 0.15, "street": 0.25}
KEPT_PER_LINE = 3

_EXTRA = ("last_n", "first_n", "house_n", "street_n", "regdate_on", "purge_date_on")


@dataclass(frozen=True, slots=True)
class Query:
    """A name and address to look for (a signer's or a witness's)."""

    name: str
    address: str


@dataclass
class Match:
    voter: dict[str, Any]
    score: float
    matched: list[str] = field(default_factory=list)
    differed: list[str] = field(default_factory=list)

    @property
    def exact(self) -> bool:
        return not self.differed

    def as_dict(self) -> dict[str, Any]:
        return {"score": round(self.score, 3), "matched": self.matched, "differed": self.differed}


def find(con: duckdb.DuckDBPyConnection, queries: Sequence[Query]) -> list[Match | None]:
    """The best match for each query, or None.

    A query given twice (a witness who also signs, a line copied) is looked up once, and each
    distinct name and address is read once.
    """
    distinct = list(dict.fromkeys(queries))
    names = {text: parse_name(text) for text in {q.name for q in distinct}}
    addresses = {text: parse_address(text) for text in {q.address for q in distinct}}
    parsed = [(names[q.name], addresses[q.address]) for q in distinct]
    candidates = _candidates(con, parsed)
    best = {
        query: _best(name, address, candidates.get(number, []))
        for number, (query, (name, address)) in enumerate(zip(distinct, parsed, strict=True))
    }
    return [best[q] for q in queries]


def _candidates(
    con: duckdb.DuckDBPyConnection, parsed: list[tuple[Any, Any]]
) -> dict[int, list[dict[str, Any]]]:
    with tempfile.TemporaryDirectory(prefix="nyballot-review-") as folder:
        path = Path(folder) / "q.csv"
        with path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(["qid", "last", "first", "house", "skey", "li", "fi"])
            for number, (name, address) in enumerate(parsed):
                if address.house and name.last:
                    keys = [address.house, address.street_key, name.last[:1], name.first[:1]]
                    writer.writerow([number, name.last, name.first, *keys])
        shown = ", ".join(f'v."{f}"' for f in SHOWN_FIELDS)
        extra = ", ".join(f"v.{f}" for f in _EXTRA)
        # Only the keys go through the joins, the de-duplication and the ranking: the shown
        # fields are fetched for the kept (at most three a line) at the end, matched on every
        # key so that each kept pair is the voter row that was blocked and ranked.
        sql = f"""
            WITH q AS (SELECT * FROM read_csv(?, header = true, all_varchar = true)),
            pairs AS (
                SELECT q.qid, q.last ql, q.first qf, q.house, v.SBOEID, v.last_n, v.first_n
                FROM q JOIN voters v ON v.house_n = q.house AND v.street_key = q.skey
                    AND left(v.last_n, 1) = q.li
                UNION
                SELECT q.qid, q.last ql, q.first qf, q.house, v.SBOEID, v.last_n, v.first_n
                FROM q JOIN voters v ON v.house_n = q.house AND v.last_n = q.last
                    AND left(v.first_n, 1) = q.fi
            ),
            kept AS (
                SELECT qid, house, SBOEID, last_n, first_n FROM pairs
                QUALIFY row_number() OVER (
                    PARTITION BY qid ORDER BY jaro_winkler_similarity(last_n, ql)
                    + jaro_winkler_similarity(first_n, qf) DESC, SBOEID) <= {KEPT_PER_LINE}
            )
            SELECT k.qid, {shown}, {extra}
            FROM kept k JOIN voters v ON v.SBOEID = k.SBOEID AND v.house_n = k.house
                AND v.last_n = k.last_n AND v.first_n = k.first_n
            QUALIFY row_number() OVER (PARTITION BY k.qid, k.SBOEID ORDER BY k.SBOEID) = 1
        """
        result = con.execute(sql, [str(path)])
        names = [d[0] for d in result.description]
        found: dict[int, list[dict[str, Any]]] = {}
        for row in result.fetchall():
            record = dict(zip(names, row, strict=True))
            found.setdefault(int(record.pop("qid")), []).append(record)
        return found


def _best(name: Name, address: Address, voters: list[dict[str, Any]]) -> Match | None:
    """The closest voter whose name and street are both close enough (ties: the higher
    SBOEID), with what matched and what differed."""
    best: tuple[float, Any, dict[str, Any], dict[str, float]] | None = None
    for voter in voters:
        parts = _parts(name, address, voter)
        if parts is None:
            continue
        score = sum(WEIGHTS[k] * v for k, v in parts.items())
        if best is None or (score, voter["SBOEID"]) > best[:2]:
            best = (score, voter["SBOEID"], voter, parts)
    return None if best is None else _explained(name, address, best[2], best[0], best[3])


def _parts(name: Name, address: Address, voter: dict[str, Any]) -> dict[str, float] | None:
    """How close each part is, or None as soon as one is not close enough (most candidates
    fail on the first part compared)."""
    last = JaroWinkler.normalized_similarity(name.last, voter["last_n"])
    if last < LAST_AT_LEAST:
        return None
    first = _first_name(name.first, voter["first_n"])
    if first < FIRST_AT_LEAST:
        return None
    on_file = street_name(voter["street_n"])
    street = ratio(address.street, on_file) / 100
    if street < STREET_AT_LEAST or not _same_street(address.street_key, street_key(on_file)):
        return None
    return {"last name": last, "first name": first, "house number": 1.0, "street": street}


def _explained(
    name: Name, address: Address, voter: dict[str, Any], score: float, parts: dict[str, float]
) -> Match:
    match = Match(voter, score)
    written = {"last name": name.last, "first name": name.first, "street": address.street}
    on_file = {
        "last name": voter["last_n"],
        "first name": voter["first_n"],
        "street": street_name(voter["street_n"]),
    }
    for part, value in parts.items():
        if value == 1.0:
            match.matched.append(part)
        else:
            match.differed.append(
                f"{part}: '{written[part]}' on the line, '{on_file[part]}' on file"
            )
    apartment = norm(voter.get("RAPARTMENT"))
    if apartment and not address.apartment:
        match.differed.append(f"apartment: none on the line, '{apartment}' on file")
    elif apartment and address.apartment != apartment:
        match.differed.append(
            f"apartment: '{address.apartment}' on the line, '{apartment}' on file"
        )
    elif apartment:
        match.matched.append("apartment")
    return match


def _same_street(written: str, on_file: str) -> bool:
    """Whether two streets' keys (the name after any direction) can name one street: equal, or
    a misspelling, which keeps the first letter and has no number (a number that differs is
    another street, never a slip of the pen)."""
    if written == on_file:
        return True
    if any(c.isdigit() for c in written + on_file):
        return False
    return written[:1] == on_file[:1]


def _first_name(written: str, on_file: str) -> float:
    """An initial that agrees counts as close as a spelling variant."""
    if len(written) == 1 and on_file.startswith(written):
        return FIRST_AT_LEAST
    return float(JaroWinkler.normalized_similarity(written, on_file))
