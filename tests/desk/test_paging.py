"""The book, what falls due and the web's list of it are read a page at a time: a page reads
the records it shows (and those its rows name), never the whole book; the clocks kept in their
own table are the clocks the whole book gives."""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from nyballot.filing import reading, records
from nyballot.filing.clocks import clocks_of
from nyballot.filing.desk import Desk, Submission
from nyballot.web import (
    create_app,  # the API with its pages
    pages,
    reference,
)

from .conftest import CliRun, DeskClock
from .test_chain import paper


def _family(desk: Desk, at: str) -> None:
    """A petition, an objection to it, its specifications and a determination of invalidity."""
    desk.clock = DeskClock(at)
    p = last = desk.submit(paper("albany", "Ana Ruiz"), "Ann")[0]
    for kind, day, extra in [
        ("objection", "2026-04-03T11:00:00-04:00", {}),
        ("specifications", "2026-04-09T16:00:00-04:00", {}),
        ("determination", "2026-04-15T14:00:00-04:00", {"outcome": "invalid"}),
    ]:
        desk.clock = DeskClock(day)
        target = p["uid"] if kind != "specifications" else last["uid"]
        s = Submission(kind=kind, board="albany", year=2026, refers_to=target, **extra)
        last = desk.submit(s, "Ann")[0]


