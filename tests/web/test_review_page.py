"""The clerk's review page in a real browser: each line with the voter beside it, and an
override recorded with a reason and kept in the history."""

from __future__ import annotations

import datetime as dt
import shutil
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from nyballot.filing.desk import Desk
from nyballot.law.choice import LawChoice
from nyballot.petitions import kept
from nyballot.petitions.lines import read_lines
from nyballot.petitions.review import Request, review
from nyballot.voters.store import connect, import_file
from nyballot.web import create_app

DATA = Path(__file__).parents[1] / "petitions" / "data"


@pytest.fixture(scope="module")
def kept_store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A store holding a kept review of the golden petition (and its id), and the same lines
    kept as an independent petition's, its votes for governor not given; built once, each
    test works on a copy."""
    store = tmp_path_factory.mktemp("kept") / "voters.duckdb"
    import_file(DATA / "voters.txt", str(store), date=dt.date(2026, 1, 5))
    con = connect(store)
    petition = read_lines((DATA / "lines.csv").read_bytes(), "lines.csv")
    request = Request(year=2026, party="DEM", units=(("AD", "7"),), enrolled=40, law=LawChoice())
    uid = kept.keep(con, review(con, petition, request))
    kept.keep(
        con, review(con, petition, Request(year=2026, kind="independent", units=(("AD", "7"),)))
    )
    con.close()
    return store, uid


@pytest.fixture(scope="module")
def clerk_server(
    serve: Callable[[object], AbstractContextManager[str]],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, str]]:
    """One server for the module (stopping one takes a fifth of a second): its base URL and a
    clerk's token. It reads the voter store named by $NYBALLOT_VOTERS_DB at each request."""
    url = f"sqlite:///{tmp_path_factory.mktemp('desk') / 'desk.sqlite3'}"
    token = Desk(url).create_token("Ann Clerk", "clerk")
    with serve(create_app(url)) as base:
        yield base, token


@pytest.fixture
def clerk_page(
    browser: Browser,
    clerk_server: tuple[str, str],
    kept_store: tuple[Path, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[Page, str, str]]:
    """The server over a fresh copy of the kept store: (page, review id, a clerk's token)."""
    original, uid = kept_store
    store = tmp_path / "voters.duckdb"
    shutil.copyfile(original, store)
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", str(store))
    base, token = clerk_server
    context = browser.new_context(base_url=base)
    context.set_default_timeout(10_000)
    try:
        yield context.new_page(), uid, token
    finally:
        context.close()


def test_a_clerk_overrides_a_ruling_and_the_history_keeps_both(
    clerk_page: tuple[Page, str, str],
) -> None:
    page, uid, token = clerk_page
    page.goto(f"/web/petitions/{uid}")
    row = page.locator("#s1-l7")
    assert "date_missing" in row.inner_text()
    assert "FOX" in page.locator("#s1-l7").inner_text()  # the voter on file beside the line
    # Without a rival petition Sofia Rossi counts: 4 valid (test_golden counts 3 with one).
    assert "4 valid of 13" in page.locator("#tally").inner_text()
    row.locator("select[name=valid]").select_option("yes")
    row.locator("input[name=reason]").fill("date visible on the original sheet")
    row.locator("input[name=token]").fill(token)
    row.locator("button").click()
    page.wait_for_url(f"**/web/petitions/{uid}#s1-l7")
    row = page.locator("#s1-l7")
    assert "Clerk: valid" in row.inner_text()
    assert "Ann Clerk: valid (date visible on the original sheet)" in row.inner_text()
    assert "date_missing" in row.inner_text()  # the review's own ruling is still shown
    assert "After the clerk's rulings: 5 valid" in page.locator("#tally").inner_text()


def test_a_bad_token_is_refused_and_nothing_is_kept(clerk_page: tuple[Page, str, str]) -> None:
    page, uid, _ = clerk_page
    page.goto(f"/web/petitions/{uid}")
    row = page.locator("#s1-l3")
    row.locator("input[name=reason]").fill("no")
    row.locator("input[name=token]").fill("nyb_wrong")
    row.locator("button").click()
    assert "not valid" in page.content()
    page.goto(f"/web/petitions/{uid}")
    assert "Clerk:" not in page.locator("#s1-l3").inner_text()


def test_the_index_lists_the_kept_review_and_leads_to_its_page(
    clerk_page: tuple[Page, str, str],
) -> None:
    page, uid, _ = clerk_page
    page.goto("/")
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Petition reviews").click()
    page.wait_for_url("**/web/petitions")
    row = page.locator(f"#review-{uid}")
    # The golden petition without a rival: 4 valid; 5% of 40 enrolled = 2 required, the limit
    # of 500 for an assembly district (a secondary source) not binding.
    cells = row.locator("td").all_inner_texts()
    assert cells[2:6] == ["13", "4", "2 (secondary source)", "prima facie sufficient"]
    row.get_by_role("link").click()
    page.wait_for_url(f"**/web/petitions/{uid}")
    assert "4 valid of 13" in page.locator("#tally").inner_text()


def test_an_independent_review_without_its_votes_has_no_number(
    clerk_page: tuple[Page, str, str],
) -> None:
    page, _, _ = clerk_page
    page.goto("/web/petitions")
    row = page.locator("#reviews tr", has_text="Review of an independent petition")
    # § 6-142 counts votes for governor, which were not given: no number, no finding.
    assert row.locator("td").all_inner_texts()[4:6] == ["not given", "sufficiency not ruled"]
    row.get_by_role("link").click()
    tally = page.locator("#tally").inner_text()
    assert "no number required given: sufficiency not ruled" in tally


def test_the_review_page_fits_a_phone_and_leads_back_to_the_list(
    clerk_page: tuple[Page, str, str],
) -> None:
    page, uid, _ = clerk_page
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"/web/petitions/{uid}")
    sideways = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert sideways <= 0, f"the review page scrolls sideways by {sideways}px on a phone"
    caption = page.locator("caption").bounding_box()
    assert caption is not None and caption["height"] <= 1  # for screen readers only
    page.get_by_role("link", name="Petition reviews").click()
    assert page.url.endswith("/web/petitions")
