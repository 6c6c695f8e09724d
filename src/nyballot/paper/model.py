"""What a sheet is and what a scan finds: the values passed between printing, reading and keying.

A sheet printed by nyballot carries its identity as a QR code: a short, versioned text naming
the petition, the volume, the sheet, the law it was printed under and the year, closed by a
check value, so that a scan finds its sheet without reading handwriting. A sheet nyballot did
not print is found by its ruled lines, and its identity is keyed by the clerk (``identity`` is
then None).

A scan never rules on a line: each line's crop is kept as evidence with its sheet, its line and
the scanned file's digest, and whatever a machine reads of it is a ``suggestion`` a clerk
confirms or not.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Literal

from nyballot.errors import UsageError

# The payload's first field names its version: a later layout gets a new one, and a reader
# refuses what it does not know rather than guessing.
PAYLOAD_VERSION = "NYB1"
_SEPARATOR = "|"
_CHECK_LENGTH = 8
MAX_PETITION_ID = 64


@dataclass(frozen=True, slots=True)
class SheetIdentity:
    """The sheet a QR code names."""

    petition: str  # the petition's id as printed on its sheets
    volume: int  # 1-based
    sheet: int  # 1-based, within the volume
    law: str  # the law version the sheet's words come from ("current", "pre-2019")
    year: int  # the election year whose law and signing period the sheet prints

    def payload(self) -> str:
        """The QR code's text: version, fields, then a check value over them."""
        body = _SEPARATOR.join(
            [PAYLOAD_VERSION, self.petition, str(self.volume), str(self.sheet), self.law,
             str(self.year)]
        )  # fmt: skip
        return f"{body}{_SEPARATOR}{_check(body)}"

    @classmethod
    def from_payload(cls, text: str) -> SheetIdentity:
        """The identity a QR code's text names; a text of another shape or a wrong check value
        is refused (a misread code must never file a line under another sheet)."""
        parts = text.split(_SEPARATOR)
        if len(parts) != 7 or parts[0] != PAYLOAD_VERSION:
            raise UsageError(f"sheet code '{text[:80]}': not a nyballot sheet code")
        body = text.rsplit(_SEPARATOR, 1)[0]
        if parts[6] != _check(body):
            raise UsageError(f"sheet code '{text[:80]}': its check value does not match")
        _, petition, volume, sheet, law, year, _ = parts
        if not (volume.isdigit() and sheet.isdigit() and year.isdigit()):
            raise UsageError(f"sheet code '{text[:80]}': volume, sheet and year must be numbers")
        return cls(petition, int(volume), int(sheet), law, int(year))

    def __post_init__(self) -> None:
        if not self.petition or len(self.petition) > MAX_PETITION_ID:
            raise UsageError(f"petition '{self.petition[:80]}': 1 to {MAX_PETITION_ID} characters")
        if _SEPARATOR in self.petition or _SEPARATOR in self.law:
            raise UsageError(f"petition '{self.petition[:80]}': may not contain '{_SEPARATOR}'")
        if self.volume < 1 or self.sheet < 1:
            raise UsageError(f"volume {self.volume} sheet {self.sheet}: numbered from 1")


def _check(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()[:_CHECK_LENGTH]


Box = tuple[int, int, int, int]  # left, top, right, bottom, in the page image's pixels


@dataclass(frozen=True, slots=True)
class LineCrop:
    """One signature line (or the witness's statement) cut from a page's image."""

    line: int  # 1-based line number on the sheet; 0 for the witness's statement
    box: Box
    png: bytes  # the crop, PNG: the evidence a ruling links to
    blank: bool = False  # no ink found on the line (a clerk may still key it)
    # A machine's reading of the printed or typed parts, by field (name, address, date): a
    # suggestion only, never entered into a review until a clerk confirms it.
    suggestion: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ScannedSheet:
    """A sheet found on one page of a scanned volume."""

    page: int  # 1-based page of the scanned file
    found_by: Literal["qr", "lines"]
    identity: SheetIdentity | None  # None: found by its lines; the clerk keys its identity
    lines: tuple[LineCrop, ...]
    witness: LineCrop | None = None
    skew: float = 0.0  # degrees the page was turned to straighten it


@dataclass(frozen=True, slots=True)
class ScannedVolume:
    """Everything a scan of one file found, with the file's digest."""

    source: str  # the file's name as given
    digest: str  # sha256 of the scanned file's bytes, hex
    pages: int
    sheets: tuple[ScannedSheet, ...]
    unread_pages: tuple[int, ...] = ()  # pages on which no sheet was found
    notes: tuple[str, ...] = ()  # what the scan could not do (no OCR: no suggestions)
