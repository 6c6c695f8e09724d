"""A rich table that folds on a narrow terminal: where its columns cannot all fit without
cutting a word, each row is printed as a block, one "heading: cell" line for each column."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text


def _text(cell: RenderableType) -> Text | None:
    """A cell as text, its markup read as the table reads it; None for an empty cell."""
    text = cell if isinstance(cell, Text) else Text.from_markup(str(cell))
    return text if text.plain.strip() else None


def _narrowest(table: Table) -> int:
    """The narrowest width at which no column is narrower than its longest word: each column's
    longest word, its padding and one rule between columns (and at both edges)."""
    left, right = table.padding[3], table.padding[1]
    total = len(table.columns) + 1
    for column in table.columns:
        cells = [column.header, *column.cells]
        words = [word for cell in cells if (text := _text(cell)) for word in text.plain.split()]
        total += max((cell_len(word) for word in words), default=0) + left + right
    return total


def _block(headings: list[str], cells: list[RenderableType]) -> list[RenderableType]:
    """One row: the first column's cell on a line of its own, the others beneath it."""
    lines: list[RenderableType] = []
    for n, (heading, cell) in enumerate(zip(headings, cells, strict=True)):
        text = _text(cell)
        if text is None:
            continue
        # a heading the cell repeats (a § column of § cites) is left out
        named = text.plain.startswith(heading)
        line = text if named else Text.assemble((f"{heading}: ", "dim"), text)
        if n == 0:
            line.stylize("bold")
        lines.append(line if n == 0 else Padding(line, (0, 0, 0, 2), expand=False))
    return lines


def print_table(table: Table, console: Console) -> None:
    """The table as it is where the terminal is wide enough for its every word, else folded
    into one block per row (nothing dropped, nothing cut)."""
    if _narrowest(table) <= console.width:
        console.print(table)
        return
    if table.title:
        console.print(Text.from_markup(str(table.title), style="bold"))
    headings = [str(column.header) for column in table.columns]
    for row in zip(*(list(column.cells) for column in table.columns), strict=True):
        for line in _block(headings, list(row)):
            console.print(line)
