"""The clocks kept in their own table, so that what falls due is read a page at a time.

A clock follows from a paper and from what refers to it (a withdrawal stops it, specifications
end the objection's, a determination of invalidity moves the court's), so the clocks of a
family, its first paper and every record that refers to it at any depth, are computed together
(``clocks.clocks_of``) and rewritten whenever one of them is recorded, in the same transaction.
The table is an index of the book, not part of it: ``rebuild`` makes it again from the records.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

import orjson
from sqlalchemy import Connection, delete, insert, inspect, select

from nyballot.calendar.model import Step
from nyballot.filing.clocks import Clock, SpecialCalendars, clocks_of
from nyballot.filing.records import record_dict
from nyballot.filing.schema import clocks as clocks_table
from nyballot.filing.schema import filings

COLUMNS = ("root", "board", "year", "due", "name", "title", "cite", "filing", "steps")


def rows_of(
    family: list[dict[str, Any]], specials: SpecialCalendars | None = None
) -> list[dict[str, Any]]:
    """The table's rows for a family's clocks (``family``: its records, in seq order; a
    special election's papers counted by its calendar, from ``specials``)."""
    root = family[0]
    return [
        {
            "root": root["uid"],
            "board": root["board"],
            "year": root["year"],
            "due": c.due.isoformat(),
            "name": c.name,
            "title": c.title,
            "cite": c.cite,
            "filing": c.filing,
            "steps": orjson.dumps([s.as_dict() for s in c.steps]).decode(),
        }
        for c in clocks_of(family, specials)
    ]


def clock_of(row: Mapping[Any, Any]) -> Clock:
    """A kept row as the clock it was made from."""
    steps = [
        Step(s["step"], dt.date.fromisoformat(s["date"]) if s["date"] else None, s["cite"], s["of"])
        for s in orjson.loads(row["steps"])
    ]
    due = dt.date.fromisoformat(row["due"])
    return Clock(row["name"], row["title"], due, row["cite"], row["filing"], steps)


def families(records: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Records (in seq order) grouped by the first paper of their family."""
    root_of: dict[str, str] = {}
    out: dict[str, list[dict[str, Any]]] = {}
    for r in records:  # a reference always points back in time
        root = root_of.get(r["refers_to"] or "", r["uid"])
        root_of[r["uid"]] = root
        out.setdefault(root, []).append(r)
    return out


def rebuild(conn: Connection, specials: SpecialCalendars | None = None) -> int:
    """Make the table again from the book; the number of clocks kept."""
    conn.execute(delete(clocks_table))
    # The columns the database has: a migration rebuilds before later columns are added.
    present = {c["name"] for c in inspect(conn).get_columns("filings")}
    query = select(*(c for c in filings.columns if c.name in present)).order_by(filings.c.id)
    records = (record_dict(r) for r in conn.execute(query))
    kept = 0
    for family in families(records).values():
        rows = rows_of(family, specials)
        if rows:
            conn.execute(insert(clocks_table), rows)
            kept += len(rows)
    return kept
