"""Recorded filings as the command line and the API return them, and an entry replayed.

``record_dict`` turns a row of the filings table into the record both shells print;
``decision_dict`` and ``clock_dict`` do the same for a timeliness decision and a clock, and
``replay`` applies an entry's corrections, withdrawal and determinations. Pure functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from sqlalchemy import Row

from nyballot.filing import clocks
from nyballot.filing.model import KINDS, FilingKind
from nyballot.filing.timeliness import Decision


def decision_dict(d: Decision) -> dict[str, Any]:
    w = d.window
    return {
        "verdict": d.verdict.value,
        "fatal": d.fatal,
        "filed_on": d.filed_on.isoformat() if d.filed_on else None,
        "window": None if w is None else w.json,
        "derivation": [s.as_dict() for s in d.steps],
        "cites": d.cites,
    }


def record_dict(
    row: Row[Any] | Mapping[str, Any], decoded: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A row as the record both shells print. ``decoded``: its JSON columns (``candidates``,
    ``decision``) as the values they were written from, for a row just written (not parsed
    back)."""
    m = row._mapping if isinstance(row, Row) else row
    d = decoded if decoded is not None else {}
    return {
        "uid": m["uid"],
        "seq": m["id"],
        "kind": m["kind"],
        "title": KINDS[FilingKind(m["kind"])].title,
        "board": m["board"],
        "year": m["year"],
        "law": m["law"],
        "what_if": [w for w in m["what_if"].split(",") if w],
        "method": m["method"],
        "received": m["received_at"],
        "postmark": m["postmark"],
        "candidates": d["candidates"] if d else orjson.loads(m["candidates"]),
        "office": m["office"],
        "district": m["district"],
        "party": m["party"],
        "independent_body": bool(m["independent_body"]),
        "refers_to": m["refers_to"],
        "outcome": m["outcome"],
        "fee_cents": m["fee_cents"],
        "note": m["note"],
        "verdict": m["verdict"],
        "fatal": bool(m["fatal"]),
        "filed_on": m["filed_on"],
        "decision": d["decision"] if d else orjson.loads(m["decision"]),
        "clerk": m["clerk"],
        "recorded_at": m["recorded_at"],
        "idempotency_key": given_key(m["idempotency_key"]),
        "late_entry": {"reason": m["late_reason"]} if m["late_reason"] else None,
        "supersedes": m["supersedes"],
        "special": m.get("special"),  # a row written before the column was added has none
        "prev_hash": m["prev_hash"],
        "hash": m["hash"],
        "key_id": m["key_id"],
        "signature": m["signature"],
    }


def given_key(stored: str | None) -> str | None:
    """The idempotency key as the client gave it (stored with its board and token before it,
    separated by the unit separator, which a key given may not contain)."""
    return stored.rsplit("\x1f", 1)[-1] if stored else stored


def clock_dict(c: clocks.Clock) -> dict[str, Any]:
    return {
        "due": c.due.isoformat(),
        "name": c.name,
        "title": c.title,
        "cite": c.cite,
        "filing": c.filing,
        "derivation": [s.as_dict() for s in c.steps],
    }


def replay(original: dict[str, Any], related: list[dict[str, Any]]) -> dict[str, Any]:
    """The entry as it stands after its corrections, withdrawal and determinations: its status
    is "withdrawn", else the current determination's outcome, else "filed"."""
    state = {k: original[k] for k in ("uid", "kind", "office", "district", "party", "candidates")}
    state.update(status="filed", determination=None, corrections=0)
    for r in related:
        if r["refers_to"] != original["uid"]:
            continue
        if r["kind"] == FilingKind.CORRECTION:
            state["corrections"] += 1
            for key in ("office", "district", "party"):
                if r[key]:
                    state[key] = r[key]
            if r["candidates"]:
                state["candidates"] = r["candidates"]
        elif r["kind"] == FilingKind.WITHDRAWAL:
            state["status"] = "withdrawn"
        elif r["kind"] == FilingKind.DETERMINATION:
            # the latest stands: a different outcome is recorded only superseding the earlier
            state["determination"] = r["outcome"]
    if state["status"] != "withdrawn" and state["determination"]:
        state["status"] = state["determination"]
    return state
