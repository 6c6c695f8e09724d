"""A clerk uploads a filed petition's lines on the web desk and follows the review to its
report, in a real Chromium; an upload without the CSRF token, or over the upload limit, is
refused and keeps nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from nyballot.filing import access
from nyballot.filing.desk import Desk
from nyballot.petitions import kept
from nyballot.petitions.workers import Pool
from nyballot.voters.store import connect
from nyballot.web import create_app, desk_reviews

from .test_desk_page import sign_in
from .test_views import fits_and_is_accessible

DATA = Path(__file__).parents[1] / "petitions" / "data"
LINES = DATA / "lines.csv"  # a header and 13 signature lines


def desk_page(
    tmp_path: Path, browser: Browser, serve: Callable[[Any], AbstractContextManager[str]],
    **options: Any,
) -> Iterator[tuple[Page, Desk, str]]:  # fmt: skip
    url = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    desk = Desk(url)
    token = desk.create_token("Ann Clerk", "clerk", ["albany"])
    app = create_app(url, **options)
    with serve(app) as base:
        context = browser.new_context(base_url=base, viewport={"width": 390, "height": 844})
        context.set_default_timeout(20_000)
        page = context.new_page()
        page.app = app  # type: ignore[attr-defined]  # for a test that looks at its reviews
        yield page, desk, token
        context.close()


@pytest.fixture
def clerk(
    request: pytest.FixtureRequest, tmp_path: Path, browser: Browser,
    serve: Callable[[Any], AbstractContextManager[str]], store: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[Page, Desk, str]]:  # fmt: skip
    """A clerk's page on a server over a fresh book and a copy of the golden voter store (the
    application's options, such as ``max_upload``, given by an indirect parameter)."""
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", str(store))
    yield from desk_page(tmp_path, browser, serve, **getattr(request, "param", {}))


def file_and_open_upload(page: Page, token: str) -> str:
    """Sign in, file a 2026 designating petition, follow its receipt to the upload form."""
    sign_in(page, token)
    page.get_by_label("Paper", exact=True).select_option("designating_petition")
    page.get_by_label("Election year").fill("2026")
    page.get_by_label("Candidate", exact=True).fill("Ana Ruiz")
    page.get_by_label("Candidate's residence").fill("40 Grand St, Albany")
    page.get_by_role("button", name="File and stamp").click()
    page.locator("#review-link").click()
    page.wait_for_selector("#review-form")
    uid = page.get_by_label("Petition's record").input_value()
    page.get_by_label("Party").fill("DEM")
    page.get_by_label("Political unit").fill("AD=7")
    page.get_by_label("Enrolled voters in the unit").fill("40")
    page.get_by_label("Lines file").set_input_files(str(LINES))
    return uid


def reviews_kept(path: str) -> list[dict[str, Any]]:
    con = connect(Path(path), read_only=True)
    try:
        return kept.listing(con)
    finally:
        con.close()


def test_a_clerk_uploads_a_lines_file_and_sees_the_finished_review(
    clerk: tuple[Page, Desk, str], store: Path
) -> None:
    page, desk, token = clerk
    uid = file_and_open_upload(page, token)
    page.get_by_role("button", name="Upload and review").click()
    page.wait_for_selector("#review-page", timeout=60_000)  # the page reloads itself until then
    # All 13 lines of the file ruled, then kept.
    assert "Done: 13 of 13 lines ruled and kept" in page.locator("#review-state").inner_text()
    page.locator("#review-page").click()
    # Without a rival petition in the book 4 of the 13 lines are valid (as on the review page).
    assert "4 valid of 13" in page.locator("#tally").inner_text()
    (review,) = reviews_kept(str(store))
    assert page.url.endswith(f"/web/petitions/{review['id']}")
    logged = [r for r in access.read_log(desk.engine) if r["action"] == "keep review"]
    assert [r["outcome"] for r in logged] == ["recorded"] and uid


def test_an_upload_without_the_csrf_token_is_refused_and_keeps_nothing(
    clerk: tuple[Page, Desk, str], store: Path
) -> None:
    page, _, token = clerk
    file_and_open_upload(page, token)
    page.evaluate("document.querySelector('#review-form input[name=csrf]').remove()")
    page.get_by_role("button", name="Upload and review").click()
    page.wait_for_selector("#desk-error")
    assert "no or a wrong CSRF token" in page.locator("#desk-error").inner_text()
    # What was typed is still in the form.
    assert page.get_by_label("Political unit").input_value() == "AD=7"
    assert reviews_kept(str(store)) == []


@pytest.mark.parametrize("clerk", [{"max_upload": 200}], indirect=True)
def test_an_upload_over_the_limit_is_refused_and_keeps_nothing(
    clerk: tuple[Page, Desk, str], store: Path
) -> None:
    page, desk, token = clerk
    file_and_open_upload(page, token)
    assert LINES.stat().st_size > 200
    page.get_by_role("button", name="Upload and review").click()
    page.wait_for_selector("#desk-error")
    assert "larger than 200 bytes" in page.locator("#desk-error").inner_text()
    assert reviews_kept(str(store)) == []
    # Refused as over the API, and logged the same way.
    logged = [r for r in access.read_log(desk.engine) if r["action"] == "keep review"]
    assert [r["outcome"][:30] for r in logged] == ["refused: lines file: larger th"]


