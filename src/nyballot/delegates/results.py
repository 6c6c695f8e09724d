"""Reading district results (``district,candidate,votes``) with errors that name the row.

Rows are numbered as a spreadsheet shows them: the header is row 1, the first result row 2.
Votes are whole numbers written with digits only ("1200", not "1,200"), so a stray thousands
separator or a decimal point is reported rather than misread.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from nyballot.errors import UsageError
from nyballot.files import read_capped

COLUMNS = ("district", "candidate", "votes")


def _district_key(name: str) -> tuple[int, int, str]:
    return (0, int(name), "") if name.isdigit() else (1, 0, name)


def parse_results(text: str, source: str = "RESULTS.csv") -> dict[str, dict[str, int]]:
    """District -> candidate -> votes, in district order (numeric districts first)."""
    rows = _rows(text, source)
    header = _header(rows[0], source)
    at = {c: header.index(c) for c in COLUMNS}
    seen: dict[tuple[str, str], int] = {}
    results: dict[str, dict[str, int]] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        where = f"{source} row {number}"
        if len(row) != len(header):
            raise UsageError(f"{where}: expected {len(header)} columns, found {len(row)}")
        district, candidate, votes = _result(tuple(row[at[c]].strip() for c in COLUMNS), where)
        if (district, candidate) in seen:
            raise UsageError(
                f"{where}: duplicate row for candidate '{candidate}' in district {district} "
                f"(first given in row {seen[district, candidate]})"
            )
        seen[district, candidate] = number
        results.setdefault(district, {})[candidate] = votes
    if not results:
        raise UsageError(f"{source}: no result rows after the header")
    _some_votes(results, seen, source)
    return {d: results[d] for d in sorted(results, key=_district_key)}


def _rows(text: str, source: str) -> list[list[str]]:
    """The CSV's rows, trailing blank rows dropped; at least the header."""
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise UsageError(
            f"{source} line {line}: contains a NUL byte; expected a CSV text file "
            "(district,candidate,votes)"
        )
    rows = list(csv.reader(io.StringIO(text)))
    while rows and not any(cell.strip() for cell in rows[-1]):
        rows.pop()
    if not rows:
        raise UsageError(f"{source}: empty file; expected a header 'district,candidate,votes'")
    return rows


def _header(first: list[str], source: str) -> list[str]:
    header = [cell.strip().lower().lstrip("\ufeff") for cell in first]
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise UsageError(
            f"{source} row 1: missing column(s) {', '.join(missing)}; "
            f"expected a header 'district,candidate,votes', found '{','.join(first)}'"
        )
    return header


def _result(cells: tuple[str, ...], where: str) -> tuple[str, str, int]:
    district, candidate, raw = cells
    if not district:
        raise UsageError(f"{where}: the district is empty")
    if not candidate:
        raise UsageError(f"{where}: the candidate is empty")
    if raw.startswith("-") and raw[1:].isdigit():
        raise UsageError(f"{where}: votes '{raw}' is negative")
    if not raw.isdigit() or not raw.isascii():
        raise UsageError(f"{where}: votes '{raw}' is not a whole number")
    return district, candidate, int(raw)


def _some_votes(
    results: dict[str, dict[str, int]], seen: dict[tuple[str, str], int], source: str
) -> None:
    """A district whose every row is zero is a mistake in the file, not a result."""
    for district, votes in results.items():
        if sum(votes.values()) == 0:
            lines = sorted(n for (d, _), n in seen.items() if d == district)
            which = (
                f"row {lines[0]} is zero"
                if len(lines) == 1
                else f"rows {', '.join(map(str, lines))} are all zero"
            )
            raise UsageError(f"{source} row {lines[0]}: district {district} has no votes ({which})")


# A state's results by district and candidate are tens of kilobytes; the cap keeps a wrong
# file (a device, a disk image) from being read whole into memory.
MAX_RESULTS_BYTES = 4 * 1024 * 1024


def read_results(path: Path) -> dict[str, dict[str, int]]:
    """Read a results file (at most ``MAX_RESULTS_BYTES``); errors name it as it was given."""
    source = str(path)
    data = read_capped(path, MAX_RESULTS_BYTES, source, "a results file is far smaller")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{source}: not UTF-8 text ({exc.reason})") from None
    return parse_results(text, source)
