"""Reviews kept in the voter store, and the clerk's overrides of their rulings.

A kept review is never changed: an override is a new row naming the line, the ruling the clerk
gives (valid or not), the reason and the clerk, and the latest override of a line is the ruling
in force; an undo is a row too (valid NULL), after which the review's own ruling stands. The
history shows every one. Once a review is certified, its rulings are frozen: no override, no
undo.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nyballot.errors import UsageError
from nyballot.filing.errors import ConflictError, NotFoundError
from nyballot.petitions.lines import line_named
from nyballot.petitions.report import title, verdict
from nyballot.petitions.tally import tally
from nyballot.voters.store import kept_columns

if TYPE_CHECKING:
    import duckdb

MAX_REASON = 500


def keep(con: duckdb.DuckDBPyConnection, result: dict[str, Any]) -> str:
    uid = str(uuid.uuid4())
    con.execute(
        "INSERT INTO reviews VALUES (?, ?, ?, ?)", [uid, _now(), title(result), json.dumps(result)]
    )
    return uid


def get(con: duckdb.DuckDBPyConnection, uid: str) -> dict[str, Any]:
    """The kept review with its overrides, each line's ruling in force, the tally after them."""
    row = con.execute("SELECT result, created_at FROM reviews WHERE id = ?", [uid]).fetchone()
    if row is None:
        raise NotFoundError(f"review '{uid[:40]}': no such review")
    result: dict[str, Any] = json.loads(row[0])
    # A store not yet migrated (opened to read) has no volume column: its overrides are of
    # volume 1, as ``store.migrate`` makes them.
    volume = "volume" if "volume" in kept_columns(con, "review_overrides") else "1"
    history = [
        {"volume": vol, "sheet": s, "line": n, "valid": v, "reason": r, "clerk": c,
         "recorded_at": at}
        for vol, s, n, v, r, c, at in con.execute(
            f"SELECT {volume}, sheet, line, valid, reason, clerk, recorded_at "
            "FROM review_overrides WHERE review_id = ? ORDER BY recorded_at, rowid",
            [uid],
        ).fetchall()
    ]  # fmt: skip
    _read_as_chosen(con, uid, result)
    # The latest row of a line is the ruling in force; an undo (valid NULL) leaves the review's.
    latest = {place_of(o): o for o in history}
    latest = {k: o for k, o in latest.items() if o["valid"] is not None}
    effective = []
    for line in result["lines"]:
        override = latest.get(place_of(line))
        line["override"] = override
        # A clerk's ruling on an ambiguous line counted is the clerk's, not the review's.
        ruled = {"valid": override["valid"], "identity": None} if override else {}
        effective.append({**line, **ruled})
    result.update(
        id=uid,
        created_at=row[1],
        stale=stale_of(con, uid),
        certified=certified_of(con, uid),
        overrides=history,
        tally_after_overrides=tally(effective, result["tally"]["required_from"]),
    )
    return result


def _read_as_chosen(con: duckdb.DuckDBPyConnection, uid: str, result: dict[str, Any]) -> None:
    """The review's lines and tally under the reading of ambiguous lines a clerk chose last
    (``read_as``), if any; the choices are the result's ``readings``."""
    from nyballot.petitions.rulings import apply_reading  # the matcher's libraries, when read

    chosen = []
    if _held(con, "review_readings"):
        rows = con.execute(
            "SELECT reading, reason, clerk, recorded_at FROM review_readings "
            "WHERE review_id = ? ORDER BY recorded_at, rowid",
            [uid],
        ).fetchall()
        chosen = [dict(zip(("reading", "reason", "clerk", "recorded_at"), r, strict=True))
                  for r in rows]  # fmt: skip
    result["readings"] = chosen
    if chosen:
        reading = chosen[-1]["reading"]
        for line in result["lines"]:
            apply_reading(line, reading)
        result["petition"]["ambiguous_reading"] = reading
        result["tally"] = tally(result["lines"], result["tally"]["required_from"])


def read_as(
    con: duckdb.DuckDBPyConnection,
    uid: str,
    reading: str,
    reason: str,
    clerk: str,
    may_write: Callable[[str], None] = lambda board: None,
) -> dict[str, Any]:
    """Read a kept review's ambiguous lines under ``reading`` ("presumed", "either" or
    "strict") from now on (appended, as every ruling is; the latest choice is in force).
    Refused once certified."""
    from nyballot.petitions.law import READINGS

    if reading not in READINGS:
        raise UsageError(f"reading '{reading[:20]}': expected one of {', '.join(READINGS)}")
    _writable(con, uid, may_write)
    reason = _reason(reason)
    con.execute(f"CREATE TABLE IF NOT EXISTS review_readings ({_READING_COLUMNS})")
    con.execute(
        "INSERT INTO review_readings VALUES (?, ?, ?, ?, ?)", [uid, reading, reason, clerk, _now()]
    )
    return get(con, uid)


_READING_COLUMNS = (
    "review_id VARCHAR, reading VARCHAR, reason VARCHAR, clerk VARCHAR, recorded_at VARCHAR"
)


def _reason(reason: str) -> str:
    """A clerk's reason, required and bounded."""
    reason = reason.strip()
    if not reason:
        raise UsageError("reason: a clerk's ruling needs the clerk's reason")
    if len(reason) > MAX_REASON:
        raise UsageError(f"reason: longer than {MAX_REASON} characters")
    return reason


def place_of(line: dict[str, Any]) -> tuple[int, int, int]:
    """A line's or an override's volume, sheet and line (a review kept before volumes has
    none: volume 1)."""
    return (int(line.get("volume") or 1), line["sheet"], line["line"])


