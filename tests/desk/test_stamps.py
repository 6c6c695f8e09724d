"""Honest stamps: the desk's clock stamps receipt; late entries; impossible papers refused."""

from __future__ import annotations

import pytest

from nyballot.errors import UsageError
from nyballot.filing import book
from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.errors import ForbiddenError

from .conftest import ALBANY_PETITION, DeskClock

SUPERVISOR = Actor("Sue Visor", "supervisor")
REASON = "mailed papers opened the morning after the outage"


def petition(**kw: object) -> Submission:
    return Submission(**{**ALBANY_PETITION, **kw})


def on(desk: Desk, uid: str, kind: str, **kw: object) -> Submission:
    return Submission(kind=kind, board="albany", year=2026, refers_to=uid, **kw)  # type: ignore[arg-type]


@pytest.fixture
def desk(db_url: str) -> Desk:
    # The desk's clock: Mon 2026-11-30, 1 P.M., long after the 2026 designating petition window
    # (Mon 03-30 to Mon 04-06 under the law in force, § 6-158(1-a); see test_api).
    return Desk(db_url, DeskClock("2026-11-30T13:00:00-05:00"))


def test_the_desk_stamps_its_own_clock_and_refuses_a_client_time(desk: Desk) -> None:
    record, _ = desk.submit(petition(), "Ann Clerk")
    assert record["received"] == record["recorded_at"] == "2026-11-30T13:00:00-05:00"
    assert record["late_entry"] is None and record["verdict"] == "late"  # November: after 04-06
    # A clerk's token backdating a paper to April: refused, nothing stored.
    with pytest.raises(UsageError, match="stamps the time of receipt by its own clock"):
        desk.submit(petition(received="2026-04-02T16:00:00-04:00"), "Ann Clerk")
    assert desk.count() == 1


def test_a_late_entry_needs_a_reason_a_role_and_a_past_time(desk: Desk) -> None:
    late = petition(received="2026-04-02T16:00:00-04:00", late_entry=REASON)
    with pytest.raises(ForbiddenError, match="may not enter a paper late"):
        desk.submit(late, "Ann Clerk")
    with pytest.raises(UsageError, match=r"late_entry\.reason: empty"):
        desk.submit(petition(received="2026-04-02T16:00:00-04:00", late_entry=" "), SUPERVISOR)
    with pytest.raises(UsageError, match="needs received"):
        desk.submit(petition(late_entry=REASON), SUPERVISOR)
    with pytest.raises(UsageError, match="after the desk's clock"):
        desk.submit(petition(received="2026-11-30T13:01:00-05:00", late_entry=REASON), SUPERVISOR)
    assert desk.count() == 0
    record, _ = desk.submit(late, SUPERVISOR)
    # Received Thu 04-02 at 4 P.M., inside the window of the law in force (to Mon 04-06).
    assert record["received"] == "2026-04-02T16:00:00-04:00" and record["verdict"] == "timely"
    assert record["recorded_at"] == "2026-11-30T13:00:00-05:00"
    assert record["late_entry"] == {"reason": REASON}
    row = book.rows(desk.records())[0]
    assert row["stamped"] == "2026-04-02 16:00" and row["recorded"] == "2026-11-30 13:00"
    assert row["clerk"] == "Sue Visor" and row["late_entry"] == f"late entry: {REASON}"
    assert f"late entry: {REASON}" in book.to_html([row], "t")


