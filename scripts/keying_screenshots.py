"""The keying page in headless Chromium for the docs (docs/screens/keying-1200.png and
keying-390.png): a scanned volume of a filed petition, kept, its first signature line on the
page, keyed half-way, the voters it could be listed beside the fields.

    .venv/bin/python scripts/keying_screenshots.py [--docs DIR]

The volume's crops are drawn here, a line's handwriting in Debian's DkgHandwriting font when it
is installed (fonts-dkg-handwriting), so the picture needs no scanner; the voter file is the
docs' synthetic sample (seed 7).
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import os
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from playwright.sync_api import sync_playwright

from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission
from nyballot.keying.store import Keyed, Keying
from nyballot.paper.model import LineCrop, ScannedSheet, ScannedVolume
from nyballot.voters.sample import write_sample
from nyballot.voters.store import connect, import_file
from nyballot.web import create_app
from nyballot.web.local import serve_locally

CHROMIUM = os.environ.get("NYBALLOT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
HAND = Path("/usr/share/fonts/truetype/fifthhorseman/dkg.ttf")
WIDTHS = {1200: {"width": 1200, "height": 900}, 390: {"width": 390, "height": 844}}


def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.truetype(str(HAND), size) if HAND.exists() else ImageFont.load_default(size)


def crop(number: int, written: str) -> bytes:
    """A signature line as a scan cuts it: its printed number, the ruled line, the writing."""
    image = Image.new("L", (1400, 90), 250)
    draw = ImageDraw.Draw(image)
    draw.line((0, 80, 1400, 80), fill=90, width=2)
    draw.text((10, 30), f"{number}.", fill=40, font=ImageFont.load_default(22))
    draw.text((70, 18), written, fill=20, font=font(44))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def sample(folder: Path) -> list[tuple[str, str]]:
    """The docs' voter file imported; three of its voters, as their lines name them."""
    source = folder / "voters.txt"
    with source.open("wb") as out:
        write_sample(20_000, 7, out)
    store = folder / "voters.duckdb"
    import_file(source, str(store), date=dt.date(2026, 1, 5))
    os.environ["NYBALLOT_VOTERS_DB"] = str(store)
    con = connect(store, read_only=True)
    rows = con.execute(
        "SELECT FIRSTNAME, LASTNAME, RADDNUMBER, RSTREETNAME, RCITY FROM voters "
        "WHERE STATUS = 'A' ORDER BY SBOEID LIMIT 3"
    ).fetchall()
    con.close()
    return [(f"{f.title()} {last.title()}", f"{h} {s.title()}, {c.title()}")
            for f, last, h, s, c in rows]  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=Path, default=Path(__file__).resolve().parents[1] / "docs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        signers = sample(Path(folder))
        url = f"sqlite:///{folder}/shots.sqlite3"
        desk = Desk(url)
        token = desk.create_token("Ann Example", "clerk", ["albany"])
        filed, _ = desk.submit(Submission(kind="designating_petition", board="albany", year=2026,
                                          candidates=[{"name": "Ana Ruiz", "residence": "Albany"}],
                                          office="Member of Assembly", party="Democratic"),
                               Actor("Ann Example", "clerk"))  # fmt: skip
        lines = tuple(LineCrop(n, (0, 0, 1400, 90), crop(n, f"{name}   {address}   3/1/26"))
                      for n, (name, address) in enumerate(signers, start=1))  # fmt: skip
        witness = LineCrop(0, (0, 0, 1400, 90), crop(0, "Iris Grant   30 Pearl St   3/15/26"))
        scanned = ScannedVolume("volume-1.pdf", "0" * 64, 1,
                                (ScannedSheet(1, "qr", None, lines, witness),))  # fmt: skip
        keying = Keying(desk.engine)
        uid = keying.keep(scanned, filed["uid"], "albany", "Ann Example", 1)
        keying.claim(uid, "Ann Example")
        keying.key(uid, 1, 0, "Ann Example", Keyed("keyed", "Iris Grant", "30 Pearl St",
                                                   "03/15/2026"))  # fmt: skip
        name, address = signers[0]
        with serve_locally(create_app(url)) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for width, size in WIDTHS.items():
                context = browser.new_context(base_url=base, viewport=size)
                page = context.new_page()
                page.goto("/web/desk")
                page.get_by_label("Token").fill(token)
                page.get_by_role("button", name="Sign in").click()
                page.goto(f"/web/desk/keying/{uid}")
                page.keyboard.type(name)
                page.keyboard.press("Tab")
                page.keyboard.type(address)
                page.wait_for_selector("#candidates li")
                out = args.docs / "screens" / f"keying-{width}.png"
                page.screenshot(path=str(out))
                print(out)
                context.close()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