def test_the_progress_page_reloads_itself_until_the_review_has_ended(
    clerk: tuple[Page, Desk, str],
) -> None:
    page, _, token = clerk
    sign_in(page, token)
    jobs = desk_reviews.jobs_of_app(page.app)  # type: ignore[attr-defined]
    job = desk_reviews.Job("j1", "uid-1", "albany", "Ann Clerk", total=13, done=5, state="ruling")
    jobs.add(job)
    page.goto("/web/desk/reviews/j1")
    assert "5 of 13 lines ruled" in page.locator("#review-state").inner_text()
    job.done, job.state, job.review = 13, "done", "r1"
    page.wait_for_selector("#review-page", timeout=10_000)  # reloaded by the page's own script
    assert "13 of 13 lines ruled and kept" in page.locator("#review-state").inner_text()


@pytest.mark.parametrize("width", [390, 1200])
def test_the_clerks_pages_fit_and_are_accessible(clerk: tuple[Page, Desk, str], width: int) -> None:
    page, _, token = clerk
    page.set_viewport_size({"width": width, "height": 900})
    axe = Axe()
    file_and_open_upload(page, token)  # signed in, a petition filed: its receipt, the form
    fits_and_is_accessible(page, axe, f"the upload form at {width}")
    page.goto("/web/desk")
    fits_and_is_accessible(page, axe, f"the desk at {width}")
    jobs = desk_reviews.jobs_of_app(page.app)  # type: ignore[attr-defined]
    jobs.add(desk_reviews.Job("j2", "uid-2", "albany", "Ann Clerk", 13, 5, "ruling"))
    jobs.add(desk_reviews.Job("j3", "uid-3", "albany", "Ann Clerk", 13, 13, "done", review="r3"))
    jobs.add(desk_reviews.Job("j4", "uid-4", "albany", "Ann Clerk", 13, 0, "refused", "no file"))
    for job in ("j2", "j3", "j4"):
        page.goto(f"/web/desk/reviews/{job}")
        fits_and_is_accessible(page, axe, f"review {job} at {width}")


def test_a_review_of_another_boards_petition_is_not_shown(
    clerk: tuple[Page, Desk, str],
) -> None:
    page, _, token = clerk
    sign_in(page, token)
    jobs = desk_reviews.jobs_of_app(page.app)  # type: ignore[attr-defined]
    jobs.add(desk_reviews.Job("j5", "uid-5", "erie", "Bo Clerk", 13, 13, "done", review="r5"))
    response = page.goto("/web/desk/reviews/j5")
    assert response is not None and response.status == 403
    assert page.locator("#review-page").count() == 0


@pytest.mark.parametrize("clerk", [{"reviews": Pool(clerk_waiting=0)}], indirect=True)
def test_an_upload_while_the_clerks_worker_is_taken_is_refused_and_keeps_nothing(
    clerk: tuple[Page, Desk, str], store: Path
) -> None:
    page, _, token = clerk
    reviews: Pool = page.app.state.reviews  # type: ignore[attr-defined]
    reviews.clerks.reserve()  # another clerk's review under way, none may wait
    try:
        file_and_open_upload(page, token)
        with page.expect_response("**/web/desk/review") as answer:
            page.get_by_role("button", name="Upload and review").click()
        assert answer.value.status == 503
        refusal = page.locator("#desk-error").inner_text()
        assert "clerks' reviews: 1 running and 0 waiting" in refusal
    finally:
        reviews.clerks.give(None, None, None)
    assert reviews_kept(str(store)) == []
    assert page.get_by_label("Political unit").input_value() == "AD=7"  # kept for another try


def test_a_lines_file_the_worker_refuses_ends_the_review_refused(
    clerk: tuple[Page, Desk, str], store: Path, tmp_path: Path
) -> None:
    page, desk, token = clerk
    file_and_open_upload(page, token)
    bad = tmp_path / "bad.csv"
    bad.write_text("sheet,line\n1,1\n")  # no name or address column
    page.get_by_label("Lines file").set_input_files(str(bad))
    page.get_by_role("button", name="Upload and review").click()
    page.wait_for_selector("#desk-error", timeout=60_000)  # the progress page, once refused
    assert "lines file bad.csv" in page.locator("#desk-error").inner_text()
    assert "Nothing of this review was kept" in page.locator("#review-state").inner_text()
    assert reviews_kept(str(store)) == []
    logged = [r for r in access.read_log(desk.engine) if r["action"] == "keep review"]
    assert [r["outcome"][:27] for r in logged] == ["refused: lines file bad.csv"]
