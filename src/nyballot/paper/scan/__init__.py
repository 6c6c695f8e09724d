"""A scanned volume of petition sheets read back: each sheet found, straightened, and each
signature line and the witness's statement cut out as an image, with its sheet and line number.

``read_volume`` is the one entry point (the command line and the web desk call it). A sheet
nyballot printed is named by its QR code (``nyballot.paper.model.SheetIdentity``); a sheet of
another form is found by its ruled lines and its identity left to the clerk. Nothing here rules
on a line: a crop is evidence, and what Tesseract reads of the printed parts is a suggestion.
"""

from __future__ import annotations

import hashlib

import numpy as np

from nyballot.errors import UsageError
from nyballot.paper.model import LineCrop, ScannedSheet, ScannedVolume
from nyballot.paper.scan import crops, ocr, ruling
from nyballot.paper.scan.pages import (
    MAX_BYTES,
    MAX_PAGES,
    Gray,
    open_file,
    page_images,
    to_width,
)
from nyballot.paper.scan.qr import sheet_code

__all__ = ["MAX_BYTES", "MAX_PAGES", "read_volume"]


def read_volume(
    data: bytes, *, source: str, petition: str | None = None, suggest: bool = True
) -> ScannedVolume:
    """Every sheet of a scanned file (PDF, PNG, JPEG or TIFF) with its lines cropped.

    A sheet whose code names another petition than ``petition`` is refused, as is a file with
    no sheet on any page; ``suggest=False`` skips reading the printed parts."""
    opened = open_file(data, source)
    reason = ocr.missing() if suggest else "suggestions were not asked for"
    sheets: list[ScannedSheet] = []
    unread: list[int] = []
    for number, gray in enumerate(page_images(opened, source), start=1):
        found = read_page(gray, number, source, petition, suggest and not reason)
        if found is None:
            unread.append(number)
        else:
            sheets.append(found)
    if not sheets:
        raise UsageError(
            f"{source}: no petition sheet found on any of its {opened.pages} page(s) "
            "(neither a sheet code nor a table of signature lines)"
        )
    return ScannedVolume(
        source=source,
        digest=hashlib.sha256(data).hexdigest(),
        pages=opened.pages,
        sheets=tuple(sheets),
        unread_pages=tuple(unread),
        notes=(*numbering(sheets), *_unlined(sheets), *([reason] if reason else [])),
    )


def _unlined(sheets: list[ScannedSheet]) -> list[str]:
    return [
        f"page {s.page}: its code was read but no signature lines were found; key it from the page"
        for s in sheets
        if not s.lines
    ]


def numbering(sheets: list[ScannedSheet]) -> list[str]:
    """What the codes say of the volume's order: a sheet scanned twice, a number missing
    between the first sheet and the last found (a page lost, or left out of the scan)."""
    pages: dict[tuple[int, int], list[int]] = {}
    for sheet in sheets:
        if sheet.identity is not None:
            key = (sheet.identity.volume, sheet.identity.sheet)
            pages.setdefault(key, []).append(sheet.page)
    said = [
        f"volume {v} sheet {n} is on pages {', '.join(map(str, on))}"
        for (v, n), on in sorted(pages.items())
        if len(on) > 1
    ]
    for volume in sorted({v for v, _ in pages}):
        numbers = {n for v, n in pages if v == volume}
        missing = sorted(set(range(1, max(numbers) + 1)) - numbers)
        if missing:
            shown = ", ".join(map(str, missing[:20])) + (" ..." if len(missing) > 20 else "")
            said.append(f"volume {volume}: no page found with sheet {shown}")
    return said


def read_page(
    gray: Gray, number: int, source: str, petition: str | None, suggest: bool
) -> ScannedSheet | None:
    """The sheet on one page, or None when the page holds none (a cover sheet, a blank)."""
    identity, turns = sheet_code(gray)
    if turns:  # fed on its side or upside down: turned back before anything is measured
        gray = to_width(np.ascontiguousarray(np.rot90(gray, -turns)))
    page = ruling.straighten(gray)
    if identity is None:
        identity, _ = sheet_code(page.gray)
    if identity is not None and petition is not None and identity.petition != petition:
        raise UsageError(
            f"{source}: page {number} is a sheet of petition '{identity.petition}', "
            f"not of '{petition}'"
        )
    found = ruling.rules(page)
    lines = ruling.table(page, found)
    if lines is None:
        if identity is None:
            return None
        return ScannedSheet(number, "qr", identity, (), skew=page.skew)
    empty = [crops.blank(page, lines, row) for row in range(len(lines.rules) - 1)]
    inked = {n for n, blank in enumerate(empty, start=1) if not blank}
    read = ocr.suggestions(page, lines, identity is not None, inked) if suggest else {}
    cut = _lines(page, lines, empty, read)
    box = ruling.witness_box(found, lines)
    witness = LineCrop(0, box, crops.png(page.gray, box)) if box else None
    return ScannedSheet(
        number, "qr" if identity else "lines", identity, cut, witness, skew=page.skew
    )


def _lines(
    page: ruling.Ruled, lines: ruling.Table, empty: list[bool], read: dict[int, dict[str, str]]
) -> tuple[LineCrop, ...]:
    boxes = crops.line_boxes(lines, page.gray.shape[0])
    return tuple(
        LineCrop(n, box, crops.png(page.gray, box), blank, {} if blank else read.get(n, {}))
        for n, (box, blank) in enumerate(zip(boxes, empty, strict=True), start=1)
    )
