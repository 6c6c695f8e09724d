"""The book's hash chain: each record's hash covers its content and the board's previous hash.

A board's records, in the order they were recorded, form one chain: ``prev_hash`` of a record is
``hash`` of the board's record before it ("" for the first), and ``hash`` is SHA-256 over
``prev_hash`` and the record's canonical content. Rewriting any stored value, deleting or
reordering a record breaks the chain at that record or the next. The last hash of each day is
the day's digest: whoever kept a digest can later show the book up to that day is unchanged.

A record of form 2 also covers its ``seq`` and the id of the key that signed it, and carries the
board's signature of its hash (``keys``): a correct hash is within reach of anyone who can write
to the database, the signature only of whoever holds the key. Once a board's chain is in form 2,
or signed, every later record must be too (a forger would otherwise write the old form).
Records of form 1, made before, verify as they always did and are reported unsigned.

The access log is one chain of its own (``log_hash``), over every line in the order written.
Pure functions over rows of the tables (mappings).
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
# here, not read from the schema: a column added later must not change the hash of old records
# (``special``, added later, is covered only where a record names one).
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


SIGNED_FORM = 2
LOGGED = ("at", "who", "action", "target", "client", "outcome", "prev_hash")


def record_hash(row: Mapping[str, Any]) -> str:
    """The hash of a row (its ``prev_hash`` included) in a form no database changes."""
    content = {c: bool(row[c]) if c in _BOOLEAN else row[c] for c in CHAINED}
    if row.get("special") is not None:  # covered where named: older records hash as before
        content["special"] = row["special"]
    if row.get("form", 1) >= SIGNED_FORM:
        content |= {"seq": row["id"], "form": row["form"], "key_id": row["key_id"]}
    return hashlib.sha256(canonical(content)).hexdigest()


def log_hash(row: Mapping[str, Any]) -> str:
    """The hash of an access-log line, over its content and the previous line's hash."""
    return hashlib.sha256(canonical({c: row[c] for c in LOGGED})).hexdigest()


@dataclass(frozen=True)
class Break:
    """The first record at which a board's chain does not hold."""

    board: str
    seq: int
    uid: str
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"board": self.board, "seq": self.seq, "uid": self.uid, "reason": self.reason}


def first_break(
    rows: Iterable[Mapping[Any, Any]], keys: Mapping[str, str] | None = None
) -> Break | None:
    """The first broken record (in row order), or None when every board's chain holds and
    every signature is the board's: ``keys`` are the public keys to trust, by id (None: a
    signature is not checked, only the chain)."""
    last: dict[str, tuple[int, str, int, bool]] = {}
    for row in rows:
        board = row["board"]
        seq, previous, form, signed = last.get(board, (0, "", 1, False))
        where = (board, row["id"], row["uid"])
        if row["prev_hash"] != previous:
            before = f"record #{seq}" if seq else "the start of the board's book"
            return Break(*where, f"its previous hash does not match {before}")
        problem = _form_problem(row, form, signed) or _signature_problem(row, keys)
        if problem is not None:
            return Break(*where, problem)
        if row["hash"] != record_hash(row):
            return Break(*where, "its hash does not match its content")
        last[board] = (row["id"], row["hash"], row.get("form", 1), bool(row.get("signature")))
    return None


def _form_problem(row: Mapping[Any, Any], form: int, signed: bool) -> str | None:
    if row.get("form", 1) < form:
        return "it is in the old form (seq not covered) after records in the new: forged"
    if signed and not row.get("signature"):
        return "it is unsigned after signed records: not made by the desk"
    return None


def _signature_problem(row: Mapping[Any, Any], keys: Mapping[str, str] | None) -> str | None:
    from nyballot.filing.keys import signed_by  # the chain alone needs no cryptography

    signature, key = row.get("signature"), row.get("key_id")
    if keys is None or not (signature or key):
        return None
    if not signature or not key:
        return "it names a key without a signature, or a signature without a key"
    if key not in keys:
        return f"it is signed by key {key}, not the board's key"
    if not signed_by(keys[key], row["hash"], signature):
        return f"its signature is not the board's (key {key})"
    return None


def log_break(rows: Iterable[Mapping[Any, Any]]) -> tuple[int, int | None]:
    """(lines checked, the id of the first access-log line whose chain does not hold)."""
    previous, count = "", 0
    for row in rows:
        count += 1
        if row["prev_hash"] != previous or row["hash"] != log_hash(row):
            return count, int(row["id"])
        previous = row["hash"]
    return count, None


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