@pytest.fixture
def book(db_url: str) -> Desk:
    desk = Desk(db_url)
    for i in range(30):
        desk.clock = DeskClock(f"2026-04-01T10:{i:02d}:00-04:00")
        desk.submit(paper("erie" if i % 3 else "albany", f"Candidate {i}"), "Ann")
    _family(desk, "2026-04-01T11:00:00-04:00")
    return desk


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many stored records were read (made into records) meanwhile."""
    seen = [0]
    made = records.record_dict

    def counting(*args: Any, **kwargs: Any) -> dict[str, Any]:
        seen[0] += 1
        return made(*args, **kwargs)

    monkeypatch.setattr(reading, "record_dict", counting)
    monkeypatch.setattr("nyballot.filing.desk.record_dict", counting)
    yield seen


def test_a_page_of_the_book_reads_its_own_records(book: Desk, counted: list[int]) -> None:
    # Before: every page read all 34 records (at 20,000 filings, 3.1 s of CPU a page).
    with TestClient(create_app(str(book.engine.url), rate=0)) as c:
        counted[0] = 0
        page = c.get("/book", params={"limit": 5, "offset": 0}).json()
        assert counted[0] <= 5 and page["total"] == 33  # 31 petitions, the objection, its specs
        last = c.get("/book", params={"limit": 5, "offset": 30}).json()
    rows = last["rows"]
    assert [r["seq"] for r in rows] == [31, 32, 33]  # the determination is in #31's memorandum
    assert rows[0]["status"] == "invalid" and "objection #32" in rows[0]["memorandum"]
    assert rows[1]["memorandum"].startswith("objection to filing #31")


def test_what_falls_due_is_read_a_page_at_a_time(book: Desk, counted: list[int]) -> None:
    with TestClient(create_app(str(book.engine.url), rate=0)) as c:
        counted[0] = 0
        r = c.get("/due", params={"on": "2026-04-01", "limit": 4})
        assert counted[0] == 0  # the clocks come from their own table, not the records
        page = c.get("/web/due", params={"on": "2026-04-01", "days": 30})
    assert len(r.json()) == 4 and int(r.headers["X-Total-Count"]) > 4
    assert page.status_code == 200 and counted[0] <= 40


def test_the_kept_clocks_are_the_clocks_of_the_whole_book(book: Desk) -> None:
    everything = sorted(clocks_of(book.records()), key=lambda c: (c.due, c.name, c.filing))
    kept = book.due()
    assert [(c.due, c.name, c.filing) for c in kept] == [
        (c.due, c.name, c.filing) for c in everything
    ]
    assert kept[0].steps == everything[0].steps
    # The determination of invalidity ended the petition's first court clock and started the
    # one counted from it: the family's clocks were rewritten when it was recorded.
    names = [c.name for c in kept if c.filing == book.records()[30]["uid"]]
    assert "proceeding" not in names


def test_the_page_queries_use_indexes(book: Desk) -> None:
    if book.engine.dialect.name != "sqlite":
        pytest.skip("the query plan is SQLite's")
    with book.engine.connect() as conn:
        plan = " ".join(
            str(r[-1])
            for r in conn.exec_driver_sql(
                "EXPLAIN QUERY PLAN SELECT * FROM clocks WHERE board = 'albany' AND due >= "
                "'2026-04-01' ORDER BY due, name, filing LIMIT 10"
            )
        )
    assert "USING INDEX ix_clocks_board_due" in plan and "TEMP B-TREE" not in plan


# -- paging by cursor ---------------------------------------------------------------------------

READ_ONLY = settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=15)


def _papers(desk: Desk, board_id: str | None) -> list[int]:
    """The seqs of every paper in the book (of a board), read whole, in order."""
    kinds = {"objection", "specifications", "designating_petition"}
    return [r["seq"] for r in desk.records(board_id) if r["kind"] in kinds]


@READ_ONLY
@given(limit=st.integers(1, 40), board_id=st.sampled_from([None, "albany", "erie"]))
@example(limit=1, board_id=None)
def test_paging_the_book_by_cursor_gives_every_paper_once_in_order(
    book: Desk, limit: int, board_id: str | None
) -> None:
    seen, after = [], None
    for _ in range(100):
        page = book.public_page(reading.PageAsked(board_id, None, limit, after=after))[0]
        seen += [row["seq"] for row in page.rows]
        assert len(page.rows) <= limit
        if page.next is None:
            break
        assert page.next == page.rows[-1]["seq"]
        after = page.next
    assert seen == _papers(book, board_id)


@READ_ONLY
@given(limit=st.integers(1, 30), on=st.sampled_from([None, "2026-04-01", "2026-04-20"]))
@example(limit=1, on=None)
def test_paging_what_falls_due_by_cursor_gives_every_clock_once_in_order(
    book: Desk, limit: int, on: str | None
) -> None:
    day = dt.date.fromisoformat(on) if on else None
    whole = [(c.due, c.name, c.filing) for c in book.due(on=day)]
    seen, after = [], None
    for _ in range(200):
        page = book.due(on=day, limit=limit, after=after)
        seen += [(c.due, c.name, c.filing) for c in page]
        if len(page) < limit:
            break
        after = reading.due_cursor(page[-1])
    assert seen == whole and len(set(seen)) == len(seen)


def test_the_api_follows_its_next_links_through_the_book_and_the_clocks(book: Desk) -> None:
    with TestClient(create_app(str(book.engine.url), rate=0)) as c:
        seqs, url = [], "/book?limit=4"
        while url:
            page = c.get(url).json()
            seqs += [r["seq"] for r in page["rows"]]
            url = page["next"]
        clocks, link = [], "/due?on=2026-04-01&limit=3"
        first = c.get(link)
        while link:
            r = c.get(link)
            clocks += [(x["due"], x["name"], x["filing"]) for x in r.json()]
            link = r.links.get("next", {}).get("url")
    assert seqs == _papers(book, None) and int(first.headers["X-Total-Count"]) == len(clocks)
    whole = book.due(on=dt.date(2026, 4, 1))
    assert clocks == [(x.due.isoformat(), x.name, x.filing) for x in whole]


def test_the_web_book_and_due_pages_follow_their_next_links(
    book: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pages, "BOOK_PAGE", 7)
    monkeypatch.setattr(reference, "DUE_PAGE", 5)
    with TestClient(create_app(str(book.engine.url), rate=0)) as c:
        shown: dict[str, list[str]] = {"book": [], "due": []}
        for name, url in [("book", "/web/book"), ("due", "/web/due?on=2026-04-01&days=60")]:
            numbers = []
            while url:
                page = c.get(url)
                assert page.status_code == 200
                cells = re.findall(
                    r'data-label="(?:seq|Last day)">(?:<bdi>)?(?:<time[^>]*>)?([^<]*)', page.text
                )
                shown[name] += cells
                numbers.append(len(cells))
                found = re.search(r'<a href="([^"]+)" rel="next">', page.text)
                url = html.unescape(found[1]) if found else ""
            assert max(numbers) == (7 if name == "book" else 5)
    assert [int(s) for s in shown["book"]] == _papers(book, None)
    assert len(shown["due"]) == len(book.due(on=dt.date(2026, 4, 1), until=dt.date(2026, 5, 30)))


@pytest.mark.parametrize(
    ("url", "status", "words"),
    [
        ("/book?after=yesterday", 422, "after"),
        ("/book?after=-1", 422, "after"),
        ("/due?after=2026-04-01", 400, "after '2026-04-01': not a cursor of this list"),
        ("/due?after=2026-02-30,objections,abc", 400, "not a cursor"),
    ],
)
def test_a_bad_cursor_is_refused_with_a_json_body(
    book: Desk, url: str, status: int, words: str
) -> None:
    with TestClient(create_app(str(book.engine.url), rate=0)) as c:
        r = c.get(url)
        page = c.get("/web/due?after=nonsense")
    assert r.status_code == status and words in json.dumps(r.json())
    assert r.headers["content-type"] == "application/json"
    assert page.status_code == 400 and "not a cursor of this list" in page.text


def test_the_command_line_pages_what_falls_due_and_refuses_a_bad_cursor(
    book: Desk, run: CliRun
) -> None:
    url = str(book.engine.url)
    code, out, _ = run("desk", "due", "--db", url, "--on", "2026-04-01", "--limit", "2")
    cursor = out.splitlines()[-1].removeprefix("next page: --after ")
    assert code == 0 and len(out.splitlines()) == 3
    code, after, _ = run("desk", "due", "--db", url, "--on", "2026-04-01", "--after", cursor)
    every = run("desk", "due", "--db", url, "--on", "2026-04-01")[1].splitlines()
    assert code == 0 and out.splitlines()[:2] + after.splitlines() == every
    code, out, err = run("desk", "due", "--db", url, "--after", "tomorrow")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "after 'tomorrow': not a cursor of this list" in err


CURSOR_QUERIES = [
    "SELECT id FROM filings WHERE COALESCE(kind, '') IN ('designating_petition') AND id > 10 "
    "ORDER BY id LIMIT 10",
    "SELECT id FROM filings WHERE COALESCE(kind, '') IN ('designating_petition') "
    "AND board = 'albany' AND id > 10 ORDER BY id LIMIT 10",
    "SELECT * FROM clocks WHERE (due, name, filing) > ('2026-04-01', 'objections', 'a') "
    "ORDER BY due, name, filing LIMIT 10",
    "SELECT * FROM clocks WHERE board = 'albany' AND (due, name, filing) > "
    "('2026-04-01', 'objections', 'a') ORDER BY due, name, filing LIMIT 10",
]


@pytest.mark.parametrize("query", CURSOR_QUERIES)
def test_a_page_by_cursor_is_read_from_an_index_without_sorting(book: Desk, query: str) -> None:
    with book.engine.connect() as conn:
        if book.engine.dialect.name == "sqlite":
            plan = " ".join(str(r[-1]) for r in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {query}"))
            assert "SEARCH" in plan and "TEMP B-TREE" not in plan, plan
        else:  # a book this small would be scanned whole: ask what an index would give
            conn.exec_driver_sql("SET enable_seqscan = off")
            conn.exec_driver_sql("SET enable_bitmapscan = off")
            plan = " ".join(str(r[0]) for r in conn.exec_driver_sql(f"EXPLAIN {query}"))
            assert "Index" in plan and "Sort" not in plan, plan


def test_the_command_line_pages_the_book_by_cursor(book: Desk, run: CliRun) -> None:
    url = str(book.engine.url)
    whole = json.loads(run("desk", "book", "--db", url, "--format", "json")[1])
    seen, after, pages = [], "0", 0
    while after is not None:
        code, out, _ = run("desk", "book", "--db", url, "--format", "json", "--limit", "10",
                           "--after", after)  # fmt: skip
        page = json.loads(out)
        assert code == 0 and len(page["rows"]) <= 10
        seen += [r["seq"] for r in page["rows"]]
        after, pages = (str(page["next"]) if page["next"] is not None else None), pages + 1
    # 33 papers (31 petitions, an objection, its specifications): four pages of 10, 10, 10, 3.
    assert seen == [r["seq"] for r in whole["rows"]] and len(seen) == 33 and pages == 4
    assert whole["next"] is None and len(whole["digests"]) >= 1
    code, out, _ = run("desk", "book", "--db", url, "--limit", "2", "--board", "albany")
    # Every third paper of the thirty is albany's (i = 0, 3, ...): its first two are #1 and #4.
    assert code == 0 and out.splitlines()[-1] == "next page: --after 4"


def test_the_command_line_refuses_a_cursor_of_the_book_that_is_not_a_seq(
    book: Desk, run: CliRun
) -> None:
    code, out, err = run("desk", "book", "--db", str(book.engine.url), "--after", "tomorrow")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "--after" in err and "tomorrow" in err
