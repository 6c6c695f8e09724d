"""Small voter files made in a test, in the state's 47-field layout, and the review of a lines
file against one: the cases of one ruling each, with every voter in sight."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from nyballot.law.choice import LawChoice
from nyballot.petitions.lines import read_lines
from nyballot.petitions.review import Request, review
from nyballot.voters.layout import FIELDS_47
from nyballot.voters.store import connect, import_file

# Every voter: active, enrolled DEM, registered 2010, in Yonkers (county 60, AD 7).
DEFAULTS = {
    "RCITY": "YONKERS", "RZIP5": "10701", "DOB": "19800101", "ENROLLMENT": "DEM",
    "COUNTYCODE": "60", "ED": "1", "LD": "1", "TOWNCITY": "YONKERS", "WARD": "1", "CD": "16",
    "SD": "35", "AD": "7", "REGDATE": "20100101", "STATUS": "A",
}  # fmt: skip
# Each sheet's witness: Iris Grant, enrolled DEM, on file in every file made here.
WITNESS = {"LASTNAME": "GRANT", "FIRSTNAME": "IRIS", "RADDNUMBER": "30", "RSTREETNAME": "PEARL ST"}
WITNESS_COLUMNS = "Iris Grant,30 Pearl St,2026-03-20"
HEADER = "volume,sheet,line,date,name,address,witness_name,witness_address,witness_date\n"
# 2026, designating, DEM: signing Feb 24 to Apr 2 (tests/golden/calendar/2026.yaml).
REQUEST = Request(year=2026, party="DEM", required=1, law=LawChoice())


def record(number: int, **fields: str) -> str:
    """One voter's record: SBOEID NY...``number``, the fields given over the defaults."""
    values = {**DEFAULTS, **fields, "SBOEID": f"NY{number:018d}"}
    return ",".join(f'"{values.get(name, "")}"' for name in FIELDS_47)


def store(folder: Path, voters: list[dict[str, str]]) -> Path:
    """A store of the witness (SBOEID ...900) and ``voters`` (SBOEID ...1, ...2, ... in order)."""
    rows = [record(900, **WITNESS)] + [record(n, **v) for n, v in enumerate(voters, start=1)]
    (folder / "voters.txt").write_text("\r\n".join(rows) + "\r\n", encoding="latin-1")
    path = folder / "voters.duckdb"
    import_file(folder / "voters.txt", str(path), date=dt.date(2026, 1, 5))
    return path


def lines_file(rows: list[tuple[Any, ...]]) -> bytes:
    """A lines file of (volume, sheet, line, date, name, address) rows; each sheet's first row
    carries the witness."""
    seen: set[tuple[Any, Any]] = set()
    out = [HEADER]
    for volume, sheet, line, day, name, address in rows:
        witness = WITNESS_COLUMNS if (volume, sheet) not in seen else ",,"
        seen.add((volume, sheet))
        out.append(f'{volume},{sheet},{line},{day},"{name}","{address}",{witness}\n')
    return "".join(out).encode()


def reviewed(path: Path, rows: list[tuple[Any, ...]], **asked: Any) -> dict[str, Any]:
    con = connect(path, read_only=True)
    try:
        request = Request(**{**REQUEST.__dict__, **asked})
        return review(con, read_lines(lines_file(rows), "lines.csv"), request)
    finally:
        con.close()


def rulings(result: dict[str, Any]) -> dict[tuple[int, int, int], tuple[str | None, list[str]]]:
    """Each line's voter (SBOEID) and reason codes, by volume, sheet and line."""
    return {
        (x["volume"], x["sheet"], x["line"]): (
            x["voter"]["SBOEID"] if x["voter"] else None,
            [r["code"] for r in x["reasons"]],
        )
        for x in result["lines"]
    }


def voter(number: int) -> str:
    return f"NY{number:018d}"
