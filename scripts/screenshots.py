"""Screenshots of the web pages in headless Chromium, for the README (docs/*.png) and for
looking at every view at desktop and phone widths (--all DIR).

    scripts/screenshots              # writes docs/my-calendar-phone.png, docs/glance.png, ...
    scripts/screenshots --all /tmp/shots   # every view, desktop and phone

The pages are read "as of" a fixed day, so the images change only when the pages do.
"""

from __future__ import annotations

import argparse
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", type=Path, metavar="DIR", help="every view, both widths")
    parser.add_argument(
        "--docs", type=Path, default=Path(__file__).resolve().parent.parent / "docs"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/shots.sqlite3"
        token = Desk(url).create_token("Screenshot Supervisor", "supervisor")
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
                args.docs.mkdir(parents=True, exist_ok=True)
                for name, path, size in README_SHOTS:
                    shoot(browser, base, path, size, args.docs / name, False)
            request.dispose()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
