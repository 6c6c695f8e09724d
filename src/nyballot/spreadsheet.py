"""CSV for spreadsheets, written one way by every CSV writer (``export``, ``filing``, ``web``):
UTF-8 with a byte order mark and CRLF line ends (RFC 4180), so Excel shows "§" and the lines,
and every cell through one formula guard.

A cell a spreadsheet would read as a formula (it starts with = + - @, a tab or a carriage
return) is written with an apostrophe before it, so a name such as ``=HYPERLINK(...)`` typed
into a filing is shown as text and never run (OWASP's advice on CSV injection).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

BOM = "\ufeff"
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    """The value as a cell: text a spreadsheet would run is kept as text; None is empty."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A table as CSV text, starting with the byte order mark; write it as UTF-8."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_cell(h) for h in header])
    writer.writerows([safe_cell(v) for v in row] for row in rows)
    return BOM + out.getvalue()


def dicts_csv(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> str:
    """Rows as CSV text; the columns are ``columns`` or the first row's keys (none: empty)."""
    if columns is None:
        if not rows:
            return BOM
        columns = list(rows[0])
    return csv_text(columns, ([row.get(c) for c in columns] for row in rows))
