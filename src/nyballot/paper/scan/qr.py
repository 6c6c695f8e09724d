"""A sheet's QR code read from its page (zxing-cpp): the identity nyballot printed on it.

The page is tried as scanned, then with its ink thresholded, then its lower third (where the
sheet prints its code) at twice the size: a blurred scan's small modules read better so. A
code that is not a nyballot sheet code, or whose check value fails, names no sheet.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import zxingcpp

from nyballot.errors import UsageError
from nyballot.paper.model import SheetIdentity
from nyballot.paper.scan.pages import Gray

_QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)


def sheet_code(gray: Gray) -> SheetIdentity | None:
    for image in _tries(gray):
        for code in zxingcpp.read_barcodes(image, formats=_QR):
            try:
                return SheetIdentity.from_payload(code.text)
            except UsageError:
                continue
    return None


def _tries(gray: Gray) -> Iterator[Gray]:
    yield gray
    _, ink = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    yield ink
    lower = gray[gray.shape[0] * 2 // 3 :]
    yield cv2.resize(lower, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
