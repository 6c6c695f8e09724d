"""A clerk's ruling names the volume as well as the sheet and line (§ 6-154(3) specifies a
signature by "the volume number, page number, and line number"): sheet 1 line 1 of volume 1 and
of volume 2 are two lines, overridden and undone apart; a store kept before volumes reads its
rulings as volume 1's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nyballot.filing.errors import NotFoundError
from nyballot.petitions import kept
from nyballot.petitions.lines import read_lines
from nyballot.petitions.review import review
from nyballot.voters.store import connect, kept_columns, opened

from .voterfile import REQUEST, lines_file, store

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def two_volumes(tmp_path: Path) -> tuple[Path, str]:
    """Volume 1 sheet 1 line 1: Ana Ruiz; volume 2 sheet 1 line 1: Bo Li; both valid. The
    review is kept; its id is returned with the store."""
    path = store(tmp_path, [
        {"LASTNAME": "RUIZ", "FIRSTNAME": "ANA", "RADDNUMBER": "40", "RSTREETNAME": "GRAND ST"},
        {"LASTNAME": "LI", "FIRSTNAME": "BO", "RADDNUMBER": "2", "RSTREETNAME": "ELM ST"},
    ])  # fmt: skip
    rows = [(1, 1, 1, "2026-03-02", "Ana Ruiz", "40 Grand St"),
            (2, 1, 1, "2026-03-02", "Bo Li", "2 Elm St")]  # fmt: skip
    with opened(str(path), read_only=False) as con:
        result = review(con, read_lines(lines_file(rows), "lines.csv"), REQUEST)
        assert result["tally"]["valid"] == 2
        return path, kept.keep(con, result)


def _rulings(found: dict[str, Any]) -> dict[tuple[int, int, int], bool | None]:
    """Each line's clerk's ruling in force (None: the review's own stands)."""
    return {
        (x["volume"], x["sheet"], x["line"]): x["override"]["valid"] if x["override"] else None
        for x in found["lines"]
    }


def test_the_same_sheet_and_line_of_two_volumes_are_overridden_apart(
    two_volumes: tuple[Path, str],
) -> None:
    path, uid = two_volumes
    with opened(str(path), read_only=False) as con:
        found = kept.override(con, uid, 1, 1, False, "not his hand", "Iris", volume=2)
        # Volume 2's line struck, volume 1's untouched: 2 - 1 = 1 valid.
        assert _rulings(found) == {(1, 1, 1): None, (2, 1, 1): False}
        assert found["tally_after_overrides"]["valid"] == 1
        found = kept.override(con, uid, 1, 1, False, "signed twice", "Iris")  # volume 1
        assert found["tally_after_overrides"]["valid"] == 0
        found = kept.undo(con, uid, 1, 1, "his after all", "Sam", volume=2)
        # Volume 2's ruling undone, volume 1's still in force: 1 valid (Bo Li's).
        assert _rulings(found) == {(1, 1, 1): False, (2, 1, 1): None}
        assert found["tally_after_overrides"]["valid"] == 1
        assert [(o["volume"], o["valid"]) for o in found["overrides"]] == [
            (2, False), (1, False), (2, None),
        ]  # fmt: skip


def test_a_line_of_a_volume_the_petition_has_not_is_not_found(
    two_volumes: tuple[Path, str],
) -> None:
    path, uid = two_volumes
    with (
        opened(str(path), read_only=False) as con,
        pytest.raises(NotFoundError, match="no volume 3 sheet 1 line 1"),
    ):
        kept.override(con, uid, 1, 1, False, "why", "Iris", volume=3)


def test_the_cli_overrides_a_line_of_volume_2(run_cli: Run, two_volumes: tuple[Path, str]) -> None:
    path, uid = two_volumes
    code, out, err = run_cli("petitions", "override", uid, "--volume", "2", "--sheet", "1",
                             "--line", "1", "--invalid", "--reason", "not his hand",
                             "--db", str(path))  # fmt: skip
    assert (code, out.strip()) == (0, "1 valid after the clerk's rulings"), err


def test_a_store_kept_before_volumes_reads_its_rulings_as_volume_1(
    two_volumes: tuple[Path, str],
) -> None:
    path, uid = two_volumes
    con = connect(path)
    # The overrides table as stores kept it before volumes, with one ruling on sheet 1 line 1.
    con.execute("DROP TABLE review_overrides")
    con.execute("CREATE TABLE review_overrides (review_id VARCHAR, sheet INTEGER, line INTEGER, "
                "valid BOOLEAN, reason VARCHAR, clerk VARCHAR, recorded_at VARCHAR)")  # fmt: skip
    con.execute(
        "INSERT INTO review_overrides VALUES (?, 1, 1, false, 'old', 'Iris', '2026')", [uid]
    )
    con.close()
    with opened(str(path)) as con:  # read only: not migrated, read as volume 1
        assert "volume" not in kept_columns(con, "review_overrides")
        assert _rulings(kept.get(con, uid)) == {(1, 1, 1): False, (2, 1, 1): None}
    with opened(str(path), read_only=False) as con:  # opened to write: migrated in place
        assert con.execute("SELECT volume, sheet, line FROM review_overrides").fetchall() == [
            (1, 1, 1)
        ]
        found = kept.override(con, uid, 1, 1, False, "not his hand", "Sam", volume=2)
        assert _rulings(found) == {(1, 1, 1): False, (2, 1, 1): False}
