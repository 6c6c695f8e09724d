"""A clerk keys a scanned volume of 100 signature lines on the keying page, by keyboard alone,
in a real Chromium, and the review of the keyed lines rules them as counted by hand; a key the
server does not answer waits in the browser and is sent again."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from keying.scanned import fake_scanner
from playwright.sync_api import Browser, Page, Route

from nyballot.filing.desk import Desk
from nyballot.web import create_app

from .test_desk_page import sign_in
from .test_views import fits_and_is_accessible

SHEETS, LINES = 10, 10  # 100 signature lines, and each sheet's witness statement
# Each sheet's witness: Iris Grant, DEM on file (tests/petitions/data/voters.txt), on March 15.
WITNESS = ("Iris Grant", "30 Pearl St", "03/15/2026")
# Sheet 1: the first ten lines of the golden petition (tests/petitions/test_golden.py, which
# counts each ruling by hand); 2026, DEM, AD 7, signing period February 24 to April 2.
SHEET_1 = [
    ("Ana Ruiz", "40 Grand St, Yonkers", "03/01/2026"),  # valid
    ("Jon Smith", "12 Elm St, Yonkers", "03/02/2026"),  # valid (JOHN SMITH, apt 3B)
    ("Mary Jones", "5 Oak St", "03/03/2026"),  # wrong_party
    ("Paul King", "7 Park Ave", "03/03/2026"),  # outside_unit
    ("Lisa Chen", "9 High St", "03/04/2026"),  # not_registered
    ("Omar Ali", "22 Mill Rd", "02/10/2026"),  # date_outside_period
    ("Nina Fox", "3 Lake St", ""),  # date_missing
    ("Ken Ito", "14 State St", "03/20/2026"),  # after_witness_date
    ("Ravi Shah", "11 School St", "03/05/2026"),  # valid
    ("Ravi Shah", "11 School St", "03/06/2026"),  # duplicate_same_petition
]
# Sheets 2 to 10: line 1 names nobody on file, even lines are blank (Alt+B), lines 3, 5, 7, 9
# cannot be read (Alt+U), line 10 is Ana Ruiz again (a duplicate of sheet 1 line 1).
NOBODY = ("Zed Nobody", "99 Nowhere Ln", "03/05/2026")


@pytest.fixture
def clerk(
    tmp_path: Path, browser: Browser, serve: Callable[[Any], AbstractContextManager[str]],
    store: Path, monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[Page, str]]:  # fmt: skip
    """A clerk's page on a server over a fresh book, the golden voter store, and a scanner
    that finds 10 sheets of 10 lines in any PDF."""
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", str(store))
    url = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    token = Desk(url).create_token("Ann Clerk", "clerk", ["albany"])
    with serve(create_app(url, scanner=fake_scanner(SHEETS, LINES))) as base:
        context = browser.new_context(base_url=base, viewport={"width": 1200, "height": 900})
        context.set_default_timeout(20_000)
        page = context.new_page()
        sign_in(page, token)
        yield page, _upload(page, tmp_path)
        context.close()


def _upload(page: Page, folder: Path) -> str:
    """File a 2026 designating petition, upload its scanned volume; the petition's uid."""
    page.get_by_label("Paper", exact=True).select_option("designating_petition")
    page.get_by_label("Election year").fill("2026")
    page.get_by_label("Candidate", exact=True).fill("Ana Ruiz")
    page.get_by_label("Candidate's residence").fill("40 Grand St, Albany")
    page.get_by_role("button", name="File and stamp").click()
    link = page.locator("#review-link a, a#review-link").first.get_attribute("href") or ""
    uid = link.split("petition=")[1]
    scan = folder / "volume.pdf"
    scan.write_bytes(b"%PDF-1.7 ten sheets")
    page.goto(f"/web/desk/keying?petition={uid}")
    page.get_by_label("Scanned volume").set_input_files(str(scan))
    page.get_by_role("button", name="Upload and scan").click()
    page.wait_for_selector("#volumes")
    return uid


def _at(page: Page) -> tuple[int, int]:
    return int(page.locator("#sheet").input_value()), int(page.locator("#line").input_value())


def _key(page: Page, sheet: int, line: int) -> int:
    """Key one line by keyboard; the number of keys pressed."""
    if line == 0:
        typed: tuple[str, ...] | str = WITNESS
    elif sheet == 1:
        typed = SHEET_1[line - 1]
    elif line == 1:
        typed = NOBODY
    elif line == LINES:
        typed = SHEET_1[0]
    else:
        typed = "Alt+KeyB" if line % 2 == 0 else "Alt+KeyU"
    if isinstance(typed, str):
        page.keyboard.press(typed)
        return 1
    name, address, date = typed
    page.keyboard.type(name)
    page.keyboard.press("Tab")
    page.keyboard.type(address)
    page.keyboard.press("Tab")
    page.keyboard.type(date)
    page.keyboard.press("Enter")
    return len(name) + len(address) + len(date) + 3


