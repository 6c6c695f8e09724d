"""The desk's reads a page at a time, each from an indexed query (a book of 100,000 filings is
never read whole to answer one page): the book's rows, what falls due, a filing's family, the
daily digests (kept in memory and brought up to date from the records added since).

A page is asked for by a cursor, what the previous page ended on (``after``): the book's by the
last seq shown, what falls due by the last clock's day, name and filing. Read from the index from
there, a page deep in the book costs what the first does (an ``offset`` is counted through).
"""

from __future__ import annotations

import datetime as dt
import re
import threading
from collections.abc import Collection, Iterable, Sequence
from typing import Any, NamedTuple

from sqlalchemy import Connection, Engine, bindparam, func, select, tuple_

from nyballot.errors import UsageError
from nyballot.filing import book, kept_clocks
from nyballot.filing.clocks import Clock
from nyballot.filing.driver import read_row
from nyballot.filing.model import FilingKind
from nyballot.filing.records import record_dict
from nyballot.filing.schema import clocks, filings
from nyballot.filing.schema import keys as keys_table

_MAX_DEPTH = 5  # petition, objection, specifications, determination: a family is shallow


def _where_board_year(table: Any, board_id: str | None, year: int | None) -> list[Any]:
    where = []
    if board_id is not None:
        where.append(table.c.board == board_id)
    if year is not None:
        where.append(table.c.year == year)
    return where


_LIGHT = [c for c in filings.columns if c.name != "decision"]
_NAMES = {True: [c.name for c in _LIGHT], False: [c.name for c in filings.columns]}
_PAPER = func.coalesce(filings.c.kind, "").in_(book.PAPERS)
_BOARDS_OWN = tuple(k.value for k in FilingKind if k.value not in book.PAPERS)
# The statements of ``_by``, made once: an IN of a page's uids is sent as one expanding
# parameter, not built value by value for each page.
_WANTED: Any = bindparam("wanted", expanding=True)
_BY: dict[tuple[str, bool], Any] = {}


def _statement(column: Any, light: bool) -> Any:
    key = (column.name, light)
    if key not in _BY:
        query = select(*_LIGHT) if light else select(filings)
        _BY[key] = query.where(column.in_(_WANTED)).order_by(filings.c.id)
    return _BY[key]


def _by(
    conn: Connection, column: Any, values: Iterable[str], light: bool = False
) -> list[dict[str, Any]]:
    """The records whose ``column`` is one of ``values``; ``light``: without their decisions
    (the largest column, which a list of names does not show)."""
    wanted = sorted({v for v in values if v})
    if not wanted:
        return []
    return _records(conn.execute(_statement(column, light), {"wanted": wanted}), light)


def _records(rows: Iterable[Sequence[Any]], light: bool) -> list[dict[str, Any]]:
    """Rows (of every column, or ``light``: all but the decision) as records. Zipped with the
    columns' names: a row's mapping is remade at each use, and took most of a page's time."""
    names = _NAMES[light]
    if not light:
        return [record_dict(dict(zip(names, r, strict=True))) for r in rows]
    return [record_dict({**dict(zip(names, r, strict=True)), "decision": "null"}) for r in rows]


class PageAsked(NamedTuple):
    """A page of the book as asked for: ``limit`` papers (of ``kind``) of a board and year,
    after the seq ``after`` (the cursor), else after ``offset`` papers."""

    board: str | None
    year: int | None
    limit: int
    offset: int = 0
    after: int | None = None
    kind: str | None = None


class BookPage(NamedTuple):
    rows: list[dict[str, Any]]  # the book's rows of the page
    total: int  # how many papers the book holds (of the kind asked for)
    records: list[dict[str, Any]]  # the page's records, without their decisions
    next: int | None  # the cursor of the next page (the last seq shown), None at the end


def _papers_counted(conn: Connection, where: list[Any], kind: str | None) -> int:
    """How many papers (of ``kind``) the book holds. Papers are every record but the board's
    own, which are few: counted apart, through the index on kind, and taken from the count of
    all (the primary key's, or an index's)."""
    count = select(func.count()).select_from(filings)
    if kind is not None:
        paper = kind in book.PAPERS
        return int(conn.execute(count.where(filings.c.kind == kind, *where)).scalar_one()) * paper
    every = conn.execute(count.where(*where)).scalar_one()
    own = conn.execute(count.where(filings.c.kind.in_(_BOARDS_OWN), *where)).scalar_one()
    return int(every - own)


