"""Names as printed: capitals (§ 7-106(2)), short forms for long names (S.5305-A) and (M)/(F).

Letters are counted as the statute says, letters only: "Mary-Kate O'Neil" has thirteen.
"""

from __future__ import annotations

from nyballot.ballot import law
from nyballot.ballot.model import Candidate

LIMIT = 15


def letters(name: str) -> int:
    return sum(ch.isalpha() for ch in name)


def board_short_form(candidate: Candidate) -> str:
    """The board's determination: initials of the given names, the surname in full."""
    initials = " ".join(f"{part[0]}." for part in candidate.given.split() if part[0].isalpha())
    return f"{initials} {candidate.surname}".strip()


def printed_name(candidate: Candidate, shorten: bool) -> tuple[str, list[tuple[str, str]]]:
    """The name to print and the reasons (text, cite) for any change from the full name."""
    why: list[tuple[str, str]] = []
    name = candidate.name
    count = letters(name)
    if shorten and count > LIMIT:
        short = candidate.short_form
        if short and candidate.surname in short and letters(short) < count:
            name = short
            why.append(
                (
                    f"{candidate.name} has {count} letters (> {LIMIT}): printed in the short form "
                    f"the candidate chose, '{short}'.",
                    law.SHORT_NAME.cite,
                )
            )
        else:
            name = board_short_form(candidate)
            chosen = (
                f" The candidate's form '{short}' does not keep the surname in full, so the "
                "board decides."
                if short
                else ""
            )
            why.append(
                (
                    f"{candidate.name} has {count} letters (> {LIMIT}): the board's short form "
                    f"'{name}' (initials, surname in full).{chosen}",
                    law.SHORT_NAME_BOARD.cite,
                )
            )
    return name.upper(), why


def with_sex(printed: str, candidate: Candidate) -> str:
    """A delegate's name followed by (M) or (F) (§ 2-122-a(8)(d) of S.5961)."""
    return f"{printed} ({candidate.sex})"
