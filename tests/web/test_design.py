"""The site's own design, in a real Chromium: its font is served by the package itself, every
page shares one layout, the answer comes before the navigation's wall of links, kinds are
marked by colour and by words, and no text is under 12 px on a 390-px phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Page

from nyballot.web import create_app

from .test_views import VIEWS

# The smallest text each element renders at, in CSS pixels: SVG text scaled as its picture is.
SMALLEST_TEXT = """() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('.sr-only, [hidden], summary + *:not([open])')) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
      size = size * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    }
    if (size < 12) out.push([el.tagName, el.textContent.trim().slice(0, 40), size.toFixed(1)]);
  }
  return out.slice(0, 5);
}"""


def test_the_font_is_the_packages_own_with_its_licence(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path}/font.sqlite3")
    with TestClient(app) as c:
        font = c.get("/web/static/fonts/atkinson-hyperlegible-latin-400-normal.woff2")
        assert font.status_code == 200 and font.headers["content-type"] == "font/woff2"
        assert font.content[:4] == b"wOF2"
        licence = c.get("/web/static/fonts/OFL.txt")
        assert "SIL Open Font License" in licence.text
        assert c.get("/web/static/fonts/..%2Fpages.py").status_code == 404
        assert c.get("/web/static/fonts/missing.woff2").status_code == 404


def test_every_page_is_set_in_the_packages_font(page: Page) -> None:
    page.goto("/web/calendar/2026")
    family = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert family.startswith('"Atkinson Hyperlegible"')
    page.evaluate("document.fonts.ready")
    assert page.evaluate("document.fonts.check('16px \"Atkinson Hyperlegible\"')")


@pytest.mark.parametrize("view", list(VIEWS))
def test_every_view_shares_one_layout(pages: dict[str, Page], view: str) -> None:
    page = pages["desktop"]
    page.goto(VIEWS[view])
    assert page.locator(".band header a.brand").count() == 1
    assert page.locator("header nav a").count() >= 13
    assert page.locator("main#main").count() == 1 and page.locator("footer").count() == 1


@pytest.mark.parametrize("view", list(VIEWS))
def test_no_text_is_under_12_px_on_a_phone(pages: dict[str, Page], view: str) -> None:
    page = pages["phone"]
    page.goto(VIEWS[view])
    assert page.evaluate(SMALLEST_TEXT) == []


def test_on_a_phone_the_answer_is_on_the_first_screen(pages: dict[str, Page]) -> None:
    page = pages["phone"]
    page.goto("/web/calendar/2026")
    first = page.locator("#calendar tbody tr").first.bounding_box()
    assert first is not None and first["y"] < 400  # the first date under the heading
    page.goto("/?on=2026-12-01")
    listed = page.locator("#season ol.deadlines li").first.bounding_box()
    assert listed is not None and listed["y"] + listed["height"] < 844


def test_kinds_are_marked_by_colour_and_by_words(page: Page) -> None:
    page.goto("/web/calendar/2026")
    row = page.locator('tr[data-rule="designating_petition.filing"] .kind')
    assert row.inner_text() == "filing period"
    colour = row.evaluate("e => getComputedStyle(e).borderLeftColor")
    assert colour == "rgb(0, 114, 178)"  # Okabe-Ito blue, the timeline's colour for a window
    page.goto("/web/calendar/2016?with=S5961")
    banner = page.locator("#what-if")
    assert banner.inner_text().startswith("WHAT-IF")  # words, beside the banner's colour


@pytest.mark.parametrize("view", list(VIEWS))
def test_every_card_on_a_phone_carries_its_labels(pages: dict[str, Page], view: str) -> None:
    page = pages["phone"]
    page.goto(VIEWS[view])
    unlabelled = page.locator("main table td:not([data-label]):not([colspan])").count()
    assert unlabelled == 0
