"""A sheet's QR code read from its page (zxing-cpp): the identity nyballot printed on it.

The page is tried as scanned, then with its ink thresholded, then its lower third (where the
sheet prints its code) at twice the size: a blurred scan's small modules read better so. A
code that is not a nyballot sheet code, or whose check value fails, names no sheet. The code's
orientation says how the sheet was fed: on its side or upside down, the page is turned back.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import zxingcpp

from nyballot.errors import UsageError
from nyballot.paper.model import SheetIdentity
from nyballot.paper.scan.pages import Gray

_QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)


def sheet_code(gray: Gray) -> tuple[SheetIdentity | None, int]:
    """The sheet's identity, and the quarter turns (counter-clockwise) the page was scanned
    at: 2 for a sheet fed upside down."""
    for image in _tries(gray):
        for code in zxingcpp.read_barcodes(image, formats=_QR):
            try:
                identity = SheetIdentity.from_payload(code.text)
            except UsageError:
                continue
            return identity, round(-code.orientation / 90) % 4
    return None, 0


def _tries(gray: Gray) -> Iterator[Gray]:
    yield gray
    _, ink = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    yield ink
    lower = gray[gray.shape[0] * 2 // 3 :]
    yield cv2.resize(lower, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
