"""A generated test set for reading scanned petition volumes (``nyballot.paper.scan``).

Sheets are printed by the project's own ``petitions sheet`` code (``nyballot.paper.printing``:
designating on letter and on legal paper, independent on letter, ``FORMS``), rendered to images
at 150 dpi, filled on chosen lines with handwriting-like fonts (Debian's fonts-dkg-handwriting,
fonts-breip, fonts-femkeklaver: ``scripts/tesseract`` installs them), turned up to 3 degrees,
blurred and noised. Some pages are a form nyballot did not print: a
different layout of ruled lines and no code. The truth is known without the scanner's help: the
printed sheet's rows come from where the PDF placed each line's number (its text layer), the
other form's rows from where this module drew them, and which lines carry ink from the filling.

    from scan_set import build
    pages = build(printed=6, other=2, seed=1)  # list[Page]; volume_pdf(pages) -> bytes
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

DPI = 150
PETITION = "RUIZ-AD71"
HANDS = (
    "/usr/share/fonts/truetype/fifthhorseman/dkg.ttf",
    "/usr/share/fonts/truetype/fifthhorseman/dkgIt.ttf",
    "/usr/share/fonts/truetype/breip/Breip.ttf",
    "/usr/share/fonts/truetype/femkeklaver/femkeklaver.ttf",
)
PRINT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FIRST = ("Ana", "Luis", "Maria", "Jamal", "Grace", "Wei", "Tomas", "Keisha", "Olga", "Samir")
LAST = ("Ruiz", "Okafor", "Chen", "Rivera", "Kowalski", "Haddad", "Brown", "Santos", "Levy")
STREETS = ("Elm St", "Grand Concourse", "Fordham Rd", "Walton Ave", "Jerome Ave", "Gun Hill Rd")
TOWNS = ("Bronx", "Yonkers", "New York", "Mt Vernon")
COLUMNS = (0.05, 0.10, 0.24, 0.17, 0.26, 0.18)  # templates/volume.html's <colgroup>

Box = tuple[int, int, int, int]


@dataclass
class Page:
    """One page of the set and its truth."""

    image: Image.Image  # grey, 150 dpi, as scanned
    kind: str  # "printed" (nyballot's sheet), "other" (another form) or "cover"
    payload: str = ""  # the printed sheet's code
    lines: list[Box] = field(default_factory=list)  # each line's box before turning, top down
    ink: list[bool] = field(default_factory=list)  # which lines were filled
    typed: dict[int, str] = field(default_factory=dict)  # line -> printed name typed on it
    angle: float = 0.0
    witness: Box | None = None  # what the witness's statement's crop must hold


def hands_available() -> bool:
    return all(Path(p).exists() for p in HANDS)


# The forms printed, each its own volume of the petition: (kind, paper, volume).
FORMS = {
    "designating-letter": ("designating", "letter", 1),
    "independent-letter": ("independent", "letter", 2),
    "designating-legal": ("designating", "legal", 3),
}


@dataclass(frozen=True)
class Printed:
    """A volume printed by the project's own code and rendered: each page as PNG bytes (the
    cover first), each sheet's code, signature lines and witness's statement (truth)."""

    images: tuple[bytes, ...]
    payloads: tuple[str, ...]
    rows: tuple[list[Box], ...]
    witnesses: tuple[Box, ...]


@cache
def printed_volume(sheets: int, form: str = "designating-letter") -> Printed:
    import pypdfium2 as pdfium

    from nyballot.paper.printing import volume_pdf
    from nyballot.paper.sheet import SheetRequest, plan

    kind, paper, volume = FORMS[form]
    who = (
        {"party": "DEM", "enrolled": 30000}
        if kind == "designating"
        else {"body": "Fair Deal", "emblem": "A scale", "governor_votes": 20000}
    )
    asked = SheetRequest(
        year=2027, kind=kind, office="member-of-assembly", district="71",
        candidates=("Ana Ruiz@12 Elm St, Bronx NY 10451",), sheets=sheets, petition=PETITION,
        paper=paper, volume=volume, **who,  # type: ignore[arg-type]
    )  # fmt: skip
    made = plan(asked)
    document = pdfium.PdfDocument(volume_pdf(made))
    images, rows, witnesses = [], [], []
    for n in range(len(document)):
        buffer = io.BytesIO()
        document[n].render(scale=DPI / 72, grayscale=True).to_pil().save(buffer, "PNG")
        images.append(buffer.getvalue())
        if n:
            found, witness = _number_rows(document[n])
            rows.append(found)
            witnesses.append(witness)
    return Printed(
        tuple(images), tuple(i.payload() for i in made.identities), tuple(rows), tuple(witnesses)
    )


def _number_rows(page: object) -> tuple[list[Box], Box]:
    """Each signature line's box in pixels, from where the PDF placed the line numbers: the
    digits in the column under the heading "No.", grouped by height on the page; and the
    witness's statement's, from the top of its heading to the foot of its lowest words."""
    textpage = page.get_textpage()  # type: ignore[attr-defined]
    height = float(page.get_height())  # type: ignore[attr-defined]
    width = float(page.get_width())  # type: ignore[attr-defined]
    search = textpage.search("No.", match_case=True, match_whole_word=True)
    start, _ = search.get_next()
    no_left, _, no_right, no_bottom = textpage.get_charbox(start)
    limit = textpage.search("STATEMENT", match_case=True).get_next()[0]
    centres: list[float] = []
    for i in range(start + 3, limit):
        char = textpage.get_text_range(i, 1)
        left, bottom, _, top = textpage.get_charbox(i)
        if char.isdigit() and no_left - 6 <= left <= no_right + 12 and top < no_bottom:
            centre = (bottom + top) / 2
            if not centres or abs(centres[-1] - centre) > 3:
                centres.append(centre)
    statement = textpage.get_charbox(limit)
    info = textpage.search("Sign from", match_case=True).get_next()[0]  # the foot's notes
    lowest = min(textpage.get_charbox(i)[1] for i in range(limit, info))
    step = abs(centres[0] - centres[1])
    margin = 0.42 * 72  # templates/volume.html: @page margin .42in, the table 100% wide
    scale = DPI / 72
    rows = [
        (round(margin * scale), round((height - c - step / 2) * scale),
         round((width - margin) * scale), round((height - c + step / 2) * scale))
        for c in centres
    ]  # fmt: skip
    witness = (
        round(margin * scale), round((height - statement[3]) * scale),
        round((width - margin) * scale), round((height - lowest) * scale),
    )  # fmt: skip
    return rows, witness


def _name(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def _fill(image: Image.Image, box: Box, rng: random.Random, typed: str = "") -> bool:
    """A signer's line written by hand: date, signature, printed name, address, town (the
    printed name typed instead when ``typed`` is given); whether the printed name was written
    (some sign and write nothing else)."""
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = box
    row = bottom - top
    hand = _font(rng.choice(HANDS), max(12, round(row * rng.uniform(0.32, 0.42))))
    ink = rng.randint(0, 70)
    edges = np.cumsum((0.0, *COLUMNS)) * (right - left) + left
    parts = [
        (1, f"{rng.randint(2, 3)}/{rng.randint(1, 28)}/27"),
        (2, _name(rng)),
        (3, _name(rng)),
        (4, f"{rng.randint(1, 2999)} {rng.choice(STREETS)}"),
        (5, rng.choice(TOWNS)),
    ]
    keep = parts if rng.random() < 0.8 else [parts[1]]  # some sign and write nothing else
    for column, text in keep:
        font = hand
        if typed and column == 3:
            text, font = typed, _font(PRINT, max(12, round(row * 0.3)))
        x = edges[column] + rng.uniform(3, 10)
        y = top + row * rng.uniform(0.25, 0.45)
        draw.text((x, y), text, fill=ink, font=font)
    return len(keep) > 1


def _scanned(image: Image.Image, rng: random.Random, angle: float) -> Image.Image:
    """Turned, blurred and noised as a sheet fed through a scanner."""
    turned = image.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=255)
    blurred = turned.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.1)))
    pixels = np.asarray(blurred, dtype=np.float32)
    noise = np.random.default_rng(rng.randrange(2**32)).normal(0, rng.uniform(4, 12), pixels.shape)
    return Image.fromarray(np.clip(pixels + noise, 0, 255).astype(np.uint8), "L")


def printed_page(
    number: int, sheets: int, rng: random.Random, ink_share: float = 0.7, typed: bool = False,
    form: str = "designating-letter",
) -> Page:  # fmt: skip
    """Sheet ``number`` (1-based) of the project's volume, filled and scanned."""
    printed = printed_volume(sheets, form)
    image = Image.open(io.BytesIO(printed.images[number])).convert("L")
    rows = printed.rows[number - 1]
    ink = [rng.random() < ink_share for _ in rows]
    names = {}
    for n, (box, filled) in enumerate(zip(rows, ink, strict=True), start=1):
        if filled:
            name = _name(rng).upper() if typed else ""
            if _fill(image, box, rng, name):
                names[n] = name
    angle = rng.uniform(-3, 3)
    found = {n: v for n, v in names.items() if v}
    return Page(_scanned(image, rng, angle), "printed", printed.payloads[number - 1], rows, ink,
                found, angle, printed.witnesses[number - 1])  # fmt: skip


