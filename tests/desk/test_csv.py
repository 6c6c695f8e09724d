"""Every CSV the desk writes goes through the one formula guard (``nyballot.spreadsheet``),
UTF-8 with a byte order mark and CRLF: the book's, and the list of what falls due."""

from __future__ import annotations

import csv
import io

from fastapi.testclient import TestClient

from nyballot.api import create_app
from nyballot.filing.desk import Desk, Submission
from nyballot.spreadsheet import safe_cell

from .conftest import DeskClock

HOSTILE = '=HYPERLINK("http://example.com/x","click")'


def _book(db_url: str) -> str:
    desk = Desk(db_url, DeskClock("2026-04-01T10:15:00-04:00"))
    paper = Submission(kind="designating_petition", board="albany", year=2026,
                       candidates=[{"name": HOSTILE, "residence": "@home"}],
                       office="+Member", party="-Dem")  # fmt: skip
    desk.submit(paper, "Ann")
    return db_url


def _cells(body: bytes) -> list[list[str]]:
    assert body.startswith("\ufeff".encode()) and b"\r\n" in body
    assert b"\n" not in body.replace(b"\r\n", b"")
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))


def test_the_guard_keeps_formulas_as_text() -> None:
    assert [safe_cell(v) for v in ("=1+1", "+1", "-1", "@A1", "\t=1", "Ann", 5, None)] == [
        "'=1+1", "'+1", "'-1", "'@A1", "'\t=1", "Ann", 5, ""
    ]  # fmt: skip


def test_the_book_s_csv_is_guarded_with_a_bom_and_crlf(db_url: str) -> None:
    with TestClient(create_app(_book(db_url), rate=0)) as c:
        body = c.get("/book", params={"format": "csv"}).content
    rows = _cells(body)
    header, row = rows[0], dict(zip(rows[0], rows[1], strict=True))
    assert header[:2] == ["seq", "stamped"]
    assert row["candidates"] == f"'{HOSTILE} (@home)"
    assert (row["office"], row["party_or_body"]) == ("'+Member", "'-Dem (party)")


def test_the_due_list_s_csv_is_guarded(db_url: str) -> None:
    # Before: /web/due?format=csv wrote =HYPERLINK(...) as a live formula.
    with TestClient(create_app(_book(db_url), rate=0)) as c:
        body = c.get("/web/due", params={"on": "2026-04-01", "format": "csv"}).content
    rows = _cells(body)
    named = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    assert named and all(r["candidates"] == "'" + HOSTILE for r in named)
    assert all(not cell.startswith(("=", "+", "-", "@")) for r in rows for cell in r)