def listing(con: duckdb.DuckDBPyConnection, limit: int = 200) -> list[dict[str, Any]]:
    """The kept reviews, newest first, each with its tally after the clerk's rulings."""
    rows = con.execute(
        "SELECT id FROM reviews ORDER BY created_at DESC, id LIMIT ?", [limit]
    ).fetchall()
    found = []
    for (uid,) in rows:
        review = get(con, uid)
        found.append(
            {
                "id": uid,
                "created_at": review["created_at"],
                "title": title(review),
                "lines": len(review["lines"]),
                "overrides": len(review["overrides"]),
                "tally": review["tally_after_overrides"],
                "verdict": verdict(review["tally_after_overrides"]),
                "what_if": review.get("what_if", []),
            }
        )
    return found


def override(
    con: duckdb.DuckDBPyConnection,
    uid: str,
    sheet: int,
    line: int,
    valid: bool | None,
    reason: str,
    clerk: str,
    may_write: Callable[[str], None] = lambda board: None,
    volume: int = 1,
) -> dict[str, Any]:
    """Record a clerk's ruling on a line of a volume (appended; nothing is overwritten). A
    review of a petition in the desk's book is that board's: ``may_write(board)`` refuses a
    clerk whose token does not cover it."""
    kept = _writable(con, uid, may_write)
    place = (volume, sheet, line)
    if not any(place_of(x) == place for x in kept["lines"]):
        raise NotFoundError(f"review '{uid[:40]}': no {line_named(place)}")
    reason = _reason(reason)
    con.execute(
        "INSERT INTO review_overrides (review_id, volume, sheet, line, valid, reason, clerk, "
        "recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [uid, volume, sheet, line, valid, reason, clerk, _now()],
    )
    return get(con, uid)


def undo(
    con: duckdb.DuckDBPyConnection,
    uid: str,
    sheet: int,
    line: int,
    reason: str,
    clerk: str,
    may_write: Callable[[str], None] = lambda board: None,
    volume: int = 1,
) -> dict[str, Any]:
    """Withdraw the clerk's ruling in force on a line of a volume (appended, as every ruling
    is): the review's own ruling stands again. Refused once the review is certified."""
    kept = _writable(con, uid, may_write)
    place = (volume, sheet, line)
    if not any(place_of(x) == place and x["override"] for x in kept["lines"]):
        raise NotFoundError(
            f"review '{uid[:40]}': no clerk's ruling in force on {line_named(place)} to undo"
        )
    return override(con, uid, sheet, line, None, reason, clerk, may_write, volume)


def certify(
    con: duckdb.DuckDBPyConnection,
    uid: str,
    clerk: str,
    may_write: Callable[[str], None] = lambda board: None,
) -> dict[str, Any]:
    """Certify a review: its rulings, the clerk's included, are frozen from now on."""
    _writable(con, uid, may_write)
    con.execute(f"CREATE TABLE IF NOT EXISTS review_certified ({_CERTIFIED_COLUMNS})")
    con.execute("INSERT INTO review_certified VALUES (?, ?, ?)", [uid, clerk, _now()])
    return get(con, uid)


_CERTIFIED_COLUMNS = "review_id VARCHAR, clerk VARCHAR, certified_at VARCHAR"


def _writable(
    con: duckdb.DuckDBPyConnection, uid: str, may_write: Callable[[str], None]
) -> dict[str, Any]:
    """The kept review, if this clerk may still rule on it: its board's, and not certified."""
    kept = get(con, uid)
    board = board_of(kept)
    if board is not None:
        may_write(board)
    done = kept["certified"]
    if done is not None:
        raise ConflictError(f"review '{uid[:40]}' was certified by {done['clerk']} at "
                            f"{done['certified_at']}: its rulings are frozen")  # fmt: skip
    return kept


def certified_of(con: duckdb.DuckDBPyConnection, uid: str) -> dict[str, str] | None:
    """Who certified a review and when, or None."""
    if not _held(con, "review_certified"):
        return None
    row = con.execute(
        "SELECT clerk, certified_at FROM review_certified WHERE review_id = ? "
        "ORDER BY certified_at LIMIT 1",
        [uid],
    ).fetchone()
    return None if row is None else {"clerk": row[0], "certified_at": row[1]}


def _held(con: duckdb.DuckDBPyConnection, table: str) -> bool:
    """Whether the store has a kept table (a store made before it existed has not)."""
    return bool(kept_columns(con, table))


def mark_stale(con: duckdb.DuckDBPyConnection, uid: str, reason: str) -> None:
    """Say that a kept review's rulings no longer hold, and why (a rival petition's review
    changed them), in the caller's transaction."""
    con.execute(f"CREATE TABLE IF NOT EXISTS review_stale ({_STALE_COLUMNS})")
    con.execute("INSERT INTO review_stale VALUES (?, ?, ?)", [uid, reason, _now()])


_STALE_COLUMNS = "review_id VARCHAR, reason VARCHAR, marked_at VARCHAR"


def stale_of(con: duckdb.DuckDBPyConnection, uid: str) -> list[dict[str, str]]:
    """Why a kept review is stale, oldest first; [] when it is not (or the store is older than
    the marks)."""
    if not _held(con, "review_stale"):
        return []
    rows = con.execute(
        "SELECT reason, marked_at FROM review_stale WHERE review_id = ? ORDER BY marked_at",
        [uid],
    ).fetchall()
    return [{"reason": reason, "marked_at": at} for reason, at in rows]


def board_of(result: dict[str, Any]) -> str | None:
    """The board of the petition a review was made of, when the desk's book holds it."""
    in_book = result["petition"].get("in_book")
    return None if in_book is None else str(in_book["board"])


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")
