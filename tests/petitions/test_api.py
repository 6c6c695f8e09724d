"""The review over HTTP: the same rulings as the command line, kept reviews, overrides kept
in the history, JSON errors."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.filing.desk import Desk
from nyballot.web import create_app

from .papers import RIVAL_LINE, rivals_in_book

DATA = Path(__file__).parent / "data"
QUERY = "year=2026&party=DEM&unit=COUNTYCODE=60&unit=AD=7&enrolled=40"


@pytest.fixture
def client(store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", str(store))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'desk.sqlite3'}")) as c:
        yield c


@pytest.fixture
def token(tmp_path: Path) -> dict[str, str]:
    clerk = Desk(f"sqlite:///{tmp_path / 'desk.sqlite3'}").create_token("Ann Clerk", "clerk")
    return {"Authorization": f"Bearer {clerk}"}


def test_a_lines_file_posted_is_reviewed(client: TestClient) -> None:
    response = client.post(f"/petitions/review?{QUERY}", content=(DATA / "lines.csv").read_bytes())
    assert response.status_code == 200
    data = response.json()
    assert (data["tally"]["valid"], data["tally"]["required"]) == (4, 2)
    assert data["lines"][3]["reasons"][0]["code"] == "outside_unit"


def test_an_independent_petition_takes_the_votes_for_governor(
    client: TestClient, token: dict[str, str]
) -> None:
    lines = (DATA / "lines.csv").read_bytes()
    independent = "year=2026&kind=independent&unit=COUNTYCODE=60&unit=AD=7"
    # § 6-142(2): 5% of 40,000 = 2,000; "an assembly district, one thousand five hundred": 1,500.
    given = client.post(f"/petitions/review?{independent}&governor_votes=40000", content=lines)
    assert given.status_code == 200
    source = given.json()["tally"]["required_from"]
    assert (source["number"], source["cite"]) == (1_500, "6-142(2)(g)")
    # Without the votes: no number, and the kept review's pages say so.
    kept = client.post(f"/petitions/reviews?{independent}", content=lines, headers=token)
    assert kept.status_code == 201
    assert (kept.json()["tally"]["required"], kept.json()["tally"]["sufficient"]) == (None, None)
    page = client.get(kept.json()["page"])
    assert "no number required given" in page.text and "sufficiency not ruled" in page.text
    listing = client.get("/web/petitions").text
    assert "not given" in listing and "sufficiency not ruled" in listing
    for bad in ("-1", "many"):
        refused = client.post(f"/petitions/review?{independent}&governor_votes={bad}",
                              content=lines)  # fmt: skip
        assert refused.status_code == 422 and "governor_votes" in refused.text


def test_bad_input_is_a_json_4xx(client: TestClient) -> None:
    bad = client.post(f"/petitions/review?{QUERY}", content=b"sheet,line,colour\n")
    assert bad.status_code == 400 and "unknown column 'colour'" in bad.json()["error"]
    unit = client.post("/petitions/review?year=2026&party=DEM&unit=PRECINCT=1", content=b"")
    assert unit.status_code == 400 and "PRECINCT" in unit.json()["error"]
    assert client.post("/petitions/review", content=b"").status_code == 422
    assert client.post(f"/petitions/reviews?{QUERY}", content=b"").status_code == 401


def test_an_override_is_kept_beside_the_ruling_never_over_it(
    client: TestClient, token: dict[str, str]
) -> None:
    body = (DATA / "lines.csv").read_bytes()
    created = client.post(f"/petitions/reviews?{QUERY}", content=body, headers=token)
    assert created.status_code == 201
    uid = created.json()["id"]
    change = {"sheet": 1, "line": 7, "valid": True, "reason": "date shown on the original"}
    assert client.post(f"/petitions/reviews/{uid}/overrides", json=change,
                       headers=token).status_code == 201  # fmt: skip
    again = {**change, "valid": False, "reason": "second look: no date"}
    client.post(f"/petitions/reviews/{uid}/overrides", json=again, headers=token)
    kept = client.get(f"/petitions/reviews/{uid}").json()
    line7 = kept["lines"][6]
    assert line7["valid"] is False and line7["reasons"][0]["code"] == "date_missing"
    assert line7["override"]["reason"] == "second look: no date"
    assert [o["valid"] for o in kept["overrides"]] == [True, False]
    assert kept["overrides"][0]["clerk"] == "Ann Clerk"
    assert kept["tally_after_overrides"]["valid"] == 4
    missing = client.post(f"/petitions/reviews/{uid}/overrides",
                          json={**change, "line": 99}, headers=token)  # fmt: skip
    assert missing.status_code == 404
    # The file has one volume: sheet 1 line 7 of volume 2 is no line of it.
    other = client.post(f"/petitions/reviews/{uid}/overrides",
                        json={**change, "volume": 2}, headers=token)  # fmt: skip
    assert other.status_code == 404 and "volume 2 sheet 1 line 7" in other.text
    # The page's form, sent with bytes that are not UTF-8: a 400 page, nothing recorded.
    form = {"content-type": "application/x-www-form-urlencoded", "accept": "text/html"}
    garbled = client.post(f"/web/petitions/{uid}/override", content=b"\xff", headers=form)
    assert garbled.status_code == 400 and "not UTF-8" in garbled.text
    assert len(client.get(f"/petitions/reviews/{uid}").json()["overrides"]) == 2


def test_the_index_says_when_no_review_is_kept(client: TestClient) -> None:
    page = client.get("/web/petitions")
    assert page.status_code == 200
    assert 'id="none"' in page.text


def test_the_index_lists_a_kept_review_with_its_tally(
    client: TestClient, token: dict[str, str]
) -> None:
    kept = client.post(f"/petitions/reviews?{QUERY}", content=(DATA / "lines.csv").read_bytes(),
                       headers={**token, "Content-Type": "text/csv"})  # fmt: skip
    assert kept.status_code == 201, kept.text
    page = client.get("/web/petitions")
    assert f'href="/web/petitions/{kept.json()["id"]}"' in page.text
    assert 'aria-current="page">Petition reviews' in page.text


def test_the_index_shows_a_review_kept_before_required_from_named_its_source(
    client: TestClient, store: Path
) -> None:
    # A review kept by an earlier version: required_from without "secondary".
    import duckdb

    given = {"number": 1, "source": "given (required)"}
    tally = {"valid": 0, "invalid": 0, "required": 1, "sufficient": False, "by_sheet": []}
    petition = {"year": 2026, "kind": "designating", "party": "DEM", "unit": {}}
    old = {"lines": [], "tally": {**tally, "required_from": given}, "petition": petition}
    con = duckdb.connect(str(store))
    con.execute(
        "INSERT INTO reviews VALUES ('old', '2026-03-01T00:00:00', 't', ?)", [json.dumps(old)]
    )
    con.close()
    page = client.get("/web/petitions")
    assert page.status_code == 200
    assert 'href="/web/petitions/old"' in page.text


def test_a_rival_petition_in_the_book_makes_a_duplicate_over_http(
    client: TestClient, token: dict[str, str], tmp_path: Path
) -> None:
    filed = rivals_in_book(Desk(f"sqlite:///{tmp_path / 'desk.sqlite3'}"))
    rival = RIVAL_LINE
    lines = (DATA / "lines.csv").read_bytes()
    # A public review names its petition but records nothing: no rival signers are known yet.
    first = client.post(f"/petitions/review?{QUERY}&petition={filed[0]}", content=rival)
    assert first.status_code == 200 and first.json()["tally"]["valid"] == 1
    later = client.post(f"/petitions/review?{QUERY}&petition={filed[1]}", content=lines)
    assert [r["code"] for r in later.json()["lines"][10]["reasons"]] == []
    # The kept review of the first petition (a clerk's) records its signers; the second
    # petition's review then rules Sofia Rossi, who signed the earlier one, under § 6-134(3).
    kept_first = client.post(f"/petitions/reviews?{QUERY}&petition={filed[0]}", content=rival,
                             headers=token)  # fmt: skip
    assert kept_first.status_code == 201
    later = client.post(f"/petitions/review?{QUERY}&petition={filed[1]}", content=lines)
    rossi = later.json()["lines"][10]
    assert [r["code"] for r in rossi["reasons"]] == ["duplicate_other_petition"]
    assert filed[0] in rossi["reasons"][0]["detail"]
    unknown = client.post(f"/petitions/review?{QUERY}&petition=nope", content=lines)
    assert unknown.status_code == 400 and "no such filing" in unknown.json()["error"]


def test_a_lines_file_may_be_larger_than_other_bodies(
    store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, token: dict[str, str]
) -> None:
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", str(store))
    app = create_app(f"sqlite:///{tmp_path / 'desk.sqlite3'}", max_body=1_000, max_upload=4_000)
    header, *rows = (DATA / "lines.csv").read_bytes().splitlines(keepends=True)
    # The same lines again, sheet s as 10 + s, 20 + s, ..., until the file passes the 1,000
    # bytes of a body.
    body, copies = header + b"".join(rows), 1
    while len(body) <= 1_000:
        for row in rows:
            sheet, rest = row.split(b",", 1)
            body += b"%d,%s" % (10 * copies + int(sheet), rest)
        copies += 1
    assert 1_000 < len(body) <= 4_000
    with TestClient(app) as c:
        reviewed = c.post(f"/petitions/review?{QUERY}", content=body)
        assert reviewed.status_code == 200 and len(reviewed.json()["lines"]) == copies * len(rows)
        assert c.post(f"/petitions/reviews?{QUERY}", content=body, headers=token).status_code == 201
        too_big = c.post(f"/petitions/review?{QUERY}", content=body + b"x" * 4_000)
        assert too_big.status_code == 413 and "4000 bytes" in too_big.json()["error"]
        # Any other body keeps the small limit: a clerk's override, a filing.
        assert c.post("/filings", content=b"{" + b" " * 1_000 + b"}").status_code == 413


def _many_lines(count: int) -> bytes:
    """``count`` lines of Ana Ruiz (on file), ten to a sheet, each sheet witnessed."""
    rows = ["sheet,line,date,name,address,witness_name,witness_address,witness_date"]
    for i in range(count):
        witness = "Iris Grant,30 Pearl St,2026-03-15" if i % 10 == 0 else ",,"
        rows.append(f"{i // 10 + 1},{i % 10 + 1},2026-03-01,Ana Ruiz,40 Grand St,{witness}")
    return ("\n".join(rows) + "\n").encode()


def test_a_public_review_takes_at_most_2000_lines_and_a_clerks_token_more(
    client: TestClient, token: dict[str, str]
) -> None:
    assert client.post(f"/petitions/review?{QUERY}", content=_many_lines(2_000)).status_code == 200
    refused = client.post(f"/petitions/review?{QUERY}", content=_many_lines(2_001))
    assert refused.status_code == 413
    assert refused.json()["error"].startswith("lines file: 2,001 lines; a review without a clerk")
    taken = client.post(f"/petitions/review?{QUERY}", content=_many_lines(2_001), headers=token)
    assert taken.status_code == 200
    # Ana Ruiz counts once; her other 2,000 lines are her duplicates.
    assert (taken.json()["tally"]["valid"], taken.json()["tally"]["invalid"]) == (1, 2_000)
    bad = {"Authorization": "Bearer not-a-token"}
    assert client.post(f"/petitions/review?{QUERY}", content=b"x", headers=bad).status_code == 401


def test_the_review_streams_as_json_and_refuses_bad_input_before_it_starts(
    client: TestClient,
) -> None:
    with client.stream("POST", f"/petitions/review?{QUERY}",
                       content=(DATA / "lines.csv").read_bytes()) as response:  # fmt: skip
        assert response.headers["content-type"] == "application/json"
        assert "content-length" not in response.headers  # streamed, not sent whole
        chunks = list(response.iter_bytes())
    assert json.loads(b"".join(chunks))["tally"]["valid"] == 4
    bad = client.post(f"/petitions/review?{QUERY}", content=b"sheet,line,colour\n")
    assert bad.status_code == 400 and "unknown column 'colour'" in bad.json()["error"]


def test_an_override_is_undone_until_certified_over_http(
    client: TestClient, token: dict[str, str]
) -> None:
    body = (DATA / "lines.csv").read_bytes()
    uid = client.post(f"/petitions/reviews?{QUERY}", content=body, headers=token).json()["id"]
    change = {"sheet": 1, "line": 7, "valid": True, "reason": "date shown on the original"}
    client.post(f"/petitions/reviews/{uid}/overrides", json=change, headers=token)
    undo = {"sheet": 1, "line": 7, "reason": "no date after all"}
    assert client.post(f"/petitions/reviews/{uid}/undo", json=undo).status_code == 401
    undone = client.post(f"/petitions/reviews/{uid}/undo", json=undo, headers=token)
    assert undone.status_code == 201
    # As reviewed: 4 valid (line 7 has no date); the clerk's ruling is in the history only.
    assert undone.json()["tally_after_overrides"]["valid"] == 4
    assert [o["valid"] for o in undone.json()["overrides"]] == [True, None]
    certified = client.post(f"/petitions/reviews/{uid}/certify", headers=token)
    assert certified.status_code == 201 and certified.json()["certified"]["clerk"] == "Ann Clerk"
    frozen = client.post(f"/petitions/reviews/{uid}/overrides", json=change, headers=token)
    assert frozen.status_code == 409 and "rulings are frozen" in frozen.json()["error"]


def test_the_clerks_page_counts_each_sheet_and_its_downloads_add_up(
    client: TestClient, token: dict[str, str]
) -> None:
    body = (DATA / "lines.csv").read_bytes()
    uid = client.post(f"/petitions/reviews?{QUERY}", content=body, headers=token).json()["id"]
    page = client.get(f"/web/petitions/{uid}").text
    # Sheet 1: 12 lines, 4 valid (no rival petition here); sheet 2: 1 line, none valid.
    assert (
        '<th scope="row">1 / 1</th><td data-label="Lines">12</td><td data-label="Valid">4</td>'
        in page
    )
    report = client.get(f"/web/petitions/{uid}/report.csv")
    assert report.status_code == 200 and report.headers["content-type"].startswith("text/csv")
    *sheets, total = report.text.splitlines()[1:]
    assert sum(int(row.split(",")[3]) for row in sheets) == int(total.split(",")[3]) == 4
    assert client.get(f"/web/petitions/{uid}/report.pdf").content.startswith(b"%PDF")
