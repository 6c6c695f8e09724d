"""Uploading an overlay of one's own on the calendar page, in a real headless Chromium."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from playwright.sync_api import Page

SHIPPED = resources.files("nyballot.law").joinpath("data/overlays/A9725.yaml")


def test_upload_an_overlay_on_the_calendar_page(page: Page, tmp_path: Path) -> None:
    text = SHIPPED.read_text("utf-8").replace("id: A9725", "id: MY-NOTICE", 1)
    mine = tmp_path / "mine.yaml"
    mine.write_text(text.replace("title: Notice of intent", "title: My notice of intent", 1))
    page.goto("/web/calendar/2027")
    page.locator("#overlay").set_input_files(str(mine))
    page.get_by_role("button", name="Upload").click()
    page.wait_for_url(re.compile(r"/web/calendar/2027\?with=MY-NOTICE-[0-9a-f]{12}$"))
    assert page.locator("h1").inner_text() == (
        "What-if, not the law: New York political calendar, 2027"
    )
    assert page.locator('tr[data-rule="notice_of_intent.filing"]').count() == 1

    # An overlay the checks refuse: the same page, the error beside the form, the name kept.
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("opens: 30 days before designating_petition.signing.opens",
                                "opens: 30 days before event.nope"))  # fmt: skip
    page.goto("/web/calendar/2027")
    page.locator("#overlay").set_input_files(str(bad))
    page.locator("#keep").fill("my-try")
    page.get_by_role("button", name="Upload").click()
    error = page.locator("#upload-error")
    error.wait_for()
    assert "unknown event 'nope'" in error.inner_text()
    assert page.locator("#keep").input_value() == "my-try"
