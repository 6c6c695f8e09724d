"""What one line gets wrong is that line's ruling: a date that is not one, a line left blank."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from nyballot.export.pdf import html_to_pdf
from nyballot.petitions.report import specifications_html, text

from .voterfile import reviewed, rulings, store, voter


@pytest.fixture(scope="module")
def one(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1: Ana Ruiz, 40 Grand St (DEM)."""
    folder = tmp_path_factory.mktemp("one")
    return store(folder, [{"LASTNAME": "RUIZ", "FIRSTNAME": "ANA", "RADDNUMBER": "40",
                           "RSTREETNAME": "GRAND ST"}])  # fmt: skip


def test_an_impossible_date_is_that_lines_ruling_not_the_files(one: Path) -> None:
    result = reviewed(one, [
        (1, 1, 1, "2026-02-30", "Ana Ruiz", "40 Grand St"),  # no February 30
        (1, 1, 2, "2026-03-02", "Ana Ruiz", "40 Grand St"),
    ])  # fmt: skip
    # Line 1 is struck for its date, so it strikes nothing: line 2 is Ana Ruiz's signature.
    assert rulings(result) == {
        (1, 1, 1): (voter(1), ["date_unreadable"]),
        (1, 1, 2): (voter(1), []),
    }
    why = result["lines"][0]["reasons"][0]
    assert (why["cite"], why["detail"]) == (
        "6-130", "'2026-02-30' is not a date (YYYY-MM-DD or MM/DD/YYYY)",
    )  # fmt: skip
    assert result["tally"]["valid"] == 1


def test_a_blank_line_is_skipped_and_counted_not_objected_to(one: Path) -> None:
    result = reviewed(one, [
        (1, 1, 1, "2026-03-02", "Ana Ruiz", "40 Grand St"),
        (1, 1, 2, "", "", ""),  # left blank on the sheet
    ])  # fmt: skip
    # One line reviewed and valid; the blank one is neither valid nor invalid.
    assert (result["tally"]["valid"], result["tally"]["invalid"]) == (1, 0)
    assert result["blank"] == {"lines": 1, "where": [{"volume": 1, "sheet": 1, "line": 2}]}
    assert "1 blank line(s) skipped" in text(result)


def test_a_cjk_name_prints_in_the_specifications_pdf(one: Path, tmp_path: Path) -> None:
    # Written in Chinese and Korean on the sheet (the voter file, ISO-8859-1, cannot hold
    # them): not found, and set forth as written, not as empty boxes.
    result = reviewed(one, [(1, 1, 1, "2026-03-02", "张伟", "40 Grand St"),
                            (1, 1, 2, "2026-03-02", "김민준", "40 Grand St")])  # fmt: skip
    pdf = tmp_path / "specs.pdf"
    pdf.write_bytes(html_to_pdf(specifications_html(result)))
    shown = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True)
    assert "张伟" in shown.stdout and "김민준" in shown.stdout
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
    assert "CJK" in fonts
