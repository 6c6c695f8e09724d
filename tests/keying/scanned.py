"""Scanned volumes made for the tests: each line's crop a small PNG drawn with Pillow, numbered
as its sheet and line, as the scanner (``nyballot.paper.scan``) gives them."""

from __future__ import annotations

import hashlib
import io

from PIL import Image, ImageDraw

from nyballot.paper.model import LineCrop, ScannedSheet, ScannedVolume, SheetIdentity

WIDTH, HEIGHT = 600, 40


def crop_png(text: str) -> bytes:
    """A line's crop: its text drawn in black on white."""
    image = Image.new("L", (WIDTH, HEIGHT), 255)
    ImageDraw.Draw(image).text((8, 12), text, fill=0)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def scanned_volume(
    sheets: int = 2, lines: int = 3, *, volume: int = 1, written: dict[tuple[int, int], str]
    | None = None, suggestion: dict[tuple[int, int], dict[str, str]] | None = None,
) -> ScannedVolume:  # fmt: skip
    """``sheets`` sheets of ``lines`` lines each, found by their codes; a line's crop shows
    ``written[(sheet, line)]`` (default: its place), the witness's ``witness of sheet N``."""
    written, suggestion = written or {}, suggestion or {}
    found = []
    for s in range(1, sheets + 1):
        crops = tuple(
            LineCrop(n, (0, n * HEIGHT, WIDTH, (n + 1) * HEIGHT),
                     crop_png(written.get((s, n), f"sheet {s} line {n}")),
                     suggestion=suggestion.get((s, n), {}))
            for n in range(1, lines + 1)
        )  # fmt: skip
        witness = LineCrop(0, (0, 0, WIDTH, HEIGHT), crop_png(f"witness of sheet {s}"))
        identity = SheetIdentity("P-1", volume, s, "current", 2026)
        found.append(ScannedSheet(s, "qr", identity, crops, witness))
    digest = hashlib.sha256(repr((sheets, lines, volume)).encode()).hexdigest()
    return ScannedVolume("volume.pdf", digest, sheets, tuple(found))


def fake_scanner(sheets: int = 2, lines: int = 3):  # type: ignore[no-untyped-def]
    """A scanner for the tests: a body that begins as a PDF does is a volume of ``sheets`` by
    ``lines``; anything else is refused as the scanner refuses it."""
    from nyballot.errors import UsageError

    def scan(data: bytes, *, source: str, petition: str | None = None) -> ScannedVolume:
        if not data.startswith(b"%PDF-"):
            raise UsageError(f"{source}: not a PDF file")
        return scanned_volume(sheets, lines)

    return scan
