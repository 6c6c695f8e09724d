"""The desk over real storage: append-only history, idempotency, replay, book, clocks."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from nyballot.errors import NyballotError
from nyballot.filing import book
from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.errors import ConflictError
from nyballot.filing.store import current_revision, migrate

from .conftest import HEAD, submit_at


def petition(**kw: object) -> Submission:
    base: dict[str, object] = dict(
        kind="designating_petition",
        board="albany",
        year=2026,
        received="2026-04-01T10:15:00-04:00",
        candidates=[{"name": "Jane Roe", "residence": "12 Elm St, Albany"}],
        office="Member of Assembly",
        district="109th AD",
        party="Democratic",
    )
    base.update(kw)
    return Submission(**base)  # type: ignore[arg-type]


def test_file_object_specify_determine_and_replay(db_url: str) -> None:
    desk = Desk(db_url)
    p, replayed = submit_at(desk, petition(), "ann")
    assert not replayed and p["verdict"] == "timely" and p["seq"] >= 1
    assert p["received"] == "2026-04-01T10:15:00-04:00"
    o, _ = submit_at(
        desk,
        Submission(
            kind="objection",
            board="albany",
            year=2026,
            received="2026-04-03T11:00:00-04:00",
            refers_to=p["uid"],
        ),
        "bob",
    )
    assert o["verdict"] == "timely"  # petition Wed 04-01 + 3 = Sat 04-04 -> Mon 04-06
    assert o["decision"]["window"]["closes"] == "2026-04-06"
    s, _ = submit_at(
        desk,
        Submission(
            kind="specifications",
            board="albany",
            year=2026,
            received="2026-04-09T16:00:00-04:00",
            refers_to=o["uid"],
        ),
        "bob",
    )
    assert s["verdict"] == "timely"  # objection Fri 04-03 + 6 = Thu 04-09
    _c, _ = submit_at(
        desk,
        Submission(
            kind="correction",
            board="albany",
            year=2026,
            refers_to=p["uid"],
            received="2026-04-10T09:30:00-04:00",
            office="Member of Assembly, 109th",
            note="office title as printed",
        ),
        "ann",
    )
    _d, _ = submit_at(
        desk,
        Submission(
            kind="determination",
            board="albany",
            year=2026,
            refers_to=p["uid"],
            received="2026-04-15T14:00:00-04:00",
            outcome="invalid",
        ),
        "ann",
    )
    h = desk.history(p["uid"])
    assert [r["kind"] for r in h["history"]] == [
        "objection",
        "specifications",
        "correction",
        "determination",
    ]
    assert h["current"]["office"] == "Member of Assembly, 109th"
    assert h["current"]["determination"] == "invalid"
    assert h["filing"]["office"] == "Member of Assembly"  # the original is never changed
    # Determination of invalidity Wed 04-15: Thu 16, Fri 17, Mon 20 > 04-02 + 14 = Thu 04-16.
    due = desk.due("albany", 2026, dt.date(2026, 4, 16))
    assert [(x.name, x.due) for x in due] == [("proceeding", dt.date(2026, 4, 20))]
    rows = book.rows(desk.records("albany", 2026))
    assert len(rows) == 3  # petition, objection, specifications; records go to the memo
    assert "objection #" in rows[0]["memorandum"] and "determination" in rows[0]["memorandum"]
    assert "specifications filed 2026-04-09" in rows[0]["memorandum"]
    # What each filing answered is what the book reads back: every value, as stored.
    for written in (p, o, s, _c, _d):
        assert desk.get(written["uid"]) == written


def test_idempotency_key_records_once_and_conflicts_on_a_different_paper(db_url: str) -> None:
    desk = Desk(db_url)
    first, r1 = submit_at(desk, petition(), "ann", "key-1")
    again, r2 = submit_at(desk, petition(), "ann", "key-1")
    assert (r1, r2) == (False, True) and again["uid"] == first["uid"]
    with pytest.raises(ConflictError, match="key-1"):
        submit_at(desk, petition(office="Mayor"), "ann", "key-1")
    assert desk.count() == 1


def test_filings_are_append_only(db_url: str) -> None:
    desk = Desk(db_url)
    submit_at(desk, petition(), "ann")
    for sql in ("UPDATE filings SET verdict = 'late'", "DELETE FROM filings"):
        with pytest.raises(DBAPIError, match="append-only"), desk.engine.begin() as conn:
            conn.execute(text(sql))
    assert desk.records()[0]["verdict"] == "timely"


def test_migrations_are_idempotent(db_url: str) -> None:
    desk = Desk(db_url)
    assert current_revision(desk.engine) == HEAD
    assert migrate(desk.engine) == HEAD


def test_bad_input_changes_nothing(db_url: str) -> None:
    desk = Desk(db_url)
    bad = [
        petition(kind="petition_of_rights"),
        petition(board="gotham"),
        petition(received="2026-02-30T10:00", late_entry="outage"),
        petition(received="2026-04-01T10:00-04:00"),  # an earlier time, not a late entry
        petition(received="2099-04-01T10:00-04:00", late_entry="outage"),  # in the future
        petition(method="pigeon"),
        petition(kind="objection", refers_to="no-such-uid"),
        petition(kind="determination"),
        petition(office="x" * 301),
        petition(year=1850),
    ]
    for s in bad:
        with pytest.raises(NyballotError):
            desk.submit(s, Actor("ann", "supervisor"))
    assert desk.count() == 0


def test_book_outputs_escape_hostile_text(db_url: str) -> None:
    desk = Desk(db_url)
    evil = "'); DROP TABLE filings; -- <script>alert(1)</script>"
    submit_at(desk, petition(office=evil, party='=HYPERLINK("x")'), "ann")
    rows = book.rows(desk.records())
    assert rows[0]["office"] == evil  # stored as given, as data
    html = book.to_html(rows, "t")
    assert "<script>" not in html and "&lt;script&gt;" in html
    csv = book.to_csv(rows)
    assert "'=HYPERLINK" in csv
    assert desk.count() == 1


def test_notice_of_intent_under_a9725_and_its_cure(db_url: str) -> None:
    desk = Desk(db_url)
    n, _ = submit_at(desk, Submission(kind="notice_of_intent", board="nyc", year=2026,
                   what_if=["A9725"], received="2026-02-10T10:00:00-05:00", fee_cents=50_000,
                   candidates=[{"name": "Sam Poe", "residence": "Queens"}], office="Mayor"),
        "ann",
    )  # fmt: skip
    assert n["verdict"] == "timely" and n["what_if"] == ["A9725"]
    submit_at(desk, Submission(kind="determination", board="nyc", year=2026, refers_to=n["uid"],
                   outcome="noncompliant", received="2026-02-12T15:00:00-05:00"),
        "ann",
    )  # fmt: skip
    # A.9725 § 6-117(6): three business days from Thu 2026-02-12: Fri 02-13, Tue 02-17
    # (Mon 02-16 is Washington's birthday), Wed 02-18.
    cure = [c for c in desk.due("nyc", 2026, dt.date(2026, 2, 13)) if c.name == "cure"]
    assert [(c.due, c.cite) for c in cure] == [(dt.date(2026, 2, 18), "A.9725 § 6-117(6)")]


def test_specifications_of_a_late_objection_specify_nothing(db_url: str) -> None:
    # Petition filed Wed 2026-04-01; § 6-154(2): objections within three days, to Sat 04-04,
    # rolled to Mon 04-06. An objection received Tue 04-07 is late; specifications received
    # the next day, within six days of it, still cannot revive it.
    desk = Desk(db_url)
    p, _ = submit_at(desk, petition(), "ann")
    late, _ = submit_at(
        desk,
        Submission(
            kind="objection",
            board="albany",
            year=2026,
            received="2026-04-07T11:00:00-04:00",
            refers_to=p["uid"],
        ),
        "bob",
    )
    assert late["verdict"] == "late"
    s, _ = submit_at(
        desk,
        Submission(
            kind="specifications",
            board="albany",
            year=2026,
            received="2026-04-08T11:00:00-04:00",
            refers_to=late["uid"],
        ),
        "bob",
    )
    assert s["verdict"] == "late" and s["fatal"]
    assert any("nothing to specify" in step["step"] for step in s["decision"]["derivation"])
