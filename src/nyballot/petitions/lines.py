"""The lines file: one row per signature line, as the petition's sheets show them.

CSV, UTF-8 (a byte order mark is allowed), with a header naming these columns:
``volume,sheet,line,date,name,address,witness_name,witness_address,witness_date`` (``volume``
and the witness's may be left out: a petition without volumes is volume 1). The witness's
columns belong to a sheet's first line; later lines of the sheet leave them empty or repeat
them. A row that cannot be placed (its volume, sheet or line not a number, a line given twice,
a cell too long) is refused with one error naming it (the header is row 1); a date that cannot
be read is that line's ruling (the witness's, of every line of the sheet), not the file's, and a
line left blank (no name, address or date) is skipped and counted in ``Petition.blank``.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import dataclass, field

from nyballot.errors import UsageError

COLUMNS = (
    "volume", "sheet", "line", "date", "name", "address", "witness_name", "witness_address",
    "witness_date",
)  # fmt: skip
REQUIRED = ("sheet", "line", "date", "name", "address")
WITNESS = ("witness_name", "witness_address", "witness_date")
MAX_BYTES = 256 * 1024 * 1024
MAX_LINES = 2_000_000
MAX_CELL = 300
UNCLOSED = "an unclosed quote (a quote inside a quoted cell is written twice)"
_NUMBER = re.compile(r"[0-9]{1,9}")
# ASCII digits only, in the two shapes documented (Python's ISO reader would also take a week
# date such as 2026-W10-1, which no petition carries).
_US_DATE = re.compile(r"([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})")
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True, slots=True)
class Witness:
    name: str
    address: str
    date: dt.date | None
    unread_date: str = ""  # the date as written, when it is not one (then ``date`` is None)


@dataclass(frozen=True, slots=True)
class Line:
    sheet: int
    line: int
    date: dt.date | None
    name: str
    address: str
    row: int  # the row of the file (header = 1)
    volume: int = 1
    unread_date: str = ""  # the date as written, when it is not one (then ``date`` is None)

    @property
    def place(self) -> tuple[int, int, int]:
        """Volume, sheet (page) and line: where § 6-154(3) says a signature is."""
        return (self.volume, self.sheet, self.line)


# A sheet of a volume: (volume, sheet).
Sheet = tuple[int, int]


@dataclass(frozen=True)
class Petition:
    lines: list[Line]
    witnesses: dict[Sheet, Witness]  # by volume and sheet; a sheet without one is absent
    blank: list[tuple[int, int, int]] = field(default_factory=list)  # lines left blank


def read_lines(data: bytes, source: str) -> Petition:
    """The lines of a petition from the bytes of a lines file."""
    if len(data) > MAX_BYTES:
        raise UsageError(f"{source}: larger than {MAX_BYTES:,} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{source}: not UTF-8 (byte {exc.start})") from None
    if "\0" in text:
        raise UsageError(f"{source}: contains a NUL byte")
    rows = csv.reader(io.StringIO(text, newline=""))
    header = [h.strip().lower() for h in next(rows, [])]
    _check_header(header, source)
    lines: list[Line] = []
    witnesses: dict[Sheet, Witness] = {}
    blank: list[tuple[int, int, int]] = []
    seen: set[tuple[int, int, int]] = set()
    sheets: set[Sheet] = set()
    try:
        for number, cells in enumerate(rows, start=2):
            if not any(c.strip() for c in cells):
                continue
            where = f"{source} row {number}"
            row = _row(cells, header, where)
            if len(lines) + len(blank) >= MAX_LINES:
                raise UsageError(f"{source}: more than {MAX_LINES:,} lines")
            line = _line(row, number, where)
            if line.place in seen:
                raise UsageError(f"{where}: {line_named(line.place)} is given twice")
            sheet = (line.volume, line.sheet)
            first = sheet not in sheets
            seen.add(line.place)
            sheets.add(sheet)
            _witness(row, sheet, first, witnesses, where)
            if not (line.name or line.address or line.date or line.unread_date):
                blank.append(line.place)
            else:
                lines.append(line)
    except csv.Error as exc:
        raise UsageError(f"{source}: not a CSV file ({exc})") from None
    return Petition(lines, witnesses, blank)


def _row(cells: list[str], header: list[str], where: str) -> dict[str, str]:
    if len(cells) != len(header):
        if any("\n" in c for c in cells):  # the reader ran on to the next quote
            raise UsageError(f"{where}: {UNCLOSED}")
        raise UsageError(f"{where}: {len(cells)} cells; the header has {len(header)}")
    if max(map(len, cells)) > MAX_CELL:
        raise UsageError(f"{where}: a cell longer than {MAX_CELL} characters")
    return dict(zip(header, map(str.strip, cells), strict=True))


def _line(row: dict[str, str], number: int, where: str) -> Line:
    """The row's line; a date that is not one is kept as written, for the line's ruling."""
    try:
        day, unread = parse_date(row["date"], "date", where), ""
    except UsageError:
        day, unread = None, row["date"]
    return Line(
        _number(row["sheet"], "sheet", where),
        _number(row["line"], "line", where),
        day,
        row["name"],
        row["address"],
        number,
        _number(row["volume"], "volume", where) if row.get("volume") else 1,
        unread,
    )


def line_named(place: tuple[int, int, int]) -> str:
    """'sheet 3 line 5', or 'volume 2 sheet 3 line 5' beyond the first volume."""
    return f"{sheet_named(place[:2])} line {place[2]}"


def sheet_named(sheet: tuple[int, ...]) -> str:
    """'sheet 3', or 'volume 2 sheet 3' beyond the first volume."""
    volume, number = sheet[0], sheet[1]
    return f"{f'volume {volume} ' if volume != 1 else ''}sheet {number}"


def _check_header(header: list[str], source: str) -> None:
    for name in header:
        if name not in COLUMNS:
            raise UsageError(
                f"{source} row 1: unknown column '{name[:40]}' (columns: {', '.join(COLUMNS)})"
            )
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise UsageError(f"{source} row 1: missing column(s) {', '.join(missing)}")
    if len(set(header)) != len(header):
        raise UsageError(f"{source} row 1: a column is named twice")


def _number(value: str, name: str, where: str) -> int:
    if not _NUMBER.fullmatch(value) or int(value) == 0:
        raise UsageError(f"{where}: {name} '{value[:40]}' is not a number (1, 2, ...)")
    return int(value)


def parse_date(value: str, name: str, where: str) -> dt.date | None:
    """YYYY-MM-DD or MM/DD/YYYY; empty is None (a line without a date)."""
    if not value:
        return None
    try:
        found = _US_DATE.fullmatch(value)
        if found:
            month, day, year = (int(g) for g in found.groups())
            return dt.date(year, month, day)
        return dt.date.fromisoformat(value) if _ISO_DATE.fullmatch(value) else _not_a_date()
    except ValueError:
        raise UsageError(
            f"{where}: {name} '{value[:40]}' is not a date (YYYY-MM-DD or MM/DD/YYYY)"
        ) from None


def _not_a_date() -> dt.date:
    raise ValueError


def _witness(
    row: dict[str, str], sheet: Sheet, first: bool, found: dict[Sheet, Witness], where: str
) -> None:
    given = [row.get(c, "") for c in WITNESS]
    if not any(given):
        return
    try:
        witness = Witness(given[0], given[1], parse_date(given[2], "witness_date", where))
    except UsageError:  # the ruling of the sheet's lines, not the file's
        witness = Witness(given[0], given[1], None, given[2])
    if not first and found.get(sheet) != witness:
        which = "a second witness for" if sheet in found else "a witness after the first line of"
        raise UsageError(
            f"{where}: {which} {sheet_named(sheet)}; the witness belongs on the sheet's first line"
        )
    found[sheet] = witness