def cover_page(sheets: int, rng: random.Random) -> Page:
    cover = printed_volume(sheets).images[0]
    angle = rng.uniform(-3, 3)
    return Page(_scanned(Image.open(io.BytesIO(cover)).convert("L"), rng, angle), "cover",
                angle=angle)  # fmt: skip


def other_page(rng: random.Random, ink_share: float = 0.7) -> Page:
    """A petition form nyballot did not print: its own title, statement and table of lines
    (8 to 14 rows, four or five columns), a box for the witness, no code."""
    width, height = round(8.5 * DPI), round(11 * DPI)
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    text = _font(PRINT, 16)
    margin = round(rng.uniform(0.5, 0.8) * DPI)
    left, right = margin, width - margin
    draw.text((left, 60), "INDEPENDENT NOMINATING PETITION", fill=0, font=_font(PRINT, 28))
    for k in range(5):
        draw.text((left, 120 + 24 * k), "We, the undersigned, do hereby state that we are "
                  "duly qualified voters of the state", fill=0, font=text)  # fmt: skip
    row = round(rng.uniform(0.42, 0.6) * DPI)
    top = 280
    header = round(row * rng.uniform(0.5, 0.75))
    room = (height - 60 - 190 - top - header) // row  # the witness's box fits under the lines
    rows = rng.randint(8, min(14, room))
    thick = rng.choice((1, 2, 3))
    draw.rectangle((left, top, right, top + header), outline=0, width=thick)
    fractions = rng.choice(((0.06, 0.3, 0.4, 0.24), (0.05, 0.12, 0.28, 0.35, 0.2)))
    edges = [round(left + f * (right - left)) for f in np.cumsum((0.0, *fractions))]
    first = top + header
    boxes = []
    for n in range(rows + 1):
        y = first + n * row
        draw.line((left, y, right, y), fill=0, width=thick)
        if n < rows:
            boxes.append((left, y, right, y + row))
            draw.text((left + 8, y + row // 3), str(n + 1), fill=0, font=text)
    for x in edges:
        draw.line((x, top, x, first + rows * row), fill=0, width=thick)
    bottom = first + rows * row
    draw.rectangle((left, bottom + 20, right, bottom + 170), outline=0, width=thick)
    draw.text((left + 10, bottom + 30), "STATEMENT OF WITNESS", fill=0, font=text)
    ink = [rng.random() < ink_share for _ in boxes]
    hand_edges = (0.0, *fractions)
    for box, filled in zip(boxes, ink, strict=True):
        if filled:
            draw_hand(draw, box, rng, hand_edges)
    angle = rng.uniform(-3, 3)
    witness = (left, bottom + 20, right, bottom + 170)
    return Page(_scanned(image, rng, angle), "other", "", boxes, ink, {}, angle, witness)


def draw_hand(
    draw: ImageDraw.ImageDraw, box: Box, rng: random.Random, fr: tuple[float, ...]
) -> None:
    left, top, right, bottom = box
    row = bottom - top
    font = _font(rng.choice(HANDS), max(12, round(row * rng.uniform(0.32, 0.42))))
    x0 = left + np.cumsum(fr)[1] * (right - left)
    draw.text((x0 + 6, top + row * 0.3), _name(rng), fill=rng.randint(0, 70), font=font)


def build(printed: int, other: int, seed: int = 1, cover: bool = True, typed: int = 0,
          sheets: int | None = None, forms: tuple[str, ...] = ("designating-letter",),
          ) -> list[Page]:  # fmt: skip
    """A volume: the cover sheet (when asked), ``printed`` filled sheets of the project's
    ``forms`` in turn, each form its own volume (the first ``typed`` sheets with their printed
    names typed), then ``other`` pages of another form. ``sheets``: how many distinct sheets to
    print of each form (their codes repeat beyond it)."""
    rng = random.Random(seed)
    count = sheets or -(-printed // len(forms))
    pages = [cover_page(count, rng)] if cover else []
    for n in range(printed):
        form, number = forms[n % len(forms)], (n // len(forms)) % count + 1
        pages.append(printed_page(number, count, rng, typed=n < typed, form=form))
    pages.extend(other_page(rng) for _ in range(other))
    return pages


def volume_pdf(pages: list[Page], quality: int = 75) -> bytes:
    """The pages as one PDF, as a scanner writes it (a JPEG image a page, 150 dpi)."""
    buffer = io.BytesIO()
    first, *rest = [p.image for p in pages]
    first.save(buffer, "PDF", resolution=DPI, save_all=True, append_images=rest, quality=quality)
    return buffer.getvalue()


@dataclass
class Scores:
    """What a scan found against the truth, counted over a set."""

    sheets: int = 0  # pages that hold a sheet (printed or other)
    found: int = 0  # of them, found, on their own page, with all their lines numbered in order
    printed: int = 0
    codes_read: int = 0  # printed sheets whose code was read and names the right sheet
    lines: int = 0
    whole: int = 0  # lines whose crop holds the whole line and little of its neighbours
    lost: int = 0  # lines of the truth with no crop of their number
    doubled: int = 0  # crops beyond the truth's lines
    ink_right: int = 0  # lines whose blank mark agrees with the truth
    false_sheets: int = 0  # pages with no sheet (the cover) on which one was found
    witnesses: int = 0  # sheets whose witness's statement was cropped whole
    misses: list[str] = field(default_factory=list)


TOLERANCE = 6  # pixels: a crop may fall this short of the line's edge (the rule's own width)


def whole(found: Box, truth: Box) -> bool:
    """The crop holds the line's box and at most half a neighbouring line's height more."""
    fl, ft, fr, fb = found
    tl, tt, tr, tb = truth
    holds = fl <= tl + TOLERANCE and ft <= tt + TOLERANCE and fr >= tr - TOLERANCE
    return holds and fb >= tb - TOLERANCE and (fb - ft) <= 1.5 * (tb - tt)


def holds(found: Box, truth: Box) -> bool:
    fl, ft, fr, fb = found
    tl, tt, tr, tb = truth
    near = TOLERANCE
    return fl <= tl + near and ft <= tt + near and fr >= tr - near and fb >= tb - near


def score(pages: list[Page], volume: object) -> Scores:
    """``volume``: the ``ScannedVolume`` a scan of ``volume_pdf(pages)`` gave."""
    by_page = {s.page: s for s in volume.sheets}  # type: ignore[attr-defined]
    out = Scores()
    for number, page in enumerate(pages, start=1):
        sheet = by_page.get(number)
        if page.kind == "cover":
            out.false_sheets += sheet is not None
            continue
        out.sheets += 1
        out.lines += len(page.lines)
        out.printed += page.kind == "printed"
        if sheet is None:
            out.lost += len(page.lines)
            out.misses.append(f"page {number}: no sheet found")
            continue
        if page.kind == "printed" and sheet.identity and sheet.identity.payload() == page.payload:
            out.codes_read += 1
        if page.witness and sheet.witness and holds(sheet.witness.box, page.witness):
            out.witnesses += 1
        else:
            out.misses.append(f"page {number}: witness {sheet.witness}, truth {page.witness}")
        crops = {c.line: c for c in sheet.lines}
        numbered = [c.line for c in sheet.lines] == list(range(1, len(page.lines) + 1))
        out.found += numbered
        out.doubled += max(0, len(sheet.lines) - len(page.lines))
        for n, (box, ink) in enumerate(zip(page.lines, page.ink, strict=True), start=1):
            crop = crops.get(n)
            if crop is None:
                out.lost += 1
                continue
            if whole(crop.box, box):
                out.whole += 1
            else:
                out.misses.append(f"page {number} line {n}: crop {crop.box}, line {box}")
            if crop.blank == (not ink):
                out.ink_right += 1
            else:
                out.misses.append(f"page {number} line {n}: blank {crop.blank}, ink {ink}")
    return out


def main() -> None:
    """Write the docs' example volume: ``python benchmarks/scan_set.py examples/volume.pdf``
    (a cover sheet, three filled sheets of petition RUIZ-AD71, one sheet of another form)."""
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "examples/volume.pdf")
    out.write_bytes(volume_pdf(build(printed=3, other=1, seed=33, typed=1), quality=30))
    print(f"{out}: {out.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
