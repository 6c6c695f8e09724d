"""The HTTP API: public reads, clerk-only writes, JSON errors, hostile input changes nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from nyballot.api import create_app
from nyballot.filing.desk import Desk

from .conftest import DeskClock

PETITION = {
    "kind": "designating_petition",
    "board": "nyc",
    "year": 2026,
    "candidates": [{"name": "Ana Ruiz", "residence": "40 Grand St, Brooklyn"}],
    "office": "Member of the City Council",
    "district": "34th Council District",
    "party": "Working Families",
}


@pytest.fixture
def client(db_url: str, clock: DeskClock) -> Iterator[TestClient]:
    # PETITION arrives when the desk's clock reads 2026-04-02T23:59-04:00 (the clock fixture)
    with TestClient(create_app(db_url, max_body=64 * 1024, clock=clock)) as c:
        c.headers["X-Test-Db"] = db_url
        yield c


@pytest.fixture
def clerk(db_url: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {Desk(db_url).create_token('Ann Clerk', 'clerk')}"}


def count(client: TestClient) -> int:
    return len(client.get("/book").json()["rows"])


def test_public_calendar_explain_holidays(client: TestClient) -> None:
    cal = client.get("/calendar/2026").json()
    assert any(d["id"] == "designating_petition.filing" for d in cal["deadlines"])
    ex = client.get("/explain/2026/designating_petition.filing").json()
    # § 6-158(1-a) for 2026: 13th Monday before Tue 06-23 = Mon 03-30; 12th Monday = Mon 04-06.
    assert (ex["opens"], ex["closes"]) == ("2026-03-30", "2026-04-06")
    assert client.get("/holidays/2026").json()["holidays"][0]["date"] == "2026-01-01"
    missing = client.get("/explain/2026/no_such.rule")
    assert missing.status_code == 404 and "no_such.rule" in missing.json()["error"]
    assert client.get("/calendar/1850").status_code == 422
    assert client.get("/calendar/2050").status_code == 400
    assert client.get("/openapi.json").json()["info"]["title"] == "nyballot"


def test_writes_need_a_clerk_token(client: TestClient, db_url: str) -> None:
    r = client.post("/filings", json=PETITION)
    assert r.status_code == 401 and "token" in r.json()["error"]
    r = client.post("/filings", json=PETITION, headers={"Authorization": "Bearer nope"})
    assert r.status_code == 401
    viewer = Desk(db_url).create_token("Vic Viewer", "viewer")
    r = client.post("/filings", json=PETITION, headers={"Authorization": f"Bearer {viewer}"})
    assert r.status_code == 403 and "viewer" in r.json()["error"]
    assert count(client) == 0


def test_file_object_book_due(client: TestClient, clerk: dict[str, str], clock: DeskClock) -> None:
    r = client.post("/filings", json=PETITION, headers=clerk)
    assert r.status_code == 201, r.text
    p = r.json()
    assert p["verdict"] == "timely" and "1-106(1)" in p["decision"]["cites"]
    assert p["clerk"] == "Ann Clerk"
    assert p["received"] == p["recorded_at"] == "2026-04-02T23:59:00-04:00"  # the desk's clock
    clock.set("2026-04-06T23:00:00-04:00")
    o = client.post(
        "/objections",
        json={
            "refers_to": p["uid"],
            "board": "nyc",
            "year": 2026,
        },
        headers=clerk,
    )
    assert o.status_code == 201 and o.json()["verdict"] == "timely"
    book = client.get("/book", params={"board": "nyc", "year": 2026}).json()
    assert book["rows"][0]["memorandum"].startswith("objection #")
    # The CSV opens with a byte order mark, so Excel reads it as UTF-8.
    assert client.get("/book", params={"format": "csv"}).text.startswith(
        "\ufeffseq,stamped"
    )  # BOM: Excel reads UTF-8
    assert "<table>" in client.get("/book", params={"format": "html"}).text
    due = client.get("/due", params={"on": "2026-04-07"}).json()
    # Soonest first: the candidate's last day to decline (§ 6-158(2): Mon 04-06 + 4 = Fri 04-10),
    # specifications (§ 6-154(2): Mon 04-06 + 6 = Sun 04-12 -> Mon 04-13), the proceeding
    # (§ 16-102(2): Mon 04-06 + 14 = Mon 04-20).
    assert [d["name"] for d in due] == ["notice", "specifications", "proceeding"]
    assert [d["due"] for d in due] == ["2026-04-10", "2026-04-13", "2026-04-20"]
    assert client.get(f"/filings/{p['uid']}").json()["history"][0]["uid"] == o.json()["uid"]


def test_idempotency_key_header(client: TestClient, clerk: dict[str, str]) -> None:
    h = {**clerk, "Idempotency-Key": "counter-7/0042"}
    first = client.post("/filings", json=PETITION, headers=h)
    again = client.post("/filings", json=PETITION, headers=h)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["uid"] == first.json()["uid"] and again.json()["replayed"]
    other = client.post("/filings", json={**PETITION, "office": "Mayor"}, headers=h)
    assert other.status_code == 409 and "counter-7/0042" in other.json()["error"]
    assert count(client) == 1


HOSTILE = [
    ({**PETITION, "received": "2026-13-45T25:61"}, 400),
    ({**PETITION, "received": "yesterday"}, 400),
    ({**PETITION, "postmark": "2026-02-30", "method": "mail"}, 400),
    ({**PETITION, "kind": "petition'; DROP TABLE filings; --"}, 400),
    ({**PETITION, "board": "nyc' OR '1'='1"}, 400),
    ({**PETITION, "year": "twenty"}, 422),
    ({**PETITION, "year": 10**30}, 422),
    ({**PETITION, "method": "carrier pigeon"}, 422),
    ({**PETITION, "office": "x" * 5000}, 422),
    ({**PETITION, "unknown_field": 1}, 422),
    ({**PETITION, "candidates": [{"name": ""}]}, 422),
    ({**PETITION, "office": "Council\x00\x07"}, 400),
    ({**PETITION, "kind": "objection", "refers_to": "00000000-0000-0000-0000-000000000000"}, 404),
    ({**PETITION, "kind": "notice_of_intent"}, 400),
    ([1, 2, 3], 422),
    ("not an object", 422),
]


@pytest.mark.parametrize(("body", "status"), HOSTILE)
def test_hostile_input_is_refused_and_changes_nothing(
    client: TestClient, clerk: dict[str, str], body: object, status: int
) -> None:
    r = client.post("/filings", json=body, headers=clerk)
    assert r.status_code == status, r.text
    assert isinstance(r.json()["error"], str) and r.json()["error"]
    assert count(client) == 0


def test_malformed_and_oversized_bodies(client: TestClient, clerk: dict[str, str]) -> None:
    h = {**clerk, "Content-Type": "application/json"}
    r = client.post("/filings", content=b"{not json", headers=h)
    assert r.status_code == 422 and "error" in r.json()
    big = b'{"kind": "' + b"a" * (65 * 1024) + b'"}'
    r = client.post("/filings", content=big, headers=h)
    assert r.status_code == 413 and "larger" in r.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams
        for _ in range(100):
            yield b" " * 1024

    r = client.post("/filings", content=chunks(), headers=h)
    assert r.status_code == 413
    assert client.get("/nowhere").json() == {"error": "Not Found"}
    assert count(client) == 0


def test_compare_a_bill_against_the_law_in_force(client: TestClient) -> None:
    r = client.get("/compare/2016", params={"with": "S5961"})
    assert r.status_code == 200
    row = next(c for c in r.json()["changes"] if c["id"] == "designating_petition.filing")
    # Law in force, primary Tue 2016-09-13 (§ 8-100(1)(a)): 10th Monday before = Mon 07-11,
    # 9th Thursday = Thu 07-14 (§ 6-158(1)). S.5961: primary on the 3rd Tuesday in August,
    # Tue 08-16; 13th Friday before = Fri 05-20, 12th Wednesday = Wed 05-25.
    assert (row["base"]["opens"], row["base"]["closes"]) == ("2016-07-11", "2016-07-14")
    assert (row["other"]["opens"], row["other"]["closes"]) == ("2016-05-20", "2016-05-25")
    assert row["status"] == "moved"
    assert row["shift_days"] == {"opens": -52, "closes": -50}  # Jul 11 -> May 20; Jul 14 -> May 25
    outside = client.get("/compare/2030", params={"with": "S5961"})
    assert outside.status_code == 400 and "S5961" in outside.json()["error"]


def test_holidays_are_the_same_over_the_api_as_on_the_command_line(client: TestClient) -> None:
    # GCL § 24: Christmas 2022 fell on a Sunday and is kept on Monday, December 26.
    body = client.get("/holidays/2022").json()
    christmas = next(h for h in body["holidays"] if h["name"] == "Christmas day")
    assert christmas == {
        "date": "2022-12-26",
        "name": "Christmas day",
        "cite": "GCL § 24",
        "law": "the twenty-fifth day of December, known as Christmas day",
        "moved_from": "2022-12-25",
    }


def test_explain_and_compare_take_events_like_the_calendar(client: TestClient) -> None:
    # § 6-158(3): ten days after a death on Thu 2017-07-20 = Sun 07-30, rolled to Mon 07-31
    # (earlier than four days before the Tue 2017-09-12 primary).
    ex = client.get(
        "/explain/2017/designation.vacancy_after_death", params={"event": "death=2017-07-20"}
    )
    assert ex.status_code == 200 and ex.json()["closes"] == "2017-07-31"
    cmp = client.get("/compare/2017", params={"with": "S5305A", "event": "death=2017-07-20"})
    row = next(c for c in cmp.json()["changes"] if c["id"] == "designation.vacancy_after_death")
    assert row["base"]["closes"] == "2017-07-31"
    bad = client.get("/compare/2017", params={"event": "death=x"})
    assert bad.status_code == 400 and "death" in bad.json()["error"]


def test_a_body_that_is_no_json_object_is_named_as_the_body(
    client: TestClient, clerk: dict[str, str]
) -> None:
    # curl -d without a JSON content type, and a body cut short: no empty or numbered field.
    text = client.post("/filings", content=b'{"kind": "x"}', headers=clerk)
    assert text.status_code == 422
    assert text.json()["error"].startswith("body: Input should be a valid dictionary")
    broken = client.post("/filings", content=b'{"kind": ', headers={**clerk,
                         "Content-Type": "application/json"})  # fmt: skip
    assert broken.status_code == 422 and broken.json()["error"] == "body: JSON decode error"
