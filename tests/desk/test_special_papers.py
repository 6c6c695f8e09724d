"""Papers for a special election at the desk: the record names the election, its verdict and
its clocks come from that election's own calendar, the hash covers the name, and a bad name is
refused with nothing stored. On SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from nyballot.api import create_app
from nyballot.elections.desk import special_desk
from nyballot.errors import UsageError
from nyballot.filing.chain import record_hash
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.store import dispose_all

from .conftest import CliRun, DeskClock
from .test_chain import tamper
from .test_signatures import old_book

# Assembly: proclaimed Mon Feb 2, 2026, election Tue Mar 17 (PBO § 42(3)(b): 43 days).
ASSEMBLY = "assembly:2026-02-02:2026-03-17"


def desk_at(db_url: str, at: str) -> Desk:
    return Desk(db_url, clock=DeskClock(at), specials=special_desk)


def certificate(**changes: Any) -> Submission:
    fields: dict[str, Any] = {
        "kind": "party_nomination", "board": "albany", "year": 2026, "special": ASSEMBLY,
        "candidates": [{"name": "Ana Ruiz", "residence": "Albany"}],
        "office": "Member of Assembly", "district": "109", "party": "Democratic",
    }  # fmt: skip
    return Submission(**(fields | changes))


def test_a_certificate_is_judged_by_the_special_election_s_calendar(db_url: str) -> None:
    # § 6-158(6) "seven days following the issuance of a proclamation ... paragraph b": Feb 2
    # + 7 = Mon Feb 9, by five P.M. (§ 1-106(1)).
    desk = desk_at(db_url, "2026-02-09T16:59:00-05:00")
    record, _ = desk.submit(certificate(special="Assembly:2026-02-02:2026-03-17"), "Ann")
    assert record["special"] == ASSEMBLY  # the office as the words name it
    assert record["verdict"] == "timely"
    assert record["decision"]["window"]["closes"] == "2026-02-09"
    assert desk.get(record["uid"])["special"] == ASSEMBLY
    desk.clock = DeskClock("2026-02-10T09:00:00-05:00")
    late, _ = desk.submit(certificate(), "Ann")
    assert late["verdict"] == "late"
    # The same paper for the year's elections is judged by the year's rule (§ 6-158(6) for the
    # general election, after the June primary): on time, its last day months later.
    year, _ = desk.submit(certificate(special=None), "Ann")
    assert year["special"] is None and year["verdict"] == "timely"
    assert year["decision"]["window"]["closes"] > "2026-06-01"


def test_its_clocks_count_by_the_special_election_and_say_so_in_the_queue(db_url: str) -> None:
    desk = desk_at(db_url, "2026-02-09T12:00:00-05:00")
    record, _ = desk.submit(certificate(), "Ann")
    due = {c.name: c for c in desk.due(None, 2026, None) if c.filing == record["uid"]}
    # § 6-154(2) "within three days after the filing": Thu Feb 12, Lincoln's Birthday
    # (GCL § 24), so Fri Feb 13.
    assert due["objections"].due == dt.date(2026, 2, 13)
    # § 6-144 notice, stating the last day to decline: § 6-158(7) "twelve days following the
    # issuance of a proclamation": Sat Feb 14; Mon Feb 16 is Washington's Birthday: Tue Feb 17.
    assert due["notice"].due == dt.date(2026, 2, 17)
    assert all(ASSEMBLY in c.title for c in due.values())


def test_an_objection_to_a_special_election_s_paper_is_for_that_election(db_url: str) -> None:
    desk = desk_at(db_url, "2026-02-09T12:00:00-05:00")
    paper, _ = desk.submit(certificate(), "Ann")
    desk.clock = DeskClock("2026-02-11T10:00:00-05:00")
    objection, _ = desk.submit(
        Submission(kind="objection", board="albany", year=2026, refers_to=paper["uid"]), "Bo"
    )
    assert objection["special"] == ASSEMBLY and objection["verdict"] == "timely"
    before = desk.count()
    other = Submission(
        kind="objection", board="albany", year=2026, refers_to=paper["uid"],
        special="congress:2026-01-12:2026-03-24",
    )  # fmt: skip
    with pytest.raises(UsageError, match=r"^special 'congress:2026-01-12:2026-03-24': refers_to"):
        desk.submit(other, "Bo")
    assert desk.count() == before


@pytest.mark.parametrize(
    ("special", "year", "message"),
    [
        ("mayor:2026-02-02:2026-03-17", 2026, "special 'mayor:2026-02-02:2026-03-17': office "),
        ("assembly:2026-03-17:2026-02-02", 2026, "not after the proclamation"),
        ("assembly:2026-02-02", 2026, "expected OFFICE:PROCLAIMED:ELECTION"),
        ("assembly:2026-02-30:2026-03-17", 2026, "is not a date"),
        (ASSEMBLY, 2025, "year '2025': special 'assembly:2026-02-02:2026-03-17' is an election"),
    ],
)
def test_a_bad_special_election_is_refused_and_nothing_stored(
    db_url: str, special: str, year: int, message: str
) -> None:
    desk = desk_at(db_url, "2026-02-09T12:00:00-05:00")
    with pytest.raises(UsageError, match="special") as refused:
        desk.submit(certificate(special=special, year=year), "Ann")
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert desk.count() == 0


def test_the_hash_covers_the_special_election(db_url: str) -> None:
    desk = desk_at(db_url, "2026-02-09T12:00:00-05:00")
    desk.submit(certificate(special=None), "Ann")
    desk.submit(certificate(), "Ann")
    assert desk.verify()[1] is None
    tamper(desk, "UPDATE filings SET special = 'congress:2026-01-12:2026-03-24' WHERE id = 2")
    broken = desk.verify()[1]
    assert broken is not None and broken.seq == 2 and "content" in broken.reason
    with desk.engine.connect() as conn:
        row = dict(conn.execute(text("SELECT * FROM filings WHERE id = 2")).mappings().one())
    assert record_hash(row) != record_hash(row | {"special": None})  # taken away: broken too


def test_records_made_before_a_paper_could_name_a_special_election_still_verify(
    tmp_path: Path,
) -> None:
    url = old_book(tmp_path, "0005")
    desk = desk_at(url, "2026-02-09T12:00:00-05:00")  # migrated: the column added
    desk.submit(certificate(), "Ann")
    assert desk.verify() == (3, None)
    assert [r["special"] for r in desk.records()] == [None, None, ASSEMBLY]
    dispose_all()


def test_the_command_line_files_one_and_the_book_shows_it(db_url: str, run: CliRun) -> None:
    db = ["--db", db_url]
    code, out, err = run(
        "desk", "file", "party_nomination", "--board", "albany", "--year", "2026",
        "--candidate", "Ana Ruiz@Albany", "--special", ASSEMBLY, "--format", "json",
        "--received", "2026-02-09T16:00:00-05:00", "--late-entry", "mailed; opened late", *db,
    )  # fmt: skip
    assert code == 0, err
    record = json.loads(out)
    assert (record["special"], record["verdict"]) == (ASSEMBLY, "timely")
    code, out, _ = run("desk", "book", "--format", "csv", *db)
    rows = list(csv.DictReader(io.StringIO(out.lstrip("\ufeff"))))
    assert [r["special"] for r in rows] == [ASSEMBLY]
    assert "(special election" in run("desk", "book", *db)[1]  # the table, under the office
    code, out, _ = run("desk", "due", "--all", *db)
    assert f"(special election {ASSEMBLY})" in out


def test_the_command_line_refuses_an_office_the_words_do_not_name(db_url: str, run: CliRun) -> None:
    code, out, err = run(
        "desk", "file", "party_nomination", "--board", "albany", "--year", "2026",
        "--candidate", "Ana Ruiz", "--special", "mayor:2026-02-02:2026-03-17", "--db", db_url,
    )  # fmt: skip
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--special 'mayor:2026-02-02:2026-03-17'" in err
    assert run("desk", "book", "--format", "json", "--db", db_url)[1].count('"seq"') == 0


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    clock = DeskClock("2026-02-09T12:00:00-05:00")
    with TestClient(create_app(db_url, max_body=64 * 1024, clock=clock)) as c:
        yield c


def test_the_api_files_one_named_by_its_office_and_days(db_url: str, client: TestClient) -> None:
    clerk = {"Authorization": f"Bearer {Desk(db_url).create_token('Ann Clerk', 'clerk')}"}
    body = {
        "kind": "party_nomination", "board": "albany", "year": 2026,
        "candidates": [{"name": "Ana Ruiz"}],
        "special": {"office": "assembly", "proclaimed": "2026-02-02", "election": "2026-03-17"},
    }  # fmt: skip
    made = client.post("/filings", json=body, headers=clerk)
    assert made.status_code == 201, made.text
    assert made.json()["special"] == ASSEMBLY and made.json()["verdict"] == "timely"
    bad = client.post(
        "/filings", json=body | {"special": "assembly:2026-03-17:2026-02-02"}, headers=clerk
    )
    assert 400 <= bad.status_code < 500 and "not after the proclamation" in bad.json()["error"]
    assert len(client.get("/book").json()["rows"]) == 1


def test_a_desk_without_the_special_elections_refuses_a_paper_answering_one(db_url: str) -> None:
    desk = desk_at(db_url, "2026-02-09T12:00:00-05:00")
    paper, _ = desk.submit(certificate(), "Ann")
    bare = Desk(db_url, clock=DeskClock("2026-02-11T10:00:00-05:00"))
    objection = Submission(kind="objection", board="albany", year=2026, refers_to=paper["uid"])
    with pytest.raises(UsageError, match="whose calendar this desk was not given"):
        bare.submit(objection, "Bo")
    assert bare.count() == 1
