"""Text for a terminal: every line fits its width, and no word printed is dropped.

The width is the one rich gives the calendar: ``COLUMNS`` when set (so a test or a pipe can
fix it), else the terminal's, else 80. Plain text is wrapped line by line at spaces, a
continued line indented beneath its first; rich output is printed on a console of that width.
"""

from __future__ import annotations

import shutil
import textwrap
from typing import TYPE_CHECKING, TextIO

import click

if TYPE_CHECKING:
    from rich.console import Console

NARROWEST = 20  # below this a hanging indent leaves no room for a word
HANG = "    "  # a continued line sits this far in from the line it continues


def columns() -> int:
    """The width to write to: ``COLUMNS``, else the terminal's, else 80."""
    return max(shutil.get_terminal_size((80, 24)).columns, NARROWEST)


def console() -> Console:
    """A rich console as wide as :func:`columns` (rich is imported only when asked for: it
    takes longer to import than most commands take to run)."""
    from rich.console import Console

    return Console(width=columns())


def _fit_line(line: str, width: int) -> str:
    if len(line) <= width:
        return line
    indent = line[: len(line) - len(line.lstrip(" "))]
    hang = indent + HANG if len(indent + HANG) <= width // 2 else indent[: width // 2]
    return "\n".join(
        textwrap.wrap(
            line,
            width,
            subsequent_indent=hang,
            break_on_hyphens=False,
            replace_whitespace=False,
        )
    )


def fit(text: str, width: int | None = None) -> str:
    """``text`` with every line longer than ``width`` (default :func:`columns`) wrapped at its
    spaces; a word longer than a whole line is broken, never cut."""
    width = width or columns()
    return "\n".join(_fit_line(line, width) for line in text.split("\n"))


def echo(text: str, *, nl: bool = True) -> None:
    """``click.echo`` of ``text`` fitted to the terminal."""
    click.echo(fit(text), nl=nl)


class Fitted:
    """A text stream that fits every line written to it to the terminal: for a report
    written as it is computed, a whole line (or more) at each write."""

    def __init__(self, out: TextIO) -> None:
        self._out, self._width = out, columns()

    def write(self, text: str) -> int:
        return self._out.write(fit(text, self._width))

    def flush(self) -> None:
        self._out.flush()
