"""The book's hash chain: each record's hash covers its content and the board's previous hash.

A board's records, in the order they were recorded, form one chain: ``prev_hash`` of a record is
``hash`` of the board's record before it ("" for the first), and ``hash`` is SHA-256 over
``prev_hash`` and the record's canonical content. Rewriting any stored value, deleting or
reordering a record breaks the chain at that record or the next. The last hash of each day is
the day's digest: whoever kept a digest can later show the book up to that day is unchanged.
Pure functions over rows of the ``filings`` table (mappings).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from nyballot.errors import UsageError

# Every stored column but the row number (assigned by the database) and the hash itself. Fixed
# here, not read from the schema: a column added later must not change the hash of old records.
CHAINED = (
    "uid", "idempotency_key", "request_hash", "kind", "board", "year", "law", "what_if",
    "method", "received_at", "postmark", "office", "district", "party", "independent_body",
    "candidates", "refers_to", "outcome", "fee_cents", "note", "verdict", "fatal", "filed_on",
    "decision", "clerk", "recorded_at", "late_reason", "supersedes", "prev_hash",
)  # fmt: skip
_BOOLEAN = frozenset(("independent_body", "fatal"))
# The canonical form: keys sorted, no spaces, every character outside printable ASCII escaped.
_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def canonical(content: Mapping[str, Any]) -> bytes:
    """``content`` in the canonical form. orjson writes the same bytes ten times faster as long
    as every character is printable ASCII or one of the control characters both escape alike
    (below DEL); a text with DEL or beyond (which orjson leaves unescaped) takes the slow road,
    so the bytes, and every hash ever recorded, stay the same."""
    try:
        fast = orjson.dumps(content, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:  # a value orjson does not take (an integer beyond 64 bits)
        return _CANONICAL.encode(content).encode()
    if fast.isascii() and b"\x7f" not in fast:
        return fast
    return _CANONICAL.encode(content).encode()


def record_hash(row: Mapping[str, Any]) -> str:
    """The hash of a row (its ``prev_hash`` included) in a form no database changes."""
    content = {c: bool(row[c]) if c in _BOOLEAN else row[c] for c in CHAINED}
    return hashlib.sha256(canonical(content)).hexdigest()


@dataclass(frozen=True)
class Break:
    """The first record at which a board's chain does not hold."""

    board: str
    seq: int
    uid: str
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"board": self.board, "seq": self.seq, "uid": self.uid, "reason": self.reason}


def first_break(rows: Iterable[Mapping[Any, Any]]) -> Break | None:
    """The first broken record (in row order), or None when every board's chain holds."""
    last: dict[str, tuple[int, str]] = {}
    for row in rows:
        board = row["board"]
        seq, previous = last.get(board, (0, ""))
        where = (board, row["id"], row["uid"])
        if row["prev_hash"] != previous:
            before = f"record #{seq}" if seq else "the start of the board's book"
            return Break(*where, f"its previous hash does not match {before}")
        if row["hash"] != record_hash(row):
            return Break(*where, "its hash does not match its content")
        last[board] = (row["id"], row["hash"])
    return None


def digests(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The last hash of each day on which each board recorded something, by board and day
    (``records`` as ``records.record_dict`` gives them, in row order)."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for r in records:
        day = str(r["recorded_at"])[:10]
        found[(r["board"], day)] = {
            "board": r["board"],
            "day": day,
            "seq": r["seq"],
            "hash": r["hash"],
        }
    return [found[k] for k in sorted(found)]


DIGEST = re.compile(r"[0-9a-f]{64}")


def kept_digests(records: Iterable[Mapping[str, Any]], kept: Iterable[str]) -> list[dict[str, Any]]:
    """Each digest someone kept, and the record that bears it now: once the chain holds, a
    kept digest still borne by a record proves the board's book unchanged up to that record;
    one borne by none means a record up to it was rewritten or removed (deleting a board's last
    records leaves the chain whole, so only a kept digest shows it)."""
    bearing = {str(r["hash"]): r for r in records}
    found = []
    for given in kept:
        digest = given.strip().lower()
        if not DIGEST.fullmatch(digest):
            raise UsageError(
                f"digest '{given[:70]}': expected the 64 hexadecimal digits of a daily digest",
                fields=("digest",),
            )
        r = bearing.get(digest)
        found.append(
            {"hash": digest, "found": r is not None}
            | ({"board": r["board"], "seq": r["seq"]} if r is not None else {})
        )
    return found