def test_impossible_papers_are_refused(desk: Desk) -> None:
    p, _ = desk.submit(
        petition(received="2026-04-02T16:00:00-04:00", late_entry=REASON), SUPERVISOR
    )
    uid = p["uid"]
    before = "cannot be received before the paper it concerns"
    # An objection before its petition, the instant typed at another offset than New York's
    # (-04:00 in April): the refusal names it as typed, not converted.
    typed = "2026-04-01T09:00-05:00"
    objection = f"a paper of kind 'objection' {before}, refers_to '{uid}' "
    with pytest.raises(UsageError, match=f"^received '{typed}': {objection}"):
        desk.submit(on(desk, uid, "objection", received=typed, late_entry=REASON), SUPERVISOR)
    typed = "2026-04-02T15:59:00-04:00"
    with pytest.raises(UsageError, match=f"^received '{typed}': a paper of kind 'determination'"):
        desk.submit(
            on(desk, uid, "determination", outcome="valid", received=typed, late_entry=REASON),
            SUPERVISOR,
        )
    # With no late entry the desk's clock stamps the paper; a desk whose clock is behind the
    # petition's stamp says so, naming that stamp as the desk's.
    clock, desk.clock = desk.clock, DeskClock("2026-04-02T15:00:00-04:00")
    stamp = r"received 2026-04-02T15:00:00-04:00 \(the desk's clock\)"
    with pytest.raises(UsageError, match=f"^{stamp}: a paper of kind 'objection' {before}"):
        desk.submit(on(desk, uid, "objection"), "Ann Clerk")
    desk.clock = clock
    with pytest.raises(UsageError, match="names no candidate"):
        desk.submit(petition(candidates=[]), "Ann Clerk")
    with pytest.raises(UsageError, match=r"candidates\[0\].name: blank"):  # a name of spaces
        desk.submit(petition(candidates=[{"name": " \t ", "residence": "Albany"}]), "Ann Clerk")
    w, _ = desk.submit(on(desk, uid, "withdrawal"), "Ann Clerk")
    # Each refusal of what a paper refers to, worded one way: the uid, then the kinds.
    o, _ = desk.submit(on(desk, uid, "objection"), "Ann Clerk")
    refused = [
        ("withdrawal", w["uid"], "withdrawal", "withdrawal' cannot withdraw another"),
        ("specifications", uid, "designating_petition", "specifications' cannot refer to any"),
        ("objection", o["uid"], "objection", "objection' cannot refer to anything but a petition"),
    ]
    for kind, target, its_kind, words in refused:
        refusal = f"^refers_to '{target}': a paper of kind '{its_kind}'; a paper of kind '{words}"
        with pytest.raises(UsageError, match=refusal):
            desk.submit(on(desk, target, kind), "Ann Clerk")
    with pytest.raises(UsageError, match="already withdrawn"):
        desk.submit(on(desk, uid, "withdrawal"), "Ann Clerk")
    assert desk.count() == 3


def test_determinations_contradict_only_by_superseding(desk: Desk) -> None:
    p, _ = desk.submit(petition(), "Ann Clerk")
    uid = p["uid"]
    assert book.rows(desk.records())[0]["status"] == "filed"
    first, _ = desk.submit(on(desk, uid, "determination", outcome="invalid"), "Ann Clerk")
    assert book.rows(desk.records())[0]["status"] == "invalid"
    with pytest.raises(UsageError, match=f"contradicts the determination {first['uid']}"):
        desk.submit(on(desk, uid, "determination", outcome="valid"), "Ann Clerk")
    desk.submit(on(desk, uid, "determination", outcome="invalid"), "Ann Clerk")  # agrees
    with pytest.raises(UsageError, match="not a determination of"):
        desk.submit(on(desk, uid, "determination", outcome="valid", supersedes=uid), "Ann Clerk")
    desk.submit(
        on(desk, uid, "determination", outcome="valid", supersedes=first["uid"]), "Ann Clerk"
    )
    row = book.rows(desk.records())[0]
    assert row["status"] == "valid" and "supersedes the earlier determination" in row["memorandum"]
    assert desk.history(uid)["current"]["determination"] == "valid"
    with pytest.raises(UsageError, match="only a determination supersedes"):
        desk.submit(on(desk, uid, "correction", supersedes=first["uid"]), "Ann Clerk")


def test_the_words_quoted_for_a_petition_naming_no_one_are_in_the_shipped_text() -> None:
    from nyballot.law.texts import quote_found

    # The refusal quotes § 6-132(1)'s form: the signers designate named persons.
    words = "the following named person (or persons) as a candidate"
    assert quote_found("current/6-132.txt", words)
