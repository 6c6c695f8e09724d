"""A scanned volume written out: each line's crop as a PNG named by volume, sheet and line, and
``scan.json``, the manifest that says which crop is which (page, how the sheet was found, its
identity, each line's box, blank mark, suggestion and file).

The folder is made beside its destination under a temporary name and renamed into place when
everything is written: a scan that fails part way keeps nothing half-made.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from nyballot.errors import UsageError
from nyballot.paper.model import LineCrop, ScannedSheet, ScannedVolume

MANIFEST = "scan.json"


def stem(sheet: ScannedSheet) -> str:
    """A sheet's files' common name: by its code's volume and sheet, else by its page."""
    if sheet.identity is not None:
        return f"v{sheet.identity.volume:02d}-s{sheet.identity.sheet:03d}-p{sheet.page:04d}"
    return f"p{sheet.page:04d}"


def file_name(sheet: ScannedSheet, crop: LineCrop) -> str:
    part = "witness" if crop.line == 0 else f"line{crop.line:02d}"
    return f"{stem(sheet)}-{part}.png"


def _crop(sheet: ScannedSheet, crop: LineCrop) -> dict[str, Any]:
    return {
        "line": crop.line,
        "box": list(crop.box),
        "blank": crop.blank,
        "suggestion": crop.suggestion,
        "file": file_name(sheet, crop),
    }


def manifest(volume: ScannedVolume) -> dict[str, Any]:
    sheets = []
    for sheet in volume.sheets:
        who = sheet.identity
        sheets.append({
            "page": sheet.page,
            "found_by": sheet.found_by,
            "identity": None if who is None else {
                "petition": who.petition, "volume": who.volume, "sheet": who.sheet,
                "law": who.law, "year": who.year,
            },
            "skew": sheet.skew,
            "lines": [_crop(sheet, c) for c in sheet.lines],
            "witness": None if sheet.witness is None else _crop(sheet, sheet.witness),
        })  # fmt: skip
    return {
        "source": volume.source,
        "digest": volume.digest,
        "pages": volume.pages,
        "unread_pages": list(volume.unread_pages),
        "notes": list(volume.notes),
        "sheets": sheets,
    }


def check_out(out: Path) -> None:
    """Refuse a destination that holds something already (nothing is overwritten)."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError(f"{out}: already exists and is not an empty folder; give a new one")


def write(volume: ScannedVolume, out: Path) -> None:
    """Every crop and the manifest in ``out``, which appears whole or not at all."""
    check_out(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    made = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        for sheet in volume.sheets:
            for crop in (*sheet.lines, *([sheet.witness] if sheet.witness else [])):
                (made / file_name(sheet, crop)).write_bytes(crop.png)
        text = json.dumps(manifest(volume), indent=2, ensure_ascii=False)
        (made / MANIFEST).write_text(text + "\n", encoding="utf-8")
        if out.exists():
            out.rmdir()
        made.rename(out)
    except BaseException:
        shutil.rmtree(made, ignore_errors=True)
        raise
