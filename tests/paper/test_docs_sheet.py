"""The candidates' page shows the petition sheet as printed, at full page and at 390 pixels."""

from __future__ import annotations

import struct
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "candidates.md").read_text(encoding="utf-8")


def _width(png: bytes) -> int:
    assert png.startswith(b"\x89PNG")
    width: int = struct.unpack(">I", png[16:20])[0]  # the IHDR chunk's width
    return width


def test_the_pictures_of_the_sheet_the_page_shows_are_there() -> None:
    for name in ("petition-sheet.png", "petition-sheet-390.png", "petition-cover.png"):
        assert f"]({name})" in PAGE
        assert (ROOT / "docs" / name).read_bytes().startswith(b"\x89PNG")
    assert _width((ROOT / "docs" / "petition-sheet-390.png").read_bytes()) == 390
    assert _width((ROOT / "docs" / "petition-sheet.png").read_bytes()) == 850  # letter, 100 dpi
