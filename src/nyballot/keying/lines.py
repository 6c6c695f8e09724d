"""The keyed lines of a petition's volumes as the lines file its review reads
(``nyballot.petitions.lines``): one row per line, the sheet's witness on its first row.

A blank line is written blank (the review counts it among the blank lines and rules nothing of
it); a line the clerk could not read is written as ``UNREADABLE`` in its name and address,
which names no voter: the review rules it not found, and a clerk looking at its image may rule
otherwise on the review's page.
"""

from __future__ import annotations

import csv
import io
from itertools import groupby
from typing import Any

from nyballot.errors import UsageError
from nyballot.keying.store import DONE, WITNESS
from nyballot.petitions.lines import COLUMNS

UNREADABLE = "(unreadable)"


def lines_file(lines: list[dict[str, Any]], petition: str) -> bytes:
    """The lines file of a petition's kept lines (``Keying.lines_of``); refused while a line of
    any volume is not yet keyed (a review of part of a volume would count a petition short)."""
    if not lines:
        raise UsageError(f"petition '{petition[:36]}': no scanned volume kept for keying")
    waiting = [x for x in lines if x["state"] not in DONE]
    if waiting:
        first = waiting[0]
        raise UsageError(
            f"petition '{petition[:36]}': {len(waiting)} lines not yet keyed (the first: "
            f"volume {first['volume']} sheet {first['sheet']} line {first['line']})"
        )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for _, rows in groupby(lines, key=lambda x: (x["volume"], x["sheet"])):
        sheet = list(rows)
        witness = next((x for x in sheet if x["line"] == WITNESS), None)
        for n, line in enumerate(x for x in sheet if x["line"] != WITNESS):
            carried = _fields(witness) if witness and n == 0 else ("", "", "")
            name, address, date = _fields(line)
            writer.writerow([line["volume"], line["sheet"], line["line"], date, name, address,
                             *carried])  # fmt: skip
    return out.getvalue().encode("utf-8")


def _fields(line: dict[str, Any]) -> tuple[str, str, str]:
    """Name, address and date as the lines file holds them, by the line's state."""
    if line["state"] == "blank":
        return ("", "", "")
    if line["state"] == "unreadable":
        return (UNREADABLE, UNREADABLE, "")
    return (line["name"], line["address"], line["date"])
