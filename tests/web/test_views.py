"""Every view in a real headless Chromium, at desktop and phone widths: it renders, asks no
other site for anything, fits a 390-px phone without sideways scrolling, and axe-core finds no
serious accessibility problem (WCAG 2.1 A and AA rules, at both widths).
Then what each view says, checked against dates and numbers worked out by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Request

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ON = "2026-04-03"

VIEWS = {
    "home": "/",
    "calendar": "/web/calendar/2026",
    "explain": "/web/explain/2026/designating_petition.filing",
    "mine": f"/web/mine?year=2026&on={ON}",
    "glance": f"/web/glance/2026?on={ON}",
    "compare-form": "/web/compare",
    "compare": "/web/compare/2016?with=S5961",
    "law": "/web/law/current",
    "coverage": "/web/coverage",
    "holidays": "/web/holidays/2026",
    "due": "/web/due?on=2026-04-02",
    "book": "/web/book",
    "signatures": "/web/signatures?office=member-of-assembly&petition=independent"
    "&votes_for_governor=41234",
    "delegates": "/web/delegates",
    "ballot": "/web/ballot",
    "desk": "/web/desk",
}
SERIOUS = {"serious", "critical"}
# The WCAG 2.1 A and AA rules (axe's best-practice rules are advice, and slow on long pages).
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
}
TEXTS = "nodes => nodes.map(n => n.textContent)"


@pytest.fixture(scope="module")
def axe() -> Axe:
    return Axe()


@pytest.mark.parametrize("width", ["desktop", "phone"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_every_view_fits_and_is_accessible(
    pages: dict[str, Page], server: str, axe: Axe, view: str, width: str
) -> None:
    page = pages[width]
    asked: list[str] = []

    def record(request: Request) -> None:
        asked.append(request.url)

    page.on("request", record)
    try:
        response = page.goto(VIEWS[view])
    finally:
        page.remove_listener("request", record)
    assert response is not None and response.status == 200
    elsewhere = [u for u in asked if not u.startswith((server, "data:"))]
    assert not elsewhere, f"{view} asked another site: {elsewhere}"
    fits_and_is_accessible(page, axe, f"{view} at {width}")


def fits_and_is_accessible(page: Page, axe: Axe, what: str) -> None:
    """One heading, no sideways scrolling, no serious axe-core finding on the page shown."""
    assert page.locator("h1").count() == 1
    sideways = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert sideways <= 0, f"{what} scrolls sideways by {sideways}px"
    results = axe.run(page, options=AXE_OPTIONS)
    serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
    assert not serious, [
        (v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in serious
    ]


# A form answering with an error: the form again, as typed (answered 400).
FORM_ERRORS = {
    "calendar-error": "/web/calendar?year=2026&event.vacancy=2029-03-01",
    "mine-error": "/web/mine?year=2026&who=board&remind=99",
    "compare-error": "/web/compare?year=1800&law=current",
    "holidays-error": "/web/holidays/1805",
    "glance-error": "/web/glance/1805",
}


@pytest.mark.parametrize("width", ["desktop", "phone"])
@pytest.mark.parametrize("view", list(FORM_ERRORS))
def test_every_form_shown_again_fits_and_is_accessible(
    pages: dict[str, Page], axe: Axe, view: str, width: str
) -> None:
    page = pages[width]
    response = page.goto(FORM_ERRORS[view])
    assert response is not None and response.status == 400
    assert page.locator("#form-error").count() == 1
    fits_and_is_accessible(page, axe, f"{view} at {width}")


def test_every_view_is_reachable_from_the_home_page(page: Page) -> None:
    page.goto("/")
    hrefs = set(
        page.locator("header nav a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    )
    for path in (
        "/web/mine",
        "/web/glance",
        "/web/compare",
        "/web/law",
        "/web/holidays",
        "/web/due",
        "/web/book",
        "/web/signatures",
        "/web/delegates",
        "/web/ballot",
    ):
        assert path in hrefs
        assert page.locator(f'#views a[href="{path}"]').count() == 1


def test_the_keyboard_reaches_the_skip_link_then_the_content(page: Page) -> None:
    page.goto("/web/holidays/2026")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"#main$"))
    page.keyboard.press("Tab")  # from the content on: the first link inside it
    assert page.evaluate("document.activeElement.closest('main') !== null")


def test_my_calendar_puts_the_next_deadline_on_top(page: Page) -> None:
    # Hand-worked, § 6-158(1-a) (the 2026 act): designating petitions are filed until the
    # 12th Monday before the primary of Tue 2026-06-23: Mon 2026-06-22 less 11 weeks is
    # Mon 2026-04-06. As of Fri 2026-04-03 the signing period (it ended Thu 2026-04-02) is
    # past, and the filing period is the party candidate's next last day.
    page.goto(f"/web/mine?year=2026&who=candidate&office=public&body=party&on={ON}")
    next_box = page.locator("#next").inner_text()
    assert "Dates for filing designating petitions" in next_box
    assert "open now; last day Mon 2026-04-06" in next_box
    assert page.locator("#today").inner_text() == "Today, Fri 2026-04-03"
    # Today's line is in April, after the filing period that opened Mon 2026-03-30.
    assert page.locator("#m-4 + table #today").count() == 1
    assert page.locator('tr[data-rule="designating_petition.filing"]').count() == 1
    assert page.locator('tr[data-rule="independent_petition.filing"]').count() == 0
    assert page.locator('tr[data-rule="judicial_convention"]').count() == 0  # not this office

    page.locator("#choose summary").click()  # the choice folds away once made
    page.get_by_label("Nominated by").select_option("independent")
    page.get_by_role("button", name="Show my dates").click()
    page.wait_for_url(re.compile(r"body=independent"))
    assert page.locator('tr[data-rule="independent_petition.filing"]').count() == 1
    assert page.locator('tr[data-rule="designating_petition.filing"]').count() == 0


def test_my_calendar_feed_has_only_my_dates(page: Page) -> None:
    page.goto("/web/mine?year=2026&who=board")
    href = page.locator("#download-icalendar-feed").get_attribute("href")
    assert href is not None and href.startswith("/web/mine/feed.ics?year=2026&who=board")
    feed = page.request.get(href)
    assert feed.headers["content-type"].startswith("text/calendar")
    text = feed.text()
    assert "State board certifies the offices" in text  # a board's duty (§ 4-106)
    assert "SUMMARY:Dates for filing designating petitions" not in text  # a candidate's


def test_the_year_at_a_glance_draws_windows_marks_and_today(page: Page) -> None:
    page.goto(f"/web/glance/2026?on={ON}")
    svg = page.locator("figure.timeline svg")
    assert svg.first.get_attribute("role") == "img"
    tips = svg.locator("title").evaluate_all(TEXTS)
    # The filing window (Mon 2026-03-30 to Mon 2026-04-06, see above) is a bar.
    assert "Dates for filing designating petitions (2026 only): 2026-03-30 to 2026-04-06" in tips
    assert svg.first.locator("text", has_text="today").count() == 1
    assert svg.locator('rect[fill="#000000"]').count() == 2  # the primary and general elections


def test_compare_shows_both_laws_and_why_a_date_moved(page: Page) -> None:
    # tests/golden/overlays: under S.5961 the 2016 designating petitions are filed from the
    # 13th Friday to the 12th Wednesday before a primary of Tue 2016-08-16 (May 20-25),
    # against Jul 11-14 under the law in force.
    page.goto("/web/compare/2016?with=S5961")
    assert "never enacted" in page.locator("#what-if").inner_text()
    row = page.locator('#compare tr[data-rule="designating_petition.filing"]')
    cells = row.locator("td").all_inner_texts()
    assert cells[1] == "Mon Jul 11 – Thu Jul 14"
    assert cells[2] == "Fri May 20 – Wed May 25"
    assert "tenth Monday -> thirteenth Friday" in cells[4]
    assert "moved" in (row.get_attribute("class") or "")
    lanes = page.locator("figure.timeline svg title").evaluate_all(TEXTS)
    assert any(
        "2016-07-11 to 2016-07-14" in t and "Dates for filing designating" in t for t in lanes
    )
    assert any("2016-05-20 to 2016-05-25" in t and "S5961" in t for t in lanes)


def test_due_this_week_names_the_candidate_and_office(page: Page, desk_token: str) -> None:
    # A petition filed Thu 2026-04-02: objections within three days (§ 6-154(2)) end
    # Sun 2026-04-05, a Sunday, so the last day is Mon 2026-04-06 (GCL § 25-a).
    paper = {
        "kind": "designating_petition",
        "board": "albany",
        "year": 2026,
        "received": "2026-04-02T16:59:00-04:00",  # entered late, by a supervisor's token
        "late_entry": {"reason": "mail opened after the outage"},
        "candidates": [{"name": "Ana Ruiz", "residence": "40 Grand St"}],
        "office": "Member of Assembly",
        "district": "108th",
        "party": "Working Families",
    }
    posted = page.request.post(
        "/filings", data=paper, headers={"Authorization": f"Bearer {desk_token}"}
    )
    assert posted.status == 201
    page.goto("/web/due?board=albany&on=2026-04-02&days=7")
    page.locator("#due").wait_for()
    rows = page.locator("#due tbody tr").all_inner_texts()
    objections = [r for r in rows if "written objections" in r]
    assert len(objections) == 1
    assert "Mon 2026-04-06" in objections[0] and "Ana Ruiz" in objections[0]
    assert "Member of Assembly 108th" in objections[0] and "Working Families" in objections[0]


def test_the_signatures_calculator_counts_with_the_law(page: Page) -> None:
    # § 6-142(2): 5% of 41,234 = 2,061.7, rounded up to 2,062; (g) caps an assembly
    # district at 1,500 (the law in force in the next election's year).
    page.goto("/web/signatures")
    page.locator("#f-petition").select_option("independent")
    page.locator("#office").select_option("member-of-assembly")
    page.get_by_label("Votes for governor in the unit, at the last election").fill("41234")
    page.get_by_role("button", name="Count", exact=True).click()
    assert page.locator(".requirement .number").inner_text() == "1,500"
    assert "§ 6-142(2)(g)" in page.locator(".requirement").inner_text()


def test_delegates_from_an_uploaded_results_file(page: Page) -> None:
    # README, Delegates: examples/results.csv with 14 at large gives Alpha 14, Beta 8.
    page.goto("/web/delegates")
    page.get_by_label("Results file").set_input_files(str(EXAMPLES / "results.csv"))
    page.get_by_label("At-large delegates").fill("14")
    page.get_by_label("S.5961 of 2015", exact=False).check()  # the law in force has none
    page.get_by_role("button", name="Allocate").click()
    page.locator("#total").wait_for()
    total = page.locator("#total tbody tr").all_inner_texts()
    assert [" ".join(t.split()) for t in total] == ["Alpha 14", "Beta 8"]


def test_ballot_preview_from_an_uploaded_file(page: Page) -> None:
    # README, Ballots: the county committee of examples/ballot-ed.json (a long name printed
    # in the board's initials form), rotated for
    # election district 3 under § 7-116(6).
    page.goto("/web/ballot")
    page.get_by_label("Ballot file").set_input_files(str(EXAMPLES / "ballot-ed.json"))
    page.get_by_role("button", name="Preview").click()
    page.locator("#preview").wait_for()
    contest = page.locator("section.contest", has_text="County Committee")
    names = contest.locator("ol").first.locator("li strong").all_inner_texts()
    assert names == ["I. MONTGOMERY-HALE", "NINA FOX", "OMAR GRANT", "KEN ITO"]


def test_a_view_downloads_as_pdf_and_as_csv_for_a_spreadsheet(page: Page) -> None:
    page.goto("/web/holidays/2026")
    pdf = page.request.get(page.locator("#download-pdf").get_attribute("href") or "")
    assert pdf.headers["content-type"] == "application/pdf" and pdf.body().startswith(b"%PDF")
    csv = page.request.get(page.locator("#download-csv").get_attribute("href") or "").body()
    assert csv.startswith(b"\xef\xbb\xbfdate,name,cite,moved_from\r\n")
    assert b"2026-07-03,Independence Day" not in csv  # GCL § 24: no Saturday-to-Friday shift
