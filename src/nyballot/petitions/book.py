"""Other petitions for the same office, from the desk's book, and the signers their reviews
found (kept in the voter store), for § 6-134(3)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import duckdb

from nyballot.errors import UsageError
from nyballot.petitions import kept
from nyballot.petitions.law import grounds_for
from nyballot.petitions.lines import Line, Petition, line_named
from nyballot.petitions.request import Request
from nyballot.petitions.review import OtherSigners, Review, signers
from nyballot.petitions.rulings import counted_under, other_petitions, standing
from nyballot.petitions.shared import whys_of
from nyballot.voters.store import insert_rows


def review_in_book(
    con: duckdb.DuckDBPyConnection,
    petition: Petition,
    request: Request,
    uid: str,
    records: list[dict[str, Any]],
) -> dict[str, Any]:
    """The review of the petition the desk's book holds as ``uid``: a voter who signed another
    petition in the book for the same office is ruled under § 6-134(3). It only reads: what the
    review leaves in the store is written by ``record_review``. The result names the filing
    and its board (``petition.in_book``): a token scoped to other boards may not keep the review
    or override its rulings."""
    run, in_book = book_review(con, petition, request, uid, records)
    result = {"lines": list(run.lines()), **run.rest()}
    result["petition"]["in_book"] = in_book
    return result


def book_review(
    con: duckdb.DuckDBPyConnection,
    petition: Petition,
    request: Request,
    uid: str,
    records: list[dict[str, Any]],
) -> tuple[Review, dict[str, Any]]:
    """The review of the book's petition ``uid`` against its rivals' signers, not yet run, and
    what the result says of the filing (``petition.in_book``)."""
    others = rivals(records, uid, request)
    run = Review(con, petition, request, other_signers(con, others))
    board = next(r["board"] for r in records if r["uid"] == uid)
    return run, {"uid": uid, "board": board, "rivals": others}


def record_review(
    con: duckdb.DuckDBPyConnection, result: dict[str, Any], uid: str | None, keep: bool
) -> str | None:
    """What a review leaves in the store, in one transaction (all of it or nothing): the signers
    of the petition the book holds as ``uid``, for the other petitions' reviews, and with
    ``keep`` the review itself for the clerk's page; the kept review's id."""
    con.execute("BEGIN")
    try:
        if uid is not None:
            keep_signers(con, uid, result)
            mark_stale(con, uid, result["petition"]["in_book"].get("rivals", []))
        kept_id = kept.keep(con, result) if keep else None
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")
    return kept_id


# The desk's kind of filing for each kind of petition reviewed.
FILED_AS = {"designating": "designating_petition", "independent": "independent_petition"}


def rivals(records: list[dict[str, Any]], uid: str, request: Request) -> list[str]:
    """The uids of the other petitions in the book for the same office, board, year and party
    (withdrawn ones left out). The filing named must be a petition of the kind and year
    reviewed: another paper's uid, or another year's, would rule against the wrong rivals."""
    mine = next((r for r in records if r["uid"] == uid), None)
    if mine is None:
        raise UsageError(
            f"petition {uid[:40]}: no such filing in the desk's book", fields=("petition",)
        )
    if mine["kind"] != FILED_AS[request.kind] or mine["year"] != request.year:
        raise UsageError(
            f"petition {uid[:40]}: the book holds a paper of kind '{mine['kind']}' for "
            f"{mine['year']}, not kind '{FILED_AS[request.kind]}' for {request.year}",
            fields=("petition",),
        )
    withdrawn = {r["refers_to"] for r in records if r["kind"] == "withdrawal"}
    same = ("kind", "board", "year", "office", "party")
    return [
        r["uid"]
        for r in records
        if r["uid"] != uid and r["uid"] not in withdrawn and all(r[k] == mine[k] for k in same)
    ]


def other_signers(con: duckdb.DuckDBPyConnection, uids: list[str]) -> OtherSigners:
    found: OtherSigners = {}
    if not uids:
        return found
    marks = ", ".join("?" for _ in uids)
    rows = con.execute(
        f"SELECT sboeid, petition, signed FROM petition_signers WHERE petition IN ({marks})",
        uids,
    ).fetchall()
    for sboeid, petition, signed in rows:
        found.setdefault(sboeid, []).append((petition, signed))
    return found


def keep_signers(con: duckdb.DuckDBPyConnection, uid: str, result: dict[str, Any]) -> None:
    """Record who signed this petition (a later review of it replaces the list), in the
    caller's transaction (``record_review``)."""
    rows: list[tuple[str, str, dt.date | None, int, int, int]] = [
        (uid, *s) for s in signers(result)
    ]
    con.execute("DELETE FROM petition_signers WHERE petition = ?", [uid])
    insert_rows(con, "petition_signers", rows)


def mark_stale(con: duckdb.DuckDBPyConnection, uid: str, others: list[str]) -> None:
    """Mark stale, with the reason, every kept review of a rival petition whose § 6-134(3)
    rulings the signers just recorded for ``uid`` change: whichever petition is reviewed
    first, the rulings then agree once each stale one is reviewed again."""
    if not others:
        return
    marks = ", ".join("?" for _ in others)
    rows = con.execute(
        "SELECT id, result FROM reviews "
        f"WHERE json_extract_string(result, '$.petition.in_book.uid') IN ({marks})",
        others,
    ).fetchall()
    for review_id, text in rows:
        changed = changed_lines(con, json.loads(text), uid)
        if changed:
            more = f" and {len(changed) - 5} more" if changed[5:] else ""
            shown = ", ".join(changed[:5]) + more
            kept.mark_stale(
                con,
                review_id,
                f"the review of rival petition {uid} changes the § 6-134(3) ruling of {shown}; "
                "review this petition again",
            )


def changed_lines(con: duckdb.DuckDBPyConnection, result: dict[str, Any], uid: str) -> list[str]:
    """The lines of a kept review whose § 6-134(3) ruling differs once ``uid``'s signers are
    known (its own rivals as kept, and ``uid``), and its ambiguous lines now counted
    under other readings than before (``rulings.counted_under``)."""
    book = result["petition"]["in_book"]
    others = other_signers(con, sorted({*book.get("rivals", []), uid} - {book["uid"]}))
    seats = int(result["petition"]["seats"])
    grounds = grounds_for(result["petition"].get("kind", "designating"))
    whys = whys_of(result["lines"], others)
    changed = []
    for number, x in enumerate(result["lines"]):
        if x.get("candidates"):
            # A reading counts it only while its voters (or one, presumed) signed no rival.
            if standing(whys[number]) != counted_under(x):
                changed.append(line_named(kept.place_of(x)))
            continue
        if x["voter"] is None:
            continue
        day = dt.date.fromisoformat(x["date"]) if x["date"] else None
        line = Line(x["sheet"], x["line"], day, x["name"], x["address"], x["row"],
                    x.get("volume", 1))  # fmt: skip
        ruling = other_petitions(line, others.get(str(x["voter"]["SBOEID"]), []), seats, grounds)
        now = ruling is not None
        had = any(r["code"] == "duplicate_other_petition" for r in x["reasons"])
        if now != had:
            changed.append(line_named(line.place))
    return changed
