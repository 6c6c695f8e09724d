"""nyballot petitions scan: a scanned volume of petition sheets read back, each line cropped."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from nyballot.errors import UsageError

if TYPE_CHECKING:
    from nyballot.paper.model import ScannedVolume


@click.command()
@click.argument("volume_file", metavar="VOLUME.pdf", type=click.Path(path_type=Path))
@click.option("--petition", help="The petition's id, as on its sheets' codes (without it, the "
              "codes must all name one petition).")  # fmt: skip
@click.option("--out", type=click.Path(path_type=Path), metavar="DIR",
              help="A new folder for each line's crop (PNG) and scan.json.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print the manifest (scan.json) instead.")
@click.option("--no-ocr", is_flag=True, help="Do not read the printed parts (no suggestions).")
def scan(
    volume_file: Path, petition: str | None, out: Path | None, as_json: bool, no_ocr: bool
) -> None:
    """Read a scanned volume (PDF, PNG, JPEG or TIFF): find each sheet by its code (sheets
    nyballot printed) or its ruled lines, and crop every signature line and the witness's
    statement. A machine's reading of the printed parts is only a suggestion."""
    from nyballot.paper import manifest
    from nyballot.paper.scan import MAX_BYTES, read_volume

    if out is not None:
        manifest.check_out(out)
    if not volume_file.is_file():
        raise UsageError(f"{volume_file}: no such file")
    size = volume_file.stat().st_size
    if size > MAX_BYTES:
        raise UsageError(f"{volume_file}: {size:,} bytes, over the limit of {MAX_BYTES:,}")
    volume = read_volume(
        volume_file.read_bytes(), source=str(volume_file), petition=petition,
        suggest=not no_ocr,
    )  # fmt: skip
    _one_petition(volume)
    if out is not None:
        manifest.write(volume, out)
    if as_json:
        import json

        click.echo(json.dumps(manifest.manifest(volume), indent=2, ensure_ascii=False))
    for line in summary(volume, out):
        click.echo(line, err=as_json)


def _one_petition(volume: ScannedVolume) -> None:
    """A volume is one petition's: sheets whose codes name two are refused (``--petition``
    says which is the volume's)."""
    named = sorted({s.identity.petition for s in volume.sheets if s.identity is not None})
    if len(named) > 1:
        raise UsageError(
            f"{volume.source}: its sheets' codes name {len(named)} petitions "
            f"({', '.join(named[:3])}): give --petition"
        )


def summary(volume: ScannedVolume, out: Path | None) -> list[str]:
    """The few lines a clerk reads first: what was found, what was not."""
    sheets = volume.sheets
    by_code = sum(s.found_by == "qr" for s in sheets)
    lines = [c for s in sheets for c in s.lines]
    blank = sum(c.blank for c in lines)
    unread = ", ".join(map(str, volume.unread_pages)) or "none"
    said = [
        f"{volume.source}: {volume.pages} pages, {len(sheets)} sheets found "
        f"({by_code} by their code, {len(sheets) - by_code} by their ruled lines)",
        f"lines cropped: {len(lines)} ({len(lines) - blank} with ink, {blank} blank); "
        f"witness statements: {sum(s.witness is not None for s in sheets)}",
        f"pages with no sheet: {unread}",
    ]
    said += [f"note: {n}" for n in volume.notes]
    if out is not None:
        said.append(f"crops and scan.json in {out}/")
    return said
