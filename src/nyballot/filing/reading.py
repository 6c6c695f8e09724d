"""The desk's reads a page at a time, each from an indexed query (a book of 100,000 filings is
never read whole to answer one page): the book's rows, what falls due, a filing's family, the
daily digests (kept in memory and brought up to date from the records added since).
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Connection, func, select

from nyballot.filing import book, kept_clocks
from nyballot.filing.clocks import Clock
from nyballot.filing.records import record_dict
from nyballot.filing.schema import clocks, filings

_MAX_DEPTH = 5  # petition, objection, specifications, determination: a family is shallow


def _where_board_year(table: Any, board_id: str | None, year: int | None) -> list[Any]:
    where = []
    if board_id is not None:
        where.append(table.c.board == board_id)
    if year is not None:
        where.append(table.c.year == year)
    return where


def _by(conn: Connection, column: Any, values: Iterable[str]) -> list[dict[str, Any]]:
    wanted = sorted({v for v in values if v})
    if not wanted:
        return []
    query = select(filings).where(column.in_(wanted)).order_by(filings.c.id)
    return [record_dict(r) for r in conn.execute(query)]


def book_page(
    conn: Connection, board_id: str | None, year: int | None, limit: int, offset: int
) -> tuple[list[dict[str, Any]], int, list[dict[str, Any]]]:
    """(the book's rows of one page, how many papers the book holds, the records read)."""
    where = [filings.c.kind.in_(book.PAPERS), *_where_board_year(filings, board_id, year)]
    total = conn.execute(select(func.count()).select_from(filings).where(*where)).scalar_one()
    query = select(filings).where(*where).order_by(filings.c.id).limit(limit).offset(offset)
    page = [record_dict(r) for r in conn.execute(query)]
    kids = _by(conn, filings.c.refers_to, (p["uid"] for p in page))
    grandchildren = _by(conn, filings.c.refers_to, (k["uid"] for k in kids))
    answered = _by(conn, filings.c.uid, (p["refers_to"] for p in page))
    records = {r["uid"]: r for r in (*page, *kids, *grandchildren, *answered)}
    ordered = sorted(records.values(), key=lambda r: r["seq"])
    return book.rows(ordered, {p["uid"] for p in page}), int(total), page


def family(conn: Connection, uid: str) -> list[dict[str, Any]]:
    """Every record that refers to ``uid``, at any depth, in seq order."""
    found: list[dict[str, Any]] = []
    frontier = [uid]
    for _ in range(_MAX_DEPTH):
        frontier_records = _by(conn, filings.c.refers_to, frontier)
        if not frontier_records:
            break
        found += frontier_records
        frontier = [r["uid"] for r in frontier_records]
    return sorted(found, key=lambda r: r["seq"])


def with_papers_named(conn: Connection, uids: Iterable[str]) -> dict[str, dict[str, Any]]:
    """The records of ``uids`` and the records they refer to, up the family, by uid."""
    found: dict[str, dict[str, Any]] = {}
    wanted = set(uids)
    for _ in range(_MAX_DEPTH):
        new = [r for r in _by(conn, filings.c.uid, wanted - found.keys())]
        if not new:
            break
        found |= {r["uid"]: r for r in new}
        wanted = {r["refers_to"] for r in new if r["refers_to"]}
    return found


def _due_where(
    board_id: str | None, year: int | None, on: dt.date | None, until: dt.date | None
) -> list[Any]:
    where = _where_board_year(clocks, board_id, year)
    if on is not None:
        where.append(clocks.c.due >= on.isoformat())
    if until is not None:
        where.append(clocks.c.due <= until.isoformat())
    return where


def due(
    conn: Connection,
    board_id: str | None,
    year: int | None,
    on: dt.date | None,
    until: dt.date | None = None,
    limit: int | None = None,
    offset: int = 0,
) -> list[Clock]:
    """The clocks still running on ``on`` (every clock if None) and, with ``until``, falling
    due by then, soonest first, a page at a time."""
    order = (clocks.c.due, clocks.c.name, clocks.c.filing)
    query = select(clocks).where(*_due_where(board_id, year, on, until)).order_by(*order)
    query = query.limit(limit).offset(offset) if limit is not None else query.offset(offset)
    return [kept_clocks.clock_of(r) for r in conn.execute(query).mappings()]


def due_count(
    conn: Connection,
    board_id: str | None,
    year: int | None,
    on: dt.date | None,
    until: dt.date | None = None,
) -> int:
    where = _due_where(board_id, year, on, until)
    return int(conn.execute(select(func.count()).select_from(clocks).where(*where)).scalar_one())


class Digests:
    """The last hash of each board's day, by year, kept and brought up to date from the records
    added since it was last read (ids grow with each record)."""

    def __init__(self) -> None:
        self._through = 0
        self._last: dict[tuple[str, int, str], tuple[int, str]] = {}
        self._lock = threading.Lock()

    def of(self, conn: Connection, board_id: str | None, year: int | None) -> list[dict[str, Any]]:
        columns = (
            filings.c.id,
            filings.c.board,
            filings.c.year,
            filings.c.recorded_at,
            filings.c.hash,
        )
        with self._lock:
            query = select(*columns).where(filings.c.id > self._through).order_by(filings.c.id)
            for seq, board_, year_, recorded_at, hash_ in conn.execute(query):
                self._last[(board_, year_, str(recorded_at)[:10])] = (seq, hash_)
                self._through = seq
            chosen = [
                (b, day, seq, h)
                for (b, y, day), (seq, h) in self._last.items()
                if (board_id is None or b == board_id) and (year is None or y == year)
            ]
        found: dict[tuple[str, str], tuple[int, str]] = {}
        for b, day, seq, h in chosen:
            if (b, day) not in found or found[(b, day)][0] < seq:
                found[(b, day)] = (seq, h)
        return [
            {"board": b, "day": day, "seq": seq, "hash": h}
            for (b, day), (seq, h) in sorted(found.items())
        ]
