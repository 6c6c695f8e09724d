"""Screenshots of the web pages in headless Chromium: every page's first screen at 390 and
1200 pixels wide for the docs (docs/screens/NAME-390.png, NAME-1200.png, and the three larger
pictures of docs/*.png), or every page whole at both widths (--all DIR), to look at.

    scripts/screenshots              # docs/screens/*.png and docs/*.png
    scripts/screenshots --all /tmp/shots   # every view, whole, desktop and phone

The pages are read "as of" a fixed day (NYBALLOT_TODAY), so the images change only when the
pages do.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from nyballot.filing.desk import Desk
from nyballot.web import create_app
from nyballot.web.local import serve_locally

CHROMIUM = os.environ.get("NYBALLOT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
DESKTOP = {"width": 1200, "height": 900}
PHONE = {"width": 390, "height": 844}
ON = "2026-03-16"
TODAY = "2026-12-01"  # after the 2026 general election: the home page leads with 2027
WIDTHS = {390: PHONE, 1200: DESKTOP}

README_SHOTS = [
    (
        "my-calendar-phone.png",
        f"/web/mine?year=2026&who=candidate&office=public&body=party&on={ON}",
        PHONE,
    ),
    ("glance.png", f"/web/glance/2026?on={ON}", {"width": 1200, "height": 1300}),
    ("compare.png", "/web/compare/2016?with=S5961", {"width": 1200, "height": 1100}),
]
VIEWS = [
    ("home", "/"),
    ("calendar", "/web/calendar/2026"),
    ("explain", "/web/explain/2026/designating_petition.filing"),
    ("mine", f"/web/mine?year=2026&on={ON}"),
    ("glance", f"/web/glance/2026?on={ON}"),
    ("compare", "/web/compare/2016?with=S5961"),
    ("law", "/web/law/current"),
    ("holidays", "/web/holidays/2026"),
    ("due", "/web/due?on=2026-04-02&days=14"),
    ("book", "/web/book"),
    ("signatures", "/web/signatures?office=member-of-assembly&votes_for_governor=41234"),
    ("delegates", "/web/delegates"),
    ("ballot", "/web/ballot"),
    ("coverage", "/web/coverage"),
    ("petitions", "/web/petitions"),
    ("compare-form", "/web/compare"),
    ("desk", "/web/desk"),
]
PAPER = {
    "kind": "designating_petition",
    "board": "albany",
    "year": 2026,
    "received": "2026-04-02T16:59:00-04:00",
    "candidates": [{"name": "Ana Ruiz", "residence": "40 Grand St"}],
    "office": "Member of Assembly",
    "district": "108th",
    "party": "Working Families",
    "late_entry": {"reason": "an example entered after the day"},
}


def shoot(
    browser: Browser, base: str, path: str, size: dict[str, int], out: Path, whole: bool
) -> None:
    """One screenshot: the first screenful, or (``whole``) the whole page."""
    context = browser.new_context(base_url=base, viewport=size)
    page = context.new_page()
    page.goto(path)
    page.screenshot(path=str(out), full_page=whole)
    context.close()
    print(out)


def desk_receipt(browser: Browser, base: str, token: str, size: dict[str, int], out: Path) -> None:
    """The clerk's desk signed in, a petition just filed: the receipt on top."""
    context = browser.new_context(base_url=base, viewport=size)
    page = context.new_page()
    page.goto("/web/desk")
    page.get_by_label("Token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_label("Candidate", exact=True).fill("Ana Ruiz")
    page.get_by_label("Candidate's residence").fill("40 Grand St, Albany")
    page.get_by_role("button", name="File and stamp").click()
    page.wait_for_selector("#receipt")
    page.screenshot(path=str(out))
    context.close()
    print(out)


ROOT = Path(__file__).resolve().parent.parent


def voter_store(folder: str) -> None:
    """The docs' synthetic voter file (seed 7, which examples/petition-lines.csv was written
    against), imported into a store of the folder's, for the review pages."""
    from nyballot.voters.sample import write_sample
    from nyballot.voters.store import import_file

    sample = Path(folder) / "voters.txt"
    with sample.open("wb") as out:
        write_sample(20_000, 7, out)
    store = Path(folder) / "voters.duckdb"
    import_file(sample, str(store), date=dt.date(2026, 1, 5))
    os.environ["NYBALLOT_VOTERS_DB"] = str(store)


def desk_review(browser: Browser, base: str, token: str, width: int, screens: Path) -> None:
    """A petition filed at the desk, its lines uploaded for review (the form), then the
    finished review with the links to its page and report."""
    context = browser.new_context(base_url=base, viewport=WIDTHS[width])
    page = context.new_page()
    page.goto("/web/desk")
    page.get_by_label("Token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_label("Election year").fill("2026")
    page.get_by_label("Candidate", exact=True).fill("Ana Ruiz")
    page.get_by_label("Candidate's residence").fill("40 Grand St, Albany")
    page.get_by_role("button", name="File and stamp").click()
    page.locator("#review-link").click()
    page.get_by_label("Party").fill("DEM")
    page.get_by_label("Political unit").fill("COUNTYCODE=60")
    page.get_by_label("Lines file").set_input_files(str(ROOT / "examples" / "petition-lines.csv"))
    for out in (screens / f"desk-review-{width}.png", screens / f"desk-review-done-{width}.png"):
        if out.name.startswith("desk-review-done"):
            page.get_by_role("button", name="Upload and review").click()
            page.wait_for_selector("#review-page", timeout=60_000)
        page.screenshot(path=str(out))
        print(out)
    context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", type=Path, metavar="DIR", help="every view, both widths")
    parser.add_argument(
        "--docs", type=Path, default=Path(__file__).resolve().parent.parent / "docs"
    )
    args = parser.parse_args()
    os.environ["NYBALLOT_TODAY"] = TODAY
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/shots.sqlite3"
        token = Desk(url).create_token("Screenshot Supervisor", "supervisor")
        voter_store(folder)
        with serve_locally(create_app(url)) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            request = pw.request.new_context(base_url=base)
            request.post("/filings", data=PAPER, headers={"Authorization": f"Bearer {token}"})
            if args.all:
                args.all.mkdir(parents=True, exist_ok=True)
                for name, path in VIEWS:
                    shoot(browser, base, path, DESKTOP, args.all / f"{name}-desktop.png", True)
                    shoot(browser, base, path, PHONE, args.all / f"{name}-phone.png", True)
            else:
                screens = args.docs / "screens"
                screens.mkdir(parents=True, exist_ok=True)
                for name, path, size in README_SHOTS:
                    shoot(browser, base, path, size, args.docs / name, False)
                for name, path in VIEWS:
                    for width, size in WIDTHS.items():
                        shoot(browser, base, path, size, screens / f"{name}-{width}.png", False)
                for width, size in WIDTHS.items():
                    out = screens / f"desk-receipt-{width}.png"
                    desk_receipt(browser, base, token, size, out)
                    desk_review(browser, base, token, width, screens)
            request.dispose()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
