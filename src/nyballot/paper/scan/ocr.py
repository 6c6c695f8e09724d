"""The printed or typed parts of a sheet's lines read by Tesseract (Debian's tesseract-ocr and
its English data, through pytesseract): a suggestion a clerk may confirm, never a ruling.

Only words Tesseract is sure of (``MIN_CONFIDENCE``) are kept, by line and by column; the
column of signatures is never read. Tesseract is run once per sheet, over the table with its
rules whited out. Where Tesseract is not installed, a scan gives no suggestions and says so.
"""

from __future__ import annotations

import shutil
from functools import cache

import cv2

from nyballot.paper.scan.ruling import Ruled, Table

MIN_CONFIDENCE = 75
SCALE = 2
RULED = 3  # pixels either side of a rule's middle
# Page segmentation 11, sparse text: words scattered in cells, not paragraphs (a Tesseract
# variable; the same as its command line's page segmentation option).
SPARSE = "-c tessedit_pageseg_mode=11"
MIN_WORD = 2  # a lone letter read from a scrawl is noise
# The columns of a sheet nyballot prints (templates/volume.html): number, date, signature,
# printed name, residence address, town or city. The signature (2) is never read.
PRINTED_FIELDS = {1: "date", 3: "name", 4: "address", 5: "town"}
OTHER_FORM = "text"  # a form of unknown columns: the line's words together


@cache
def missing() -> str:
    """Why suggestions cannot be made here, or "" when Tesseract is at hand."""
    try:
        import pytesseract
    except ImportError:
        return "pytesseract is not installed: no suggestions were read"
    if shutil.which(pytesseract.pytesseract.tesseract_cmd) is None:
        return "Tesseract (Debian's tesseract-ocr) is not installed: no suggestions were read"
    return ""


def suggestions(
    page: Ruled, lines: Table, printed_form: bool, inked: set[int]
) -> dict[int, dict[str, str]]:
    """Line (1-based) -> field -> words read, for the lines ``inked`` where something was
    read. Blank lines and the columns not read (the number, the signature) are whited out
    first: Tesseract's time grows with what it is shown."""
    import pytesseract

    if not inked:
        return {}
    top, bottom = lines.rules[0].y, lines.rules[-1].y
    left, right = lines.left, lines.right
    region = page.gray[top:bottom, left:right].copy()
    for n, (upper, lower) in enumerate(zip(lines.rules, lines.rules[1:], strict=False), start=1):
        if n not in inked:
            region[upper.y - top : lower.y - top, :] = 255
    for k, (start, end) in enumerate(zip(lines.columns, lines.columns[1:], strict=False)):
        if k == 0 or (printed_form and k not in PRINTED_FIELDS):
            region[:, max(0, start - left) : max(0, end - left)] = 255
    # The rules found are whited out (not every long stroke: a typed word is one too).
    for rule in lines.rules:
        region[max(0, rule.y - top - RULED) : max(0, rule.y - top + RULED + 1), :] = 255
    for column in lines.columns:
        region[:, max(0, column - left - RULED) : max(0, column - left + RULED + 1)] = 255
    # Tesseract reads best letters some 20 pixels high: a 150 dpi page is read at twice the size.
    region = cv2.resize(region, None, fx=SCALE, fy=SCALE, interpolation=cv2.INTER_CUBIC)
    data = pytesseract.image_to_data(
        region, lang="eng", config=SPARSE, output_type=pytesseract.Output.DICT
    )
    found: dict[int, dict[str, list[str]]] = {}
    for i, word in enumerate(data["text"]):
        word = str(word).strip()
        if len(word) < MIN_WORD or float(data["conf"][i]) < MIN_CONFIDENCE:
            continue
        x = left + (int(data["left"][i]) + int(data["width"][i]) // 2) // SCALE
        y = top + (int(data["top"][i]) + int(data["height"][i]) // 2) // SCALE
        line, column = _cell(lines, x, y)
        field = PRINTED_FIELDS.get(column) if printed_form else OTHER_FORM
        if line and field and column:
            found.setdefault(line, {}).setdefault(field, []).append(word)
    return {line: {f: " ".join(ws) for f, ws in fields.items()} for line, fields in found.items()}


def _cell(lines: Table, x: int, y: int) -> tuple[int, int]:
    """The line (1-based, 0 outside) and the column (0-based) a point falls in."""
    line = sum(1 for r in lines.rules[:-1] if r.y <= y)
    line = line if 1 <= line < len(lines.rules) else 0
    column = sum(1 for c in lines.columns[1:] if c <= x)
    return line, column