def test_a_clerk_keys_100_lines_by_keyboard_and_the_review_rules_them(
    clerk: tuple[Page, str],
) -> None:
    page, _ = clerk
    page.locator("#key-volume-1").click()
    keyed: list[tuple[int, int]] = []
    while page.locator("#key-form").count():
        place = _at(page)
        assert place not in keyed  # never shown twice
        _key(page, *place)
        keyed.append(place)
        page.wait_for_function(
            "([s, l]) => !document.querySelector('#key-form') || "
            "document.querySelector('#sheet').value != s || "
            "document.querySelector('#line').value != l",
            arg=list(place),
        )
    assert len(keyed) == SHEETS * (LINES + 1)  # every line and every witness statement, once
    assert "Every line is done" in page.locator("#keying-done").inner_text()
    assert page.evaluate("Object.keys(localStorage).filter(k => localStorage[k] !== '[]')") == []
    # The review of the keyed lines, as the desk reviews an uploaded lines file.
    page.get_by_role("link", name="Review the keyed lines").first.click()
    page.get_by_label("Party").fill("DEM")
    page.get_by_label("Political unit").fill("AD=7")
    page.get_by_label("Enrolled voters in the unit").fill("40")
    page.get_by_role("button", name="Upload and review").click()
    page.wait_for_selector("#review-page", timeout=60_000)
    # 100 lines less 36 blank (4 on each of sheets 2 to 10): 64 ruled.
    assert "Done: 64 of 64 lines ruled and kept" in page.locator("#review-state").inner_text()
    page.locator("#review-page").click()
    # Valid: sheet 1 lines 1, 2 and 9 (tests/petitions/test_golden.py); every other line
    # struck: the golden reasons on sheet 1; on sheets 2 to 10 nobody (line 1), unreadable
    # (lines 3, 5, 7, 9, named as nobody on file) or Ana Ruiz's second signature (line 10).
    assert "As reviewed: 3 valid of 64" in page.locator("#tally").inner_text()
    expected = {"s1-l3": "wrong_party", "s1-l4": "outside_unit", "s1-l5": "not_registered",
                "s1-l6": "date_outside_period", "s1-l7": "date_missing",
                "s1-l8": "after_witness_date", "s1-l10": "duplicate_same_petition",
                "s2-l1": "not_found", "s5-l3": "not_found",
                "s10-l10": "duplicate_same_petition"}  # fmt: skip
    for row, code in expected.items():
        assert code in page.locator(f"#{row}").inner_text(), row
    assert page.locator("#s1-l1").get_attribute("class") == "valid"
    # Each ruling links to its line's image.
    links = page.locator("a.line-image")
    assert links.count() == 64
    href = page.locator("#s1-l3 a.line-image").get_attribute("href") or ""
    assert re.fullmatch(r"/web/desk/keying/[0-9a-f-]{36}/images/1/3\.png", href)
    image = page.request.get(href)
    assert image.status == 200 and image.headers["content-type"] == "image/png"


def test_a_key_the_server_does_not_answer_waits_in_the_browser_and_is_sent_again(
    clerk: tuple[Page, str],
) -> None:
    page, _ = clerk
    page.locator("#key-volume-1").click()
    assert _at(page) == (1, 0)

    def away(route: Route) -> None:
        route.abort()

    page.route("**/key", away)
    _key(page, 1, 0)
    page.wait_for_selector("#keying-outbox:has-text('kept in this browser')")
    assert _at(page) == (1, 0)  # the next line is not shown before the server has this one
    waiting = page.evaluate("Object.values(localStorage).map(v => JSON.parse(v).length)")
    assert waiting == [1]
    page.unroute("**/key", away)  # the server is back: the kept key is sent again
    page.wait_for_function("() => document.querySelector('#line').value == '1'", timeout=10_000)
    assert page.evaluate("Object.values(localStorage)") == ["[]"]
    assert "1 of 110 lines done" in page.locator("#keying-progress").inner_text()
    # Alt+B and Alt+U are named on the page.
    assert "Alt+B marks the line blank" in page.locator("#keys").inner_text()


@pytest.mark.parametrize("width", [390, 1200])
def test_the_keying_pages_fit_and_are_accessible(clerk: tuple[Page, str], width: int) -> None:
    page, _ = clerk
    page.set_viewport_size({"width": width, "height": 900})
    axe = Axe()
    fits_and_is_accessible(page, axe, f"the petition's volumes at {width}")
    page.locator("#key-volume-1").click()
    page.wait_for_load_state("load")  # the page's script listening
    page.keyboard.type("Iris Grant")
    page.keyboard.press("Tab")
    page.keyboard.type("30 Pearl St")
    page.wait_for_selector("#candidates li")  # the type-ahead shown
    fits_and_is_accessible(page, axe, f"the keying page at {width}")


def test_a_file_the_scanner_refuses_is_answered_on_the_form_and_keeps_nothing(
    clerk: tuple[Page, str], tmp_path: Path
) -> None:
    page, uid = clerk
    bad = tmp_path / "letter.pdf"
    bad.write_bytes(b"Dear clerk")
    page.get_by_label("Volume number").fill("2")
    page.get_by_label("Scanned volume").set_input_files(str(bad))
    with page.expect_response("**/web/desk/keying") as answer:
        page.get_by_role("button", name="Upload and scan").click()
    assert answer.value.status == 400
    assert "letter.pdf: not a PDF file" in page.locator("#desk-error").inner_text()
    assert page.locator("#volumes tbody tr").count() == 1  # volume 1 only
    assert page.get_by_label("Petition's record").input_value() == uid
