"""The desk judges a special election's papers by the special election's rules."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from fastapi.testclient import TestClient

from nyballot.elections.desk import decide_special, desk_calendar
from nyballot.elections.special import SpecialRequest, special_calendar
from nyballot.errors import UsageError
from nyballot.filing import clocks
from nyballot.filing.desk import Desk
from nyballot.filing.model import FilingKind, Paper, Verdict, board
from nyballot.web import create_app

NY = ZoneInfo("America/New_York")
# Assembly: proclaimed Mon Feb 2, 2026, election Tue Mar 17 (§ 42(3)(b)).
ASSEMBLY = SpecialRequest("assembly", dt.date(2026, 2, 2), dt.date(2026, 3, 17))
ASSEMBLY_ID = "assembly:2026-02-02:2026-03-17"  # its id: the office and the two days


def paper(kind: FilingKind, when: dt.datetime) -> Paper:
    return Paper(kind, board("albany"), when.year, when)


def test_a_party_certificate_is_due_by_the_42_3b_seventh_day() -> None:
    # § 6-158(6): "seven days following the issuance of a proclamation" ... paragraph b: Mon
    # Feb 9 by five P.M. (§ 1-106(1)); the next morning is late.
    special = special_calendar(ASSEMBLY)
    on_time = decide_special(
        paper(FilingKind.PARTY_NOMINATION, dt.datetime(2026, 2, 9, 16, 59, tzinfo=NY)), special
    )
    late = decide_special(
        paper(FilingKind.PARTY_NOMINATION, dt.datetime(2026, 2, 10, 9, 0, tzinfo=NY)), special
    )
    assert on_time.verdict is Verdict.TIMELY and late.verdict is Verdict.LATE
    assert on_time.window is not None and on_time.window.closes == dt.date(2026, 2, 9)


def test_an_independent_petition_for_a_congressional_special_rolls_to_monday() -> None:
    # § 6-158(9) twelve days after Mon Jan 12: Sat Jan 24, so Mon Jan 26 (§ 1-106(1)).
    special = special_calendar(
        SpecialRequest("congress", dt.date(2026, 1, 12), dt.date(2026, 3, 24))
    )
    decision = decide_special(
        paper(FilingKind.INDEPENDENT_PETITION, dt.datetime(2026, 1, 26, 12, 0, tzinfo=NY)), special
    )
    assert decision.verdict is Verdict.TIMELY
    assert decision.window is not None and decision.window.closes == dt.date(2026, 1, 26)


def test_objections_run_from_the_papers_own_filing_by_the_same_rule() -> None:
    # § 6-154(2) "within three days after the filing": a certificate filed Thu Feb 5, 2026:
    # Sun Feb 8, so Mon Feb 9.
    clock = clocks.objection_clock(
        dt.date(2026, 2, 5), calendar=desk_calendar(special_calendar(ASSEMBLY))
    )
    assert clock.due == dt.date(2026, 2, 9)


def test_no_paper_is_filed_where_no_special_election_is_held() -> None:
    none = special_calendar(
        SpecialRequest(
            "congress", dt.date(2026, 8, 2), dt.date(2026, 10, 17), dt.date(2026, 7, 20), 2026
        )
    )
    with pytest.raises(UsageError, match="no special election is held"):
        desk_calendar(none)


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_the_web_desk_files_a_paper_for_a_special_election(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    token = Desk(url).create_token("Ann Clerk", "clerk", ["albany"])
    clock = lambda: dt.datetime(2026, 2, 9, 12, 0, tzinfo=NY)  # noqa: E731
    with TestClient(create_app(url, rate=0, clock=clock)) as client:
        signin = _csrf(client.get("/web/desk").text)
        desk = client.post("/web/desk/signin", data={"token": token, "csrf": signin})
        form = {"csrf": _csrf(desk.text), "kind": "party_nomination", "board": "albany",
                "year": "2026", "candidate": "Ana Ruiz", "special": ASSEMBLY_ID}  # fmt: skip
        receipt = client.post("/web/desk/file", data=form)
        assert receipt.status_code == 200 and f"{ASSEMBLY_ID}</code>" in receipt.text
        refused = client.post("/web/desk/file", data=form | {"special": "mayor:2026-02-02:x"})
        assert refused.status_code == 400 and "special &#39;mayor" in refused.text
    records = Desk(url).records()
    assert [(r["special"], r["verdict"]) for r in records] == [(ASSEMBLY_ID, "timely")]
