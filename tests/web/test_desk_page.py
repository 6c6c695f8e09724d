"""The clerk's desk in a real Chromium: a clerk signs in with a token, files a petition and sees
its stamp; a form without its CSRF token, after the session expired or after the token was
revoked is refused and stores nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from sqlalchemy import update

from nyballot.filing import access
from nyballot.filing.desk import Desk
from nyballot.filing.schema import web_sessions
from nyballot.web import create_app


@pytest.fixture
def desk_app(
    tmp_path: Path, browser: Browser, serve: Callable[[Any], AbstractContextManager[str]]
) -> Iterator[tuple[Page, Desk, Any, str]]:
    url = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    desk = Desk(url)
    token = desk.create_token("Ann Clerk", "clerk", ["albany"])
    app = create_app(url)
    with serve(app) as base:
        context = browser.new_context(base_url=base, viewport={"width": 390, "height": 844})
        yield context.new_page(), desk, app, token
        context.close()


def sign_in(page: Page, token: str) -> None:
    page.goto("/web/desk")
    page.get_by_label("Token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_selector("#file-form")


def file_petition(page: Page) -> None:
    page.get_by_label("Paper", exact=True).select_option("designating_petition")
    page.get_by_label("Candidate", exact=True).fill("Ana Ruiz")
    page.get_by_label("Candidate's residence").fill("40 Grand St, Albany")
    page.get_by_role("button", name="File and stamp").click()
    page.wait_for_load_state()


def test_a_clerk_signs_in_files_a_petition_and_sees_its_stamp(
    desk_app: tuple[Page, Desk, Any, str],
) -> None:
    page, desk, _, token = desk_app
    sign_in(page, token)
    cookie = next(c for c in page.context.cookies() if c["name"] == "nyballot_desk")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and token not in cookie["value"]
    file_petition(page)
    records = desk.records()
    assert len(records) == 1 and records[0]["clerk"] == "Ann Clerk"
    # The stamp is the server's, to the minute, and the receipt gives the verdict and its words.
    assert page.locator("#stamp time").get_attribute("datetime") == records[0]["received"]
    assert (
        page.locator("#verdict")
        .inner_text()
        .startswith(records[0]["verdict"].replace("_", " ").upper())
    )
    assert "stamped with the day, hour and minute" in page.locator("#words").inner_text()


def test_a_form_without_the_csrf_token_is_refused_and_stores_nothing(
    desk_app: tuple[Page, Desk, Any, str],
) -> None:
    page, desk, _, token = desk_app
    sign_in(page, token)
    page.evaluate("document.querySelector('#file-form input[name=csrf]').remove()")
    file_petition(page)
    assert "no or a wrong CSRF token" in page.locator("#desk-error").inner_text()
    assert desk.records() == []


def test_a_form_after_the_session_expired_is_refused_and_stores_nothing(
    desk_app: tuple[Page, Desk, Any, str],
) -> None:
    page, desk, _, token = desk_app
    sign_in(page, token)
    with desk.engine.begin() as conn:  # eight hours later
        conn.execute(update(web_sessions).values(expires_at="2000-01-01T00:00:00+00:00"))
    file_petition(page)
    assert page.locator("#signin").count() == 1
    assert desk.records() == []


def test_a_form_after_the_token_was_revoked_is_refused_and_stores_nothing(
    desk_app: tuple[Page, Desk, Any, str],
) -> None:
    page, desk, _, token = desk_app
    sign_in(page, token)
    access.revoke_token(desk.engine, 1)
    file_petition(page)
    assert "session has ended" in page.locator("#desk-error").inner_text()
    assert page.locator("#signin").count() == 1
    assert desk.records() == []


def test_signing_out_ends_the_session(desk_app: tuple[Page, Desk, Any, str]) -> None:
    page, _, app, token = desk_app
    sign_in(page, token)
    assert app.state.web_sessions.count() == 1
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_selector("#signin")
    assert app.state.web_sessions.count() == 0
