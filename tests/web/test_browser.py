"""The web pages in a real headless Chromium, against the real server.

Hand-worked: in 2026 designating petitions are filed under § 6-158(1-a) (the 2026 act) from the
13th Monday to the 12th Monday before the primary of Tue 2026-06-23: Mon 2026-03-30 to
Mon 2026-04-06.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

PNG = b"\x89PNG\r\n\x1a\n"


def test_pick_a_year_then_follow_a_date_to_its_derivation(page: Page, tmp_path: Path) -> None:
    page.goto("/")
    page.get_by_label("Election year").fill("2026")
    page.get_by_role("button", name="Show the calendar").click()
    page.wait_for_url(re.compile(r"/web/calendar/2026$"))
    assert page.locator("h1").inner_text() == "New York political calendar, 2026"

    row = page.locator('tr[data-rule="designating_petition.filing"]')
    cells = row.locator("td").all_inner_texts()
    assert cells[0] == "Mon 2026-03-30"
    assert cells[1] == "Mon 2026-04-06"
    assert cells[3].startswith("§ 6-158(1-a)")
    assert "†" in cells[3]  # the 2026 act's own words were not found

    shot = tmp_path / "calendar-2026.png"
    page.screenshot(path=str(shot), full_page=True)
    data = shot.read_bytes()
    assert data.startswith(PNG) and len(data) > 10_000

    row.get_by_role("link").click()
    page.wait_for_url(re.compile(r"/web/explain/2026/designating_petition\.filing$"))
    words = page.locator("blockquote.statute").inner_text()
    assert "NOT EARLIER THAN THE THIRTEENTH MONDAY BEFORE" in words
    steps = page.locator("#derivation tbody tr").all_inner_texts()
    assert any(
        "13th Monday before primary (Tue 2026-06-23)" in s and "Mon 2026-03-30" in s for s in steps
    )
    assert any("12th Monday before primary" in s and "§ 6-158(1-a)" in s for s in steps)


def test_an_unknown_rule_is_a_clear_404_page(page: Page) -> None:
    response = page.goto("/web/explain/2026/designating_petition.filng")
    assert response is not None and response.status == 404
    assert page.locator("h1").inner_text() == "Not found"
    message = page.get_by_role("alert").inner_text()
    assert "rule 'designating_petition.filng': not in the 2026 calendar" in message
    assert "did you mean designating_petition.filing" in message


def test_the_ics_link_serves_an_icalendar_file(page: Page) -> None:
    page.goto("/web/calendar/2026")
    href = page.locator("#download-icalendar").get_attribute("href")
    assert href == "/calendar/2026.ics"
    response = page.request.get(href)
    assert response.status == 200
    assert response.headers["content-type"].startswith("text/calendar")
    assert response.body().startswith(b"BEGIN:VCALENDAR")


def test_a_bill_never_enacted_is_a_what_if_banner_at_the_top(page: Page) -> None:
    page.goto("/web/calendar/2016?with=S5961")
    heading = page.locator("h1").inner_text()
    assert heading == "What-if, not the law: New York political calendar, 2016"
    banner = page.locator("#what-if")
    assert banner.is_visible()
    assert "S.5961 of 2015 was never enacted" in banner.inner_text()
    box = banner.bounding_box()
    assert box is not None and box["y"] < 400  # above the fold, under the heading
    page.goto("/web/calendar/2016")
    assert page.locator("#what-if").count() == 0