def book_page(conn: Connection, asked: PageAsked) -> BookPage:
    """A page of the book, with the records its rows name."""
    board_id, year, limit, offset, after, kind = asked
    where = _where_board_year(filings, board_id, year)
    total = _papers_counted(conn, where, kind)
    # The page is read in seq order from the primary key (or the board's and year's index), the
    # kind tested on each row: nearly every record is a paper, and read through the index on
    # kind the page would be sorted whole first. COALESCE (kind is never NULL) keeps both
    # databases from choosing that index. One row more than the page tells if another follows.
    query = select(*_LIGHT).where(_PAPER, *where).order_by(filings.c.id).limit(limit + 1)
    if kind is not None:
        query = query.where(func.coalesce(filings.c.kind, "") == kind)
    query = query.where(filings.c.id > after) if after is not None else query.offset(offset)
    found = conn.execute(query).all()
    page = _records(found[:limit], light=True)
    following = int(page[-1]["seq"]) if len(found) > limit else None
    kids = _by(conn, filings.c.refers_to, (p["uid"] for p in page), light=True)
    grandchildren = _by(conn, filings.c.refers_to, (k["uid"] for k in kids), light=True)
    answered = _by(conn, filings.c.uid, (p["refers_to"] for p in page), light=True)
    records = {r["uid"]: r for r in (*page, *kids, *grandchildren, *answered)}
    ordered = sorted(records.values(), key=lambda r: r["seq"])
    return BookPage(book.rows(ordered, {p["uid"] for p in page}), total, page, following)


_VERSION = select(
    select(func.max(filings.c.id)).scalar_subquery(),
    select(func.count()).select_from(keys_table).scalar_subquery(),
)


_VERSION_SQL: dict[str, str] = {}  # by dialect: the statement has no parameters


def version(engine: Engine) -> tuple[int, int]:
    """What every public read of the book is made of, as a value that grows with each write:
    the last record's seq (its clocks are kept in the same transaction) and how many public
    keys the book has published."""
    dialect = engine.dialect
    sql = _VERSION_SQL.get(dialect.name)
    if sql is None:
        sql = _VERSION_SQL[dialect.name] = str(_VERSION.compile(dialect=dialect))
    found = read_row(engine, sql)
    assert found is not None  # aggregates: always a row
    last, published = found
    return int(last or 0), int(published)


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
    """The records of ``uids`` and the records they refer to, up the family, by uid (without
    their decisions)."""
    found: dict[str, dict[str, Any]] = {}
    wanted = set(uids)
    for _ in range(_MAX_DEPTH):
        new = _by(conn, filings.c.uid, wanted - found.keys(), light=True)
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


_CLOCK_ORDER = (clocks.c.due, clocks.c.name, clocks.c.filing)
_CURSOR = re.compile(r"(\d{4}-\d{2}-\d{2}),([a-z_]{1,40}),([0-9a-f-]{1,36})")


def due_cursor(c: Clock) -> str:
    """The cursor of the page after the one ending on ``c``: ``DAY,NAME,FILING``."""
    return f"{c.due.isoformat()},{c.name},{c.filing}"


def parse_due_cursor(value: str, what: str = "after") -> tuple[str, str, str]:
    """A cursor of what falls due (``due_cursor``), or UsageError naming what was wrong."""
    found = _CURSOR.fullmatch(value.strip())
    try:
        day = dt.date.fromisoformat(found[1]) if found else None
    except ValueError:
        day = None
    if found is None or day is None:
        raise UsageError(
            f"{what} '{value[:80]}': not a cursor of this list; expected DAY,NAME,FILING as "
            "the previous page's next link gives it"
        )
    return day.isoformat(), found[2], found[3]


def due(
    conn: Connection,
    board_id: str | None,
    year: int | None,
    on: dt.date | None,
    until: dt.date | None = None,
    limit: int | None = None,
    offset: int = 0,
    after: tuple[str, str, str] | None = None,
) -> list[Clock]:
    """The clocks still running on ``on`` (every clock if None) and, with ``until``, falling
    due by then, soonest first, a page at a time: after the clock ``after`` (its day, name and
    filing) or ``offset`` clocks in."""
    # From the cursor, or from ``on`` if that is later: one lower bound, which the index seeks
    # to (given both, SQLite seeks to the day and tests the cursor on every row from there).
    if after is not None and (on is None or after[0] >= on.isoformat()):
        on = None
    else:
        after = None
    where = _due_where(board_id, year, on, until)
    if after is not None:
        where.append(tuple_(*_CLOCK_ORDER) > tuple_(*after))
    query = select(clocks).where(*where).order_by(*_CLOCK_ORDER)
    query = query.limit(limit) if limit is not None else query
    query = query.offset(offset) if after is None and offset else query
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

    def of(
        self,
        conn: Connection,
        board_id: str | None,
        year: int | None,
        days: Collection[tuple[str, str]] | None = None,
    ) -> list[dict[str, Any]]:
        """The digests of a board's (or every board's) days of ``year`` (or every year); with
        ``days``, of those (board, day) alone."""
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
                if (board_id is None or b == board_id)
                and (year is None or y == year)
                and (days is None or (b, day) in days)
            ]
        found: dict[tuple[str, str], tuple[int, str]] = {}
        for b, day, seq, h in chosen:
            if (b, day) not in found or found[(b, day)][0] < seq:
                found[(b, day)] = (seq, h)
        return [
            {"board": b, "day": day, "seq": seq, "hash": h}
            for (b, day), (seq, h) in sorted(found.items())
        ]
