"""Keying over the API: a scanned volume uploaded, kept whole or refused whole, its lines claimed
and keyed by a clerk's token of its board."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from keying.scanned import fake_scanner
from nyballot.api import create_app
from nyballot.filing.desk import Desk
from nyballot.filing.store import dispose_all
from nyballot.keying.store import Keying

PETITION = {
    "kind": "designating_petition",
    "board": "albany",
    "year": 2026,
    "candidates": [{"name": "Ana Ruiz", "residence": "40 Grand St, Albany"}],
    "office": "Member of Assembly",
    "party": "Democratic",
}
PDF = b"%PDF-1.7 a scanned volume"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'desk.sqlite3'}"


@pytest.fixture
def client(url: str) -> Iterator[TestClient]:
    with TestClient(create_app(url, max_scan=1000, scanner=fake_scanner(2, 3))) as c:
        yield c


def bearer(url: str, board: str = "albany") -> dict[str, str]:
    return {"Authorization": f"Bearer {Desk(url).create_token('Ann', 'clerk', [board])}"}


@pytest.fixture
def petition(client: TestClient, url: str) -> str:
    answer = client.post("/filings", json=PETITION, headers=bearer(url))
    assert answer.status_code == 201, answer.text
    return str(answer.json()["uid"])


def test_a_volume_is_kept_then_keyed_line_by_line(client: TestClient, url: str,
                                                  petition: str) -> None:  # fmt: skip
    who = bearer(url)
    kept = client.post(f"/desk/keying/volumes?petition={petition}&volume=1", content=PDF,
                       headers=who)  # fmt: skip
    assert kept.status_code == 201
    uid = kept.json()["id"]
    assert kept.json()["lines"] == 8  # 2 sheets of 3 lines and their 2 witness statements
    line = client.post(f"/desk/keying/volumes/{uid}/claim", headers=who).json()["line"]
    assert (line["sheet"], line["line"]) == (1, 0)
    keyed = 0
    while line is not None:
        answer = client.post(
            f"/desk/keying/volumes/{uid}/lines/{line['sheet']}/{line['line']}",
            json={"name": "Ana Ruiz", "address": "40 Grand St"},
            headers=who,
        )
        assert answer.status_code == 200, answer.text
        keyed, line = keyed + 1, answer.json()["next"]
    assert keyed == 8
    assert client.get(f"/desk/keying/volumes/{uid}", headers=who).json()["states"]["keyed"] == 8


def test_bad_uploads_are_refused_in_json_and_keep_nothing(client: TestClient, url: str,
                                                          petition: str) -> None:  # fmt: skip
    who = bearer(url)
    not_pdf = client.post(f"/desk/keying/volumes?petition={petition}", content=b"hello",
                          headers=who)  # fmt: skip
    assert not_pdf.status_code == 400 and "not a PDF" in not_pdf.json()["error"]
    large = client.post(f"/desk/keying/volumes?petition={petition}", content=PDF + b"x" * 1000,
                        headers=who)  # fmt: skip
    assert large.status_code == 413 and "error" in large.json()
    nowhere = client.post("/desk/keying/volumes?petition=nope", content=PDF, headers=who)
    assert nowhere.status_code == 400 and "no such filing" in nowhere.json()["error"]
    nobody = client.post(f"/desk/keying/volumes?petition={petition}", content=PDF)
    assert nobody.status_code == 401
    erie = client.post(f"/desk/keying/volumes?petition={petition}", content=PDF,
                       headers=bearer(url, "erie"))  # fmt: skip
    assert erie.status_code == 403
    assert Keying(Desk(url).engine).volumes_of(petition) == []


def test_a_volume_uploaded_twice_is_refused(client: TestClient, url: str, petition: str) -> None:
    who = bearer(url)
    first = client.post(f"/desk/keying/volumes?petition={petition}", content=PDF, headers=who)
    again = client.post(f"/desk/keying/volumes?petition={petition}", content=PDF, headers=who)
    assert (first.status_code, again.status_code) == (201, 409)
    assert "already kept" in again.json()["error"]


def test_another_boards_clerk_may_not_claim_a_line(client: TestClient, url: str,
                                                   petition: str) -> None:  # fmt: skip
    uid = client.post(f"/desk/keying/volumes?petition={petition}", content=PDF,
                      headers=bearer(url)).json()["id"]  # fmt: skip
    refused = client.post(f"/desk/keying/volumes/{uid}/claim", headers=bearer(url, "erie"))
    assert refused.status_code == 403


def test_the_type_ahead_names_the_voter_the_review_would_take(
    client: TestClient, url: str, golden_store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", str(golden_store))
    who = bearer(url)
    # tests/petitions/data/voters.txt: ANA RUIZ at 40 GRAND ST, YONKERS (NY...01); JOHN SMITH
    # at 12 ELM ST apt 3B (NY...02), whom "Jon Smith" names (tests/petitions/test_golden.py).
    ana = client.get("/desk/keying/lookup", params={"name": "Ana Ruiz",
                     "address": "40 Grand St, Yonkers"}, headers=who).json()  # fmt: skip
    assert ana["candidates"][0]["sboeid"] == "NY000000000000000001"
    assert ana["candidates"][0]["matches"] is True
    jon = client.get("/desk/keying/lookup", params={"name": "Jon Smith", "address": "12 Elm St"},
                     headers=who).json()  # fmt: skip
    assert [c["sboeid"] for c in jon["candidates"]][:1] == ["NY000000000000000002"]
    nobody = client.get("/desk/keying/lookup", params={"name": "Zed Nobody",
                        "address": "99 Nowhere Ln"}, headers=who).json()  # fmt: skip
    assert nobody == {"candidates": []}
    assert client.get("/desk/keying/lookup", params={"name": "Ana"}).status_code == 401


def test_a_scanner_that_fails_on_a_file_is_a_refusal_of_the_file(url: str) -> None:
    def broken(data: bytes, *, source: str, petition: str | None = None) -> object:
        raise ValueError("no image in the page stream")

    with TestClient(create_app(url, scanner=broken)) as c:  # type: ignore[arg-type]
        who = bearer(url)
        uid = c.post("/filings", json=PETITION, headers=who).json()["uid"]
        answer = c.post(f"/desk/keying/volumes?petition={uid}", content=PDF, headers=who)
    assert answer.status_code == 400
    assert "the scanner could not read it (ValueError); nothing was kept" in answer.json()["error"]
    assert Keying(Desk(url).engine).volumes_of(uid) == []


def test_a_new_application_on_the_same_book_keeps_every_keyed_line(url: str) -> None:
    who = bearer(url)
    with TestClient(create_app(url, scanner=fake_scanner(1, 2))) as first:
        uid = first.post("/filings", json=PETITION, headers=who).json()["uid"]
        volume = first.post(f"/desk/keying/volumes?petition={uid}", content=PDF,
                            headers=who).json()["id"]  # fmt: skip
        for line in (0, 1):
            answer = first.post(f"/desk/keying/volumes/{volume}/lines/1/{line}",
                                json={"name": f"Signer {line}", "address": "1 Main St"},
                                headers=who)  # fmt: skip
            assert answer.status_code == 200
    dispose_all()  # the first server's connections closed: a restart
    with TestClient(create_app(url, scanner=fake_scanner(1, 2))) as second:
        kept = second.get(f"/desk/keying/volumes/{volume}", headers=who).json()
        claimed = second.post(f"/desk/keying/volumes/{volume}/claim", headers=who).json()
    # 3 lines: the witness statement and line 1 keyed before the restart, line 2 left.
    assert (kept["states"]["keyed"], kept["states"]["to key"]) == (2, 0)
    assert (claimed["line"]["sheet"], claimed["line"]["line"]) == (1, 2)
